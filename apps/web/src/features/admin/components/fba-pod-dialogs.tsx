import { useState } from 'react';
import { Alert, Button, Divider, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FbaPodDesk, FbaPodPackInput } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { fbaPod } from '../api/fba-pod.ts';

interface BoxValues {
  length: number;
  width: number;
  height: number;
  weight: number;
  count: number;
  /** Units per box, by the order's line. */
  units: number[];
}
interface PackValues {
  source_address: FbaPodPackInput['source_address'];
  boxes: BoxValues[];
}

/** Where the platform's boxes leave from, offered until the operator types another. */
const FACTORY = {
  name: 'Shenzhen POD Factory',
  address_line1: '1 Fuyong Rd, Bao an',
  city: 'Shenzhen',
  postal_code: '518103',
  country_code: 'CN',
  phone_number: '+8675512345678',
};

/** "Pack into boxes": kinds of boxes (size, weight, how many, units of each SKU per box). */
export function FbaPackDialog({
  desk,
  onClose,
  onDone,
}: {
  desk: FbaPodDesk;
  onClose: () => void;
  onDone: (next: FbaPodDesk) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PackValues>();
  // Making the plan takes several calls to Amazon: one press, one plan.
  const [busy, setBusy] = useState(false);
  const items = desk.order.items;
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const next = await fbaPod.pack({
        id: desk.order.purchase_order_id,
        source_address: values.source_address,
        boxes: values.boxes.map((b) => ({
          length: b.length,
          width: b.width,
          height: b.height,
          dimension_unit: 'CM',
          weight: b.weight,
          weight_unit: 'KG',
          count: b.count,
          items: items.flatMap((item, n) =>
            (b.units[n] ?? 0) > 0 ? [{ sku: item.sku, quantity: b.units[n]! }] : [],
          ),
        })),
      });
      feedback.success(t('admin.production.fba.packed'));
      onDone(next);
    } catch (error) {
      reportError(error, form);
    } finally {
      setBusy(false);
    }
  };
  const a = (key: keyof typeof FACTORY, label: string) => (
    <Form.Item name={['source_address', key]} label={label} rules={[{ required: true }]}>
      <Input />
    </Form.Item>
  );
  return (
    <Modal
      open
      width={760}
      title={t('admin.production.fba.packTitle', { number: desk.order.purchase_order_number })}
      okText={t('admin.production.fba.pack')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('admin.production.fba.packHint')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        className="fba-pack-form"
        initialValues={{
          source_address: FACTORY,
          boxes: [
            {
              length: 40,
              width: 30,
              height: 30,
              weight: 8,
              count: 1,
              units: items.map((i) => i.quantity),
            },
          ],
        }}
      >
        <Divider>{t('admin.production.fba.boxes')}</Divider>
        <Form.List name="boxes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, n) => (
                <div key={field.key} className="fba-pack-box" data-box={n}>
                  <Space wrap align="end">
                    <Form.Item label={t('admin.production.fba.size')} required>
                      <Space.Compact>
                        {(['length', 'width', 'height'] as const).map((dim) => (
                          <Form.Item
                            key={dim}
                            name={[field.name, dim]}
                            noStyle
                            rules={[{ required: true }]}
                          >
                            <InputNumber aria-label={dim} min={1} max={300} style={{ width: 72 }} />
                          </Form.Item>
                        ))}
                      </Space.Compact>
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'weight']}
                      label={t('admin.production.fba.weight')}
                      rules={[{ required: true }]}
                    >
                      <InputNumber min={0.1} max={1000} step={0.5} style={{ width: 96 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'count']}
                      label={t('admin.production.fba.count')}
                      rules={[{ required: true }]}
                    >
                      <InputNumber
                        aria-label={`${t('admin.production.fba.count')} ${n + 1}`}
                        min={1}
                        max={500}
                        precision={0}
                        style={{ width: 80 }}
                      />
                    </Form.Item>
                    {items.map((item, i) => (
                      <Form.Item
                        key={item.sku}
                        name={[field.name, 'units', i]}
                        label={t('admin.production.fba.perBox', { sku: item.sku })}
                      >
                        <InputNumber
                          aria-label={`${item.sku} ${n + 1}`}
                          min={0}
                          max={10_000}
                          precision={0}
                          style={{ width: 110 }}
                        />
                      </Form.Item>
                    ))}
                    {fields.length > 1 && (
                      <Button icon={<MinusCircleOutlined />} onClick={() => remove(field.name)}>
                        {t('admin.production.fba.removeBox')}
                      </Button>
                    )}
                  </Space>
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() =>
                  add({
                    length: 40,
                    width: 30,
                    height: 30,
                    weight: 8,
                    count: 1,
                    units: items.map(() => 0),
                  })
                }
              >
                {t('admin.production.fba.addBox')}
              </Button>
            </>
          )}
        </Form.List>
        <Divider>{t('admin.production.fba.from')}</Divider>
        <Space wrap>
          {a('name', t('admin.production.fba.name'))}
          {a('address_line1', t('admin.production.fba.address'))}
          {a('city', t('admin.production.fba.city'))}
          {a('postal_code', t('admin.production.fba.postcode'))}
          {a('country_code', t('admin.production.fba.country'))}
          {a('phone_number', t('admin.production.fba.phone'))}
        </Space>
      </Form>
    </Modal>
  );
}

/** Ships one shipment: a tracking number per box, sent to Amazon and kept as the desk's packages. */
export function FbaShipDialog({
  desk,
  shipmentId,
  onClose,
  onDone,
}: {
  desk: FbaPodDesk;
  shipmentId: string;
  onClose: () => void;
  onDone: (next: FbaPodDesk) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ tracking: string[] }>();
  const [busy, setBusy] = useState(false);
  const shipment = desk.plan?.shipments.find((s) => s.shipment_id === shipmentId);
  if (!shipment) return null;
  const submit = async () => {
    const { tracking } = await form.validateFields();
    setBusy(true);
    try {
      const next = await fbaPod.ship({
        id: desk.order.purchase_order_id,
        shipment_id: shipmentId,
        tracking: shipment.boxes.map((b, n) => ({
          box_id: b.box_id,
          tracking_id: tracking[n]!.trim(),
        })),
      });
      feedback.success(t('admin.production.fba.shipped'));
      onDone(next);
    } catch (error) {
      reportError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('admin.production.fba.shipTitle', {
        shipment: shipment.confirmation_id ?? shipmentId,
      })}
      okText={t('admin.production.fba.ship')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={t('admin.production.fba.shipHint', { carrier: shipment.carrier ?? '—' })}
      />
      <Form form={form} layout="vertical" className="fba-ship-form" style={{ marginTop: 12 }}>
        {shipment.boxes.map((b, n) => (
          <Form.Item
            key={b.box_id}
            name={['tracking', n]}
            label={`${t('admin.production.fba.box', { n: n + 1 })} · ${b.box_id} · ${b.items.map((i) => `${i.sku} × ${i.quantity}`).join(', ')}`}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('admin.production.fba.trackingRequired'),
              },
            ]}
          >
            <Input aria-label={t('admin.production.fba.box', { n: n + 1 })} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
