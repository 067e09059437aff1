import { count, eq, isNull } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markupPriceMinor } from '@app/shared';
import { createOperator, createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import { solid, uploadTo } from '../../../test/media.ts';
import type { Executor } from '../../db/client.ts';
import {
  categories,
  finishedProducts,
  parentProductImages,
  parentProducts,
  parentSkus,
  relatedProducts,
} from '../../db/schema.ts';
import { seedCatalog } from '../../seed/catalog.ts';
import { seedDemo } from '../../seed/seed.ts';
import { platformObjectKey } from '../../integrations/object-storage.ts';
import { createFromParent } from './create.ts';

let t: TestApp;
let a: SellerFixture;
let b: SellerFixture;
let operatorToken: string;
const cat: Record<string, number> = {};
const parent: Record<string, number> = {};
const parentSku: Record<string, number> = {};

type Detail = {
  id: number;
  title: string;
  priceMinor: number;
  costMinor: number;
  source: string;
  shared: boolean;
  mine: boolean;
  skus: Array<{
    id: number;
    skuCode: string;
    color: string;
    size: string;
    priceMinor: number;
    costMinor: number;
    parentSkuId: number | null;
  }>;
  images: Array<{ url: string }>;
};

const post = (url: string, body: unknown, token: string | undefined = a.token) =>
  call(t.app, 'POST', url, { token, body });
const get = (url: string, query: Record<string, string>, token: string | undefined = a.token) =>
  call(t.app, 'GET', url, { token, query });

async function create(body: Record<string, unknown>, token = a.token): Promise<Detail> {
  const res = await post('/api/goods/goods-save', body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Detail;
}

async function insertParent(
  db: Executor,
  key: string,
  categoryId: number,
  title: string,
  costMinor: number,
  status: 'on' | 'off' = 'on',
) {
  const [row] = await db
    .insert(parentProducts)
    .values({ categoryId, title, titleEn: title, costMinor, status })
    .returning({ id: parentProducts.id });
  parent[key] = row!.id;
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  a = await createSeller(db);
  b = await createSeller(db);
  operatorToken = (await createOperator(db)).token;

  const [apparel] = await db
    .insert(categories)
    .values({ name: '服装', nameEn: 'Apparel' })
    .returning({ id: categories.id });
  const [tees] = await db
    .insert(categories)
    .values({ name: 'T恤', nameEn: 'Tees', parentId: apparel!.id })
    .returning({ id: categories.id });
  const [home] = await db
    .insert(categories)
    .values({ name: '家居', nameEn: 'Home' })
    .returning({ id: categories.id });
  Object.assign(cat, { apparel: apparel!.id, tees: tees!.id, home: home!.id });

  const tee = await insertParent(db, 'tee', tees!.id, '纯棉T恤', 1000);
  const mug = await insertParent(db, 'mug', home!.id, '陶瓷马克杯', 1500);
  await insertParent(db, 'hidden', tees!.id, '下架T恤', 900, 'off');
  await insertParent(db, 'bare', home!.id, '无SKU海报', 300);
  const skus = await db
    .insert(parentSkus)
    .values([
      { productId: tee, sku: 'TEE-WHT-M', color: 'White', size: 'M', costMinor: 1000 },
      { productId: tee, sku: 'TEE-BLK-L', color: 'Black', size: 'L', costMinor: 1100 },
      {
        productId: tee,
        sku: 'TEE-RED-S',
        color: 'Red',
        size: 'S',
        costMinor: 1000,
        status: 'off',
      },
      { productId: mug, sku: 'MUG-WHT', color: 'White', size: '11oz', costMinor: 1500 },
      { productId: parent.hidden!, sku: 'HID-1', color: 'Red', size: 'S', costMinor: 900 },
    ])
    .returning({ id: parentSkus.id, sku: parentSkus.sku });
  for (const s of skus) parentSku[s.sku] = s.id;

  // Real objects, so the zip download has bytes to stream.
  const keys = ['tee-front', 'tee-back', 'mug-front'].map((n) =>
    platformObjectKey('demo', n, 'png'),
  );
  for (const key of keys) await t.storage.put(key, Buffer.from(`png:${key}`), 'image/png');
  await db.insert(parentProductImages).values([
    { productId: tee, url: t.storage.url(keys[1]!), orderNum: 1 },
    { productId: tee, url: t.storage.url(keys[0]!), orderNum: 0 },
    { productId: mug, url: t.storage.url(keys[2]!), orderNum: 0 },
  ]);
});
afterAll(() => t?.close());

describe('access', () => {
  it('401 without a token, 403 for an operator', async () => {
    for (const [method, url] of [
      ['POST', '/api/goods/goods-index'],
      ['GET', '/api/goods/index'],
      ['POST', '/api/goods/get-goods-type-num'],
      ['GET', '/api/goods/relative-list'],
    ] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await call(t.app, method, url, { body })).status).toBe(401);
      const res = await call(t.app, method, url, { token: operatorToken, body });
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
    }
  });
});

describe('goods-save', () => {
  it('fills SKUs, images and title from the parent: on-sale SKUs at cost × markup', async () => {
    const d = await create({ parent_product_id: parent.tee });
    expect(d).toMatchObject({
      title: '纯棉T恤',
      source: 'parent',
      shared: false,
      mine: true,
      costMinor: 1000,
      priceMinor: markupPriceMinor(1000),
    });
    expect(markupPriceMinor(1000)).toBe(1800);
    expect(d.skus.map((s) => [s.color, s.size, s.priceMinor, s.costMinor])).toEqual([
      ['White', 'M', 1800, 1000],
      ['Black', 'L', 1980, 1100],
    ]);
    expect(d.skus.map((s) => s.skuCode)).toEqual([`FP${d.id}-WHITE-M`, `FP${d.id}-BLACK-L`]);
    expect(d.skus[0]!.parentSkuId).toBe(parentSku['TEE-WHT-M']);
    expect(d.images.map((i) => i.url)).toEqual([
      '/api/files/demo/tee-front.png',
      '/api/files/demo/tee-back.png',
    ]);
  });

  it('takes title, tags, SKUs, images and design as given; design makes the source "design"', async () => {
    const d = await create({
      parent_product_id: parent.mug,
      title: '  我的马克杯 ',
      tags: ['gift'],
      design: { layers: [1] },
      skus: [
        { parent_sku_id: parentSku['MUG-WHT'], sku_code: 'MY-MUG-1', price_minor: 3000 },
        { sku_code: '', color: 'Blue', size: '15oz', price_minor: 2500 },
      ],
      images: [{ url: '/api/files/demo/mug-front.png', kind: 'mockup', color: 'Blue' }],
    });
    expect(d).toMatchObject({ title: '我的马克杯', source: 'design', priceMinor: 2500 });
    expect(d.skus.map((s) => [s.skuCode, s.color, s.size, s.costMinor])).toEqual([
      ['MY-MUG-1', 'White', '11oz', 1500],
      [`FP${d.id}-BLUE-15OZ`, 'Blue', '15oz', 1500],
    ]);
    expect(d.images).toEqual([
      expect.objectContaining({ url: '/api/files/demo/mug-front.png', kind: 'mockup' }),
    ]);
  });

  it('answers the parent SKU’s zh-CN colour and size names while the SKU keeps them', async () => {
    const db = t.database.db;
    const bag = await insertParent(db, 'bag', cat.home!, '帆布袋', 800);
    const [kept, renamed] = await db
      .insert(parentSkus)
      .values(
        [
          ['BAG-NAT-OS', 'Natural', '本色'],
          ['BAG-BLK-OS', 'Black', '黑色'],
        ].map(([sku, color, colorZh]) => ({
          productId: bag,
          sku: sku!,
          color: color!,
          colorZh: colorZh!,
          size: 'One Size',
          sizeZh: '均码',
          costMinor: 800,
        })),
      )
      .returning({ id: parentSkus.id });
    const d = await create({
      parent_product_id: bag,
      skus: [
        { parent_sku_id: kept!.id, price_minor: 1500 },
        { parent_sku_id: renamed!.id, color: 'Jet', price_minor: 1500 },
      ],
    });
    const names = (skus: Array<Record<string, unknown>>) =>
      skus.map((s) => [s.color, s.colorZh, s.size, s.sizeZh]);
    const expected = [
      ['Natural', '本色', 'One Size', '均码'],
      // A colour the seller changed is theirs: no zh-CN name for it.
      ['Jet', '', 'One Size', '均码'],
    ];
    expect(names(d.skus)).toEqual(expected);
    const listed = await post('/api/goods/goods-sku-list', { id: d.id });
    expect(names(listed.body.data)).toEqual(expected);
    const library = await call(t.app, 'GET', '/api/goods-library/show', {
      token: a.token,
      query: { id: String(bag) },
    });
    expect(library.body.data.skus.map((s: { sizeZh: string }) => s.sizeZh)).toEqual([
      '均码',
      '均码',
    ]);
  });

  it('422 naming bad fields, a code already used by the seller, and a parent with no SKU on sale', async () => {
    const bad = await post('/api/goods/goods-save', {
      title: '',
      skus: [{ price_minor: -1, sku_code: 'bad code!' }],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual([
      'parent_product_id',
      'skus.0.price_minor',
      'skus.0.sku_code',
      'title',
    ]);

    const clash = await post('/api/goods/goods-save', {
      parent_product_id: parent.mug,
      skus: [
        { sku_code: 'FRESH-1', price_minor: 1 },
        { sku_code: 'MY-MUG-1', price_minor: 1 },
      ],
    });
    expect(clash.status).toBe(422);
    expect(clash.body.data.fields).toEqual({ 'skus.1.sku_code': expect.any(String) });
    // Codes are unique per seller: another seller may use the same one.
    await create(
      { parent_product_id: parent.mug, skus: [{ sku_code: 'MY-MUG-1', price_minor: 1 }] },
      b.token,
    );

    const repeated = await post('/api/goods/goods-save', {
      parent_product_id: parent.mug,
      skus: [
        { sku_code: 'TWICE', price_minor: 1 },
        { sku_code: 'TWICE', price_minor: 1 },
      ],
    });
    expect(repeated.body.data.fields).toEqual({ 'skus.1.sku_code': expect.any(String) });

    const foreignSku = await post('/api/goods/goods-save', {
      parent_product_id: parent.mug,
      skus: [{ parent_sku_id: parentSku['TEE-WHT-M'], price_minor: 1 }],
    });
    expect(foreignSku.body.data.fields).toEqual({ 'skus.0.parent_sku_id': expect.any(String) });

    const bare = await post('/api/goods/goods-save', { parent_product_id: parent.bare });
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.data.fields)).toEqual(['skus']);
  });

  it('404 for an unknown or switched-off parent product', async () => {
    for (const id of [999_999, parent.hidden]) {
      expect((await post('/api/goods/goods-save', { parent_product_id: id })).status).toBe(404);
    }
  });
});

describe('show, goods-show, sku-list, title', () => {
  it('own products show everywhere; another seller’s private one is 404 on every id call', async () => {
    const mine = await create({ parent_product_id: parent.tee });
    const theirs = await create({ parent_product_id: parent.tee }, b.token);
    const show = await get('/api/goods/show', { id: String(mine.id) });
    expect(show.body.data).toMatchObject({
      id: mine.id,
      parent: { id: parent.tee, title: '纯棉T恤' },
      skuCount: 2,
      design: null,
    });
    expect((await post('/api/goods/goods-show', { id: mine.id })).status).toBe(200);
    const skus = await post('/api/goods/goods-sku-list', { id: mine.id });
    expect(skus.body.data).toHaveLength(2);

    const id = theirs.id;
    const calls = [
      get('/api/goods/show', { id: String(id) }),
      get('/api/goods/goods-img-download', { ids: String(id) }),
      get('/api/goods-library/check-used', { ids: String(id) }),
      post('/api/goods/goods-show', { id }),
      post('/api/goods/goods-sku-list', { id }),
      post('/api/goods/goods-title-save', { id, title: 'x' }),
      post('/api/goods/update', {
        id,
        title: 'x',
        tags: [],
        skus: [{ price_minor: 1 }],
        images: [],
      }),
      post('/api/goods/goods-merge', { ids: [mine.id, id] }),
      post('/api/goods/batch-add-cart', { ids: [id] }),
      post('/api/goods/delete', { id }),
      post('/api/goods/duplicate', { id }),
      post('/api/goods/relative', { id: mine.id, related_ids: [id] }),
      post('/api/goods/relative-delete', { id: mine.id, related_id: id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect({ url: res.res.raw.req.url, status: res.status }).toEqual({
        url: res.res.raw.req.url,
        status: 404,
      });
    }
    const batch = await post('/api/goods/batch-delete', { ids: [id] });
    expect(batch.body.data.results).toEqual([
      { id, ok: false, reason: 'not_found', productId: null },
    ]);
    const share = await post('/api/goods/join-platfrom', { ids: [id] });
    expect(share.body.data.results[0]).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('renames; 422 for a blank title', async () => {
    const d = await create({ parent_product_id: parent.tee });
    const res = await post('/api/goods/goods-title-save', { id: d.id, title: '新名字' });
    expect(res.body.data).toMatchObject({ id: d.id, title: '新名字' });
    const bad = await post('/api/goods/goods-title-save', { id: d.id, title: '  ' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['title']);
  });
});

describe('update', () => {
  it('keeps given SKU ids, inserts new ones, removes the rest and keeps price and cost lowest', async () => {
    const d = await create({ parent_product_id: parent.tee });
    const [white, black] = d.skus;
    const res = await post('/api/goods/update', {
      id: d.id,
      title: '改过的T恤',
      tags: ['a', 'b'],
      skus: [
        { id: black!.id, sku_code: black!.skuCode, color: 'Black', size: 'L', price_minor: 2500 },
        { parent_sku_id: parentSku['TEE-WHT-M'], color: 'White', size: 'XL', price_minor: 2100 },
      ],
      images: [{ url: '/api/files/demo/tee-back.png' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const u = res.body.data as Detail;
    expect(u).toMatchObject({ title: '改过的T恤', priceMinor: 2100, costMinor: 1000 });
    expect(u.skus.map((s) => [s.id === black!.id, s.skuCode, s.priceMinor])).toEqual([
      [true, black!.skuCode, 2500],
      [false, `FP${d.id}-WHITE-XL`, 2100],
    ]);
    expect(u.skus.some((s) => s.id === white!.id)).toBe(false);
    expect(u.images.map((i) => i.url)).toEqual(['/api/files/demo/tee-back.png']);
  });

  it("refuses another seller's upload or a foreign URL as an image, and takes the seller's own", async () => {
    const upload = async (token: string) => {
      const bytes = await solid(40, 40).png().toBuffer();
      const res = await uploadTo(t.app, '/api/common/upload-single', token, bytes, 'p.png');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.url as string;
    };
    const mine = await upload(a.token);
    const theirs = await upload(b.token);
    const d = await create({ parent_product_id: parent.tee });
    const update = (urls: string[]) =>
      post('/api/goods/update', {
        id: d.id,
        title: d.title,
        tags: [],
        skus: d.skus.map((s) => ({
          id: s.id,
          sku_code: s.skuCode,
          color: s.color,
          size: s.size,
          price_minor: s.priceMinor,
        })),
        images: urls.map((url) => ({ url })),
      });
    const refused = await update([mine, theirs, 'https://elsewhere.example/x.png']);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.data.fields)).toEqual(['images.1', 'images.2']);
    const created = await post('/api/goods/goods-save', {
      parent_product_id: parent.tee,
      images: [{ url: theirs }],
    });
    expect(created.status).toBe(422);
    expect(created.body.data.fields).toHaveProperty('images.0');
    const kept = await update([d.images[0]!.url, mine]);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it('lets kept SKUs swap codes', async () => {
    const d = await create({ parent_product_id: parent.tee });
    const [x, y] = d.skus;
    const res = await post('/api/goods/update', {
      id: d.id,
      title: d.title,
      tags: [],
      skus: [
        { id: x!.id, sku_code: y!.skuCode, price_minor: 100 },
        { id: y!.id, sku_code: x!.skuCode, price_minor: 100 },
      ],
      images: [],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.skus.map((s: { skuCode: string }) => s.skuCode)).toEqual([
      y!.skuCode,
      x!.skuCode,
    ]);
  });

  it('422 on skus.N.sku_code for a code another product holds, and on skus.N.id for a foreign SKU', async () => {
    const one = await create({ parent_product_id: parent.tee });
    const two = await create({ parent_product_id: parent.tee });
    const res = await post('/api/goods/update', {
      id: two.id,
      title: 't',
      tags: [],
      skus: [
        { id: two.skus[0]!.id, sku_code: two.skus[0]!.skuCode, price_minor: 1 },
        { sku_code: one.skus[0]!.skuCode, price_minor: 1 },
        { id: one.skus[1]!.id, price_minor: 1 },
      ],
      images: [],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['skus.1.sku_code', 'skus.2.id']);

    const empty = await post('/api/goods/update', { id: two.id, title: 't', tags: [], images: [] });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.data.fields)).toEqual(['skus']);
  });
});

describe('private list', () => {
  let c: SellerFixture;
  const named: Record<string, number> = {};
  const list = (body: Record<string, unknown>) => post('/api/goods/goods-index', body, c.token);
  const namesOf = (res: Awaited<ReturnType<typeof list>>) =>
    (res.body.data.list as Array<{ id: number }>).map((p) =>
      Object.keys(named).find((k) => named[k] === p.id),
    );

  beforeAll(async () => {
    c = await createSeller(t.database.db);
    const make = async (key: string, body: Record<string, unknown>, day: number) => {
      const d = await create(body, c.token);
      named[key] = d.id;
      const at = new Date((1_700_000_000 + day * 86_400) * 1000);
      await t.database.db
        .update(finishedProducts)
        .set({ createdAt: at, updatedAt: at })
        .where(eq(finishedProducts.id, d.id));
    };
    await make('tee', { parent_product_id: parent.tee }, 1);
    await make('mug', { parent_product_id: parent.mug, title: 'Mug 50%_off' }, 2);
    await make(
      'coded',
      {
        parent_product_id: parent.tee,
        title: 'Plain',
        skus: [{ sku_code: 'SPECIAL-777', price_minor: 500 }],
      },
      3,
    );
    await make('designed', { parent_product_id: parent.mug, design: { a: 1 } }, 4);
    await post('/api/goods/join-platfrom', { ids: [named.designed] }, c.token);
  });

  it('lists only own products, newest first, with summaries', async () => {
    const res = await list({});
    expect(namesOf(res)).toEqual(['designed', 'coded', 'mug', 'tee']);
    expect(res.body.data.pagination).toEqual({
      page: 1,
      size: 20,
      total: 4,
      more: false,
      next_cursor: null,
    });
    expect(res.body.data.list[3]).toMatchObject({
      title: '纯棉T恤',
      image: '/api/files/demo/tee-front.png',
      skuCount: 2,
      mine: true,
      shared: false,
      categoryId: cat.tees,
      parentProductId: parent.tee,
    });
  });

  it('searches titles and SKU codes, with % and _ taken literally', async () => {
    expect(namesOf(await list({ keyword: 't恤' }))).toEqual(['tee']);
    expect(namesOf(await list({ keyword: 'special-7' }))).toEqual(['coded']);
    expect(namesOf(await list({ keyword: '%_' }))).toEqual(['mug']);
    expect(namesOf(await list({ keyword: 'nothing' }))).toEqual([]);
  });

  it('filters by category with descendants, price, dates, source and shared', async () => {
    expect(namesOf(await list({ category_id: cat.apparel }))).toEqual(['coded', 'tee']);
    expect(namesOf(await list({ category_id: cat.home }))).toEqual(['designed', 'mug']);
    expect(namesOf(await list({ max_price: 1800 }))).toEqual(['coded', 'tee']);
    expect(namesOf(await list({ min_price: 1801 }))).toEqual(['designed', 'mug']);
    const day = (n: number) => 1_700_000_000 + n * 86_400;
    expect(namesOf(await list({ start_time: day(2), end_time: day(3) }))).toEqual(['coded', 'mug']);
    expect(namesOf(await list({ source: 'design' }))).toEqual(['designed']);
    expect(namesOf(await list({ shared: true }))).toEqual(['designed']);
    expect(namesOf(await list({ shared: false }))).toEqual(['coded', 'mug', 'tee']);
  });

  it('sorts by price and title both ways', async () => {
    // mug and designed cost the same; the id breaks the tie.
    expect(namesOf(await list({ sort: 'price', order: 'asc' }))).toEqual([
      'coded',
      'tee',
      'mug',
      'designed',
    ]);
    const asc = namesOf(await list({ sort: 'title', order: 'asc' }));
    expect(namesOf(await list({ sort: 'title', order: 'desc' }))).toEqual([...asc].reverse());
  });

  it('walks every row once by cursor, for every sort in both orders', async () => {
    for (const sort of ['created_at', 'price', 'title'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const all = namesOf(await list({ sort, order }));
        let res = await list({ sort, order, size: 1 });
        const walked = namesOf(res);
        while (res.body.data.pagination.next_cursor) {
          const cursor = res.body.data.pagination.next_cursor as string;
          res = await list({ sort, order, size: 1, page: 9, cursor });
          expect(res.body.data.pagination.total).toBe(4);
          walked.push(...namesOf(res));
        }
        expect({ sort, order, walked }).toEqual({ sort, order, walked: all });
      }
    }
  });

  it('422 for a bad cursor and for bad fields', async () => {
    const res = await list({ cursor: '!!!' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields)).toEqual(['cursor']);
    const bad = await list({ sort: 'nope', source: 'x', min_price: 5, max_price: 1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['sort', 'source']);
    const range = await list({ min_price: 5, max_price: 1 });
    expect(Object.keys(range.body.data.fields)).toEqual(['min_price']);
  });
});

describe('shared library and duplicate', () => {
  it('lists shared products of every owner, including the platform, with `mine`', async () => {
    const sharer = await createSeller(t.database.db);
    const viewer = await createSeller(t.database.db);
    const theirs = await create(
      { parent_product_id: parent.tee, title: 'Shared tee' },
      sharer.token,
    );
    await create({ parent_product_id: parent.tee, title: 'Private tee' }, sharer.token);
    await post('/api/goods/join-platfrom', { ids: [theirs.id] }, sharer.token);
    const platform = await createFromParent(
      { db: t.database.db, actor: { kind: 'anonymous' }, log: t.app.log, ip: '', lang: 'zh-CN' },
      null,
      { parent_product_id: parent.mug!, title: 'Platform mug', tags: [] },
    );
    await t.database.db
      .update(finishedProducts)
      .set({ sharedAt: new Date() })
      .where(eq(finishedProducts.id, platform.id));

    const res = await get('/api/goods/index', { keyword: 'tee', size: '100' }, viewer.token);
    expect(res.status).toBe(200);
    const titles = res.body.data.list.map((p: { title: string }) => p.title);
    expect(titles).toContain('Shared tee');
    expect(titles).not.toContain('Private tee');
    const mineView = await get('/api/goods/index', { keyword: 'Shared tee' }, sharer.token);
    expect(mineView.body.data.list[0]).toMatchObject({ id: theirs.id, mine: true, shared: true });
    const platformView = await get('/api/goods/index', { keyword: 'Platform mug' }, viewer.token);
    expect(platformView.body.data.list[0]).toMatchObject({ id: platform.id, mine: false });
    // Query-string booleans read "false" as false.
    const unshared = await get('/api/goods/index', { shared: 'false' }, viewer.token);
    expect(unshared.body.data.list).toEqual([]);

    // Shared products can be read by anyone, but edited only by their owner.
    expect((await get('/api/goods/show', { id: String(theirs.id) }, viewer.token)).status).toBe(
      200,
    );
    expect((await post('/api/goods/goods-sku-list', { id: theirs.id }, viewer.token)).status).toBe(
      200,
    );
    expect((await post('/api/goods/goods-show', { id: theirs.id }, viewer.token)).status).toBe(404);

    // Duplicating a shared product takes it into the viewer's library with new codes.
    const copy = await post('/api/goods/duplicate', { id: theirs.id }, viewer.token);
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ title: 'Shared tee', source: 'platform', mine: true });
    expect(copy.body.data.shared).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(finishedProducts)
      .where(eq(finishedProducts.id, copy.body.data.id));
    expect(row).toMatchObject({ sourceProductId: theirs.id, sellerId: viewer.sellerId });
    expect(copy.body.data.skus.map((s: { skuCode: string }) => s.skuCode)).toEqual([
      `FP${copy.body.data.id}-WHITE-M`,
      `FP${copy.body.data.id}-BLACK-L`,
    ]);
    // Withdrawn from the shared library, it is private again.
    await post('/api/goods/join-platfrom', { ids: [theirs.id], shared: false }, sharer.token);
    expect((await get('/api/goods/show', { id: String(theirs.id) }, viewer.token)).status).toBe(
      404,
    );
  });

  it('duplicates an own product with source "duplicate" and fresh codes', async () => {
    const d = await create({ parent_product_id: parent.tee, tags: ['x'] });
    const res = await post('/api/goods/duplicate', { id: d.id });
    expect(res.body.data).toMatchObject({ source: 'duplicate', tags: ['x'], title: d.title });
    expect(res.body.data.id).not.toBe(d.id);
    const codes = new Set(d.skus.map((s) => s.skuCode));
    for (const s of res.body.data.skus) expect(codes.has(s.skuCode)).toBe(false);
    expect(res.body.data.images).toHaveLength(2);
  });
});

describe('merge', () => {
  it('moves SKUs and images into the first, deletes the others, keeps the lowest price', async () => {
    const first = await create({ parent_product_id: parent.tee, images: [] });
    const second = await create({
      parent_product_id: parent.tee,
      skus: [{ sku_code: 'CHEAP-ONE', price_minor: 700 }],
    });
    const res = await post('/api/goods/goods-merge', { ids: [first.id, second.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: first.id, source: 'merge', priceMinor: 700 });
    expect(res.body.data.skus.map((s: { skuCode: string }) => s.skuCode)).toEqual([
      ...first.skus.map((s) => s.skuCode),
      'CHEAP-ONE',
    ]);
    expect(res.body.data.images).toHaveLength(2);
    expect((await post('/api/goods/goods-show', { id: second.id })).status).toBe(404);
  });

  it('refuses products of another parent with 409 naming it, and fewer than two ids with 422', async () => {
    const tee = await create({ parent_product_id: parent.tee });
    const mug = await create({ parent_product_id: parent.mug });
    const res = await post('/api/goods/goods-merge', { ids: [tee.id, mug.id] });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('goods.merge_other_parent');
    expect(res.body.message).toContain(String(mug.id));
    expect(res.body.data).toEqual({ id: mug.id });
    for (const ids of [[tee.id], [tee.id, tee.id]]) {
      const one = await post('/api/goods/goods-merge', { ids });
      expect(one.status).toBe(422);
      expect(Object.keys(one.body.data.fields)).toEqual(['ids']);
    }
  });
});

describe('cart, usage and deleting', () => {
  it('adds every SKU of products or chosen SKUs, adding quantities to existing lines', async () => {
    const c = await createSeller(t.database.db);
    const d = await create({ parent_product_id: parent.tee }, c.token);
    const first = await post('/api/goods/batch-add-cart', { ids: [d.id], quantity: 2 }, c.token);
    expect(first.body.data).toEqual({ added: 2, cartCount: 2 });
    const again = await post(
      '/api/goods/batch-add-cart',
      { sku_ids: [d.skus[0]!.id], quantity: 3 },
      c.token,
    );
    expect(again.body.data).toEqual({ added: 1, cartCount: 2 });
    const used = await get('/api/goods-library/check-used', { ids: String(d.id) }, c.token);
    expect(used.body.data).toEqual([
      { id: d.id, used: true, listings: 0, orders: 0, cartItems: 2 },
    ]);

    const foreign = await create({ parent_product_id: parent.tee });
    const res = await post(
      '/api/goods/batch-add-cart',
      { sku_ids: [foreign.skus[0]!.id] },
      c.token,
    );
    expect(res.status).toBe(404);
    const empty = await post('/api/goods/batch-add-cart', { ids: [] }, c.token);
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.data.fields)).toEqual(['ids']);
  });

  it('batch-delete reports used and unknown items and deletes the rest; delete answers 409 when used', async () => {
    const used = await create({ parent_product_id: parent.tee });
    const free = await create({ parent_product_id: parent.tee });
    const free2 = await create({ parent_product_id: parent.mug });
    await post('/api/goods/batch-add-cart', { ids: [used.id] });
    const res = await post('/api/goods/batch-delete', { ids: [used.id, 999_999, free.id] });
    expect(res.body.data.results).toEqual([
      { id: used.id, ok: false, reason: 'used', productId: null },
      { id: 999_999, ok: false, reason: 'not_found', productId: null },
      { id: free.id, ok: true, reason: null, productId: null },
    ]);
    expect((await post('/api/goods/goods-show', { id: free.id })).status).toBe(404);
    const refused = await post('/api/goods/delete', { id: used.id });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toMatchObject({ id: used.id, cartItems: 2 });
    expect((await post('/api/goods/delete', { id: free2.id })).status).toBe(200);
    expect((await post('/api/goods/delete', { id: free2.id })).status).toBe(404);
    const check = await get('/api/goods-library/check-used', { ids: 'a,b' });
    expect(check.status).toBe(422);
    expect(Object.keys(check.body.data.fields)).toEqual(['ids']);
  });
});

describe('sharing', () => {
  it('shares and withdraws own products, reporting unknown ids', async () => {
    const d = await create({ parent_product_id: parent.tee });
    const res = await post('/api/goods/join-platfrom', { ids: [d.id, 999_999] });
    expect(res.body.data.results).toEqual([
      { id: d.id, ok: true, reason: null, productId: null },
      { id: 999_999, ok: false, reason: 'not_found', productId: null },
    ]);
    expect((await post('/api/goods/goods-show', { id: d.id })).body.data.shared).toBe(true);
    await post('/api/goods/join-platfrom', { ids: [d.id], shared: false });
    expect((await post('/api/goods/goods-show', { id: d.id })).body.data.shared).toBe(false);
  });
});

describe('related products', () => {
  it('relates own products once per pair, lists them oriented, and removes them', async () => {
    const c = await createSeller(t.database.db);
    const [p1, p2, p3] = [
      await create({ parent_product_id: parent.tee }, c.token),
      await create({ parent_product_id: parent.tee }, c.token),
      await create({ parent_product_id: parent.mug }, c.token),
    ];
    expect(
      (await post('/api/goods/relative', { id: p1!.id, related_ids: [p2!.id, p3!.id] }, c.token))
        .status,
    ).toBe(200);
    // The same pair from the other side is not stored twice.
    await post('/api/goods/relative', { id: p2!.id, related_ids: [p1!.id] }, c.token);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(relatedProducts)
      .where(eq(relatedProducts.sellerId, c.sellerId));
    expect(stored!.n).toBe(2);

    const all = await get('/api/goods/relative-list', {}, c.token);
    expect(all.body.data.pagination).toEqual({ page: 1, size: 20, total: 2 });
    const ofThird = await get('/api/goods/relative-list', { id: String(p3!.id) }, c.token);
    expect(
      ofThird.body.data.list.map((r: { product: { id: number }; related: { id: number } }) => [
        r.product.id,
        r.related.id,
      ]),
    ).toEqual([[p3!.id, p1!.id]]);

    const self = await post('/api/goods/relative', { id: p1!.id, related_ids: [p1!.id] }, c.token);
    expect(self.status).toBe(422);
    expect(Object.keys(self.body.data.fields)).toEqual(['related_ids']);

    expect(
      (await post('/api/goods/relative-delete', { id: p3!.id, related_id: p1!.id }, c.token))
        .status,
    ).toBe(200);
    expect(
      (await post('/api/goods/relative-delete', { id: p3!.id, related_id: p1!.id }, c.token))
        .status,
    ).toBe(404);
    // Another seller sees none of these pairs.
    expect((await get('/api/goods/relative-list', {})).body.data.list).toEqual([]);
    const bad = await post('/api/goods/relative', { id: 'x', related_ids: [] }, c.token);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['id', 'related_ids']);
  });
});

describe('counts', () => {
  it('counts the caller’s products per source and shared', async () => {
    const c = await createSeller(t.database.db);
    const d = await create({ parent_product_id: parent.tee }, c.token);
    await create({ parent_product_id: parent.mug, design: { x: 1 } }, c.token);
    await post('/api/goods/duplicate', { id: d.id }, c.token);
    await post('/api/goods/join-platfrom', { ids: [d.id] }, c.token);
    const res = await post('/api/goods/get-goods-type-num', undefined, c.token);
    expect(res.body.data).toEqual({
      all: 3,
      shared: 1,
      bySource: { parent: 1, platform: 0, duplicate: 1, merge: 0, design: 1 },
    });
  });
});

describe('image download', () => {
  const download = (ids: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/goods/goods-img-download',
      query: { ids },
      headers: { authorization: `Bearer ${token}` },
    });

  it('zips the images of own and shared products in per-product folders', async () => {
    const d = await create({ parent_product_id: parent.tee, title: '纯棉 T恤 / 白色' });
    const m = await create({ parent_product_id: parent.mug, title: 'Mug' });
    const res = await download(`${d.id},${m.id}`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries)).toEqual([
      `${d.id}-纯棉-T恤-白色/1.png`,
      `${d.id}-纯棉-T恤-白色/2.png`,
      `${m.id}-Mug/1.png`,
    ]);
    expect(Buffer.from(entries[`${m.id}-Mug/1.png`]!).toString()).toBe('png:demo/mug-front.png');

    // Another seller may download a shared product's images, not a private one's.
    await post('/api/goods/join-platfrom', { ids: [m.id] });
    const shared = await download(String(m.id), b.token);
    expect(Object.keys(unzipSync(new Uint8Array(shared.rawPayload)))).toEqual([
      `${m.id}-Mug/1.png`,
    ]);
    expect((await download(String(d.id), b.token)).statusCode).toBe(404);
    const bad = await get('/api/goods/goods-img-download', { ids: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['ids']);
  });
});

describe('goods-library join', () => {
  it('makes one finished product per parent, reporting unknown and unusable parents', async () => {
    const c = await createSeller(t.database.db);
    const res = await post(
      '/api/goods-library/join',
      { ids: [parent.tee, 999_999, parent.hidden, parent.bare, parent.mug] },
      c.token,
    );
    expect(res.status).toBe(200);
    const results = res.body.data.results as Array<{
      id: number;
      ok: boolean;
      reason: string | null;
      productId: number | null;
    }>;
    expect(results.map((r) => [r.id, r.ok, r.reason])).toEqual([
      [parent.tee, true, null],
      [999_999, false, 'not_found'],
      [parent.hidden, false, 'not_found'],
      [parent.bare, false, '母体商品没有在售 SKU，请指定 SKU'],
      [parent.mug, true, null],
    ]);
    const made = await post('/api/goods/goods-show', { id: results[0]!.productId }, c.token);
    expect(made.body.data).toMatchObject({ parentProductId: parent.tee, source: 'parent' });
    const bad = await post('/api/goods-library/join', { ids: [] }, c.token);
    expect(Object.keys(bad.body.data.fields)).toEqual(['ids']);
  });
});

describe('demo seed', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await buildTestApp();
  });
  afterAll(() => seeded?.close());

  it('gives the demo seller 8 finished products (2 shared) and the platform 6 shared, once', async () => {
    const db = seeded.database.db;
    await seedCatalog(db);
    expect(await seedDemo(db)).toBe(true);
    expect(await seedDemo(db)).toBe(false);
    const [platform] = await db
      .select({ n: count(), shared: count(finishedProducts.sharedAt) })
      .from(finishedProducts)
      .where(isNull(finishedProducts.sellerId));
    expect(platform).toEqual({ n: 6, shared: 6 });
    const rows = await db.select().from(finishedProducts);
    const sellerRows = rows.filter((r) => r.sellerId !== null);
    expect(sellerRows).toHaveLength(8);
    expect(sellerRows.filter((r) => r.sharedAt !== null)).toHaveLength(2);
    expect(new Set(sellerRows.map((r) => r.source))).toEqual(
      new Set(['parent', 'design', 'platform', 'duplicate', 'merge']),
    );
    for (const r of rows) expect(r.priceMinor).toBeGreaterThan(r.costMinor);
  });
});
