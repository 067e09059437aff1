import { useMemo, type ReactNode } from 'react';
import { Alert, Card, Col, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import {
  ArrowRightOutlined,
  CheckCircleFilled,
  ExclamationCircleFilled,
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  LinkOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTimestamp, MENU_TYPE, permOf } from '@app/shared';
import { paths, profilePath, type ProfileSection } from '../../../shared/paths.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { useCan } from '../../../shared/can.tsx';
import { FINANCE_INFO_PERM, useFinanceInfo } from '../../../shared/payments/finance-info.ts';
import { useLevelName } from '../../../shared/auth/level-name.ts';
import { menuLabel } from '../../../shared/i18n/menu-label.ts';
import { useBindingState } from '../../../shared/session/get-binding-state.ts';
import { LatestNotifications } from '../../notifications/index.ts';
import { TodayPanel } from '../../statistics/index.ts';

const MAX_SHORTCUTS = 8;
const PER_GROUP = 2;

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** The seller's money at a glance (HomePage leaves it out for staff who may not see it). */
function BalanceCard() {
  const { t } = useTranslation();
  const canRecharge = useCan(permOf('/my/recharge', 'add'));
  const info = useFinanceInfo();
  return (
    <Card
      title={t('home.balance.title')}
      className="home-balance"
      extra={
        canRecharge ? <Link to={paths.recharge}>{t('home.balance.recharge')}</Link> : undefined
      }
    >
      {info.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : info.isError ? (
        <Alert type="warning" showIcon title={t('home.balance.loadFailed')} />
      ) : (
        <div className="home-balance__body">
          <WalletOutlined className="home-balance__icon" />
          <div>
            <Typography.Text strong className="home-balance__amount">
              ¥{formatMinor(info.data.balance_minor)}
            </Typography.Text>
            <Typography.Paragraph type="secondary" className="home-balance__note">
              {t('home.balance.frozen', { amount: formatMinor(info.data.frozen_minor) })}
            </Typography.Paragraph>
          </div>
        </div>
      )}
    </Card>
  );
}

/**
 * /home/index: who is signed in, today's figures and what waits (each linking to its list), the
 * balance, the latest notifications, shortcuts and the account's security state.
 */
export function HomePage(_props: ViewProps) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.userInfo);
  const levelName = useLevelName();
  const menuGroup = useAuthStore((s) => s.menuGroup);
  const binding = useBindingState();
  const seesBalance = useCan(FINANCE_INFO_PERM);
  const finance = useFinanceInfo();

  // The first pages of each menu group, so the shortcuts span the main areas.
  const shortcuts = useMemo(
    () =>
      menuGroup
        .filter((group) => group.type === MENU_TYPE.directory && group.isShow)
        .flatMap((group) =>
          group.children
            .filter(
              (m) => m.type === MENU_TYPE.page && m.isShow && m.router && m.router !== paths.logout,
            )
            .slice(0, PER_GROUP)
            .map((page) => ({
              id: page.id,
              name: page.name,
              router: page.router!,
              group: group.name,
            })),
        )
        .slice(0, MAX_SHORTCUTS),
    [menuGroup],
  );

  // `section`: where the profile page fixes it; e-mail and linked accounts have no self-service yet.
  const security: {
    section: ProfileSection | null;
    icon: ReactNode;
    label: string;
    ok: boolean | undefined;
    on: string;
    off: string;
  }[] = [
    {
      section: 'mobile',
      icon: <MobileOutlined />,
      label: t('home.security.mobile'),
      ok: binding.data?.mobile,
      on: t('home.security.bound'),
      off: t('home.security.unbound'),
    },
    {
      section: null,
      icon: <MailOutlined />,
      label: t('home.security.email'),
      ok: binding.data?.email,
      on: t('home.security.bound'),
      off: t('home.security.unbound'),
    },
    // The pay password is the boss's; staff never set or use it.
    ...(user?.is_boss
      ? [
          {
            section: 'pay' as const,
            icon: <LockOutlined />,
            label: t('home.security.payPassword'),
            ok: binding.data?.pay_password,
            on: t('home.security.set'),
            off: t('home.security.notSet'),
          },
        ]
      : []),
    {
      section: null,
      icon: <LinkOutlined />,
      label: t('home.security.external'),
      ok: binding.data?.external,
      on: t('home.security.linked'),
      off: t('home.security.notLinked'),
    },
  ];

  return (
    <div className="home-page">
      <Card className="home-welcome" variant="borderless">
        <div className="home-welcome__text">
          <Typography.Title level={3}>
            {t('home.welcome', {
              greeting: t(`home.greeting.${greetingKey(new Date().getHours())}`),
              name: user?.name ?? '',
            })}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
        </div>
        <div className="home-welcome__meta">
          <span>
            {t('home.level')}: <Tag color="gold">{levelName || '—'}</Tag>
          </span>
          {user?.created_at ? (
            <Typography.Text type="secondary">
              {t('home.memberSince', { date: formatTimestamp(user.created_at, false) })}
            </Typography.Text>
          ) : null}
        </div>
      </Card>

      <TodayPanel balanceMinor={seesBalance ? (finance.data?.balance_minor ?? null) : null} />

      <Row gutter={[16, 16]}>
        {seesBalance && (
          <Col xs={24} lg={8}>
            <BalanceCard />
          </Col>
        )}
        <Col xs={24} lg={seesBalance ? 16 : 24}>
          <Card title={t('home.security.title')}>
            {binding.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} title={false} />
            ) : binding.isError ? (
              <Alert type="warning" showIcon message={t('home.security.loadFailed')} />
            ) : (
              <div className="security-grid">
                {security.map((item) => (
                  <div key={item.label} className="security-item">
                    <span className="security-item__icon">{item.icon}</span>
                    <span className="security-item__label">{item.label}</span>
                    {item.ok ? (
                      <span className="security-item__ok">
                        <CheckCircleFilled /> {item.on}
                      </span>
                    ) : (
                      <span className="security-item__warn">
                        <ExclamationCircleFilled /> {item.off}
                        {item.section && (
                          <>
                            {' '}
                            <Link to={profilePath(item.section)}>{t('home.security.manage')}</Link>
                          </>
                        )}
                      </span>
                    )}
                  </div>
                ))}
              </div>
            )}
          </Card>
        </Col>
      </Row>

      <LatestNotifications
        title={t('statistics.home.notifications')}
        empty={t('statistics.home.noNotifications')}
      />

      <Card title={t('home.shortcuts.title')} className="home-shortcuts">
        {shortcuts.length === 0 ? (
          <Empty description={t('home.shortcuts.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <div className="shortcut-grid">
            {shortcuts.map((page) => (
              <Link key={page.id} to={page.router} className="shortcut">
                <span className="shortcut__group">{menuLabel(t, page.group)}</span>
                <span className="shortcut__label">
                  {menuLabel(t, page.name)} <ArrowRightOutlined />
                </span>
              </Link>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
