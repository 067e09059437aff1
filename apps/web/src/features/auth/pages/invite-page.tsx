import { Alert, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AcceptInvitationInput, formatTimestamp } from '@app/shared';
import { paths } from '../../../shared/paths.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useAcceptInvitation, useInvitation } from '../api/invitation.ts';
import { AntdAuthShell } from '../components/antd-auth-shell.tsx';
import { SetPasswordForm } from '../components/set-password-form.tsx';

/** /invite?code=…: an invited staff member sets their password, then logs in. */
export function InvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const invitation = useInvitation(code);
  const accept = useAcceptInvitation();
  const footer = <Link to={paths.login}>{t('auth.invite.backToLogin')}</Link>;

  if (invitation.loading) {
    return (
      <AntdAuthShell title={t('auth.invite.title')} footer={footer}>
        <Spin />
      </AntdAuthShell>
    );
  }
  if (!invitation.data) {
    return (
      <AntdAuthShell title={t('auth.invite.title')} footer={footer}>
        <Alert
          type="error"
          showIcon
          title={t('auth.invite.invalid')}
          description={
            <>
              {invitation.error && <div>{invitation.error}</div>}
              <div>{t('auth.invite.askAgain')}</div>
            </>
          }
        />
      </AntdAuthShell>
    );
  }
  const info = invitation.data;
  const submit = async (input: AcceptInvitationInput) => {
    await accept.run(input);
    feedback.success(t('auth.invite.success', { login: info.login }));
    navigate(paths.login, { replace: true });
  };
  return (
    <AntdAuthShell
      title={t('auth.invite.title')}
      subtitle={t('auth.invite.subtitle', {
        seller: info.seller_name,
        name: info.name,
        login: info.login,
      })}
      footer={footer}
    >
      <p className="auth-hint">
        {t('auth.invite.expires', { time: formatTimestamp(info.expires_at) })}
      </p>
      <SetPasswordForm
        schema={AcceptInvitationInput}
        known={{ code }}
        labels={{
          password: t('auth.invite.password'),
          confirm: t('auth.invite.confirm'),
          submit: t('auth.invite.submit'),
        }}
        pending={accept.pending}
        onSubmit={submit}
      />
    </AntdAuthShell>
  );
}
