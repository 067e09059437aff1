import { count, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_PRODUCT_TOTAL_CAP } from '@app/shared';
import { createOperator, createSeller } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import type { Executor } from '../../db/client.ts';
import { categories, parentProductImages, parentProducts, parentSkus } from '../../db/schema.ts';
import { seedCatalog } from '../../seed/catalog.ts';

const BASE = 1_700_000_000;
const DAY = 86_400;
const at = (day: number) => new Date((BASE + day * DAY) * 1000);

let t: TestApp;
let token: string;
let operatorToken: string;
const ids: Record<string, number> = {};
const products: Record<string, number> = {};

async function insertCategory(
  db: Executor,
  name: string,
  nameEn: string,
  parentId: number | null,
  orderNum: number,
) {
  const [row] = await db
    .insert(categories)
    .values({ name, nameEn, parentId, orderNum })
    .returning({ id: categories.id });
  return row!.id;
}

async function insertProduct(
  db: Executor,
  key: string,
  values: {
    categoryId: number;
    title: string;
    titleEn: string;
    costMinor: number;
    day: number;
    status?: 'on' | 'off';
  },
) {
  const [row] = await db
    .insert(parentProducts)
    .values({ ...values, createdAt: at(values.day), updatedAt: at(values.day) })
    .returning({ id: parentProducts.id });
  products[key] = row!.id;
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  token = (await createSeller(db)).token;
  operatorToken = (await createOperator(db)).token;

  // Inserted out of order to show the tree follows order_num, not ids.
  const home = await insertCategory(db, '家居', 'Home', null, 1);
  const apparel = await insertCategory(db, '服装', 'Apparel', null, 0);
  const hoodies = await insertCategory(db, '卫衣', 'Hoodies', apparel, 1);
  const tees = await insertCategory(db, 'T恤', 'T-shirts', apparel, 0);
  const mugs = await insertCategory(db, '马克杯', 'Mugs', home, 0);
  Object.assign(ids, { home, apparel, hoodies, tees, mugs });

  const tee = await insertProduct(db, 'tee', {
    categoryId: tees,
    title: '纯棉T恤',
    titleEn: 'Cotton Tee',
    costMinor: 1000,
    day: 1,
  });
  await insertProduct(db, 'hoodie', {
    categoryId: hoodies,
    title: 'Classic Hoodie 卫衣',
    titleEn: 'Classic Hoodie',
    costMinor: 3000,
    day: 2,
  });
  await insertProduct(db, 'mug', {
    categoryId: mugs,
    title: '陶瓷马克杯',
    titleEn: 'Ceramic Mug',
    costMinor: 1500,
    day: 3,
  });
  await insertProduct(db, 'poster', {
    categoryId: home,
    title: 'Poster 50%_off',
    titleEn: 'Poster',
    costMinor: 500,
    day: 4,
  });
  await insertProduct(db, 'hidden', {
    categoryId: tees,
    title: '下架T恤',
    titleEn: 'Withdrawn Tee',
    costMinor: 9000,
    day: 5,
    status: 'off',
  });
  await db.insert(parentProductImages).values([
    { productId: tee, url: '/api/files/demo/tee-back.png', orderNum: 1, printAreas: [] },
    {
      productId: tee,
      url: '/api/files/demo/tee-front.png',
      orderNum: 0,
      printAreas: [{ name: 'front', x: 250, y: 200, width: 300, height: 380 }],
    },
  ]);
  await db.insert(parentSkus).values([
    { productId: tee, sku: 'T-WHT-M', color: 'White', size: 'M', costMinor: 1000, stock: 10 },
    { productId: tee, sku: 'T-BLK-L', color: 'Black', size: 'L', costMinor: 1100, stock: 0 },
    { productId: products.hidden!, sku: 'H-1', color: 'Red', size: 'S', costMinor: 9000, stock: 1 },
  ]);
});
afterAll(() => t?.close());

const list = (body: Record<string, unknown>, as = token) =>
  call(t.app, 'POST', '/api/goods-library/index', { token: as, body });
const titlesOf = (res: Awaited<ReturnType<typeof list>>) =>
  (res.body.data.list as Array<{ id: number }>).map((p) =>
    Object.keys(products).find((k) => products[k] === p.id),
  );

describe('access', () => {
  it('reads are public; favourites need a seller (401 without a token, 403 for an operator)', async () => {
    for (const [method, url] of [
      ['POST', '/api/goods-library/index'],
      ['GET', '/api/goods-library/category/tree'],
      ['GET', '/api/goods-library/search-info'],
    ] as const) {
      const res = await call(t.app, method, url, { body: method === 'POST' ? {} : undefined });
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
    for (const [method, url, body] of [
      ['POST', '/api/goods-library/coll', { id: products.tee }],
      ['GET', '/api/goods-library/get-coll-list', undefined],
      ['POST', '/api/goods-library/all-is-offten', { ids: [products.tee] }],
    ] as const) {
      expect((await call(t.app, method, url, { body })).status).toBe(401);
      const res = await call(t.app, method, url, { token: operatorToken, body });
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
    }
  });
});

describe('category tree', () => {
  it('nests children under their parents in order', async () => {
    const res = await call(t.app, 'GET', '/api/goods-library/category/tree', { token });
    expect(res.status).toBe(200);
    const shape = (nodes: Array<{ nameEn: string; children: unknown[] }>): unknown =>
      nodes.map((n) => [n.nameEn, shape(n.children as never)]);
    expect(shape(res.body.data)).toEqual([
      [
        'Apparel',
        [
          ['T-shirts', []],
          ['Hoodies', []],
        ],
      ],
      ['Home', [['Mugs', []]]],
    ]);
    expect(res.body.data[0]).toMatchObject({ id: ids.apparel, parentId: null, name: '服装' });
    expect(res.body.data[0].children[0]).toMatchObject({ id: ids.tees, parentId: ids.apparel });
  });
});

describe('parent library list', () => {
  it('shows only products switched on, newest first, with total and first image', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(titlesOf(res)).toEqual(['poster', 'mug', 'hoodie', 'tee']);
    expect(res.body.data.pagination).toEqual({
      page: 1,
      size: 20,
      total: 4,
      more: false,
      next_cursor: null,
    });
    const tee = res.body.data.list.find((p: { id: number }) => p.id === products.tee);
    expect(tee).toMatchObject({
      title: '纯棉T恤',
      costMinor: 1000,
      image: '/api/files/demo/tee-front.png',
      createTime: BASE + DAY,
    });
    expect(res.body.data.list.find((p: { id: number }) => p.id === products.mug).image).toBeNull();
  });

  it('searches title substrings in Chinese and English, case-insensitively', async () => {
    expect(titlesOf(await list({ keyword: 'T恤' }))).toEqual(['tee']);
    expect(titlesOf(await list({ keyword: '卫衣' }))).toEqual(['hoodie']);
    expect(titlesOf(await list({ keyword: 'HOOD' }))).toEqual(['hoodie']);
    expect(titlesOf(await list({ keyword: 'cotton tee' }))).toEqual(['tee']);
    expect(titlesOf(await list({ keyword: 'nothing like this' }))).toEqual([]);
  });

  it('treats % and _ in the keyword as plain characters', async () => {
    expect(titlesOf(await list({ keyword: '%_' }))).toEqual(['poster']);
    expect(titlesOf(await list({ keyword: '_' }))).toEqual(['poster']);
  });

  it('filters by category including its descendants', async () => {
    expect(titlesOf(await list({ category_id: ids.apparel }))).toEqual(['hoodie', 'tee']);
    expect(titlesOf(await list({ category_id: ids.tees }))).toEqual(['tee']);
    expect(titlesOf(await list({ category_id: ids.home }))).toEqual(['poster', 'mug']);
    expect(titlesOf(await list({ category_id: 999_999 }))).toEqual([]);
  });

  it('offers the design tool only products with a print area', async () => {
    expect(titlesOf(await list({ designable: true }))).toEqual(['tee']);
    expect(titlesOf(await list({ designable: true, category_id: ids.home }))).toEqual([]);
  });

  it('filters by cost range and creation date range (both ends included)', async () => {
    expect(titlesOf(await list({ min_cost: 1000, max_cost: 1500 }))).toEqual(['mug', 'tee']);
    expect(titlesOf(await list({ min_cost: 2000 }))).toEqual(['hoodie']);
    expect(titlesOf(await list({ start_time: BASE + 2 * DAY, end_time: BASE + 3 * DAY }))).toEqual([
      'mug',
      'hoodie',
    ]);
    expect(titlesOf(await list({ end_time: BASE + DAY }))).toEqual(['tee']);
    expect(
      titlesOf(await list({ keyword: 'Hoodie', category_id: ids.apparel, max_cost: 2999 })),
    ).toEqual([]);
  });

  it('sorts by cost, title and date both ways', async () => {
    expect(titlesOf(await list({ sort: 'cost', order: 'asc' }))).toEqual([
      'poster',
      'tee',
      'mug',
      'hoodie',
    ]);
    expect(titlesOf(await list({ sort: 'cost', order: 'desc' }))).toEqual([
      'hoodie',
      'mug',
      'tee',
      'poster',
    ]);
    expect(titlesOf(await list({ sort: 'created_at', order: 'asc' }))).toEqual([
      'tee',
      'hoodie',
      'mug',
      'poster',
    ]);
    const asc = titlesOf(await list({ sort: 'title', order: 'asc' }));
    const desc = titlesOf(await list({ sort: 'title', order: 'desc' }));
    expect(asc.slice(0, 2)).toEqual(['hoodie', 'poster']);
    expect(desc).toEqual([...asc].reverse());
  });

  it('pages with a total', async () => {
    const first = await list({ size: 3, page: 1, sort: 'cost', order: 'asc' });
    const second = await list({ size: 3, page: 2, sort: 'cost', order: 'asc' });
    expect(titlesOf(first)).toEqual(['poster', 'tee', 'mug']);
    expect(titlesOf(second)).toEqual(['hoodie']);
    expect(second.body.data.pagination).toEqual({
      page: 2,
      size: 3,
      total: 4,
      more: false,
      next_cursor: null,
    });
    expect(titlesOf(await list({ size: 3, page: 3 }))).toEqual([]);
  });

  it('pages by cursor through every row once, in both orders of every sort', async () => {
    for (const sort of ['created_at', 'cost', 'title'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const all = titlesOf(await list({ sort, order, size: 100 }));
        let res = await list({ sort, order, size: 1 });
        const walked = titlesOf(res);
        while (res.body.data.pagination.next_cursor) {
          // With a cursor, `page` is ignored.
          const cursor = res.body.data.pagination.next_cursor as string;
          res = await list({ sort, order, size: 1, page: 3, cursor });
          walked.push(...titlesOf(res));
        }
        expect({ sort, order, walked }).toEqual({ sort, order, walked: all });
      }
    }
  });

  it('refuses a cursor it did not make, or made for another ordering, with 422 on cursor', async () => {
    const first = await list({ size: 1, sort: 'cost', order: 'asc' });
    const cursor = first.body.data.pagination.next_cursor as string;
    for (const body of [
      { cursor: 'not-a-cursor' },
      {
        cursor: Buffer.from('{"s":"cost","o":"asc","k":"1;drop","i":1}').toString('base64url'),
        sort: 'cost',
        order: 'asc',
      },
      { cursor, sort: 'cost', order: 'desc' },
      { cursor, sort: 'title', order: 'asc' },
    ]) {
      const res = await list(body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data.fields)).toEqual(['cursor']);
    }
  });

  it('answers 422 naming each bad field', async () => {
    const res = await list({ size: 1000, sort: 'nope', order: 'up', page: 0, min_cost: -1 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual([
      'min_cost',
      'order',
      'page',
      'size',
      'sort',
    ]);
    const ranges = await list({ min_cost: 5, max_cost: 1, start_time: 10, end_time: 5 });
    expect(ranges.status).toBe(422);
    expect(Object.keys(ranges.body.data.fields).sort()).toEqual(['min_cost', 'start_time']);
  });
});

describe('product detail and SKUs', () => {
  it('shows a product with its category path, images in order, print areas and SKUs', async () => {
    const res = await call(t.app, 'GET', '/api/goods-library/show', {
      token,
      query: { id: String(products.tee) },
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: products.tee,
      title: '纯棉T恤',
      categoryId: ids.tees,
      attributes: {},
    });
    expect(d.categoryPath.map((c: { nameEn: string }) => c.nameEn)).toEqual([
      'Apparel',
      'T-shirts',
    ]);
    expect(d.images.map((i: { url: string }) => i.url)).toEqual([
      '/api/files/demo/tee-front.png',
      '/api/files/demo/tee-back.png',
    ]);
    expect(d.images[0].printAreas).toEqual([
      { name: 'front', x: 250, y: 200, width: 300, height: 380 },
    ]);
    expect(d.skus.map((s: { sku: string }) => s.sku)).toEqual(['T-WHT-M', 'T-BLK-L']);
  });

  it('lists SKUs', async () => {
    const res = await call(t.app, 'POST', '/api/goods-library/sku-list', {
      token,
      body: { id: products.tee },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        sku: 'T-WHT-M',
        color: 'White',
        size: 'M',
        costMinor: 1000,
        stock: 10,
        status: 'on',
      }),
      expect.objectContaining({
        sku: 'T-BLK-L',
        color: 'Black',
        size: 'L',
        costMinor: 1100,
        stock: 0,
      }),
    ]);
  });

  it('404 for an unknown or switched-off product, 422 for a bad id', async () => {
    for (const id of [999_999, products.hidden!]) {
      const show = await call(t.app, 'GET', '/api/goods-library/show', {
        token,
        query: { id: String(id) },
      });
      expect(show.status).toBe(404);
      const skus = await call(t.app, 'POST', '/api/goods-library/sku-list', {
        token,
        body: { id },
      });
      expect(skus.status).toBe(404);
    }
    const bad = await call(t.app, 'GET', '/api/goods-library/show', { token, query: { id: 'x' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['id']);
  });
});

describe('favourites', () => {
  it('favourites idempotently, lists newest first, says which are favourites, and forgets', async () => {
    const coll = (id: number, on = true, as = token) =>
      call(t.app, 'POST', '/api/goods-library/coll', { token: as, body: { id, coll: on } });
    expect((await coll(products.tee!)).body.data).toEqual({ id: products.tee, coll: true });
    expect((await coll(products.tee!)).status).toBe(200);
    expect((await coll(products.mug!)).status).toBe(200);
    expect((await coll(products.hidden!)).status).toBe(404);
    expect((await coll(999_999)).status).toBe(404);

    const favs = await call(t.app, 'GET', '/api/goods-library/get-coll-list', { token });
    expect(favs.status).toBe(200);
    expect(titlesOf(favs)).toEqual(['mug', 'tee']);
    expect(favs.body.data.pagination).toMatchObject({ total: 2, more: false, next_cursor: null });
    const search = await call(t.app, 'GET', '/api/goods-library/get-coll-list', {
      token,
      query: { keyword: 'mug' },
    });
    expect(titlesOf(search)).toEqual(['mug']);

    const which = await call(t.app, 'POST', '/api/goods-library/all-is-offten', {
      token,
      body: { ids: [products.poster, products.tee, products.mug] },
    });
    expect(which.body.data.ids).toEqual([products.tee, products.mug]);

    // Another seller's favourites are their own.
    const other = await createSeller(t.database.db);
    const none = await call(t.app, 'GET', '/api/goods-library/get-coll-list', {
      token: other.token,
    });
    expect(none.body.data.list).toEqual([]);

    expect((await coll(products.tee!, false)).body.data).toEqual({ id: products.tee, coll: false });
    expect((await coll(products.tee!, false)).status).toBe(200);
    const after = await call(t.app, 'GET', '/api/goods-library/get-coll-list', { token });
    expect(titlesOf(after)).toEqual(['mug']);
  });

  it('answers 422 naming bad fields', async () => {
    const res = await call(t.app, 'POST', '/api/goods-library/coll', {
      token,
      body: { id: 'x', coll: 'maybe' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['coll', 'id']);
  });
});

describe('search info', () => {
  it('offers the category tree and the cost range of visible products', async () => {
    const res = await call(t.app, 'GET', '/api/goods-library/search-info', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.cost).toEqual({ min: 500, max: 3000 });
    expect(res.body.data.categories).toHaveLength(2);
    expect(res.body.data.sorts).toEqual(['created_at', 'cost', 'title']);
  });
});

describe('demo catalogue seed', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await buildTestApp();
  });
  afterAll(() => seeded?.close());

  it('fills an empty catalogue once, with 2–8 SKUs per product', async () => {
    const db = seeded.database.db;
    expect(await seedCatalog(db)).toBe(true);
    expect(await seedCatalog(db)).toBe(false);
    const [roots] = await db
      .select({ n: count() })
      .from(categories)
      .where(isNull(categories.parentId));
    const [leaves] = await db
      .select({ n: count() })
      .from(categories)
      .where(isNotNull(categories.parentId));
    expect(roots!.n).toBeGreaterThanOrEqual(2);
    expect(leaves!.n).toBeGreaterThanOrEqual(8);
    const perProduct = await db
      .select({ n: count() })
      .from(parentSkus)
      .groupBy(parentSkus.productId);
    const [productCount] = await db.select({ n: count() }).from(parentProducts);
    expect(productCount!.n).toBeGreaterThanOrEqual(40);
    expect(perProduct).toHaveLength(productCount!.n);
    // 2–6 each, but the simulators' Classic Tee: White and Black in every size (8).
    for (const { n } of perProduct) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(8);
    }

    const seller = await createSeller(db);
    const page = await call(seeded.app, 'POST', '/api/goods-library/index', {
      token: seller.token,
      body: { keyword: 'T恤', size: 100 },
    });
    expect(page.body.data.pagination.total).toBeGreaterThanOrEqual(5);
    expect(page.body.data.pagination.total).toBeLessThan(PARENT_PRODUCT_TOTAL_CAP);
    const detail = await call(seeded.app, 'GET', '/api/goods-library/show', {
      token: seller.token,
      query: { id: String(page.body.data.list[0].id) },
    });
    expect(detail.body.data.images[0].url).toMatch(/^\/api\/files\/demo\/.+\.png$/);
    expect(detail.body.data.images[0].printAreas.length).toBeGreaterThan(0);
    // Attributes and colours come in both languages; the web shows the reader's.
    const tee = detail.body.data;
    expect(tee.attributes).toMatchObject({ 材质: '100% 纯棉' });
    expect(tee.attributesEn).toMatchObject({ Material: '100% cotton' });
    const colours = new Map(tee.skus.map((s: any) => [s.color, s.colorZh]));
    expect(colours.get('White') ?? colours.get('Black')).toMatch(/^(白色|黑色)$/);
  });
});
