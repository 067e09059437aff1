import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMenuTree, normalizeMenuResponse } from './menu-tree.ts';

const item = (id: number, parentId: number | null, orderNum: number) => ({
  id,
  parentId,
  orderNum,
  name: `m${id}`,
});

describe('buildMenuTree', () => {
  it('nests children under their parents', () => {
    const tree = buildMenuTree([item(1, null, 0), item(2, 1, 0), item(3, 2, 0)]);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children[0]!.id).toBe(2);
    expect(tree[0]!.children[0]!.children[0]!.id).toBe(3);
    expect(tree[0]!.children[0]!.children[0]!.children).toEqual([]);
  });

  it('orders roots and children by orderNum, then id', () => {
    const tree = buildMenuTree([
      item(5, null, 2),
      item(4, null, 1),
      item(9, 4, 3),
      item(8, 4, 1),
      item(7, 4, 1),
      item(6, null, 1),
    ]);
    expect(tree.map((n) => n.id)).toEqual([4, 6, 5]);
    expect(tree[0]!.children.map((n) => n.id)).toEqual([7, 8, 9]);
  });

  it('keeps the input fields and does not mutate the input', () => {
    const input = [item(1, null, 0), item(2, 1, 0)];
    const tree = buildMenuTree(input);
    expect(tree[0]!.name).toBe('m1');
    expect(input[0]).not.toHaveProperty('children');
  });

  it('makes an item whose parent is missing a root', () => {
    const tree = buildMenuTree([item(2, 99, 1), item(1, null, 0)]);
    expect(tree.map((n) => n.id)).toEqual([1, 2]);
  });

  it('treats a self-parented item as a root and leaves out a parent cycle', () => {
    const tree = buildMenuTree([item(1, 1, 0), item(2, 3, 0), item(3, 2, 0)]);
    expect(tree.map((n) => n.id)).toEqual([1]);
    expect(tree[0]!.children).toEqual([]);
  });

  it('returns an empty tree for an empty list', () => {
    expect(buildMenuTree([])).toEqual([]);
  });
});

describe('normalizeMenuResponse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes arrays through without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const menus = [item(1, null, 0)];
    expect(normalizeMenuResponse(menus)).toBe(menus);
    expect(normalizeMenuResponse([])).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([null, undefined, 'menus', 42, { menus: [] }])('warns and returns [] for %j', (value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(normalizeMenuResponse(value, 'perms')).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toContain('perms');
  });
});
