import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingSession } from './connector-fixtures.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import { amazonStore, simStore, storedImage, waitForJob } from './listing-fixtures.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import type { TemuConnector } from '../src/integrations/marketplaces/temu/connector.ts';
import { MARKET_SITES } from '@app/shared';

/** Temu listings (`/api/temu/publish/*`) against the Temu simulator over HTTP. */
/** Retry waits pass at once. */
const sleep = async () => {};
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let store: Awaited<ReturnType<typeof simStore>>;
let amazon: Awaited<ReturnType<typeof amazonStore>>;

beforeAll(async () => {
  h = await startSimHarness();
  t = await h.app({ jobs: true, sleep });
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  store = await simStore(t.database.db, t.config, h.sims, seller.sellerId, 'temu');
  amazon = await amazonStore(t.database.db, t.config, h.sims, seller.sellerId);
}, 300_000);
afterAll(() => h?.close());

const api = (method: 'GET' | 'POST', path: string, body?: unknown, token = seller.token) =>
  call(t.app, method, `/api/temu/publish/${path}`, {
    token,
    ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
  });

/** The mall's goods as Temu (the simulator) lists them. */
async function liveGoods() {
  const temu = createMarketplaceConnectors(t.config).temu as TemuConnector;
  const site = MARKET_SITES.find((s) => s.marketplace === 'temu' && s.code === 'US')!;
  const session = recordingSession(site, h.sims.temu.grant(store.account, 'US'));
  return (await temu.listGoods(session, { pageNo: 1, pageSize: 100 })).goods;
}

async function createDrafts(count = 1): Promise<number[]> {
  const image = await storedImage(t.storage, seller.sellerId);
  const goods = [];
  for (let i = 0; i < count; i++) {
    const p = await productFor(t.database.db, seller.sellerId, {
      skus: [
        { color: 'Black', size: 'M', costMinor: 2_000, stock: 10 },
        { color: 'White', size: 'L', costMinor: 2_000, stock: 10 },
      ],
      images: [{ url: image }],
    });
    goods.push(p.productId);
  }
  const res = await api('POST', 'create', { market_id: store.id, goods_ids: goods });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.ids;
}

/** A leaf category with its required attributes, and stock on every SKU. */
async function ready(
  id: number,
  attributes: Record<string, string> = { Material: 'Cotton', Fit: 'Slim' },
) {
  const shown = (await api('GET', 'show', { id: String(id) })).body.data;
  return api('POST', 'update/step-all', {
    list: [
      {
        id,
        category: { market_category_id: '26101', attributes },
        step3: {
          is_variation: shown.is_variation,
          variation_theme: shown.variation_theme,
          parent_sku: shown.parent_sku,
          show_variation_theme: shown.show_variation_theme,
          items: shown.items.map((i: any) => ({ ...i, quantity: 7 })),
        },
        step4: { title: 'Organic cotton tee', describe: 'Soft and light.', custom_describe: '' },
      },
    ],
  });
}

describe('Temu listings', () => {
  it('lists the Temu stores and walks the category tree with each leaf template', async () => {
    const market = await api('GET', 'get-market', {});
    expect(market.body.data.list.map((s: any) => s.id)).toEqual([store.id]);
    const top = await api('GET', 'get-category-by-market-new', { market_id: String(store.id) });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body.data.list.map((c: any) => c.id)).toContain('26001');
    const found = await api('GET', 'get-category-by-market-new', {
      market_id: String(store.id),
      parent_id: '26001',
      keyword: 't-shirt',
    });
    expect(found.body.data.list).toEqual([
      { id: '26101', name: "Women's T-Shirts", parent_id: '26001', leaf: true },
    ]);
    const template = await api('GET', 'get-category-attribute', {
      market_id: String(store.id),
      category_id: '26101',
    });
    expect(
      template.body.data.attributes.filter((a: any) => a.required).map((a: any) => a.name),
    ).toEqual(['Material', 'Fit']);
    const unknown = await api('GET', 'get-category-attribute', {
      market_id: String(store.id),
      category_id: '99999',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields).toHaveProperty('category_id');
    const wrongStore = await api('GET', 'get-category-by-market-new', {
      market_id: String(amazon.id),
    });
    expect(wrongStore.status).toBe(422);
  });

  it('drafts for Temu stores only; refuses missing required attributes on the field', async () => {
    const id = (await createDrafts())[0]!;
    const shown = (await api('GET', 'show', { id: String(id) })).body.data;
    expect(shown).toMatchObject({ market_id: store.id, status: 'draft' });
    expect(shown.items).toHaveLength(2);
    const wrong = await api('POST', 'create', {
      market_id: amazon.id,
      goods_ids: [shown.goods_id],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.fields).toHaveProperty('market_id');

    const missing = await ready(id, { Material: 'Cotton' });
    const result = missing.body.data.results[0];
    expect(result.ok).toBe(false);
    expect(Object.keys(result.fields)).toEqual(['category.attributes.Fit']);
    const bad = await ready(id, { Material: 'Wood', Fit: 'Slim' });
    expect(Object.keys(bad.body.data.results[0].fields)).toEqual(['category.attributes.Material']);
    expect((await ready(id)).body.data.results[0]).toMatchObject({ ok: true });
    const saved = (await api('GET', 'show', { id: String(id) })).body.data;
    expect(saved).toMatchObject({ market_category_id: '26101', title: 'Organic cotton tee' });
    expect(saved.attributes).toEqual({ Material: 'Cotton', Fit: 'Slim' });
  });

  it('publishes live on Temu, edits, takes down and deletes; no UPC is spent', async () => {
    const id = (await createDrafts())[0]!;
    await ready(id);
    const started = await api('POST', 'publish', { id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const job = await waitForJob(t.app, seller.token, started.body.data.job_id);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    const live = (await api('GET', 'show', { id: String(id) })).body.data;
    expect(live.status).toBe('published');
    expect(live.items.every((i: any) => i.product_id === '')).toBe(true);
    let goods = (await liveGoods()).find((g) => String(g.goodsId) === live.remote_id)!;
    expect(goods).toMatchObject({
      goodsName: 'Organic cotton tee',
      outGoodsSn: live.parent_sku,
      status4VO: 1,
    });
    expect(goods.skuInfoList.map((s) => s.quantity)).toEqual([7, 7]);

    const edit = await api('POST', 'update/step-all', {
      list: [
        {
          id,
          step4: { title: 'Organic cotton tee, relaxed', describe: 'Soft.', custom_describe: '' },
        },
      ],
    });
    expect(edit.body.data.results[0].ok).toBe(true);
    expect((await api('GET', 'show', { id: String(id) })).body.data.changed).toBe(true);
    await waitForJob(t.app, seller.token, (await api('POST', 'publish', { id })).body.data.job_id);
    goods = (await liveGoods()).find((g) => String(g.goodsId) === live.remote_id)!;
    expect(goods.goodsName).toBe('Organic cotton tee, relaxed');

    const down = await api('POST', 'delete', { id });
    expect((await waitForJob(t.app, seller.token, down.body.data.job_id)).status).toBe('succeeded');
    expect((await api('GET', 'show', { id: String(id) })).body.data.status).toBe('taken_down');
    goods = (await liveGoods()).find((g) => String(g.goodsId) === live.remote_id)!;
    expect(goods.status4VO).toBe(2);

    const removed = await api('POST', 'batch-delete', { ids: [id] });
    await waitForJob(t.app, seller.token, removed.body.data.job_id);
    expect((await api('GET', 'show', { id: String(id) })).status).toBe(404);
    // temu.local.goods.delete: gone from the store, not just off shelf.
    expect((await liveGoods()).some((g) => String(g.goodsId) === live.remote_id)).toBe(false);
  });

  it('batch-publishes with progress, each result recorded', async () => {
    const ids = await createDrafts(4);
    for (const id of ids) await ready(id);
    const started = await api('POST', 'batch-publish', { ids });
    expect(started.body.data.total).toBe(4);
    const job = await waitForJob(t.app, seller.token, started.body.data.job_id);
    expect(job).toMatchObject({ status: 'succeeded', done: 4, total: 4 });
    const batch = await api('GET', 'batch', { id: String(started.body.data.batch_id) });
    expect(batch.body.data.items.map((i: any) => i.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    const page = (await api('GET', 'index', { status: 'published' })).body.data;
    expect(page.list.map((r: any) => r.id)).toEqual(expect.arrayContaining(ids));
  });

  it("answers 404 for another seller's or another marketplace's listing, 422 for bad input, 403 to staff", async () => {
    const id = (await createDrafts())[0]!;
    expect((await api('GET', 'show', { id: String(id) }, other.token)).status).toBe(404);
    expect((await api('POST', 'publish', { id }, other.token)).status).toBe(404);
    const amazonDraft = await call(t.app, 'POST', '/api/publish/create', {
      token: seller.token,
      body: {
        market_id: amazon.id,
        goods_ids: [(await api('GET', 'show', { id: String(id) })).body.data.goods_id],
      },
    });
    const amazonId = amazonDraft.body.data.ids[0];
    expect((await api('GET', 'show', { id: String(amazonId) })).status).toBe(404);
    expect((await api('POST', 'batch-publish', { ids: [] })).status).toBe(422);
    expect((await api('GET', 'show', { id: 'x' })).status).toBe(422);
    expect((await api('GET', 'get-category-by-market-new', {})).status).toBe(422);
    const staff = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['goods:collectyun:list'],
    });
    expect((await api('GET', 'index', {}, staff.token)).status).toBe(403);
    expect((await api('POST', 'batch-delete', { ids: [id] }, staff.token)).status).toBe(403);
  });
});
