import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/auth-shell.tsx';
import { LoginPanel } from '../components/login-panel.tsx';

/** /login-h5: the same login in a single-column layout for phones. */
export function LoginH5Page() {
  const { t } = useTranslation();
  return (
    <AuthShell compact title={t('auth.login.h5Title')} subtitle={t('auth.login.subtitle')}>
      <LoginPanel />
    </AuthShell>
  );
}
