import { reportError } from '../../api/form-errors.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { getMenu } from './get-menu.ts';
import { getUserInfo } from './get-user-info.ts';

/** An answer is kept only if it belongs to the session that asked (no logout or re-login since). */
function stillCurrent(token: string | null): boolean {
  return token !== null && useAuthStore.getState().token === token;
}

/** Loads the menu tree and permissions into the auth store. */
export async function loadMenus(): Promise<void> {
  const { token, setMenuStatus } = useAuthStore.getState();
  if (token === null) return;
  setMenuStatus('loading');
  try {
    const { menus, perms } = await getMenu();
    if (stillCurrent(token)) useAuthStore.getState().setMenus(menus, perms);
  } catch (error) {
    if (!stillCurrent(token)) return;
    useAuthStore.getState().setMenuStatus('error');
    reportError(error);
  }
}

/** Refreshes the signed-in user (after load, and after the profile changes). */
export async function refreshUserInfo(): Promise<void> {
  const { token } = useAuthStore.getState();
  if (token === null) return;
  try {
    const user = await getUserInfo();
    if (stillCurrent(token)) useAuthStore.getState().setUserInfo(user);
  } catch (error) {
    if (stillCurrent(token)) reportError(error);
  }
}
