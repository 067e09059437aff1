import { Avatar, Button, Dropdown, Space, Tag } from 'antd';
import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useLevelName } from '../../shared/auth/level-name.ts';
import { NotificationBell } from '../../features/notifications/index.ts';
import { LanguageSwitch } from '../../shared/i18n/language-switch.tsx';
import { saveLanguage } from '../../shared/session/save-language.ts';
import { reportError } from '../../api/form-errors.ts';
import { paths } from '../../shared/paths.ts';

export function HeaderBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collapse = useAuthStore((s) => s.collapse);
  const setCollapse = useAuthStore((s) => s.setCollapse);
  const menuShow = useAuthStore((s) => s.menuShow);
  const user = useAuthStore((s) => s.userInfo);
  const levelName = useLevelName();

  return (
    <header className="app-header">
      {menuShow ? (
        <Button
          type="text"
          icon={collapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapse(!collapse)}
          aria-label={collapse ? t('layout.expand') : t('layout.collapse')}
          title={collapse ? t('layout.expand') : t('layout.collapse')}
        />
      ) : (
        <span />
      )}
      <Space size="middle" className="app-header__right">
        <NotificationBell />
        <LanguageSwitch onChosen={(lng) => void saveLanguage(lng).catch(reportError)} />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: paths.profile, icon: <UserOutlined />, label: t('layout.profile') },
              { type: 'divider' },
              {
                key: paths.logout,
                icon: <LogoutOutlined />,
                label: t('layout.logout'),
                danger: true,
              },
            ],
            onClick: ({ key }) => navigate(key),
          }}
        >
          <button type="button" className="app-user">
            <Avatar size={30} className="app-user__avatar">
              {user?.name.slice(0, 1).toUpperCase() ?? <UserOutlined />}
            </Avatar>
            <span className="app-user__name">{user?.name}</span>
            {levelName && (
              <Tag color="gold" className="app-user__level">
                {levelName}
              </Tag>
            )}
          </button>
        </Dropdown>
      </Space>
    </header>
  );
}
