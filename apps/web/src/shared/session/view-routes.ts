import { MENU_TYPE, type MenuItem } from '@app/shared';

/**
 * A logged-in route derived from a type 1 menu entry (spec 2 "Server-driven routes"):
 * an external view path opens in the frame page, a missing one sends the visitor to /404.
 */
export interface ViewRoute {
  menuId: number;
  path: string;
  name: string;
  viewPath: string | null;
  keepAlive: boolean;
  kind: 'view' | 'frame' | 'missing';
}

const EXTERNAL_URL = /^https?:\/\//i;

export function isExternalUrl(value: string | null | undefined): value is string {
  return typeof value === 'string' && EXTERNAL_URL.test(value.trim());
}

function normalizeRoutePath(router: string): string {
  const trimmed = router.trim().split(/[?#]/)[0] ?? '';
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

export function buildViewRoutes(menus: readonly MenuItem[]): ViewRoute[] {
  const routes = new Map<string, ViewRoute>();
  for (const menu of menus) {
    if (menu.type !== MENU_TYPE.page || !menu.router?.trim()) continue;
    const path = normalizeRoutePath(menu.router);
    if (routes.has(path)) continue;
    const viewPath = menu.viewPath?.trim() ? menu.viewPath.trim() : null;
    routes.set(path, {
      menuId: menu.id,
      path,
      name: menu.name,
      viewPath,
      keepAlive: menu.keepAlive,
      kind: viewPath === null ? 'missing' : isExternalUrl(viewPath) ? 'frame' : 'view',
    });
  }
  return [...routes.values()];
}
