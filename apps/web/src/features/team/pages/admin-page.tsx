import { Alert, Card, Descriptions, List, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type AccountOverview } from '@app/shared';
import { profilePath } from '../../../shared/paths.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useAccountOverview } from '../api.ts';

type Login = AccountOverview['logins'][number];

/** /subAccount/admin: the signed-in user's own account (the boss's, or a staff member's own). */
export function AdminPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const overview = useAccountOverview();
  if (overview.isError) return <Alert type="error" title={t('team.loadFailed')} />;
  const a = overview.data;
  const none = <Typography.Text type="secondary">{t('team.admin.none')}</Typography.Text>;
  const security = [
    {
      key: 'password',
      title: t('team.admin.password'),
      description: t('team.admin.passwordHint'),
      action: <Link to={profilePath('password')}>{t('team.admin.changePassword')}</Link>,
    },
    {
      key: 'mobile',
      title: t('team.admin.mobile'),
      description: a?.mobile ?? t('team.admin.none'),
      action: <Link to={profilePath('mobile')}>{t('team.admin.bindMobile')}</Link>,
    },
    // The pay password is the boss's alone: staff allowed to pay type the boss's.
    ...(a?.is_boss
      ? [
          {
            key: 'pay',
            title: t('team.admin.payPassword'),
            description: t(a.pay_password ? 'team.admin.paySet' : 'team.admin.payUnset'),
            action: <Link to={profilePath('pay')}>{t('team.admin.setPayPassword')}</Link>,
          },
        ]
      : []),
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card className="page-card" variant="borderless" title={title} loading={overview.isLoading}>
        {a && (
          <Descriptions column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('team.admin.name')}>{a.name}</Descriptions.Item>
            <Descriptions.Item label={t('team.admin.role')}>
              <Tag color={a.is_boss ? 'gold' : 'blue'}>
                {t(a.is_boss ? 'team.admin.boss' : 'team.admin.staff')}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('team.admin.email')}>{a.email ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('team.admin.mobile')}>{a.mobile ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('team.admin.seller')}>{a.seller_name}</Descriptions.Item>
            <Descriptions.Item label={t('team.admin.createdAt')}>
              {formatTimestamp(a.created_at)}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card variant="borderless" title={t('team.admin.security')} loading={overview.isLoading}>
        <List
          dataSource={security}
          renderItem={(item) => (
            <List.Item key={item.key} actions={[item.action]}>
              <List.Item.Meta title={item.title} description={item.description} />
            </List.Item>
          )}
        />
      </Card>
      <Card variant="borderless" title={t('team.admin.logins')}>
        <Table<Login>
          rowKey="id"
          size="small"
          loading={overview.isLoading}
          dataSource={a?.logins ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'time',
              title: t('team.visit.time'),
              render: (_, l) => formatTimestamp(l.created_at),
            },
            { key: 'ip', title: t('team.visit.ip'), dataIndex: 'ip' },
            {
              key: 'ua',
              title: t('team.visit.userAgent'),
              width: 360,
              ellipsis: true,
              dataIndex: 'user_agent',
            },
            {
              key: 'result',
              title: t('team.visit.result'),
              render: (_, l) => (
                <Tag color={l.success ? 'green' : 'red'}>
                  {t(l.success ? 'team.visit.success' : 'team.visit.failure')}
                </Tag>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
