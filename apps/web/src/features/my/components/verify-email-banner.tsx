import { Alert, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { profilePath } from '../../../shared/paths.ts';
import { ResendLinkButton } from './resend-link-button.tsx';

/** Above every console page until the account's e-mail is verified. */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const email = useAuthStore((s) => s.userInfo?.email ?? null);
  // A profile kept from before the flag existed says nothing: no banner rather than a false one.
  const unverified = useAuthStore((s) => s.userInfo?.email_verified === false);
  if (!email || !unverified) return null;
  return (
    <Alert
      className="verify-email-banner"
      type="warning"
      showIcon
      banner
      title={t('my.email.banner', { email })}
      action={
        <Space>
          <ResendLinkButton size="small" />
          <Link to={profilePath('email')}>{t('my.email.bannerChange')}</Link>
        </Space>
      }
    />
  );
}
