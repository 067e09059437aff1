import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import {
  amazonStore,
  freeCodes,
  shopifyStore,
  storedImage,
  upc,
  waitForJob,
} from './listing-fixtures.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';

/** Shopify listings (`/api/shopify/publish/*`) against the Shopify simulator over HTTP. */
let clock = Date.now();
const sleep = async (ms: number) => {
  clock += ms;
};
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let store: Awaited<ReturnType<typeof shopifyStore>>;
let amazon: Awaited<ReturnType<typeof amazonStore>>;

const T_SHIRTS = 'gid://shopify/TaxonomyCategory/aa-1-13-8';

beforeAll(async () => {
  h = await startSimHarness({ now: () => new Date(clock) });
  t = await h.app({ jobs: true, sleep });
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  store = await shopifyStore(t.database.db, t.config, h.sims, seller.sellerId);
  amazon = await amazonStore(t.database.db, t.config, h.sims, seller.sellerId);
});
afterAll(() => h?.close());

const api = (method: 'GET' | 'POST', path: string, body?: unknown, token = seller.token) =>
  call(t.app, method, `/api/shopify/publish/${path}`, {
    token,
    ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
  });

/** The shop's product as Shopify (the simulator) answers a GraphQL read, by a variant's SKU. */
async function liveProduct(sku: string) {
  const { accessToken } = h.sims.shopify.grant(store.account, 'GLOBAL');
  const res = await fetch(
    `${h.config.SIM_BASE_URL}/shopify/${store.account}/admin/api/2026-01/graphql.json`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken! },
      body: JSON.stringify({
        query: `query ($q: String) { products(first: 5, query: $q) { nodes {
          id title status vendor tags category { id }
          variants(first: 20) { nodes { sku price barcode inventoryQuantity selectedOptions { name value } } }
        } } }`,
        variables: { q: `sku:${sku}` },
      }),
    },
  );
  const body = (await res.json()) as any;
  return body.data.products.nodes as any[];
}

async function product() {
  const image = await storedImage(t.storage, seller.sellerId);
  return productFor(t.database.db, seller.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 2_000, stock: 10 },
      { color: 'White', size: 'L', costMinor: 2_000, stock: 10 },
    ],
    images: [{ url: image }],
  });
}

async function createDrafts(count = 1): Promise<number[]> {
  const goods = [];
  for (let i = 0; i < count; i++) goods.push((await product()).productId);
  const res = await api('POST', 'create', { market_id: store.id, goods_ids: goods, brand: 'Acme' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.ids;
}

/** Stock on every variant, so the shop sells it. */
async function stock(id: number, quantity = 5) {
  const shown = (await api('GET', 'show', { id: String(id) })).body.data;
  const res = await api('POST', 'update/step-all', {
    list: [
      {
        id,
        step3: {
          is_variation: shown.is_variation,
          variation_theme: shown.variation_theme,
          parent_sku: shown.parent_sku,
          show_variation_theme: shown.show_variation_theme,
          items: shown.items.map((i: any) => ({ ...i, quantity })),
        },
      },
    ],
  });
  expect(res.body.data.results[0].ok, JSON.stringify(res.body)).toBe(true);
}

describe('Shopify listings', () => {
  it('drafts from finished products for a Shopify store only; lists only Shopify listings', async () => {
    const id = (await createDrafts())[0]!;
    const shown = (await api('GET', 'show', { id: String(id) })).body.data;
    expect(shown).toMatchObject({ market_id: store.id, brand: 'Acme', status: 'draft' });
    expect(shown.items).toHaveLength(2);
    expect(shown.attributes.status).toBe('ACTIVE');

    const p = await product();
    const wrong = await api('POST', 'create', { market_id: amazon.id, goods_ids: [p.productId] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.fields).toHaveProperty('market_id');
    const foreign = await api(
      'POST',
      'create',
      {
        market_id: store.id,
        goods_ids: [p.productId],
      },
      other.token,
    );
    expect(foreign.status).toBe(404);

    const page = (await api('GET', 'index', { keyword: shown.items[0].sku })).body.data;
    expect(page.list.map((r: any) => r.id)).toEqual([id]);
    const amazonPage = await call(t.app, 'GET', '/api/publish/index', {
      token: seller.token,
      query: { keyword: shown.items[0].sku },
    });
    expect(amazonPage.body.data.list).toEqual([]);

    const market = (await api('GET', 'get-market')).body.data;
    expect(market.list.map((s: any) => s.id)).toEqual([store.id]);
    const top = (await api('GET', 'get-category', { market_id: String(store.id) })).body.data;
    expect(top.list.length).toBeGreaterThan(0);
    expect(top.list[0].id).toMatch(/^gid:\/\/shopify\/TaxonomyCategory\//);
  });

  it('saves the Shopify step with step-all; 422 names the field, 404 for other listings', async () => {
    const id = (await createDrafts())[0]!;
    const saved = await api('POST', 'update/step-all', {
      list: [
        {
          id,
          shopify: {
            vendor: 'Acme Co',
            market_category_id: T_SHIRTS,
            tags: 'tee, cotton',
            status: 'DRAFT',
          },
          step4: { title: 'Acme Tee', describe: 'Soft cotton.' },
        },
      ],
    });
    expect(saved.body.data.results, JSON.stringify(saved.body)).toEqual([
      { id, ok: true, message: null, fields: null },
    ]);
    const shown = (await api('GET', 'show', { id: String(id) })).body.data;
    expect(shown).toMatchObject({
      brand: 'Acme Co',
      market_category_id: T_SHIRTS,
      keywords: 'tee, cotton',
      title: 'Acme Tee',
      attributes: { status: 'DRAFT' },
    });

    const bad = await api('POST', 'update/step-all', {
      list: [{ id, shopify: { status: 'ARCHIVED' } }],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)[0]).toMatch(/status/);

    const amazonListing = await call(t.app, 'POST', '/api/publish/create', {
      token: seller.token,
      body: { market_id: amazon.id, goods_ids: [(await product()).productId], brand: 'X' },
    });
    const amazonId = amazonListing.body.data.ids[0];
    const refused = await api('POST', 'update/step-all', {
      list: [{ id: amazonId, step4: { title: 'Nope' } }],
    });
    expect(refused.body.data.results[0]).toMatchObject({ id: amazonId, ok: false });
    expect((await api('GET', 'show', { id: String(amazonId) })).status).toBe(404);
    expect((await api('POST', 'publish', { id: amazonId })).status).toBe(404);
    expect((await api('GET', 'show', { id: String(id) }, other.token)).status).toBe(404);
    // And the Amazon routes do not act on a Shopify listing.
    const viaAmazon = await call(t.app, 'POST', '/api/publish/batch-publish', {
      token: seller.token,
      body: { ids: [id] },
    });
    expect(viaAmazon.status).toBe(404);
  });

  it('publishes live with variants, options, stock and a UPC per SKU; edits, takes down, deletes', async () => {
    const id = (await createDrafts())[0]!;
    await stock(id, 7);
    await freeCodes(t.database.db, seller.sellerId, ['06000000001', '06000000002']);
    await api('POST', 'update/step-all', {
      list: [
        {
          id,
          shopify: {
            vendor: 'Acme',
            market_category_id: T_SHIRTS,
            tags: 'tee,summer',
            status: 'ACTIVE',
          },
        },
      ],
    });
    const report = (await api('GET', 'check', { id: String(id) })).body.data;
    expect(report.ok, JSON.stringify(report)).toBe(true);

    const started = await api('POST', 'publish', { id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await waitForJob(t.app, seller.token, started.body.data.job_id)).status).toBe(
      'succeeded',
    );
    const live = (await api('GET', 'show', { id: String(id) })).body.data;
    expect(live.status, JSON.stringify(live.issues)).toBe('published');
    expect(live.remote_id).toMatch(/^gid:\/\/shopify\/Product\//);
    const codes = live.items.map((i: any) => i.product_id);
    expect(new Set(codes).size).toBe(2);
    expect(codes.sort()).toEqual([upc('06000000001'), upc('06000000002')].sort());

    const [remote] = await liveProduct(live.items[0].sku);
    expect(remote).toMatchObject({
      id: live.remote_id,
      status: 'ACTIVE',
      vendor: 'Acme',
      tags: ['tee', 'summer'],
      category: { id: T_SHIRTS },
    });
    expect(remote.variants.nodes).toHaveLength(2);
    expect(remote.variants.nodes[0].selectedOptions.map((o: any) => o.name)).toEqual([
      'Color',
      'Size',
    ]);
    expect(remote.variants.nodes[0]).toMatchObject({ inventoryQuantity: 7 });
    expect(remote.variants.nodes.map((v: any) => v.barcode).sort()).toEqual(codes.sort());

    // Edit and publish again: the same product is updated.
    await api('POST', 'update/step-all', {
      list: [{ id, step4: { title: 'Acme Tee v2', describe: 'Softer.' } }],
    });
    const again = await api('POST', 'publish', { id });
    await waitForJob(t.app, seller.token, again.body.data.job_id);
    const [updated] = await liveProduct(live.items[0].sku);
    expect(updated).toMatchObject({ id: live.remote_id, title: 'Acme Tee v2' });

    const down = await api('POST', 'delete', { id });
    expect((await waitForJob(t.app, seller.token, down.body.data.job_id)).status).toBe('succeeded');
    expect((await api('GET', 'show', { id: String(id) })).body.data.status).toBe('taken_down');
    expect((await liveProduct(live.items[0].sku))[0].status).toBe('ARCHIVED');

    const removed = await api('POST', 'batch-delete', { ids: [id] });
    await waitForJob(t.app, seller.token, removed.body.data.job_id);
    expect((await api('GET', 'show', { id: String(id) })).status).toBe(404);
  });

  it('batch-publishes many listings with progress, each result recorded', async () => {
    const ids = await createDrafts(12);
    for (const id of ids) await stock(id, 3);
    const started = await api('POST', 'batch-publish', { ids });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.total).toBe(12);
    const job = await waitForJob(t.app, seller.token, started.body.data.job_id);
    expect(job).toMatchObject({ status: 'succeeded', done: 12, total: 12 });
    const batch = (await api('GET', 'batch', { id: String(started.body.data.batch_id) })).body.data;
    expect(batch).toMatchObject({ status: 'finished', total: 12, done: 12, failed: 0 });
    const page = (await api('GET', 'index', { status: 'published', size: '50' })).body.data;
    expect(page.list.map((r: any) => r.id)).toEqual(expect.arrayContaining(ids));
  });

  it('answers 422 for bad input and 403 to staff without the Shopify permissions', async () => {
    expect((await api('POST', 'batch-publish', { ids: [] })).status).toBe(422);
    expect((await api('GET', 'show', { id: 'x' })).status).toBe(422);
    expect((await api('GET', 'get-category', {})).status).toBe(422);
    const staff = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['goods:collectyun:list'],
    });
    expect((await api('GET', 'index', {}, staff.token)).status).toBe(403);
    expect((await api('POST', 'batch-delete', { ids: [1] }, staff.token)).status).toBe(403);
  });
});
