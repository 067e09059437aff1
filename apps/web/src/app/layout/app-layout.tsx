import { useEffect, useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VerifyEmailBanner } from '../../features/my/index.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { queryClient } from '../../shared/query-client.ts';
import type { ViewRoute } from '../../shared/session/view-routes.ts';
import { appConfig } from '../../shared/app-config.ts';
import { AntdTheme } from '../../shared/ui/antd-theme.tsx';
import { paths } from '../../shared/paths.ts';
import { indexRoutes, routeKey } from '../shell-routes.ts';
import { queryFromSearch } from '../tabs/tabs.ts';
import { useTabsStore } from '../tabs/tabs-store.ts';
import { HeaderBar } from './header-bar.tsx';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabStrip } from './tab-strip.tsx';

const LOGOUT_KEY = routeKey(paths.logout);

/** The signed-in frame: sidebar from the server menu, header, tab strip, and the page. */
export function AppLayout({ routes }: { routes: ViewRoute[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const byPath = useMemo(() => indexRoutes(routes), [routes]);
  const collapse = useAuthStore((s) => s.collapse);
  const setCollapse = useAuthStore((s) => s.setCollapse);
  const menuShow = useAuthStore((s) => s.menuShow);
  const menuStatus = useAuthStore((s) => s.menuStatus);
  const hasMenu = useAuthStore((s) => s.menuGroup.length > 0);
  const visit = useTabsStore((s) => s.visit);

  useEffect(() => {
    const key = routeKey(pathname);
    const route = byPath.get(key);
    // /my/logout hides the menu instead of opening a tab (spec 2).
    const isLogout = key === LOGOUT_KEY;
    visit({
      path: route?.path ?? pathname,
      label: isLogout ? null : (route?.name ?? null),
      query: queryFromSearch(search),
    });
    useAuthStore.getState().setMenuShow(!isLogout);
  }, [byPath, pathname, search, visit]);

  return (
    <AntdTheme>
      <QueryClientProvider client={queryClient}>
        <Layout className="app-shell">
          {menuShow && (
            <Layout.Sider
              className="app-sider"
              width={224}
              collapsedWidth={64}
              collapsed={collapse}
              trigger={null}
              breakpoint="lg"
              // Small screens start collapsed; on wide ones the user's own choice (persisted) stands.
              onBreakpoint={(narrow) => {
                if (narrow) setCollapse(true);
              }}
              aria-label={t('layout.menu')}
            >
              <Link to={paths.home} className="app-logo" aria-label={appConfig.siteName}>
                <img src="/favicon.svg" alt="" width={28} height={28} />
                {!collapse && <span>{appConfig.siteName}</span>}
              </Link>
              {hasMenu ? (
                <SideMenu collapsed={collapse} />
              ) : (
                <p className="app-sider__empty">
                  {menuStatus === 'loading' || menuStatus === 'idle'
                    ? t('layout.loadingMenu')
                    : t('layout.noMenu')}
                </p>
              )}
            </Layout.Sider>
          )}
          <Layout className="app-main">
            <HeaderBar />
            <VerifyEmailBanner />
            {menuShow && <TabStrip />}
            <Layout.Content className="app-content">
              <KeepAliveOutlet byPath={byPath} />
            </Layout.Content>
          </Layout>
        </Layout>
      </QueryClientProvider>
    </AntdTheme>
  );
}
