import type { ReactNode } from 'react';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code, Mobile } from '@app/shared';
import { SendCodeButton, type SendCodeButtonProps } from './send-code-button.tsx';
import { valueRule } from './zod-rule.ts';

type FieldLook = { prefix?: ReactNode; autoFocus?: boolean };

/** The `mobile` field; an `SmsCodeField` in the same form sends its code to this number. */
export function MobileField({ label, prefix, autoFocus }: FieldLook & { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="mobile" label={label} rules={[valueRule(Mobile, t)]}>
      <Input
        prefix={prefix}
        type="tel"
        autoComplete="tel"
        placeholder={t('auth.login.mobilePlaceholder')}
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
}

/** The `code` field with its "Send code" button beside it. */
export function SmsCodeField({ prefix, autoFocus, ...button }: FieldLook & SendCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.code.label')} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[valueRule(Code, t)]}>
          <Input
            prefix={prefix}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.code.placeholder')}
            autoFocus={autoFocus}
          />
        </Form.Item>
        <SendCodeButton {...button} />
      </Space.Compact>
    </Form.Item>
  );
}
