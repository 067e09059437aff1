import type { ReactNode } from 'react';
import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

type NewPasswordFieldsProps = {
  /** The form schema's rules; it checks `password_confirmation` against `password`. */
  rules: (field: string) => FormRule[];
  label: string;
  /** Without it the form asks for the password once. */
  confirmLabel?: string;
  prefix?: ReactNode;
};

/** `password` with the strength hint, and `password_confirmation` when the form has one. */
export function NewPasswordFields({ rules, label, confirmLabel, prefix }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        extra={t('auth.register.passwordHint')}
        rules={rules('password')}
      >
        <Input.Password prefix={prefix} autoComplete="new-password" />
      </Form.Item>
      {confirmLabel !== undefined && (
        <Form.Item
          name="password_confirmation"
          label={confirmLabel}
          dependencies={['password']}
          rules={rules('password_confirmation')}
        >
          <Input.Password prefix={prefix} autoComplete="new-password" />
        </Form.Item>
      )}
    </>
  );
}
