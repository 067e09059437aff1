import { useEffect } from 'react';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { loadMenus, refreshUserInfo } from '../shared/session/load-session.ts';

/**
 * Spec 4: on app load with a token (and after every login), fetch the menu, the permissions
 * and the user info, whatever page the visitor is on.
 */
export function SessionLoader() {
  const token = useAuthStore((s) => s.token);
  useEffect(() => {
    if (token === null) return;
    void loadMenus();
    void refreshUserInfo();
  }, [token]);
  return null;
}
