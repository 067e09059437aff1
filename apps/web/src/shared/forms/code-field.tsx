import type { ReactNode } from 'react';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '@app/shared';
import { valueRule } from './zod-rule.ts';

/**
 * The form's `code` field (six digits from an SMS or an e-mail) with the button that sends
 * the code beside it.
 */
export function CodeField({
  label,
  prefix,
  autoFocus,
  button,
}: {
  label: string;
  prefix?: ReactNode;
  autoFocus?: boolean;
  button: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[valueRule(Code, t)]}>
          <Input
            prefix={prefix}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.code.placeholder')}
            autoFocus={autoFocus}
            // The outer item's label does not reach an input inside a compact group.
            aria-label={label}
          />
        </Form.Item>
        {button}
      </Space.Compact>
    </Form.Item>
  );
}
