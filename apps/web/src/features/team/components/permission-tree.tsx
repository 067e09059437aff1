import { Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionTree } from '@app/shared';

/** `perm.list` → the action's name; menus are named by their i18n keys. */
function useTreeData(tree: PermissionTree, permLabel?: (name: string) => string): DataNode[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      tree.map((menu) => ({
        key: `menu-${menu.id}`,
        title: t(menu.name as never),
        children: menu.pages.map((page) => ({
          key: `page-${page.id}`,
          title: t(page.name as never),
          children: page.perms.map((p) => ({
            key: p.perm,
            title:
              permLabel?.(p.name) ??
              t(`team.perms.${p.name.replace(/^perm\./, '')}` as never, {
                defaultValue: p.name.replace(/^perm\./, ''),
              }),
          })),
        })),
      })),
    [tree, t, permLabel],
  );
}

/**
 * The group editor's check boxes: menu → page → permission. Checking a menu or a page checks
 * everything under it ("all of this menu"); only the leaves (permission strings) are the value.
 */
export function PermissionTreeField({
  tree,
  value = [],
  onChange,
  disabled,
  permLabel,
}: {
  tree: PermissionTree;
  value?: string[];
  onChange?: (perms: string[]) => void;
  disabled?: boolean;
  /** The console names its permissions from its own catalogue (`perm.add`). */
  permLabel?: (name: string) => string;
}) {
  const treeData = useTreeData(tree, permLabel);
  const leaves = useMemo(
    () => new Set(tree.flatMap((m) => m.pages.flatMap((p) => p.perms.map((x) => x.perm)))),
    [tree],
  );
  // Not virtual: about 150 rows render at once without trouble, and every row stays findable.
  return (
    <div style={{ maxHeight: 360, overflow: 'auto' }}>
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        defaultExpandAll
        virtual={false}
        treeData={treeData}
        checkedKeys={value}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          onChange?.(keys.map(String).filter((k) => leaves.has(k)));
        }}
      />
    </div>
  );
}
