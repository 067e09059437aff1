import { Avatar, Card, Tabs, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmailNotificationsSwitch } from '../../notifications/index.ts';
import type { ProfileSection } from '../../../shared/paths.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { useLevelName } from '../../../shared/auth/level-name.ts';
import { EmailForm } from '../components/email-form.tsx';
import { MobileForm } from '../components/mobile-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { PayPasswordForm } from '../components/pay-password-form.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

const SECTIONS: readonly ProfileSection[] = [
  'profile',
  'email',
  'mobile',
  'password',
  'pay',
  'notifications',
];

function isSection(value: string | null): value is ProfileSection {
  return value !== null && (SECTIONS as readonly string[]).includes(value);
}

/**
 * /my/newInfo: profile, e-mail (change and verification), mobile binding, login password, notification e-mails and pay password;
 * the section is in `?tab=`.
 */
export function NewInfoPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.userInfo);
  const levelName = useLevelName();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  // The pay password is the boss's: staff neither set nor use it (the server refuses them too).
  const isBoss = user?.is_boss ?? false;
  const active: ProfileSection = isSection(tab) && (tab !== 'pay' || isBoss) ? tab : 'profile';

  return (
    <Card className="page-card profile-page" variant="borderless">
      <div className="profile-head">
        <Avatar size={56} className="profile-head__avatar">
          {user?.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <h2 className="profile-head__name">{user?.name ?? title}</h2>
          <Tag color="gold">{levelName}</Tag>
          {user?.email && <span className="muted">{user.email}</span>}
        </div>
      </div>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'profile', label: t('my.tabs.profile'), children: <ProfileForm /> },
          { key: 'email', label: t('my.tabs.email'), children: <EmailForm /> },
          { key: 'mobile', label: t('my.tabs.mobile'), children: <MobileForm /> },
          { key: 'password', label: t('my.tabs.password'), children: <PasswordForm /> },
          {
            key: 'notifications',
            label: t('notifications.settings.tab'),
            children: <EmailNotificationsSwitch />,
          },
          ...(isBoss
            ? [{ key: 'pay', label: t('my.tabs.pay'), children: <PayPasswordForm /> }]
            : []),
        ]}
      />
    </Card>
  );
}
