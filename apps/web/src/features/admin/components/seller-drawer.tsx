import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BALANCE_DIRECTIONS,
  formatMoney,
  formatTimestamp,
  majorToMinor,
  type SysSellerDetail,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { newIntentKey } from '../../../shared/payments/use-pay.ts';
import { catalogueKeys, sysSellers } from '../api/catalogue.ts';
import { useOperatorCan } from './operator-can.tsx';

const money = (minor: number) => formatMoney(minor, 'CNY', currentLanguage());

/** Freezing needs a reason, which the seller's support can be told. */
function FreezeDialog({ id, onClose }: { id: number; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await sysSellers.freeze(id, reason);
      feedback.success(t('admin.sellers.frozenDone'));
      onClose(true);
    } catch (error) {
      reportError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('admin.sellers.freezeTitle')}
      okText={t('admin.sellers.freeze')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
    >
      <Alert type="warning" showIcon message={t('admin.sellers.freezeHint')} />
      <Form form={form} layout="vertical" className="admin-form-card">
        <Form.Item name="reason" label={t('admin.sellers.reason')} rules={[{ required: true }]}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A credit or debit with a reason; one intent key per dialog, so a retried click posts once. */
function AdjustDialog({ id, onClose }: { id: number; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ direction: 'credit' | 'debit'; amount: number; reason: string }>();
  const [intent] = useState(newIntentKey);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    const amount_minor = majorToMinor(values.amount, 'CNY') ?? 0;
    const ok = await new Promise<boolean>((resolve) =>
      Modal.confirm({
        title: t('admin.sellers.adjustConfirm', {
          direction: t(`admin.sellers.directions.${values.direction}`),
          amount: money(amount_minor),
        }),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!ok) return;
    setBusy(true);
    try {
      const result = await sysSellers.adjust(
        { id, direction: values.direction, amount_minor, reason: values.reason },
        intent,
      );
      feedback.success(t('admin.sellers.adjusted', { balance: money(result.balance_minor) }));
      onClose(true);
    } catch (error) {
      reportError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('admin.sellers.adjustTitle')}
      okText={t('admin.catalogue.save')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
    >
      <Alert type="info" showIcon message={t('admin.sellers.adjustHint')} />
      <Form
        form={form}
        layout="vertical"
        className="admin-form-card"
        initialValues={{ direction: 'credit' }}
      >
        <Form.Item name="direction" label={t('admin.sellers.direction')}>
          <Radio.Group
            options={BALANCE_DIRECTIONS.map((d) => ({
              value: d,
              label: t(`admin.sellers.directions.${d}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('admin.sellers.amount')} rules={[{ required: true }]}>
          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t('admin.sellers.reason')} rules={[{ required: true }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One seller, read-only, with the operator's two actions: freeze and adjust the balance. */
export function SellerDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/seller');
  const info = useQuery({
    queryKey: catalogueKeys.sellerInfo(id),
    queryFn: () => sysSellers.info(id),
  });
  const [dialog, setDialog] = useState<'freeze' | 'adjust' | null>(null);
  const zh = currentLanguage() === 'zh-CN';
  const changed = () => void client.invalidateQueries({ queryKey: catalogueKeys.sellers });
  const close = (didChange: boolean) => {
    setDialog(null);
    if (didChange) changed();
  };
  const unfreeze = () =>
    Modal.confirm({
      title: t('admin.sellers.unfreezeConfirm'),
      onOk: async () => {
        try {
          await sysSellers.unfreeze(id);
          feedback.success(t('admin.sellers.unfrozenDone'));
          changed();
        } catch (error) {
          reportError(error);
        }
      },
    });
  const s: SysSellerDetail | undefined = info.data;

  return (
    <Drawer
      open
      width={820}
      title={t('admin.sellers.detail')}
      onClose={onClose}
      loading={info.isLoading}
      extra={
        s && (
          <Space>
            {may('balance') && (
              <Button onClick={() => setDialog('adjust')}>{t('admin.sellers.adjust')}</Button>
            )}
            {may('freeze') &&
              (s.state === 'frozen' ? (
                <Button onClick={unfreeze}>{t('admin.sellers.unfreeze')}</Button>
              ) : (
                <Button danger onClick={() => setDialog('freeze')}>
                  {t('admin.sellers.freeze')}
                </Button>
              ))}
          </Space>
        )
      }
    >
      {s && (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('admin.sellers.columns.name')}>
              {s.name} (#{s.id})
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.columns.contact')}>
              {[s.email, s.mobile].filter(Boolean).join(' / ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.columns.state')}>
              <Tag color={s.state === 'frozen' ? 'red' : 'green'}>
                {t(`admin.sellers.states.${s.state}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.columns.level')}>
              {(zh ? s.level_name : s.level_name_en) ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.levelExpires')}>
              {s.level_expires_at ? formatTimestamp(s.level_expires_at) : t('admin.sellers.never')}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.columns.balance')}>
              <Typography.Text strong>{money(s.balance_minor)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.columns.frozenMoney')}>
              {money(s.frozen_minor)}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.staff')}>{s.staff_count}</Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.orders')}>
              {s.orders_count}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.sellers.purchaseOrders')}>
              {s.purchase_orders_count}
            </Descriptions.Item>
            {s.frozen_at !== null && (
              <>
                <Descriptions.Item label={t('admin.sellers.frozenAt')}>
                  {formatTimestamp(s.frozen_at)}
                </Descriptions.Item>
                <Descriptions.Item label={t('admin.sellers.freezeReason')}>
                  {s.freeze_reason}
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          <Typography.Title level={5} className="admin-section-title">
            {t('admin.sellers.stores')}
          </Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={s.stores}
            columns={[
              {
                key: 'm',
                title: t('admin.sellers.storeColumns.marketplace'),
                dataIndex: 'marketplace',
              },
              { key: 's', title: t('admin.sellers.storeColumns.site'), dataIndex: 'site' },
              { key: 'n', title: t('admin.sellers.storeColumns.name'), dataIndex: 'name' },
              { key: 'a', title: t('admin.sellers.storeColumns.status'), dataIndex: 'status' },
            ]}
          />
          <Typography.Title level={5} className="admin-section-title">
            {t('admin.sellers.ledger')}
          </Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={s.ledger}
            columns={[
              {
                key: 'time',
                title: t('admin.sellers.ledgerColumns.time'),
                render: (_, e) => formatTimestamp(e.created_at),
              },
              {
                key: 'kind',
                title: t('admin.sellers.ledgerColumns.kind'),
                render: (_, e) => t(`admin.sellers.kinds.${e.kind}`, { defaultValue: e.kind }),
              },
              {
                key: 'amount',
                title: t('admin.sellers.ledgerColumns.amount'),
                align: 'right',
                render: (_, e) => (
                  <Typography.Text type={e.amount_minor < 0 ? 'danger' : 'success'}>
                    {money(e.amount_minor)}
                  </Typography.Text>
                ),
              },
              {
                key: 'after',
                title: t('admin.sellers.ledgerColumns.after'),
                align: 'right',
                render: (_, e) => money(e.balance_after_minor),
              },
              { key: 'memo', title: t('admin.sellers.ledgerColumns.memo'), dataIndex: 'memo' },
            ]}
          />
        </>
      )}
      {dialog === 'freeze' && <FreezeDialog id={id} onClose={close} />}
      {dialog === 'adjust' && <AdjustDialog id={id} onClose={close} />}
    </Drawer>
  );
}
