import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESIGN_COLOURS_MAX, DESIGN_TITLE_MAX } from '@app/shared';
import { applyFieldErrors } from '../../../api/form-errors.ts';
import type { SaveChoices } from '../draft.ts';

interface SaveDialogProps {
  open: boolean;
  signedIn: boolean;
  colours: string[];
  sizes: string[];
  initial: SaveChoices;
  pending: boolean;
  /** A failed save to show on the fields it names. */
  error: unknown;
  onSubmit: (choices: SaveChoices) => void;
  onCancel: () => void;
}

export function SaveDialog({
  open,
  signedIn,
  colours,
  sizes,
  initial,
  pending,
  error,
  onSubmit,
  onCancel,
}: SaveDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SaveChoices>();

  useEffect(() => {
    if (open) form.setFieldsValue(initial);
    // The initial choices apply when the dialog opens, not on every edit behind it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (error) applyFieldErrors(form, error);
  }, [error, form]);

  return (
    <Modal
      open={open}
      title={t('design.save.title')}
      okText={signedIn ? t('design.save.submit') : t('design.save.login')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      {!signedIn && (
        <Alert
          type="info"
          showIcon
          title={t('design.save.loginFirst')}
          className="design-save__login"
        />
      )}
      <Form form={form} layout="vertical" onFinish={onSubmit} initialValues={initial}>
        <Form.Item
          name="title"
          label={t('design.save.name')}
          rules={[{ required: true, whitespace: true }, { max: DESIGN_TITLE_MAX }]}
        >
          <Input maxLength={DESIGN_TITLE_MAX} />
        </Form.Item>
        <Form.Item
          name="colors"
          label={t('design.save.colors')}
          rules={[{ required: true, type: 'array', min: 1 }]}
        >
          <Select
            mode="multiple"
            maxCount={DESIGN_COLOURS_MAX}
            options={colours.map((colour) => ({ value: colour, label: colour }))}
          />
        </Form.Item>
        <Form.Item name="sizes" label={t('design.save.sizes')} extra={t('design.save.sizesHint')}>
          <Select mode="multiple" options={sizes.map((size) => ({ value: size, label: size }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
