import { Button, Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { paths } from '../../shared/paths.ts';
import { AntdTheme } from '../../shared/ui/antd-theme.tsx';

type ErrorKind = 'forbidden' | 'notFound' | 'serverError' | 'unavailable';

const STATUS: Record<ErrorKind, ResultStatusType> = {
  forbidden: '403',
  notFound: '404',
  serverError: '500',
  unavailable: 'warning',
};

function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => s.token !== null);
  return (
    <AntdTheme>
      <div className="error-page">
        <Result
          status={STATUS[kind]}
          title={t(`errors.${kind}.title`)}
          subTitle={t(`errors.${kind}.subtitle`)}
          extra={[
            <Button
              key="home"
              type="primary"
              onClick={() => navigate(signedIn ? paths.home : paths.root)}
            >
              {t('common.backHome')}
            </Button>,
            <Button key="back" onClick={() => navigate(-1)}>
              {t('common.goBack')}
            </Button>,
          ]}
        />
      </div>
    </AntdTheme>
  );
}

export const ForbiddenPage = () => <ErrorPage kind="forbidden" />;
export const NotFoundPage = () => <ErrorPage kind="notFound" />;
export const ServerErrorPage = () => <ErrorPage kind="serverError" />;
export const UnavailablePage = () => <ErrorPage kind="unavailable" />;
