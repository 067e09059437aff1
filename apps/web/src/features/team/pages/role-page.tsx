import { Button, Card, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, permOf, type Group, type GroupQuery } from '@app/shared';
import { Can } from '../../../shared/can.tsx';
import type { ViewProps } from '../../../shared/view-props.ts';
import { deleteGroup, useGroups, useTeamMutation } from '../api.ts';
import { GroupDialog } from '../components/group-dialog.tsx';
import { confirmThen } from '../confirm.ts';
import { groupName } from '../group-name.ts';

const PAGE = '/subAccount/role';

/** /subAccount/role: the groups (roles) staff get their permissions from. */
export function RolePage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<GroupQuery>({ page: 1, size: 20 });
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ group: Group | null } | null>(null);
  const groups = useGroups(query);
  const remove = useTeamMutation((id: number) => deleteGroup(id));

  const askDelete = (group: Group) =>
    confirmThen({
      title: t('team.role.confirmDelete', { name: groupName(t, group) }),
      okText: t('team.delete'),
      cancelText: t('team.cancel'),
      run: () => remove.mutateAsync(group.id),
      done: t('team.role.deleted'),
    });

  return (
    <Card
      className="page-card"
      variant="borderless"
      title={title}
      extra={
        <Can perm={permOf(PAGE, 'add')}>
          <Button type="primary" onClick={() => setEditing({ group: null })}>
            {t('team.role.add')}
          </Button>
        </Can>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('team.role.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => setQuery({ ...query, page: 1, keyword: value.trim() || undefined })}
          enterButton={t('team.search')}
        />
      </Space>
      <Table<Group>
        rowKey="id"
        loading={groups.isFetching}
        dataSource={groups.data?.list ?? []}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: groups.data?.pagination.total ?? 0,
          showTotal: (total) => t('team.total', { total }),
          onChange: (page, size) => setQuery({ ...query, page, size }),
        }}
        columns={[
          {
            key: 'name',
            title: t('team.role.name'),
            render: (_, g) => (
              <Space>
                {groupName(t, g)}
                {g.built_in && <Tag>{t('team.builtIn')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'permissions',
            title: t('team.role.permissions'),
            render: (_, g) => t('team.role.permissionCount', { count: g.permissions.length }),
          },
          { key: 'users', title: t('team.role.users'), dataIndex: 'user_count' },
          {
            key: 'updated',
            title: t('team.role.updated'),
            render: (_, g) => formatTimestamp(g.updated_at),
          },
          {
            key: 'actions',
            title: t('team.actions'),
            render: (_, g) =>
              g.built_in ? (
                <Button type="link" onClick={() => setEditing({ group: g })}>
                  {t('team.role.view')}
                </Button>
              ) : (
                <Space size={0}>
                  <Can perm={permOf(PAGE, 'update')}>
                    <Button type="link" onClick={() => setEditing({ group: g })}>
                      {t('team.edit')}
                    </Button>
                  </Can>
                  <Can perm={permOf(PAGE, 'delete')}>
                    <Button type="link" danger onClick={() => askDelete(g)}>
                      {t('team.delete')}
                    </Button>
                  </Can>
                </Space>
              ),
          },
        ]}
      />
      <GroupDialog
        open={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
