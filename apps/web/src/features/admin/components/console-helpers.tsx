import { Modal } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { buildMenuTree, type Department, type MenuTreeNode } from '@app/shared';
import type { TFunction } from 'i18next';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';

/**
 * Asks before deleting and reports how it went; a refusal (a 409 such as a role still in use)
 * shows the server's message.
 */
export function confirmDelete(t: TFunction, name: string, run: () => Promise<unknown>): void {
  Modal.confirm({
    title: t('admin.console.confirmDelete', { name }),
    okText: t('admin.console.delete'),
    cancelText: t('admin.console.cancel'),
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await run();
        feedback.success(t('admin.console.deleted'));
      } catch (error) {
        reportError(error);
      }
    },
  });
}

export type DeptNode = MenuTreeNode<Department>;

/** The department tree as antd tree data (Tree and TreeSelect), keyed and valued by id. */
export function deptTreeData(nodes: readonly DeptNode[]): (DataNode & { value: number })[] {
  return nodes.map((n) => ({
    key: n.id,
    value: n.id,
    title: n.name,
    ...(n.children.length ? { children: deptTreeData(n.children) } : {}),
  }));
}

export const deptTree = (list: readonly Department[] | undefined): DeptNode[] =>
  buildMenuTree(list ?? []);

/** A department and every department below it: the operators a click on it shows. */
export function deptAndBelow(nodes: readonly DeptNode[], id: number): number[] {
  for (const node of nodes) {
    if (node.id === id) {
      const ids: number[] = [];
      const walk = (n: DeptNode) => {
        ids.push(n.id);
        n.children.forEach(walk);
      };
      walk(node);
      return ids;
    }
    const below = deptAndBelow(node.children, id);
    if (below.length) return below;
  }
  return [];
}

/** The built-in role's name is an i18n key (`sys.role.super`); the operators' own are their text. */
export const roleLabel = (t: TFunction, role: { name: string }): string =>
  role.name.startsWith('sys.role.') ? t(`admin.${role.name}` as 'admin.sys.role.super') : role.name;
