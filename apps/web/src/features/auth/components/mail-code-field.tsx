import { useState, type ReactNode } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Email } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { CodeField } from '../../../shared/forms/code-field.tsx';
import { RESEND_SECONDS } from '../../../shared/forms/send-code-button.tsx';
import { useCountdown } from '../../../shared/forms/use-countdown.ts';
import { sendMailCode } from '../api/mail-code.ts';

/**
 * The `code` field of sign-up by e-mail with its "Send code" button: the code goes to the
 * form's `email` field and proves the mailbox, so sign-up says "already registered" to its
 * holder only.
 */
export function MailCodeField({ prefix }: { prefix?: ReactNode }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { left, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);

  const send = async () => {
    let email: string;
    try {
      email = Email.parse((await form.validateFields(['email'])).email);
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendMailCode({ email });
      start();
      feedback.success(t('auth.code.mailSent'));
    } catch (error) {
      reportError(error, form);
    } finally {
      setSending(false);
    }
  };

  return (
    <CodeField
      label={t('auth.code.mailLabel')}
      prefix={prefix}
      button={
        <Button onClick={() => void send()} disabled={left > 0} loading={sending}>
          {left > 0 ? t('auth.code.resend', { seconds: left }) : t('auth.code.send')}
        </Button>
      }
    />
  );
}
