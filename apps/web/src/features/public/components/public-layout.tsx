import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../shared/app-config.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { paths } from '../../../shared/paths.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { addTranslations } from '../../../shared/i18n/i18n.ts';
import { LanguageSwitch } from '../../../shared/i18n/language-switch.tsx';
import { publicEn } from '../i18n-en.ts';
import { publicZhCN } from '../i18n-zh-cn.ts';

addTranslations({ 'zh-CN': publicZhCN, en: publicEn });

const NAV = [
  { to: paths.root, key: 'home' },
  { to: paths.products, key: 'products' },
  { to: paths.design, key: 'design' },
  { to: paths.vip, key: 'vip' },
  { to: paths.advantage, key: 'advantage' },
  { to: paths.aboutUs, key: 'aboutUs' },
  { to: paths.help, key: 'help' },
] as const;

/** Header, navigation and footer of the public marketing pages. */
export function PublicLayout() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.token !== null);
  const year = new Date().getFullYear();

  return (
    <div className="site">
      <header className="site-header">
        <div className="site-container site-header__inner">
          <Link to={paths.root} className="site-logo">
            <img src="/favicon.svg" alt="" width={30} height={30} />
            <span>{appConfig.siteName}</span>
          </Link>
          <nav className="site-nav" aria-label={t('public.nav.label')}>
            {NAV.map((item) => (
              <NavLink key={item.key} to={item.to} end className="site-nav__link">
                {t(`public.nav.${item.key}`)}
              </NavLink>
            ))}
          </nav>
          <div className="site-header__actions">
            <LanguageSwitch />
            {signedIn ? (
              <Link to={paths.home} className="btn btn--primary">
                {t('common.console')}
              </Link>
            ) : (
              <>
                <Link to={paths.login} className="btn btn--ghost">
                  {t('common.login')}
                </Link>
                <Link to={paths.register} className="btn btn--primary">
                  {t('common.register')}
                </Link>
              </>
            )}
          </div>
        </div>
      </header>
      <main className="site-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <div className="site-container site-footer__inner">
          <div>
            <strong>{appConfig.siteName}</strong>
            <p>{t('public.footer.tagline')}</p>
          </div>
          <nav className="site-footer__links">
            <Link to={paths.help}>{t('public.nav.help')}</Link>
            <Link to={paths.aboutUs}>{t('public.nav.aboutUs')}</Link>
            <Link to={paths.privacy}>{t('public.footer.privacy')}</Link>
          </nav>
          <p className="site-footer__copy">
            © {year} {appConfig.siteName}. {t('public.footer.rights')}
          </p>
        </div>
      </footer>
    </div>
  );
}
