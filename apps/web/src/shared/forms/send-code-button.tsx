import { Suspense, useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Mobile, type MobileCodeInput } from '@app/shared';
import { reportError } from '../../api/form-errors.ts';
import { feedback } from '../feedback.ts';
import { lazyPage } from '../lazy-page.ts';
import { useCountdown } from './use-countdown.ts';

// The dialog (and antd's Modal) loads on the first click that needs it.
const CaptchaDialog = lazyPage(() => import('./captcha-dialog.tsx'), 'CaptchaDialog');

export const RESEND_SECONDS = 60;

export type SendCodeButtonProps = {
  /** The surrounding flow has just sent a code, so the countdown is already running. */
  justSent?: boolean;
} & (
  | {
      /** Codes for sign-up, login and reset go through a captcha first (anti-automation). */
      withCaptcha: true;
      send: (request: MobileCodeInput) => Promise<unknown>;
    }
  | { withCaptcha: false; send: (request: { mobile: string }) => Promise<unknown> }
);

/**
 * "Send code" with a 60-second countdown; asks for a captcha in a small dialog when needed.
 * The code goes to the surrounding form's `mobile` field, which must pass its rules first.
 */
export function SendCodeButton(props: SendCodeButtonProps) {
  const form = Form.useFormInstance();
  const { t } = useTranslation();
  const { left, start } = useCountdown(RESEND_SECONDS, props.justSent ? RESEND_SECONDS : 0);
  const [mobile, setMobile] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const deliver = async (send: () => Promise<unknown>) => {
    setSending(true);
    try {
      await send();
      start();
      feedback.success(t('auth.code.sent'));
      return true;
    } finally {
      setSending(false);
    }
  };

  const onClick = async () => {
    let value: string;
    try {
      value = Mobile.parse((await form.validateFields(['mobile'])).mobile);
    } catch {
      return;
    }
    if (props.withCaptcha) {
      setMobile(value);
      return;
    }
    const { send } = props;
    await deliver(() => send({ mobile: value })).catch((error: unknown) => reportError(error));
  };

  return (
    <>
      <Button
        onClick={() => void onClick()}
        disabled={left > 0}
        loading={sending && mobile === null}
      >
        {left > 0 ? t('auth.code.resend', { seconds: left }) : t('auth.code.send')}
      </Button>
      {props.withCaptcha && mobile !== null && (
        <Suspense fallback={null}>
          <CaptchaDialog
            mobile={mobile}
            sending={sending}
            onCancel={() => setMobile(null)}
            onSend={async (request) => {
              const { send } = props;
              await deliver(() => send(request));
              setMobile(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
