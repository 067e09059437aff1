import {
  normalizeMenuResponse,
  type AddMenuInput,
  type DeleteMenuResult,
  type MenuItem,
  type MenuScope,
  type UpdateMenuInput,
  type SysLoginInput,
  type SysLoginResult,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { reportError } from '../../../api/form-errors.ts';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';

const operator = { session: 'operator' } as const;

export async function adminLogin(input: SysLoginInput): Promise<void> {
  const result = await api.post<SysLoginResult>('/sys/login/login', input, operator);
  useOperatorStore.getState().signIn(result.token, result.expire, input.username);
}

/** Revokes the token on the server; the local session ends whatever the answer. */
export async function adminLogout(): Promise<void> {
  try {
    await api.post('/sys/login/logout', undefined, operator);
  } catch {
    // An expired token is already logged out.
  } finally {
    useOperatorStore.getState().clear();
  }
}

/** The operator's menu tree and permissions (get-menu answers by the caller's scope). */
export async function loadAdminMenus(): Promise<void> {
  const token = useOperatorStore.getState().token;
  if (token === null) return;
  try {
    const data = await api.get<{ menus?: unknown; perms?: unknown } | null>(
      '/get-menu',
      undefined,
      operator,
    );
    if (useOperatorStore.getState().token !== token) return;
    useOperatorStore.getState().setMenus(
      normalizeMenuResponse<MenuItem>(data?.menus, 'menu'),
      normalizeMenuResponse<string>(data?.perms, 'perms').filter((p) => typeof p === 'string'),
    );
  } catch (error) {
    reportError(error);
  }
}

/** The menu editor's calls (`/api/sys/menu/*`): either console's tree, by `scope`. */
export function listAdminMenus(scope: MenuScope = 'admin'): Promise<MenuItem[]> {
  return api.get<MenuItem[]>('/sys/menu/list', { scope }, operator);
}

export const addMenu = (input: AddMenuInput) =>
  api.post<MenuItem>('/sys/menu/add', input, operator);
export const updateMenu = (input: UpdateMenuInput) =>
  api.post<MenuItem>('/sys/menu/update', input, operator);
export const deleteMenus = (ids: number[]) =>
  api.post<DeleteMenuResult>('/sys/menu/delete', { ids }, operator);
