import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../../shared/lazy-page.ts';
import { SegmentedSwitch } from '../../../shared/ui/segmented-switch.tsx';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { paths } from '../../../shared/paths.ts';
import { EmailLoginForm } from './email-login-form.tsx';

// Most sellers log in by e-mail; the mobile form (and its code dialog) loads when chosen.
const MobileLoginForm = lazyPage(() => import('./mobile-login-form.tsx'), 'MobileLoginForm');

type LoginTab = 'email' | 'mobile';

/** The e-mail / mobile tabs; the chosen tab stays in the URL (`?by=mobile`) so it can be linked. */
export function LoginPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active: LoginTab = params.get('by') === 'mobile' ? 'mobile' : 'email';

  const select = (tab: LoginTab) => {
    const next = new URLSearchParams(params);
    if (tab === 'mobile') next.set('by', 'mobile');
    else next.delete('by');
    setParams(next, { replace: true });
  };

  return (
    <>
      <SegmentedSwitch<LoginTab>
        block
        size="large"
        className="auth-tabs"
        label={t('auth.login.title')}
        value={active}
        onChange={select}
        options={[
          { value: 'email', label: t('auth.login.emailTab') },
          { value: 'mobile', label: t('auth.login.mobileTab') },
        ]}
      />
      {active === 'email' ? (
        <EmailLoginForm />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <MobileLoginForm />
        </Suspense>
      )}
      <div className="auth-links">
        <Link to={paths.forget}>{t('auth.login.forgot')}</Link>
        <span>
          {t('auth.login.noAccount')} <Link to={paths.register}>{t('auth.login.toRegister')}</Link>
        </span>
      </div>
    </>
  );
}
