import type { ComponentType } from 'react';
import { paths } from '../../shared/paths.ts';
import { lazyPage } from '../../shared/lazy-page.ts';

/** A console page as the operator's menu names it: `/sys/menu` is served at `/admin/sys/menu`. */
export function adminPathOf(router: string): string {
  return `${paths.admin}${router.startsWith('/') ? router : `/${router}`}`;
}

/** The console pages this build has, by the menu's `viewPath`; the others say they are coming. */
export const ADMIN_VIEWS: Record<string, ComponentType> = {
  'sys/production': lazyPage(
    () => import('./pages/production-desk-page.tsx'),
    'ProductionDeskPage',
  ),
  'sys/menu': lazyPage(() => import('./pages/admin-menus-page.tsx'), 'AdminMenusPage'),
  'sys/log': lazyPage(() => import('./pages/sys-log-page.tsx'), 'SysLogPage'),
  'sys/login-log': lazyPage(() => import('./pages/sys-login-log-page.tsx'), 'SysLoginLogPage'),
  'sys/info': lazyPage(() => import('./pages/sys-info-page.tsx'), 'SysInfoPage'),
  'sys/task': lazyPage(() => import('./pages/sys-task-page.tsx'), 'SysTaskPage'),
  'sys/article': lazyPage(() => import('./pages/sys-article-page.tsx'), 'SysArticlePage'),
  'sys/dept': lazyPage(() => import('./pages/sys-dept-page.tsx'), 'SysDeptPage'),
  'sys/user': lazyPage(() => import('./pages/sys-user-page.tsx'), 'SysUserPage'),
  'sys/role': lazyPage(() => import('./pages/sys-role-page.tsx'), 'SysRolePage'),
  'sys/param': lazyPage(() => import('./pages/sys-param-page.tsx'), 'SysParamPage'),
  // What sellers see (issue 22 part C).
  'sys/goods': lazyPage(() => import('./pages/sys-goods-page.tsx'), 'SysGoodsPage'),
  'sys/level': lazyPage(() => import('./pages/sys-level-page.tsx'), 'SysLevelPage'),
  'sys/finance': lazyPage(() => import('./pages/sys-finance-page.tsx'), 'SysFinancePage'),
  'sys/seller': lazyPage(() => import('./pages/sys-seller-page.tsx'), 'SysSellerPage'),
};
