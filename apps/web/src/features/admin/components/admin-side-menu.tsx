import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MENU_TYPE } from '@app/shared';
import type { MenuNode } from '../../../shared/auth/auth-store.ts';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';
import { menuLabel } from '../../../shared/i18n/menu-label.ts';
import { adminPathOf } from '../admin-views.ts';

type Item = NonNullable<MenuProps['items']>[number];

function itemsOf(nodes: readonly MenuNode[], t: TFunction): Item[] {
  return nodes.flatMap((node): Item[] => {
    if (!node.isShow || node.type === MENU_TYPE.permission) return [];
    const label = menuLabel(t, node.name);
    if (node.type === MENU_TYPE.directory) {
      const children = itemsOf(node.children, t);
      return children.length ? [{ key: `dir:${node.id}`, label, children }] : [];
    }
    return node.router ? [{ key: adminPathOf(node.router), label, title: label }] : [];
  });
}

/** The operator's menu from get-menu, every page under /admin. */
export function AdminSideMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menuGroup = useOperatorStore((s) => s.menuGroup);
  const items = useMemo(() => itemsOf(menuGroup, t), [menuGroup, t]);
  const open = useMemo(
    () => menuGroup.filter((n) => n.type === MENU_TYPE.directory).map((n) => `dir:${n.id}`),
    [menuGroup],
  );
  return (
    <Menu
      // defaultOpenKeys counts only at mount: the menu mounts before get-menu answers, so it
      // mounts again once the directories are known, all open.
      key={open.join()}
      mode="inline"
      theme="dark"
      items={items}
      defaultOpenKeys={open}
      selectedKeys={[pathname]}
      onClick={({ key }) => {
        if (key.startsWith('/')) navigate(key);
      }}
    />
  );
}
