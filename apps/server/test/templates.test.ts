import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_TEMPLATE_KINDS } from '@app/shared';
import { exemptBrands, stores } from '../src/db/schema.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;
let alice: SellerFixture;
let bob: SellerFixture;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createSeller(t.database.db);
  bob = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const get = (s: SellerFixture, url: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { token: s.token, query });
const post = (s: SellerFixture, url: string, body: unknown) =>
  call(t.app, 'POST', url, { token: s.token, body });

async function okData(promise: ReturnType<typeof post>) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('text templates', () => {
  it('creates, pages with a keyword, updates and deletes per kind', async () => {
    const base = '/api/template/five-point-describe';
    const first = await okData(
      post(alice, `${base}/create`, { name: 'Cotton', content: '{title} in {color}\nSoft' }),
    );
    expect(first).toMatchObject({ kind: 'five-point-describe', name: 'Cotton' });
    await okData(post(alice, `${base}/create`, { name: 'Linen', content: 'Cool {material}' }));
    await okData(post(alice, '/api/template/keyword/create', { name: 'Other', content: 'tee' }));

    const all = await okData(get(alice, `${base}/index`));
    expect(all.list.map((x: { name: string }) => x.name)).toEqual(['Linen', 'Cotton']);
    expect(all.pagination).toEqual({ page: 1, size: 20, total: 2 });
    const found = await okData(get(alice, `${base}/index`, { keyword: 'MATERIAL' }));
    expect(found.list.map((x: { name: string }) => x.name)).toEqual(['Linen']);
    const paged = await okData(get(alice, `${base}/index`, { page: '2', size: '1' }));
    expect(paged.list.map((x: { name: string }) => x.name)).toEqual(['Cotton']);

    const edited = await okData(
      post(alice, `${base}/update`, { id: first.id, name: 'Cotton 2', content: 'x' }),
    );
    expect(edited).toMatchObject({ id: first.id, name: 'Cotton 2', content: 'x' });
    // The same id under another kind is not found.
    const wrongKind = await post(alice, '/api/template/keyword/update', {
      id: first.id,
      name: 'n',
      content: 'c',
    });
    expect(wrongKind.status).toBe(404);

    const removed = await okData(post(alice, `${base}/delete`, { ids: [first.id, 999999] }));
    expect(removed.results).toEqual([
      { id: first.id, ok: true, reason: null },
      { id: 999999, ok: false, reason: 'not_found' },
    ]);
    expect((await okData(get(alice, `${base}/index`))).pagination.total).toBe(1);
  });

  it("answers 404 for another seller's template and hides it from lists", async () => {
    const mine = await okData(
      post(alice, '/api/template/describe/create', { name: 'Mine', content: 'secret' }),
    );
    const res = await post(bob, '/api/template/describe/update', {
      id: mine.id,
      name: 'Taken',
      content: 'x',
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    const gone = await okData(post(bob, '/api/template/describe/delete', { ids: [mine.id] }));
    expect(gone.results[0].ok).toBe(false);
    expect((await okData(get(bob, '/api/template/describe/index'))).list).toEqual([]);
  });

  it('refuses an empty name or content with 422 fields', async () => {
    const res = await post(alice, '/api/template/goods-item/create', { name: ' ', content: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['content', 'name']);
  });

  it('serves every kind', async () => {
    for (const kind of TEXT_TEMPLATE_KINDS) {
      expect((await get(alice, `/api/template/${kind}/index`)).status).toBe(200);
    }
  });
});

const RULE = {
  shipping_minor: 1000,
  fixed_fee_minor: 500,
  margin_bp: 3000,
  fee_rate_bp: 1500,
  rounding: 'end99',
};

describe('pricing templates', () => {
  it('stores, lists, edits and deletes; 404 for another seller', async () => {
    const created = await okData(
      post(alice, '/api/pricingTemplate/store', { name: 'US standard', ...RULE }),
    );
    expect(created).toMatchObject({ name: 'US standard', remark: '', ...RULE });
    const edited = await okData(
      post(alice, '/api/pricingTemplate/store', {
        id: created.id,
        name: 'US lean',
        ...RULE,
        margin_bp: 2000,
      }),
    );
    expect(edited).toMatchObject({ id: created.id, name: 'US lean', margin_bp: 2000 });
    const list = await okData(get(alice, '/api/pricingTemplate/list', { keyword: 'lean' }));
    expect(list.list.map((x: { id: number }) => x.id)).toEqual([created.id]);

    const stolen = await post(bob, '/api/pricingTemplate/store', {
      id: created.id,
      name: 'x',
      ...RULE,
    });
    expect(stolen.status).toBe(404);
    const plan = await post(bob, '/api/pricingTemplate/get-plan-sale', {
      template_id: created.id,
      cost_minor: 100,
      site: 1,
    });
    expect(plan.status).toBe(404);
    expect((await okData(get(bob, '/api/pricingTemplate/list'))).list).toEqual([]);

    const removed = await okData(
      post(alice, '/api/pricingTemplate/destory', { ids: [created.id] }),
    );
    expect(removed.results[0].ok).toBe(true);
    expect((await okData(get(alice, '/api/pricingTemplate/list'))).pagination.total).toBe(0);
  });

  it('refuses a fee rate of 100% or more and a missing name with 422', async () => {
    const res = await post(alice, '/api/pricingTemplate/store', {
      ...RULE,
      name: '',
      fee_rate_bp: 10000,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['fee_rate_bp', 'name']);
  });

  it('prices a cost by a saved template on a USD site with the seeded rate', async () => {
    const saved = await okData(post(alice, '/api/pricingTemplate/store', { name: 'P', ...RULE }));
    // (50 + 10 + 5) × 1.3 / 0.85 = 99.4118 CNY; / 7.12 = 13.9623 USD → 13.99.
    const plan = await okData(
      post(alice, '/api/pricingTemplate/get-plan-sale', {
        template_id: saved.id,
        cost_minor: 5000,
        site: 1,
      }),
    );
    expect(plan).toEqual({
      currency: 'USD',
      rate: '7.12',
      price_minor: 1399,
      price: '13.99',
      breakdown: [
        { step: 'base', currency: 'CNY', amount: '65.0000' },
        { step: 'margin', currency: 'CNY', amount: '84.5000' },
        { step: 'fee', currency: 'CNY', amount: '99.4118' },
        { step: 'convert', currency: 'USD', amount: '13.9623' },
        { step: 'round', currency: 'USD', amount: '13.9900' },
      ],
    });
  });

  it('prices an unsaved template on a JPY site in whole yen', async () => {
    // 99.4118 CNY / 0.047 = 2115.14 JPY.
    const plan = await okData(
      post(alice, '/api/pricingTemplate/get-plan-sale', {
        template: { ...RULE, rounding: 'none' },
        cost_minor: 5000,
        site: 13,
      }),
    );
    expect(plan).toMatchObject({
      currency: 'JPY',
      rate: '0.047',
      price_minor: 2115,
      price: '2115',
    });
  });

  it('needs exactly one of template_id and template, and a known site', async () => {
    const neither = await post(alice, '/api/pricingTemplate/get-plan-sale', {
      cost_minor: 1,
      site: 1,
    });
    expect(neither.status).toBe(422);
    const badSite = await post(alice, '/api/pricingTemplate/get-plan-sale', {
      template: RULE,
      cost_minor: 1,
      site: 999,
    });
    expect(badSite.status).toBe(422);
    expect(badSite.body.data.fields).toHaveProperty('site');
  });
});

describe('exchange rates', () => {
  it('lists every seeded rate into CNY with its update time', async () => {
    const { list } = await okData(get(alice, '/api/common/get-exchange-rate'));
    const currencies = list.map((r: { from: string }) => r.from);
    for (const c of ['USD', 'EUR', 'GBP', 'JPY', 'VND', 'IDR', 'AED', 'SAR', 'TWD']) {
      expect(currencies).toContain(c);
    }
    expect(list.every((r: { to: string }) => r.to === 'CNY')).toBe(true);
    expect(list.find((r: { from: string }) => r.from === 'USD')).toMatchObject({ rate: '7.12' });
    expect(list[0].updated_at).toBeGreaterThan(1_600_000_000);
  });

  it('converts between two currencies through CNY and 422s an unknown one', async () => {
    const { list } = await okData(
      get(alice, '/api/common/get-exchange-rate', { from: 'usd', to: 'EUR' }),
    );
    // 7.12 / 8.25
    expect(list).toEqual([expect.objectContaining({ from: 'USD', to: 'EUR', rate: '0.8630303' })]);
    const unknown = await get(alice, '/api/common/get-exchange-rate', { from: 'XXX', to: 'CNY' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields).toHaveProperty('from');
    const half = await get(alice, '/api/common/get-exchange-rate', { from: 'USD' });
    expect(half.status).toBe(422);
  });
});

describe('forbidden words', () => {
  const listing = {
    title: 'Nike style tee, best seller',
    bullets: ['Soft cotton', 'Shipped by MyBrand'],
    description: '全网最好的T恤',
    keywords: 'tee shirt',
  };

  it('finds platform and seller words with positions; verify refuses until fixed', async () => {
    const word = await okData(post(alice, '/api/forbid/word/store', { word: 'mybrand' }));
    expect(word).toMatchObject({ word: 'mybrand', remark: '' });
    const { hits } = await okData(post(alice, '/api/forbid/word/check', listing));
    expect(hits).toEqual([
      { field: 'title', word: 'Nike', start: 0, end: 4, source: 'platform' },
      { field: 'title', word: 'best seller', start: 16, end: 27, source: 'platform' },
      { field: 'bullets.1', word: 'mybrand', start: 11, end: 18, source: 'seller' },
      { field: 'description', word: '最', start: 2, end: 3, source: 'platform' },
    ]);
    // Bob's list is his own.
    const bobs = await okData(post(bob, '/api/forbid/word/check', listing));
    expect(bobs.hits.map((h: { word: string }) => h.word)).not.toContain('mybrand');

    const refused = await okData(post(alice, '/api/forbid/word/verify', listing));
    expect(refused.ok).toBe(false);
    expect(refused.hits).toHaveLength(4);
    const fixed = await okData(
      post(alice, '/api/forbid/word/verify', {
        title: 'Plain tee',
        bullets: ['Soft cotton'],
        description: '很好的T恤',
      }),
    );
    expect(fixed).toEqual({ ok: true, hits: [] });
  });

  it("does not flag the seller's exempt brands: all-store ones always, a store's with its market_id", async () => {
    const seller = await createSeller(t.database.db);
    const [store] = await t.database.db
      .insert(stores)
      .values({
        sellerId: seller.sellerId,
        marketplace: 'amazon',
        marketSiteId: 1,
        alias: 'US',
        account: 'acct',
        source: 'sandbox',
        credentials: 'sealed',
      })
      .returning({ id: stores.id });
    await t.database.db.insert(exemptBrands).values([
      { sellerId: seller.sellerId, brand: 'NIKE', storeId: null },
      { sellerId: seller.sellerId, brand: 'Disney', storeId: store!.id },
    ]);
    const texts = { title: 'Nike and Disney mug' };
    const anyStore = await okData(post(seller, '/api/forbid/word/check', texts));
    expect(anyStore.hits.map((h: { word: string }) => h.word)).toEqual(['Disney']);
    const thatStore = await okData(
      post(seller, '/api/forbid/word/verify', { ...texts, market_id: store!.id }),
    );
    expect(thatStore).toEqual({ ok: true, hits: [] });
    const othersStore = await post(alice, '/api/forbid/word/check', {
      ...texts,
      market_id: store!.id,
    });
    expect(othersStore.status).toBe(404);
  });

  it('keeps seller words unique ignoring case, pages them, and scopes edits', async () => {
    const seller = await createSeller(t.database.db);
    const first = await okData(
      post(seller, '/api/forbid/word/store', { word: 'Cheap', remark: 'r' }),
    );
    const dup = await post(seller, '/api/forbid/word/store', { word: 'CHEAP' });
    expect(dup.status).toBe(422);
    expect(dup.body.data.fields).toHaveProperty('word');
    // A platform word can still be on a seller's own list.
    await okData(post(seller, '/api/forbid/word/store', { word: 'Disney' }));
    const page = await okData(get(seller, '/api/forbid/word/index', { keyword: 'che' }));
    expect(page.list.map((w: { word: string }) => w.word)).toEqual(['Cheap']);

    const stolen = await post(bob, '/api/forbid/word/store', { id: first.id, word: 'x' });
    expect(stolen.status).toBe(404);
    const notBobs = await okData(post(bob, '/api/forbid/word/delete', { ids: [first.id] }));
    expect(notBobs.results[0].ok).toBe(false);
    const removed = await okData(post(seller, '/api/forbid/word/delete', { ids: [first.id] }));
    expect(removed.results[0].ok).toBe(true);
  });

  it('refuses oversized input with 422', async () => {
    const res = await post(alice, '/api/forbid/word/check', { bullets: Array(11).fill('x') });
    expect(res.status).toBe(422);
  });
});
