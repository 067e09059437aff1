import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../shared/app-config.ts';
import { paths } from '../../../shared/paths.ts';
import { LanguageSwitch } from '../../../shared/i18n/language-switch.tsx';
import { CheckCircleFilled } from '../../../shared/ui/plain-icons.ts';
import { SvgIcon } from '../../../shared/ui/svg-icon.tsx';

export interface AuthShellProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** The /login-h5 layout: no brand panel, full-width card. */
  compact?: boolean;
}

/** Shared frame of the login, sign-up and reset pages: brand panel on the left, the form on the right. */
export function AuthShell({ title, subtitle, children, footer, compact = false }: AuthShellProps) {
  const { t } = useTranslation();
  const points = t('auth.brand.points', { returnObjects: true });
  return (
    <div className={compact ? 'auth-shell auth-shell--compact' : 'auth-shell'}>
      {!compact && (
        <aside className="auth-brand">
          <Link to={paths.root} className="auth-brand__logo">
            <img src="/favicon.svg" alt="" width={36} height={36} />
            <span>{appConfig.siteName}</span>
          </Link>
          <div className="auth-brand__body">
            <h2>{t('auth.brand.tagline')}</h2>
            <ul>
              {points.map((point) => (
                <li key={point}>
                  <SvgIcon icon={CheckCircleFilled} /> {point}
                </li>
              ))}
            </ul>
          </div>
          <p className="auth-brand__foot">
            © {new Date().getFullYear()} {appConfig.siteName}
          </p>
        </aside>
      )}
      <main className="auth-main">
        <div className="auth-main__bar">
          {compact ? (
            <Link to={paths.root} className="auth-brand__logo auth-brand__logo--dark">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span>{appConfig.siteName}</span>
            </Link>
          ) : (
            <Link to={paths.root}>← {t('auth.login.backToSite')}</Link>
          )}
          <LanguageSwitch />
        </div>
        <section className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="auth-card__footer">{footer}</div>}
        </section>
      </main>
    </div>
  );
}
