import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode } from '@app/shared';
import { parentProducts } from '../src/db/schema.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;
let op: { token: string };
let seller: SellerFixture;
beforeAll(async () => {
  t = await buildTestApp();
  op = await createOperator(t.database.db);
  seller = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const sys = (path: string, body: unknown, token = op.token) =>
  call(t.app, 'POST', `/api/sys/goods/${path}`, { token, body });
const ok = async (path: string, body: unknown): Promise<CategoryNode[]> => {
  const res = await sys(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const find = (tree: CategoryNode[], name: string): CategoryNode | undefined => {
  for (const node of tree) {
    if (node.name === name) return node;
    const below = find(node.children, name);
    if (below) return below;
  }
  return undefined;
};

describe('the parent catalogue’s categories', () => {
  it('adds, renames, orders and moves categories as a tree', async () => {
    let tree = await ok('category-add', { name: '服装', name_en: 'Apparel' });
    const apparel = find(tree, '服装')!;
    await ok('category-add', {
      parent_id: apparel.id,
      name: 'T 恤',
      name_en: 'T-shirts',
      order_num: 2,
    });
    tree = await ok('category-add', {
      parent_id: apparel.id,
      name: '卫衣',
      name_en: 'Hoodies',
      order_num: 1,
    });
    expect(find(tree, '服装')!.children.map((c) => c.nameEn)).toEqual(['Hoodies', 'T-shirts']);

    const tees = find(tree, 'T 恤')!;
    tree = await ok('category-update', {
      id: tees.id,
      parent_id: apparel.id,
      name: '短袖 T 恤',
      name_en: 'Tees',
      order_num: 0,
    });
    expect(find(tree, '服装')!.children.map((c) => c.nameEn)).toEqual(['Tees', 'Hoodies']);
    tree = await ok('category-update', {
      ...tees,
      id: tees.id,
      parent_id: null,
      name: '短袖 T 恤',
      name_en: 'Tees',
    });
    expect(find(tree, '短袖 T 恤')!.parentId).toBeNull();
  });

  it('refuses a move under itself or its subcategories, and an unknown parent, with 422 on parent_id', async () => {
    const tree = await ok('category-add', { name: '家居', name_en: 'Home' });
    const home = find(tree, '家居')!;
    const below = find(
      await ok('category-add', { parent_id: home.id, name: '抱枕', name_en: 'Pillows' }),
      '抱枕',
    )!;
    for (const parent_id of [home.id, below.id, 999999]) {
      const res = await sys('category-update', {
        id: home.id,
        parent_id,
        name: '家居',
        name_en: 'Home',
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data.fields)).toEqual(['parent_id']);
    }
    const bad = await sys('category-add', { name: '', name_en: 'x', order_num: -1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['name', 'order_num']);
    expect((await sys('category-update', { id: 999999, name: 'x', name_en: 'x' })).status).toBe(
      404,
    );
  });

  it('refuses to delete a category with subcategories or products (409, the count named), deletes an empty one', async () => {
    const tree = await ok('category-add', { name: '配件', name_en: 'Accessories' });
    const acc = find(tree, '配件')!;
    const bags = find(
      await ok('category-add', { parent_id: acc.id, name: '包袋', name_en: 'Bags' }),
      '包袋',
    )!;
    await t.database.db
      .insert(parentProducts)
      .values({ categoryId: bags.id, title: '帆布袋', costMinor: 500 });

    const withChildren = await sys('category-delete', { id: acc.id });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.message).toContain('子分类');
    const used = await call(t.app, 'POST', '/api/sys/goods/category-delete', {
      token: op.token,
      body: { id: bags.id },
      headers: { 'accept-language': 'en' },
    });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe(
      '1 parent products and 0 finished products use this category, so it cannot be deleted',
    );

    const empty = find(await ok('category-add', { name: '空', name_en: 'Empty' }), '空')!;
    expect(find(await ok('category-delete', { id: empty.id }), '空')).toBeUndefined();
    expect((await sys('category-delete', { id: empty.id })).status).toBe(404);
  });

  it('answers seller tokens and operators without the permission 403', async () => {
    const bare = await createOperator(t.database.db, { roleIds: [] });
    for (const path of ['category-add', 'category-update', 'category-delete']) {
      expect((await sys(path, { id: 1, name: 'x', name_en: 'x' }, seller.token)).status).toBe(403);
      expect((await sys(path, { id: 1, name: 'x', name_en: 'x' }, bare.token)).status).toBe(403);
    }
  });
});
