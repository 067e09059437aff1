import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXCEPTION_REASONS, type ExceptionReason, type ProductionOrderDetail } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { production } from '../api/production.ts';

/** Lost, returned or damaged: the order waits for a reprint or a refund. */
export function ExceptionDialog({
  order,
  onClose,
  onDone,
}: {
  order: ProductionOrderDetail;
  onClose: () => void;
  onDone: (detail: ProductionOrderDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: ExceptionReason; note: string }>();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      const detail = await production.exception({ id: order.id, ...values });
      feedback.success(t('admin.production.exceptionForm.done'));
      onDone(detail);
    } catch (error) {
      reportError(error, form);
    }
  };
  return (
    <Modal
      open
      title={t('admin.production.exceptionForm.title')}
      okText={t('admin.production.exceptionForm.submit')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ reason: 'lost', note: '' }}>
        <Form.Item name="reason" label={t('admin.production.exceptionForm.reason')}>
          <Select
            options={EXCEPTION_REASONS.map((r) => ({
              value: r,
              label: t(`admin.production.reasons.${r}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('admin.production.exceptionForm.note')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
