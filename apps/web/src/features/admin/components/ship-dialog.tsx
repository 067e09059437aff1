import { Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGISTICS_CHANNELS, type ProductionOrderDetail, type PackageItem } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { production } from '../api/production.ts';

interface ShipValues {
  carrier_code?: string;
  carrier_name?: string;
  tracking_no: string;
  quantities: Record<number, number>;
}

/** One package: channel or carrier, tracking number, and how many of each line it holds. */
export function ShipDialog({
  order,
  onClose,
  onDone,
}: {
  order: ProductionOrderDetail;
  onClose: () => void;
  onDone: (detail: ProductionOrderDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ShipValues>();
  const zh = currentLanguage() === 'zh-CN';
  const open = order.items
    .map((item, index) => ({ ...item, index, left: item.quantity - item.shipped_quantity }))
    .filter((item) => item.left > 0);

  const submit = async () => {
    const values = await form.validateFields();
    const items: PackageItem[] = open
      .map((line) => ({ item: line.index, quantity: values.quantities?.[line.index] ?? 0 }))
      .filter((line) => line.quantity > 0);
    try {
      const detail = await production.ship({
        id: order.id,
        tracking_no: values.tracking_no,
        ...(values.carrier_code ? { carrier_code: values.carrier_code } : {}),
        ...(values.carrier_name ? { carrier_name: values.carrier_name } : {}),
        ...(items.length ? { items } : {}),
      });
      feedback.success(t('admin.production.ship.done'));
      onDone(detail);
    } catch (error) {
      reportError(error, form);
    }
  };

  return (
    <Modal
      open
      title={t('admin.production.ship.title')}
      okText={t('admin.production.ship.submit')}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          quantities: Object.fromEntries(open.map((line) => [line.index, line.left])),
        }}
      >
        <Form.Item
          name="carrier_code"
          label={t('admin.production.ship.channel')}
          extra={t('admin.production.ship.carrierHint')}
        >
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={LOGISTICS_CHANNELS.map((c) => ({
              value: c.code,
              label: `${zh ? c.name_zh : c.name_en} (${c.code})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="carrier_name"
          label={t('admin.production.ship.carrierName')}
          dependencies={['carrier_code']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                getFieldValue('carrier_code') || (typeof value === 'string' && value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('admin.production.ship.carrierRequired'))),
            }),
          ]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="tracking_no"
          label={t('admin.production.ship.trackingNo')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('admin.production.ship.trackingRequired'),
            },
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Table
          size="small"
          rowKey="index"
          pagination={false}
          dataSource={open}
          columns={[
            { key: 'sku', title: 'SKU', dataIndex: 'sku_code' },
            { key: 'title', title: t('admin.production.detail.items'), dataIndex: 'title' },
            {
              key: 'qty',
              title: t('admin.production.ship.quantity'),
              render: (_, line) => (
                <Form.Item name={['quantities', line.index]} noStyle>
                  <InputNumber
                    min={0}
                    max={line.left}
                    precision={0}
                    aria-label={`${t('admin.production.ship.quantity')} ${line.sku_code}`}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
