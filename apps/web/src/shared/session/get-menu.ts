import { normalizeMenuResponse, type MenuItem } from '@app/shared';
import { api } from '../../api/client.ts';

export interface MenuResult {
  menus: MenuItem[];
  perms: string[];
}

/** GET /api/get-menu; spec 5: a non-array menus or perms is logged and treated as empty. */
export async function getMenu(): Promise<MenuResult> {
  const data = await api.get<{ menus?: unknown; perms?: unknown } | null>('/get-menu');
  return {
    menus: normalizeMenuResponse<MenuItem>(data?.menus, 'menu'),
    perms: normalizeMenuResponse<string>(data?.perms, 'perms').filter((p) => typeof p === 'string'),
  };
}
