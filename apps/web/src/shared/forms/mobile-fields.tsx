import type { ReactNode } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Mobile } from '@app/shared';
import { CodeField } from './code-field.tsx';
import { MobileInput } from './mobile-input.tsx';
import { SendCodeButton, type SendCodeButtonProps } from './send-code-button.tsx';
import { valueRule } from './zod-rule.ts';

type FieldLook = { prefix?: ReactNode; autoFocus?: boolean };

/** The `mobile` field; an `SmsCodeField` in the same form sends its code to this number. */
export function MobileField({ label, autoFocus }: FieldLook & { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="mobile" label={label} rules={[valueRule(Mobile, t)]}>
      <MobileInput placeholder={t('auth.login.mobilePlaceholder')} autoFocus={autoFocus} />
    </Form.Item>
  );
}

/** The `code` field with its "Send code" button beside it. */
export function SmsCodeField({ prefix, autoFocus, ...button }: FieldLook & SendCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <CodeField
      label={t('auth.code.label')}
      prefix={prefix}
      autoFocus={autoFocus}
      button={<SendCodeButton {...button} />}
    />
  );
}
