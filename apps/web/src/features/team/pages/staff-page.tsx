import { Button, Card, Dropdown, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  permOf,
  type StaffQuery,
  type StaffStatus,
  type StaffUser,
} from '@app/shared';
import { Can, useCan } from '../../../shared/can.tsx';
import type { ViewProps } from '../../../shared/view-props.ts';
import {
  deleteStaff,
  disableStaff,
  resendInvitation,
  useAllStores,
  useGroups,
  useStaff,
  useTeamMutation,
} from '../api.ts';
import { StaffDialog } from '../components/staff-dialog.tsx';
import { confirmThen } from '../confirm.ts';
import { groupName } from '../group-name.ts';

const PAGE = '/subAccount/staff';
const STATUS_COLOURS: Record<StaffStatus, string> = {
  active: 'green',
  invited: 'blue',
  disabled: 'default',
};

/** /subAccount/staff: the seller's staff members, their roles and stores. */
export function StaffPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<StaffQuery>({ page: 1, size: 20 });
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ staff: StaffUser | null } | null>(null);
  const staff = useStaff(query);
  const groups = useGroups({ page: 1, size: 200 });
  const stores = useAllStores();
  const groupNames = new Map((groups.data?.list ?? []).map((g) => [g.id, groupName(t, g)]));
  const storeNames = new Map((stores.data?.list ?? []).map((s) => [s.id, s.alias]));
  const toggle = useTeamMutation(disableStaff);
  const remove = useTeamMutation((id: number) => deleteStaff(id));
  const resend = useTeamMutation((id: number) => resendInvitation(id));
  const askResend = (s: StaffUser) =>
    confirmThen({
      title: `${t('team.staff.resend')}: ${s.name}?`,
      okText: t('team.staff.resend'),
      cancelText: t('team.cancel'),
      danger: false,
      run: () => resend.mutateAsync(s.id),
      done: t('team.staff.resent'),
    });

  const askToggle = (s: StaffUser) => {
    const disabling = s.status !== 'disabled';
    if (!disabling) {
      confirmThen({
        title: `${t('team.staff.enable')} ${s.name}?`,
        okText: t('team.staff.enable'),
        cancelText: t('team.cancel'),
        danger: false,
        run: () => toggle.mutateAsync({ id: s.id, disabled: false }),
        done: t('team.staff.enabled'),
      });
      return;
    }
    confirmThen({
      title: t('team.staff.confirmDisable', { name: s.name }),
      okText: t('team.staff.disable'),
      cancelText: t('team.cancel'),
      run: () => toggle.mutateAsync({ id: s.id, disabled: true }),
      done: t('team.staff.disabled'),
    });
  };
  const askDelete = (s: StaffUser) =>
    confirmThen({
      title: t('team.staff.confirmDelete', { name: s.name }),
      okText: t('team.delete'),
      cancelText: t('team.cancel'),
      run: () => remove.mutateAsync(s.id),
      done: t('team.staff.deleted'),
    });

  const can = {
    resend: useCan(permOf(PAGE, 'add')),
    disable: useCan(permOf(PAGE, 'disable')),
    delete: useCan(permOf(PAGE, 'delete')),
  };
  /** The rarer actions go under "More", so the column keeps one width whatever the status. */
  const moreActions = (s: StaffUser): NonNullable<MenuProps['items']> => [
    ...(s.status === 'invited' && can.resend
      ? [{ key: 'resend', label: t('team.staff.resend'), onClick: () => askResend(s) }]
      : []),
    ...(can.disable
      ? [
          {
            key: 'toggle',
            label: t(s.status === 'disabled' ? 'team.staff.enable' : 'team.staff.disable'),
            onClick: () => askToggle(s),
          },
        ]
      : []),
    ...(can.delete
      ? [{ key: 'delete', label: t('team.delete'), danger: true, onClick: () => askDelete(s) }]
      : []),
  ];

  return (
    <Card
      className="page-card"
      variant="borderless"
      title={title}
      extra={
        <Can perm={permOf(PAGE, 'add')}>
          <Button type="primary" onClick={() => setEditing({ staff: null })}>
            {t('team.staff.add')}
          </Button>
        </Can>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<StaffStatus | 'all'>
          style={{ width: 140 }}
          value={query.status ?? 'all'}
          aria-label={t('team.staff.status')}
          onChange={(v) => setQuery({ ...query, page: 1, status: v === 'all' ? undefined : v })}
          options={(['all', 'active', 'invited', 'disabled'] as const).map((v) => ({
            value: v,
            label: t(`team.staff.statuses.${v}`),
          }))}
        />
        <Input.Search
          allowClear
          style={{ width: 320 }}
          placeholder={t('team.staff.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => setQuery({ ...query, page: 1, keyword: value.trim() || undefined })}
          enterButton={t('team.search')}
        />
      </Space>
      <Table<StaffUser>
        rowKey="id"
        loading={staff.isFetching}
        dataSource={staff.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: staff.data?.pagination.total ?? 0,
          showTotal: (total) => t('team.total', { total }),
          onChange: (page, size) => setQuery({ ...query, page, size }),
        }}
        columns={[
          { key: 'name', title: t('team.staff.name'), dataIndex: 'name' },
          {
            key: 'contact',
            title: t('team.staff.contact'),
            render: (_, s) => [s.email, s.mobile].filter(Boolean).join(' / '),
          },
          {
            key: 'groups',
            title: t('team.staff.groups'),
            render: (_, s) =>
              s.group_ids.length === 0 ? (
                <Tooltip title={t('team.staff.noRoleHint')}>
                  <Tag color="warning">{t('team.staff.noRole')}</Tag>
                </Tooltip>
              ) : (
                s.group_ids.map((id) => <Tag key={id}>{groupNames.get(id) ?? id}</Tag>)
              ),
          },
          {
            key: 'stores',
            title: t('team.staff.stores'),
            render: (_, s) =>
              s.store_ids.map((id) => <Tag key={id}>{storeNames.get(id) ?? id}</Tag>),
          },
          {
            key: 'status',
            title: t('team.staff.status'),
            render: (_, s) => (
              <Tag color={STATUS_COLOURS[s.status]}>{t(`team.staff.statuses.${s.status}`)}</Tag>
            ),
          },
          {
            key: 'lastLogin',
            title: t('team.staff.lastLogin'),
            render: (_, s) =>
              s.last_login_at === null ? t('team.staff.never') : formatTimestamp(s.last_login_at),
          },
          {
            key: 'actions',
            title: t('team.actions'),
            fixed: 'right',
            render: (_, s) => {
              const more = moreActions(s);
              return (
                <Space size={0}>
                  <Can perm={permOf(PAGE, 'update')}>
                    <Button type="link" size="small" onClick={() => setEditing({ staff: s })}>
                      {t('team.edit')}
                    </Button>
                  </Can>
                  {more.length > 0 && (
                    <Dropdown trigger={['click']} menu={{ items: more }}>
                      <Button type="link" size="small">
                        {t('team.more')} <DownOutlined />
                      </Button>
                    </Dropdown>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      <StaffDialog
        open={editing !== null}
        staff={editing?.staff ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
