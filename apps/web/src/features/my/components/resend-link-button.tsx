import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../shared/feedback.ts';
import { useEmailState, useResendEmailLink } from '../api/email.ts';

/** Sends the verification link again; waits out the server's one-a-minute limit on screen. */
export function ResendLinkButton({ size }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const state = useEmailState();
  const resend = useResendEmailLink();
  const resendAt = state.data?.resend_at ?? null;
  // The server says when the next link may go (after a send, or on load): count down to it.
  const [now, setNow] = useState(() => Date.now());
  const left = resendAt === null ? 0 : Math.max(0, Math.ceil(resendAt - now / 1000));
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, now]);
  const to = state.data?.pending_email ?? state.data?.email ?? '';

  const send = async () => {
    await resend.mutateAsync(undefined);
    setNow(Date.now());
    feedback.success(t('my.email.sent', { email: to }));
  };
  return (
    <Button size={size} onClick={send} loading={resend.isPending} disabled={left > 0}>
      {left > 0 ? t('my.email.resendIn', { seconds: left }) : t('my.email.resend')}
    </Button>
  );
}
