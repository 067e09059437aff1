import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { paths } from '../../../shared/paths.ts';
import { refreshUserInfo } from '../../../shared/session/load-session.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { AntdAuthShell } from '../components/antd-auth-shell.tsx';

type Outcome = { email: string } | { error: string } | null;

/**
 * One call per token: the link works once, so a remount (StrictMode's, or leaving and coming
 * back) must reuse the first answer rather than spend the token again and fail.
 */
const opened = new Map<string, Promise<Outcome>>();
function openLink(token: string): Promise<Outcome> {
  let outcome = opened.get(token);
  if (!outcome) {
    outcome = verifyEmail({ token }).then(
      async (result) => {
        await refreshUserInfo();
        return result;
      },
      (error: unknown) => ({ error: error instanceof Error ? error.message : '' }),
    );
    opened.set(token, outcome);
  }
  return outcome;
}

/** /verify-email?token=…: opens a verification link, signed in or not (it may be another browser). */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAuthStore((s) => s.token !== null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let cancelled = false;
    void openLink(token).then((result) => {
      if (!cancelled) setOutcome(result);
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  const footer = signedIn ? (
    <Link to={paths.home}>{t('auth.verifyEmail.toConsole')}</Link>
  ) : (
    <Link to={paths.login}>{t('auth.verifyEmail.backToLogin')}</Link>
  );
  return (
    <AntdAuthShell title={t('auth.verifyEmail.title')} footer={footer}>
      {outcome === null ? (
        <Spin description={t('auth.verifyEmail.checking')}>
          <div className="auth-hint" />
        </Spin>
      ) : 'email' in outcome ? (
        <Alert
          type="success"
          showIcon
          title={t('auth.verifyEmail.done', { email: outcome.email })}
        />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('auth.verifyEmail.failed')}
          description={
            <>
              {outcome.error && <div>{outcome.error}</div>}
              <div>{t('auth.verifyEmail.askAgain')}</div>
            </>
          }
        />
      )}
    </AntdAuthShell>
  );
}
