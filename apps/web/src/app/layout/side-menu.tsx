import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MENU_TYPE } from '@app/shared';
import { useAuthStore, type MenuNode } from '../../shared/auth/auth-store.ts';
import { menuLabel } from '../../shared/i18n/menu-label.ts';
import { routeKey } from '../shell-routes.ts';
import { menuIcon } from './menu-icons.tsx';

type Item = NonNullable<MenuProps['items']>[number];

interface SideMenuModel {
  items: Item[];
  /** Route key → the page's menu key (its path as the server spelled it). */
  keys: Map<string, string>;
  /** Route key → the directory keys above it, to open the right groups. */
  parents: Map<string, string[]>;
}

function buildModel(nodes: readonly MenuNode[], t: TFunction): SideMenuModel {
  const keys = new Map<string, string>();
  const parents = new Map<string, string[]>();
  const walk = (list: readonly MenuNode[], trail: string[]): Item[] =>
    list.flatMap((node): Item[] => {
      if (!node.isShow || node.type === MENU_TYPE.permission) return [];
      const label = menuLabel(t, node.name);
      if (node.type === MENU_TYPE.directory) {
        const key = `dir:${node.id}`;
        const children = walk(node.children, [...trail, key]);
        return children.length ? [{ key, icon: menuIcon(node.icon), label, children }] : [];
      }
      if (!node.router) return [];
      const key = node.router.startsWith('/') ? node.router : `/${node.router}`;
      keys.set(routeKey(key), key);
      parents.set(routeKey(key), trail);
      return [{ key, icon: menuIcon(node.icon), label, title: label }];
    });
  return { items: walk(nodes, []), keys, parents };
}

/** Sidebar from the server menu tree: directories and visible pages, permissions left out. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menuGroup = useAuthStore((s) => s.menuGroup);
  const { items, keys, parents } = useMemo(() => buildModel(menuGroup, t), [menuGroup, t]);
  const current = routeKey(pathname);
  const selected = keys.get(current);

  const [openKeys, setOpenKeys] = useState<string[]>(() => parents.get(current) ?? []);
  const [openedFor, setOpenedFor] = useState(current);
  if (openedFor !== current) {
    // Arriving at a page inside a closed group opens that group, keeping others as they were.
    setOpenedFor(current);
    const needed = parents.get(current) ?? [];
    if (needed.some((k) => !openKeys.includes(k)))
      setOpenKeys([...new Set([...openKeys, ...needed])]);
  }

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        if (key.startsWith('/')) navigate(key);
      }}
    />
  );
}
