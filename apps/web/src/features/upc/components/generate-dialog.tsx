import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPC_KINDS, type GenerateMyUpcInput, type GenerateMyUpcResult } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { generateMyUpc, useUpcMutation } from '../api/upc.ts';

const INITIAL: GenerateMyUpcInput = { prefix: '', kind: 'ean', count: 10, start: 0 };

/** Codes from the seller's GS1 company prefix, added to the pool; the new codes are listed. */
export function GenerateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GenerateMyUpcInput>();
  const [result, setResult] = useState<GenerateMyUpcResult | null>(null);
  const generate = useUpcMutation(generateMyUpc);

  const submit = (values: GenerateMyUpcInput) =>
    generate.mutate(
      { ...values, prefix: values.prefix.trim() },
      {
        onSuccess: (answer) => {
          setResult(answer);
          feedback.success(t('upc.generateDialog.done', { count: answer.codes.length }));
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open
      title={t('upc.generateDialog.title')}
      onCancel={onClose}
      okText={t('upc.generateDialog.submit')}
      cancelText={t('upc.close')}
      onOk={() => form.submit()}
      confirmLoading={generate.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('upc.generateDialog.intro')}</Typography.Paragraph>
      <Form
        form={form}
        name="upc-generate"
        layout="vertical"
        initialValues={INITIAL}
        onFinish={submit}
      >
        <Form.Item
          name="prefix"
          label={t('upc.generateDialog.prefix')}
          extra={t('upc.generateDialog.prefixHint')}
          rules={[
            { required: true, message: t('upc.generateDialog.prefixRequired') },
            { pattern: /^\s*\d{6,11}\s*$/, message: t('upc.generateDialog.prefixInvalid') },
          ]}
        >
          <Input inputMode="numeric" maxLength={11} autoFocus className="upc-mono" />
        </Form.Item>
        <div className="upc-form-row">
          <Form.Item name="kind" label={t('upc.generateDialog.kind')}>
            <Select
              options={UPC_KINDS.map((k) => ({ value: k, label: t(`upc.kinds.${k}`) }))}
              aria-label={t('upc.generateDialog.kind')}
            />
          </Form.Item>
          <Form.Item
            name="count"
            label={t('upc.generateDialog.count')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <InputNumber min={1} max={10000} precision={0} />
          </Form.Item>
          <Form.Item name="start" label={t('upc.generateDialog.start')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
        </div>
      </Form>
      {result && (
        <div data-testid="upc-generated">
          {result.skipped > 0 && (
            <Alert
              type="info"
              showIcon
              title={t('upc.generateDialog.skipped', { count: result.skipped })}
            />
          )}
          <Typography.Text strong>{t('upc.generateDialog.result')}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: result.codes.join('\n') }}
            className="upc-code-list"
          >
            {result.codes.slice(0, 200).join('  ')}
            {result.codes.length > 200 ? ' …' : ''}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
