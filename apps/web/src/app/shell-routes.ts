import type { ViewRoute } from '../shared/session/view-routes.ts';
import { paths } from '../shared/paths.ts';

/**
 * Routes the shell itself links to (landing, profile, logout). The server menu normally lists
 * them too; these keep the header links working when an account's menu leaves them out.
 */
const SHELL_ROUTES: readonly ViewRoute[] = [
  {
    menuId: 0,
    path: paths.home,
    name: 'menu.home.index',
    viewPath: 'home/index',
    keepAlive: false,
    kind: 'view',
  },
  {
    menuId: 0,
    path: paths.profile,
    name: 'menu.my.newInfo',
    viewPath: 'my/newInfo',
    keepAlive: false,
    kind: 'view',
  },
  {
    menuId: 0,
    path: paths.logout,
    name: 'menu.my.logout',
    viewPath: 'my/logout',
    keepAlive: false,
    kind: 'view',
  },
];

export function routeKey(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase();
}

export function withShellRoutes(menuRoutes: readonly ViewRoute[]): ViewRoute[] {
  const known = new Set(menuRoutes.map((r) => routeKey(r.path)));
  return [...menuRoutes, ...SHELL_ROUTES.filter((r) => !known.has(routeKey(r.path)))];
}

/** Lookup by path as the router matches it (case-insensitive, trailing slash ignored). */
export function indexRoutes(routes: readonly ViewRoute[]): Map<string, ViewRoute> {
  return new Map(routes.map((r) => [routeKey(r.path), r]));
}
