import { useEffect, useRef } from 'react';
import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/paths.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { logout } from '../api/logout.ts';

/** /my/logout: confirm, revoke the token on the server, clear the local session, go to /login. */
export function LogoutPage(_props: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const asked = useRef(false);

  useEffect(() => {
    // Strict mode mounts twice in development; one dialog is enough.
    if (asked.current) return;
    asked.current = true;
    Modal.confirm({
      title: t('logout.title'),
      content: t('logout.content'),
      okText: t('logout.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      autoFocusButton: 'ok',
      onOk: async () => {
        // Even if the server cannot be reached, the user asked to leave: forget the session here.
        await logout().catch(() => undefined);
        useAuthStore.getState().clearSession();
        feedback.success(t('logout.done'));
        navigate(paths.login, { replace: true });
      },
      onCancel: () => {
        if (window.history.length > 1) navigate(-1);
        else navigate(paths.home, { replace: true });
      },
    });
  }, [navigate, t]);

  return <div className="page-card page-card--blank" />;
}
