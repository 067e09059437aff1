import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { MENU_TYPE } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useOperatorStore } from '../../shared/auth/operator-store.ts';
import { addTranslations } from '../../shared/i18n/i18n.ts';
import { menuLabel } from '../../shared/i18n/menu-label.ts';
import { queryClient } from '../../shared/query-client.ts';
import { paths } from '../../shared/paths.ts';
import { AntdTheme } from '../../shared/ui/antd-theme.tsx';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { ADMIN_VIEWS } from './admin-views.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { adminEn } from './i18n-en.ts';
import { adminZhCN } from './i18n-zh-cn.ts';
import { catalogueEn } from './i18n-catalogue-en.ts';
import { catalogueZhCN } from './i18n-catalogue-zh-cn.ts';
import { AdminBuildingPage } from './pages/admin-building-page.tsx';
import { AdminHomePage } from './pages/admin-home-page.tsx';
import { AdminLoginPage } from './pages/admin-login-page.tsx';
import './admin.css';

addTranslations({ 'zh-CN': adminZhCN, en: adminEn });
addTranslations({ 'zh-CN': catalogueZhCN, en: catalogueEn });

/** Everything under /admin: the operators' console, with its own session and menu. */
export function AdminApp() {
  const { t } = useTranslation();
  const menus = useOperatorStore((s) => s.menus);
  const signedIn = useOperatorStore((s) => s.token !== null);
  const pages = menus.filter((m) => m.type === MENU_TYPE.page && m.router);
  return (
    <AntdTheme>
      <QueryClientProvider client={queryClient}>
        <Routes>
          <Route
            path="login"
            element={signedIn ? <Navigate to={paths.admin} replace /> : <AdminLoginPage />}
          />
          <Route element={<AdminLayout />}>
            <Route index element={<AdminHomePage />} />
            {pages.map((page) => {
              const View = ADMIN_VIEWS[page.viewPath ?? ''];
              const path = page.router!.replace(/^\//, '');
              return (
                <Route
                  key={page.id}
                  path={path}
                  element={View ? <View /> : <AdminBuildingPage title={menuLabel(t, page.name)} />}
                />
              );
            })}
            {/* Until the menu arrives a page's route is not known yet. */}
            <Route
              path="*"
              element={pages.length ? <Navigate to={paths.admin} replace /> : <PageLoading />}
            />
          </Route>
        </Routes>
      </QueryClientProvider>
    </AntdTheme>
  );
}
