import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { buildMenuTree, MENU_TYPE, type MenuItem, type MenuTreeNode } from '@app/shared';
import { menuLabel } from '../../../shared/i18n/menu-label.ts';
import { listAdminMenus } from '../api/admin-session.ts';

const TYPE_KEYS = {
  [MENU_TYPE.directory]: 'directory',
  [MENU_TYPE.page]: 'page',
  [MENU_TYPE.permission]: 'permission',
} as const;

type Row = Omit<MenuTreeNode<MenuItem>, 'children'> & { children?: Row[] };

/** Antd's tree table reads `children`; a leaf must not carry an empty list (it would show an expander). */
function rowsOf(nodes: readonly MenuTreeNode<MenuItem>[]): Row[] {
  return nodes.map(({ children, ...node }) =>
    children.length ? { ...node, children: rowsOf(children) } : node,
  );
}

/** /admin/sys/menu: the operators' menu tree with its routes and permissions (read-only here). */
export function AdminMenusPage() {
  const { t } = useTranslation();
  const menus = useQuery({ queryKey: ['admin', 'menus'], queryFn: listAdminMenus });
  const rows = useMemo(() => rowsOf(buildMenuTree(menus.data ?? [])), [menus.data]);
  return (
    <Card title={t('admin.menus.title')}>
      <Table<Row>
        // Mounted again once the tree arrives, so every level opens (the option is read once).
        key={rows.length}
        expandable={{ defaultExpandAllRows: true }}
        rowKey="id"
        size="middle"
        loading={menus.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('admin.menus.empty') }}
        columns={[
          { key: 'name', title: t('admin.menus.name'), render: (_, m) => menuLabel(t, m.name) },
          {
            key: 'type',
            title: t('admin.menus.type'),
            render: (_, m) => <Tag>{t(`admin.menus.types.${TYPE_KEYS[m.type]}`)}</Tag>,
          },
          { key: 'router', title: t('admin.menus.router'), dataIndex: 'router' },
          { key: 'perms', title: t('admin.menus.perms'), dataIndex: 'perms' },
          { key: 'order', title: t('admin.menus.order'), dataIndex: 'orderNum' },
          {
            key: 'shown',
            title: t('admin.menus.shown'),
            render: (_, m) => (m.isShow ? t('admin.menus.yes') : t('admin.menus.no')),
          },
        ]}
      />
    </Card>
  );
}
