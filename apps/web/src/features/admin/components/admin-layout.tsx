import { useEffect, useState } from 'react';
import { Button, Layout, Space, Typography } from 'antd';
import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';
import { LanguageSwitch } from '../../../shared/i18n/language-switch.tsx';
import { adminLoginPath, paths } from '../../../shared/paths.ts';
import { adminLogout, loadAdminMenus } from '../api/admin-session.ts';
import { AdminSideMenu } from './admin-side-menu.tsx';
import { PersonDialog } from './person-dialog.tsx';

/** The console frame: the operator's own menu, a header with language and logout, the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const token = useOperatorStore((s) => s.token);
  const username = useOperatorStore((s) => s.username);
  const hasMenu = useOperatorStore((s) => s.menuGroup.length > 0);
  const [collapsed, setCollapsed] = useState(false);
  const [profile, setProfile] = useState(false);

  useEffect(() => {
    if (token !== null) void loadAdminMenus();
  }, [token]);

  if (token === null) return <Navigate to={adminLoginPath(`${pathname}${search}`)} replace />;

  const logout = async () => {
    await adminLogout();
    navigate(paths.adminLogin, { replace: true });
  };

  return (
    <Layout className="app-shell">
      <Layout.Sider
        className="app-sider"
        width={224}
        collapsedWidth={64}
        collapsed={collapsed}
        trigger={null}
        breakpoint="lg"
        onBreakpoint={(narrow) => setCollapsed(narrow)}
        aria-label={t('admin.layout.menu')}
      >
        <Link to={paths.admin} className="app-logo">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {!collapsed && <span>{t('admin.title')}</span>}
        </Link>
        {hasMenu ? (
          <AdminSideMenu />
        ) : (
          <p className="app-sider__empty">{t('admin.layout.loadingMenu')}</p>
        )}
      </Layout.Sider>
      <Layout className="app-main">
        <header className="app-header">
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
            aria-label={collapsed ? t('admin.layout.expand') : t('admin.layout.collapse')}
          />
          <Space size="middle" className="app-header__right">
            <LanguageSwitch />
            <Button
              type="text"
              icon={<UserOutlined />}
              aria-label={t('admin.person.title')}
              onClick={() => setProfile(true)}
            >
              <Typography.Text strong>{username}</Typography.Text>
            </Button>
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              {t('admin.layout.logout')}
            </Button>
          </Space>
        </header>
        <Layout.Content className="app-content">
          <Outlet />
        </Layout.Content>
        <PersonDialog open={profile} onClose={() => setProfile(false)} />
      </Layout>
    </Layout>
  );
}
