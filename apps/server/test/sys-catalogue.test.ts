import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, categories, ledgerEntries } from '../src/db/schema.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { solid, uploadTo } from './media.ts';

let t: TestApp;
let op: { adminId: number; token: string };
let seller: SellerFixture;
let categoryId: number;

beforeAll(async () => {
  t = await buildTestApp();
  op = await createOperator(t.database.db);
  seller = await createSeller(t.database.db);
  const [cat] = await t.database.db
    .insert(categories)
    .values({ name: '帆布包', nameEn: 'Tote bags' })
    .returning({ id: categories.id });
  categoryId = cat!.id;
});
afterAll(() => t?.close());

type Opts = Parameters<typeof call>[3];
const sys = (method: 'GET' | 'POST', path: string, opts: Opts = {}) =>
  call(t.app, method, `/api/sys/${path}`, { token: op.token, ...opts });
const asSeller = (method: 'GET' | 'POST', url: string, opts: Opts = {}) =>
  call(t.app, method, url, { token: seller.token, ...opts });

let skuSeq = 0;
const product = (overrides: Record<string, unknown> = {}) => {
  skuSeq += 1;
  return {
    category_id: categoryId,
    title: `运营帆布包 ${skuSeq}`,
    title_en: `Operator tote ${skuSeq}`,
    weight_g: 120,
    skus: [
      { sku: `OPT-${skuSeq}-NAT`, color: 'Natural', color_zh: '本色', cost_minor: 1200 },
      { sku: `OPT-${skuSeq}-BLK`, color: 'Black', color_zh: '黑色', cost_minor: 1350, stock: 7 },
    ],
    ...overrides,
  };
};

/** Every sys route here refuses sellers (403) and strangers (401). */
const ROUTES: Array<['GET' | 'POST', string]> = [
  ['GET', 'goods/page'],
  ['GET', 'goods/info?id=1'],
  ['POST', 'goods/add'],
  ['POST', 'goods/update'],
  ['POST', 'goods/status'],
  ['GET', 'goods/categories'],
  ['GET', 'goods/factories'],
  ['POST', 'goods/factory-add'],
  ['POST', 'goods/factory-update'],
  ['POST', 'goods/upload'],
  ['GET', 'level/list'],
  ['POST', 'level/add'],
  ['POST', 'level/update'],
  ['GET', 'finance/rule'],
  ['POST', 'finance/rule-update'],
  ['GET', 'seller/page'],
  ['GET', 'seller/info?id=1'],
  ['POST', 'seller/freeze'],
  ['POST', 'seller/unfreeze'],
  ['POST', 'seller/adjust-balance'],
];

describe('operator routes', () => {
  it('refuse seller tokens with 403 and anonymous calls with 401', async () => {
    for (const [method, path] of ROUTES) {
      const bySeller = await asSeller(method, `/api/sys/${path}`, { body: {} });
      expect(bySeller.status, `${method} ${path}`).toBe(403);
      const byNobody = await call(t.app, method, `/api/sys/${path}`, { body: {} });
      expect(byNobody.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('the parent catalogue', () => {
  it('adds a product with two SKUs and a picture that a seller then finds in the library', async () => {
    const png = await solid(400, 400).png().toBuffer();
    const upload = await uploadTo(t.app, '/api/sys/goods/upload', op.token, png, 'tote.png');
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const url = upload.body.data.url as string;
    expect(url).toMatch(/^\/api\/files\/catalog\/[0-9a-f-]+\.png$/);

    const area = {
      name: 'Front',
      x: 100,
      y: 120,
      width: 200,
      height: 200,
      widthMm: 250,
      heightMm: 250,
    };
    const input = product({ images: [{ url, color: 'Natural', print_areas: [area] }] });
    const added = await sys('POST', 'goods/add', { body: input });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.id as number;
    expect(added.body.data).toMatchObject({ cost_minor: 1200, sku_count: 2, status: 'on' });

    const listed = await sys('GET', 'goods/page', { query: { keyword: input.title_en } });
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ id, sku_count: 2, image: url, cost_minor: 1200 }),
    ]);

    const library = await asSeller('POST', '/api/goods-library/index', {
      body: { keyword: input.title_en },
    });
    expect(library.status, JSON.stringify(library.body)).toBe(200);
    expect(library.body.data.list.map((p: { id: number }) => p.id)).toEqual([id]);
    const shown = await asSeller('GET', '/api/goods-library/show', { query: { id: String(id) } });
    expect(shown.body.data.skus.map((s: { sku: string }) => s.sku)).toEqual(
      input.skus.map((s) => s.sku),
    );
    expect(shown.body.data.images[0]).toMatchObject({ url, printAreas: [area] });

    // The operator's write is in the audit log under the operator, outside any seller's history.
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.objectType, 'parent_product'), eq(auditLogs.objectId, String(id))));
    expect(audit).toMatchObject({ adminId: op.adminId, sellerId: null, action: 'create' });
  });

  it('edits, switches off and on; a dropped SKU is switched off, not deleted', async () => {
    const added = await sys('POST', 'goods/add', { body: product() });
    const detail = added.body.data;
    const updated = await sys('POST', 'goods/update', {
      body: {
        ...product(),
        id: detail.id,
        title: 'Renamed tote',
        skus: [{ ...detail.skus[1], cost_minor: 990 }],
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ title: 'Renamed tote', cost_minor: 990 });
    expect(updated.body.data.skus.map((s: { status: string }) => s.status)).toEqual(['off', 'on']);

    const off = await sys('POST', 'goods/status', { body: { id: detail.id, status: 'off' } });
    expect(off.body.data.status).toBe('off');
    const hidden = await asSeller('GET', '/api/goods-library/show', {
      query: { id: String(detail.id) },
    });
    expect(hidden.status).toBe(404);
    const listed = await sys('GET', 'goods/page', { query: { status: 'off' } });
    expect(listed.body.data.list.map((p: { id: number }) => p.id)).toContain(detail.id);
    await sys('POST', 'goods/status', { body: { id: detail.id, status: 'on' } });
    const back = await asSeller('GET', '/api/goods-library/show', {
      query: { id: String(detail.id) },
    });
    expect(back.status).toBe(200);
  });

  it('answers 422 naming the field, 404 for unknown ids and 409 for a taken SKU code', async () => {
    const noSkus = await sys('POST', 'goods/add', { body: product({ skus: [] }) });
    expect(noSkus.status).toBe(422);
    expect(noSkus.body.data.fields).toHaveProperty('skus');
    const badCost = await sys('POST', 'goods/add', {
      body: product({ skus: [{ sku: 'NEG-1', cost_minor: -1 }] }),
    });
    expect(badCost.status).toBe(422);
    expect(badCost.body.data.fields).toHaveProperty(['skus.0.cost_minor']);
    const foreign = await sys('POST', 'goods/add', {
      body: product({ images: [{ url: 'https://example.com/x.png' }] }),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.data.fields).toHaveProperty(['images.0.url']);
    const noCategory = await sys('POST', 'goods/add', { body: product({ category_id: 999999 }) });
    expect(noCategory.status).toBe(422);
    expect(noCategory.body.data.fields).toHaveProperty('category_id');

    const first = await sys('POST', 'goods/add', { body: product() });
    const taken = await sys('POST', 'goods/add', {
      body: product({ skus: [{ sku: first.body.data.skus[0].sku, cost_minor: 100 }] }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.key).toBe('sys_catalog.sku_taken');

    expect((await sys('GET', 'goods/info', { query: { id: '999999' } })).status).toBe(404);
    expect((await sys('POST', 'goods/update', { body: { ...product(), id: 999999 } })).status).toBe(
      404,
    );
    expect(
      (await sys('POST', 'goods/status', { body: { id: 999999, status: 'off' } })).status,
    ).toBe(404);
  });

  it('maintains factories with unique codes', async () => {
    const added = await sys('POST', 'goods/factory-add', {
      body: { code: 'HZ-01', name: '杭州工厂', name_en: 'Hangzhou works' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const again = await sys('POST', 'goods/factory-add', { body: { code: 'HZ-01', name: 'x' } });
    expect(again.status).toBe(409);
    const renamed = await sys('POST', 'goods/factory-update', {
      body: { id: added.body.data.id, code: 'HZ-02', name: '杭州二厂' },
    });
    expect(renamed.body.data).toMatchObject({ code: 'HZ-02', name: '杭州二厂' });
    const list = await sys('GET', 'goods/factories');
    expect(list.body.data.map((f: { code: string }) => f.code)).toContain('HZ-02');
    expect(
      (await sys('POST', 'goods/factory-update', { body: { id: 999999, code: 'Z', name: 'z' } }))
        .status,
    ).toBe(404);
    expect(
      (await sys('POST', 'goods/factory-add', { body: { code: 'a b', name: 'x' } })).status,
    ).toBe(422);
  });
});

describe('member levels and finance rules', () => {
  it('changes a level’s price and discount, which sellers read at once', async () => {
    const levels = (await sys('GET', 'level/list')).body.data as Array<{
      id: number;
      order_num: number;
    }>;
    const gold = levels.find((l) => l.order_num === 2)!;
    const updated = await sys('POST', 'level/update', {
      body: {
        id: gold.id,
        name: '黄金会员',
        name_en: 'Gold',
        price_minor: 49_900,
        duration_days: 180,
        discount_percent: 12,
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const seen = (await asSeller('GET', '/api/level/list')).body.data.find(
      (l: { id: number }) => l.id === gold.id,
    );
    expect(seen).toMatchObject({ price_minor: 49_900, duration_days: 180, discount_percent: 12 });

    const added = await sys('POST', 'level/add', {
      body: {
        name: '至尊',
        name_en: 'Supreme',
        order_num: 9,
        price_minor: 199_900,
        duration_days: 365,
        discount_percent: 20,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const clash = await sys('POST', 'level/add', { body: { ...added.body.data, name: 'x' } });
    expect(clash.status).toBe(409);
    const tooMuch = await sys('POST', 'level/update', {
      body: { ...updated.body.data, discount_percent: 95 },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.data.fields).toHaveProperty('discount_percent');
    const missing = await sys('POST', 'level/update', {
      body: { ...updated.body.data, id: 999999 },
    });
    expect(missing.status).toBe(404);
  });

  it('sets the recharge minimum and bonus tiers that the seller’s rule answers', async () => {
    const rule = {
      min_recharge_minor: 5_000,
      bonus_tiers: [{ min_minor: 100_000, bonus_minor: 5_000 }],
    };
    const saved = await sys('POST', 'finance/rule-update', { body: rule });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await asSeller('GET', '/api/finance/rule')).body.data).toMatchObject(rule);
    expect((await sys('GET', 'finance/rule')).body.data).toMatchObject(rule);
    const doubled = await sys('POST', 'finance/rule-update', {
      body: { ...rule, bonus_tiers: [rule.bonus_tiers[0], rule.bonus_tiers[0]] },
    });
    expect(doubled.status).toBe(422);
    expect(doubled.body.data.fields).toHaveProperty('bonus_tiers');
  });
});

describe('sellers', () => {
  it('lists and shows a seller read-only; unknown ids are 404', async () => {
    const page = await sys('GET', 'seller/page', { query: { keyword: seller.email } });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.list).toEqual([
      expect.objectContaining({ id: seller.sellerId, email: seller.email, state: 'active' }),
    ]);
    const info = await sys('GET', 'seller/info', { query: { id: String(seller.sellerId) } });
    expect(info.body.data).toMatchObject({ id: seller.sellerId, stores: [], orders_count: 0 });
    expect((await sys('GET', 'seller/info', { query: { id: '999999' } })).status).toBe(404);
    expect((await sys('GET', 'seller/page', { query: { state: 'gone' } })).status).toBe(422);
  });

  it('freezes a seller: its tokens are refused with seller_frozen until unfrozen', async () => {
    const other = await createSeller(t.database.db);
    const noReason = await sys('POST', 'seller/freeze', { body: { id: other.sellerId } });
    expect(noReason.status).toBe(422);
    const frozen = await sys('POST', 'seller/freeze', {
      body: { id: other.sellerId, reason: 'Chargeback under review' },
    });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body.data).toMatchObject({
      state: 'frozen',
      freeze_reason: 'Chargeback under review',
    });
    const refused = await call(t.app, 'GET', '/api/finance/info', { token: other.token });
    expect(refused.status).toBe(401);
    expect(refused.body.key).toBe('auth.seller_frozen');
    expect(
      (await sys('POST', 'seller/freeze', { body: { id: other.sellerId, reason: 'x' } })).status,
    ).toBe(409);
    expect(
      (await sys('GET', 'seller/page', { query: { state: 'frozen' } })).body.data.list,
    ).toEqual([expect.objectContaining({ id: other.sellerId })]);

    await sys('POST', 'seller/unfreeze', { body: { id: other.sellerId } });
    expect((await call(t.app, 'GET', '/api/finance/info', { token: other.token })).status).toBe(
      200,
    );
    expect((await sys('POST', 'seller/unfreeze', { body: { id: 999999 } })).status).toBe(404);
  });

  it('adjusts a balance once per request key, as a ledger entry the seller reads', async () => {
    const key = { 'idempotency-key': `adjust-${Date.now()}` };
    const body = {
      id: seller.sellerId,
      direction: 'credit',
      amount_minor: 12_345,
      reason: 'Compensation',
    };
    const first = await sys('POST', 'seller/adjust-balance', { body, headers: key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retried = await sys('POST', 'seller/adjust-balance', { body, headers: key });
    expect(retried.body.data).toEqual(first.body.data);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, seller.sellerId));
    expect(entries).toHaveLength(1);

    const detail = await asSeller('GET', '/api/finance/detail', {
      headers: { 'accept-language': 'en' },
    });
    expect(detail.body.data.list[0]).toMatchObject({
      kind: 'recharge',
      amount_minor: 12_345,
      memo: 'Platform adjustment: Compensation',
    });

    const tooMuch = await sys('POST', 'seller/adjust-balance', {
      body: { ...body, direction: 'debit', amount_minor: 99_999_999 },
      headers: { 'idempotency-key': `debit-${Date.now()}` },
    });
    expect(tooMuch.status).toBe(409);
    const noKey = await sys('POST', 'seller/adjust-balance', { body });
    expect(noKey.status).toBe(422);
    const zero = await sys('POST', 'seller/adjust-balance', {
      body: { ...body, amount_minor: 0 },
      headers: { 'idempotency-key': `zero-${Date.now()}` },
    });
    expect(zero.status).toBe(422);
    expect(zero.body.data.fields).toHaveProperty('amount_minor');
    const unknown = await sys('POST', 'seller/adjust-balance', {
      body: { ...body, id: 999999 },
      headers: { 'idempotency-key': `nobody-${Date.now()}` },
    });
    expect(unknown.status).toBe(404);

    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.objectType, 'seller'), isNotNull(auditLogs.adminId)));
    expect(audited.some((a) => a.changes.balance_minor?.after === 12_345)).toBe(true);
  });
});
