/** The fields tree building needs; `MenuItem` from schemas/menu.ts has them all. */
export interface MenuTreeInput {
  id: number;
  parentId: number | null;
  orderNum: number;
}

export type MenuTreeNode<T extends MenuTreeInput> = T & { children: MenuTreeNode<T>[] };

function byOrder(a: MenuTreeInput, b: MenuTreeInput): number {
  return a.orderNum - b.orderNum || a.id - b.id;
}

/**
 * Nests a flat menu list (spec 3 "Menu item"): children ordered by orderNum, then id.
 * An item whose parent is not in the list becomes a root, so a partial list still shows;
 * items caught in a parent cycle are unreachable from any root and are left out.
 */
export function buildMenuTree<T extends MenuTreeInput>(items: readonly T[]): MenuTreeNode<T>[] {
  const nodes = new Map<number, MenuTreeNode<T>>();
  for (const item of items) nodes.set(item.id, { ...item, children: [] });

  const roots: MenuTreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }

  const sortDeep = (list: MenuTreeNode<T>[]): MenuTreeNode<T>[] => {
    list.sort(byOrder);
    for (const node of list) sortDeep(node.children);
    return list;
  };
  return sortDeep(roots);
}

/**
 * Spec 5: menu and permission responses must be arrays; anything else logs a warning
 * and is treated as empty.
 */
export function normalizeMenuResponse<T = unknown>(value: unknown, what = 'menu'): T[] {
  if (Array.isArray(value)) return value as T[];
  console.warn(
    `Invalid ${what} response: expected an array, got ${value === null ? 'null' : typeof value}`,
  );
  return [];
}
