import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/auth-shell.tsx';
import { LoginPanel } from '../components/login-panel.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginPanel />
    </AuthShell>
  );
}
