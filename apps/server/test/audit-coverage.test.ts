import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, listings, parentProducts, parentSkus } from '../src/db/schema.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { storeFor } from './order-fixtures.ts';

let t: TestApp;
let boss: SellerFixture;
let other: SellerFixture;
let parentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  boss = await createSeller(db);
  other = await createSeller(db);
  const [cat] = await db
    .insert(categories)
    .values({ name: '杯子', nameEn: 'Mugs' })
    .returning({ id: categories.id });
  const [parent] = await db
    .insert(parentProducts)
    .values({ categoryId: cat!.id, title: '马克杯', titleEn: 'Mug', costMinor: 1500 })
    .returning({ id: parentProducts.id });
  parentId = parent!.id;
  await db
    .insert(parentSkus)
    .values({ productId: parentId, sku: 'AUD-MUG', color: 'White', size: '11oz', costMinor: 1500 });
});
afterAll(() => t?.close());

const post = (url: string, token: string, body: unknown) =>
  call(t.app, 'POST', url, { token, body });
const history = (object: string, id: number, token = boss.token) =>
  call(t.app, 'GET', '/api/audit/history', { token, query: { object, id: String(id) } });
const actions = (res: Awaited<ReturnType<typeof history>>) =>
  (res.body.data.list as Array<{ action: string }>).map((e) => e.action);

describe('audit coverage', () => {
  it('records a finished product’s creation, edits and deletion', async () => {
    const created = await post('/api/goods/goods-save', boss.token, {
      parent_product_id: parentId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const renamed = await post('/api/goods/goods-title-save', boss.token, {
      id,
      title: 'Audited mug',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const res = await history('goods', id);
    expect(actions(res)).toEqual(['update', 'create']);
    expect(res.body.data.list[0].changes.title.after).toBe('Audited mug');

    expect((await post('/api/goods/delete', boss.token, { id })).status).toBe(200);
    expect(actions(await history('goods', id))).toEqual(['delete', 'update', 'create']);
    // Another seller reads nothing of it; staff cannot read the log at all.
    expect((await history('goods', id, other.token)).body.data.list).toEqual([]);
    const staff = await createSeller(t.database.db, { sellerId: boss.sellerId });
    expect((await history('goods', id, staff.token)).status).toBe(403);
  });

  it('records a merge on the product kept and on each taken in, and sharing either way', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const created = await post('/api/goods/goods-save', boss.token, {
        parent_product_id: parentId,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      ids.push(created.body.data.id as number);
    }
    const [kept, ...taken] = ids as [number, number, number];
    const merged = await post('/api/goods/goods-merge', boss.token, { ids });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const keptLog = await history('goods', kept);
    expect(actions(keptLog)).toEqual(['update', 'create']);
    expect(keptLog.body.data.list[0].changes).toMatchObject({
      source: { after: 'merge' },
      mergedIds: { before: null, after: taken },
    });
    for (const id of taken)
      expect(actions(await history('goods', id))).toEqual(['delete', 'create']);

    const shared = await post('/api/goods/join-platfrom', boss.token, { ids: [kept] });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const withdrawn = await post('/api/goods/join-platfrom', boss.token, {
      ids: [kept],
      shared: false,
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const log = (await history('goods', kept)).body.data.list;
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'update',
      'update',
      'update',
      'create',
    ]);
    expect(log[1].changes.sharedAt).toMatchObject({ before: null, after: expect.any(Number) });
    expect(log[0].changes.sharedAt).toMatchObject({ before: expect.any(Number), after: null });
    // Another seller's merge of these ids finds nothing of theirs and records nothing.
    expect((await post('/api/goods/goods-merge', other.token, { ids })).status).toBe(404);
    expect((await history('goods', kept)).body.data.list).toHaveLength(4);
  });

  it('records a listing copy and the staff assigned to a store', async () => {
    const storeId = await storeFor(t.database.db, boss.sellerId);
    const [listing] = await t.database.db
      .insert(listings)
      .values({
        sellerId: boss.sellerId,
        storeId,
        siteId: 1,
        currency: 'USD',
        title: 'Original',
        parentSku: 'AUD-1',
      })
      .returning({ id: listings.id });
    const copy = await post('/api/publish/copy', boss.token, { id: listing!.id });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const copied = await history('listing', copy.body.data.id);
    expect(copied.body.data.list[0]).toMatchObject({ action: 'create' });
    expect(copied.body.data.list[0].changes.title.after).toBe('Original');

    const staff = await createSeller(t.database.db, { sellerId: boss.sellerId });
    const set = await post('/api/market/set-staff', boss.token, {
      id: storeId,
      staff_ids: [staff.userId],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const store = await history('store', storeId);
    expect(store.body.data.list[0].changes).toEqual({
      staff_ids: { before: [], after: [staff.userId] },
    });
    expect(
      (await post('/api/market/set-staff', other.token, { id: storeId, staff_ids: [] })).status,
    ).toBe(404);
  });
});
