import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/shared';
import { safeRedirect } from '../../../shared/paths.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';

/**
 * After login or sign-up: keep the session and go where the visitor was heading (the
 * `redirect` query) or to /home/index. The signed-in layout then loads the menu, and a
 * redirect to a menu route waits for it.
 */
export function useCompleteSignIn(): (
  user: UserInfo,
  username: string,
  successMessage?: string,
) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { t } = useTranslation();

  return (user, username, successMessage) => {
    useAuthStore.getState().signIn(user, username);
    feedback.success(successMessage ?? t('auth.login.success'));
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}
