import { useState } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, majorToMinor, minorToMajor, type ProductionOrderDetail } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { newIntentKey } from '../../../shared/payments/use-pay.ts';
import { production } from '../api/production.ts';

/** Purchase orders are paid from the account, whose money is CNY. */
const currency = 'CNY';

/**
 * A full or partial refund to the seller's balance; out of an exception it resolves the
 * exception. One intent key per dialog: a retried click never refunds twice.
 */
export function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: ProductionOrderDetail;
  onClose: () => void;
  onDone: (detail: ProductionOrderDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const [intent] = useState(newIntentKey);
  const [busy, setBusy] = useState(false);
  const left = order.amount_minor - order.refunded_minor;
  const money = (minor: number) => formatMoney(minor, currency, currentLanguage());

  const submit = async () => {
    const values = await form.validateFields();
    const amount_minor = majorToMinor(values.amount, currency) ?? 0;
    const ok = await new Promise<boolean>((resolve) =>
      Modal.confirm({
        title: t('admin.production.refundForm.confirm', { amount: money(amount_minor) }),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!ok) return;
    setBusy(true);
    try {
      const detail =
        order.status === 'exception'
          ? await production.resolve({ id: order.id, resolution: 'refund', amount_minor }, intent)
          : await production.refund({ id: order.id, amount_minor, reason: values.reason }, intent);
      feedback.success(t('admin.production.refundForm.done'));
      onDone(detail);
    } catch (error) {
      reportError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('admin.production.refundForm.title')}
      okText={t('admin.production.refundForm.submit')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ amount: minorToMajor(left, currency), reason: '' }}
      >
        <Form.Item
          name="amount"
          label={t('admin.production.refundForm.amount')}
          extra={t('admin.production.refundForm.max', { amount: money(left) })}
          rules={[{ required: true }]}
        >
          <InputNumber min={0.01} max={minorToMajor(left, currency)} style={{ width: '100%' }} />
        </Form.Item>
        {order.status !== 'exception' && (
          <Form.Item name="reason" label={t('admin.production.refundForm.reason')}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
