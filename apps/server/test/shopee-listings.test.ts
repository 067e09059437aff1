import sharp from 'sharp';
import { recordingSession } from './connector-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_SITES } from '@app/shared';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import { amazonStore, simStore, storedImage, waitForJob } from './listing-fixtures.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';

/** Shopee goods (`/api/shopee/goods/*`) against the Shopee simulator over HTTP. */
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let store: Awaited<ReturnType<typeof simStore>>;
let amazon: Awaited<ReturnType<typeof amazonStore>>;

beforeAll(async () => {
  h = await startSimHarness();
  t = await h.app({ jobs: true, sleep: async () => {} });
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  store = await simStore(t.database.db, t.config, h.sims, seller.sellerId, 'shopee');
  amazon = await amazonStore(t.database.db, t.config, h.sims, seller.sellerId);
}, 300_000);
afterAll(() => h?.close());

const api = (method: 'GET' | 'POST', path: string, body?: unknown, token = seller.token) =>
  call(t.app, method, `/api/shopee/goods/${path}`, {
    token,
    ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
  });

async function draft(): Promise<number> {
  const image = await storedImage(t.storage, seller.sellerId);
  const p = await productFor(t.database.db, seller.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 2_000, stock: 10 },
      { color: 'White', size: 'L', costMinor: 2_000, stock: 10 },
    ],
    images: [{ url: image }],
  });
  const res = await api('POST', 'create', { market_id: store.id, goods_ids: [p.productId] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.ids[0];
}

/** An item made in Seller Centre (here: straight through the connector), with two models. */
async function sellerCentreItem(sku: string) {
  const shopee = createMarketplaceConnectors(t.config).shopee!;
  const site = MARKET_SITES.find((s) => s.marketplace === 'shopee' && s.code === 'SG')!;
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: '#fff' },
  })
    .png()
    .toBuffer();
  const session = recordingSession(site, h.sims.shopee.grant(store.account, 'SG'));
  return shopee.publish(session, {
    sku,
    title: 'Phone case made in Seller Centre',
    description: 'Soft silicone.',
    bulletPoints: [],
    keywords: [],
    brand: '',
    categoryId: '100021',
    attributes: { '4990': 'Silicone', '4992': 'iPhone 16', weight: 0.2 },
    imageUrls: [`data:image/png;base64,${png.toString('base64')}`],
    price: { amount: '9.90', currency: 'SGD' },
    quantity: 12,
    variants: [
      {
        sku: `${sku}-BLK`,
        price: { amount: '9.90', currency: 'SGD' },
        quantity: 5,
        options: { Color: 'Black' },
        imageUrls: [],
      },
      {
        sku: `${sku}-RED`,
        price: { amount: '10.90', currency: 'SGD' },
        quantity: 7,
        options: { Color: 'Red' },
        imageUrls: [],
      },
    ],
  });
}

describe('Shopee goods', () => {
  it('serves the category tree and the attribute tree, mandatory attributes first', async () => {
    const top = await api('GET', 'get-category', { market_id: String(store.id) });
    expect(top.body.data.list.map((c: any) => c.id)).toEqual(['100001', '100002']);
    const leaves = await api('GET', 'get-category', {
      market_id: String(store.id),
      parent_id: '100002',
    });
    expect(leaves.body.data.list.map((c: any) => [c.id, c.leaf])).toEqual([
      ['100021', true],
      ['100022', true],
    ]);
    const tree = await api('GET', 'get-attribute', {
      market_id: String(store.id),
      category_id: '100021',
    });
    expect(tree.body.data.attributes.map((a: any) => [a.name, a.label, a.required])).toEqual([
      ['4990', 'Material', true],
      ['4992', 'Phone Model', true],
    ]);
    expect((await api('GET', 'get-category', { market_id: String(amazon.id) })).status).toBe(422);
  });

  it('saves steps 1 to 4 with Shopee field names; 422 names the field', async () => {
    const id = await draft();
    const step1 = await api('POST', 'update/step1', { id, brand: 'Acme', days_to_ship: 3 });
    expect(step1.status, JSON.stringify(step1.body)).toBe(200);
    expect(step1.body.data).toMatchObject({ brand: 'Acme', attributes: { days_to_ship: 3 } });

    const missing = await api('POST', 'update/step2', {
      id,
      market_category_id: '100021',
      attributes: { '4990': 'Silicone' },
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data.fields)).toEqual(['attributes.4992']);
    const step2 = await api('POST', 'update/step2', {
      id,
      market_category_id: '100021',
      attributes: { '4990': 'Silicone', '4992': 'iPhone 16' },
    });
    expect(step2.body.data).toMatchObject({ market_category_id: '100021' });
    expect(step2.body.data.attributes).toMatchObject({ '4990': 'Silicone', days_to_ship: 3 });

    const tiers = [{ name: 'Color', options: ['Black', 'Red'] }];
    const bad = await api('POST', 'update/step3', {
      id,
      item_sku: 'CASE',
      price_minor: 990,
      stock: 0,
      tier_variation: tiers,
      variation: [{ tier_index: [2], item_sku: 'CASE-X', price_minor: 990, stock: 1 }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty(['variation.0.tier_index']);
    const step3 = await api('POST', 'update/step3', {
      id,
      item_sku: 'CASE',
      price_minor: 990,
      stock: 0,
      tier_variation: tiers,
      variation: [
        { tier_index: [0], item_sku: 'CASE-BLK', price_minor: 990, stock: 5 },
        { tier_index: [1], item_sku: 'CASE-RED', price_minor: 1090, stock: 7 },
      ],
    });
    expect(step3.status, JSON.stringify(step3.body)).toBe(200);
    expect(step3.body.data.items.map((i: any) => [i.sku, i.variation, i.quantity])).toEqual([
      ['CASE-BLK', { Color: 'Black' }, 5],
      ['CASE-RED', { Color: 'Red' }, 7],
    ]);

    const step4 = await api('POST', 'update/step4', {
      id,
      name: 'Silicone phone case',
      description: 'Soft.',
      logistics: [18025],
      weight: 0.2,
      package_length: 18,
      package_width: 10,
      package_height: 2,
    });
    expect(step4.body.data).toMatchObject({ title: 'Silicone phone case', describe: 'Soft.' });
    expect(step4.body.data.attributes).toMatchObject({
      logistics: '18025',
      weight: 0.2,
      package_length: 18,
    });
    const noWeight = await api('POST', 'update/step4', {
      id,
      name: 'x',
      package_length: 1,
      package_width: 1,
      package_height: 1,
    });
    expect(noWeight.status).toBe(422);
    expect(noWeight.body.data.fields).toHaveProperty('weight');
  });

  it('synchro pulls items made in the shop, matched by SKU the second time', async () => {
    const made = await sellerCentreItem('SC-CASE');
    expect(made.remoteId).toEqual(expect.any(String));
    const first = await api('POST', 'synchro', { market_id: store.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ created: 1 });
    const page = (await api('GET', 'index', { keyword: 'SC-CASE' })).body.data;
    expect(page.list).toHaveLength(1);
    const pulled = (await api('GET', 'show', { id: String(page.list[0].id) })).body.data;
    expect(pulled).toMatchObject({
      remote_id: made.remoteId,
      status: 'published',
      parent_sku: 'SC-CASE',
    });
    expect(pulled.items.map((i: any) => [i.sku, i.price_minor, i.quantity])).toEqual([
      ['SC-CASE-BLK', 990, 5],
      ['SC-CASE-RED', 1090, 7],
    ]);
    const again = await api('POST', 'synchro', { market_id: store.id });
    expect(again.body.data).toMatchObject({ created: 0 });
    expect(again.body.data.matched).toBe(again.body.data.total);
  });

  it('delete removes the item from the shop, so synchro does not bring it back', async () => {
    const made = await sellerCentreItem('SC-GONE');
    await api('POST', 'synchro', { market_id: store.id });
    const [row] = (await api('GET', 'index', { keyword: 'SC-GONE' })).body.data.list;
    const removed = await api('POST', 'delete', { id: row.id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const job = await waitForJob(t.app, seller.token, removed.body.data.job_id);
    expect(job.status).toBe('succeeded');
    const shopee = createMarketplaceConnectors(t.config).shopee!;
    const site = MARKET_SITES.find((s) => s.marketplace === 'shopee' && s.code === 'SG')!;
    const session = recordingSession(site, h.sims.shopee.grant(store.account, 'SG'));
    const state = await shopee.listingState(session, { sku: 'SC-GONE', remoteId: made.remoteId });
    expect(state.status).toBe('not_found');
    expect((await api('POST', 'synchro', { market_id: store.id })).body.data).toMatchObject({
      created: 0,
    });
    expect((await api('GET', 'index', { keyword: 'SC-GONE' })).body.data.list).toHaveLength(0);
  });

  it("answers 404 for another seller's listing, 422 for bad input, 403 to staff", async () => {
    const id = await draft();
    expect((await api('GET', 'show', { id: String(id) }, other.token)).status).toBe(404);
    expect((await api('POST', 'update/step1', { id, brand: 'x' }, other.token)).status).toBe(404);
    expect(
      (await api('POST', 'update-status', { ids: [id], status: 'UNLIST' }, other.token)).status,
    ).toBe(404);
    expect((await api('POST', 'synchro', { market_id: store.id }, other.token)).status).toBe(404);
    expect((await api('POST', 'update-status', { ids: [id], status: 'GONE' })).status).toBe(422);
    expect((await api('POST', 'synchro', {})).status).toBe(422);
    const staff = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['goods:shopeeyun:list'],
    });
    expect((await api('GET', 'index', {}, staff.token)).status).toBe(200);
    expect((await api('POST', 'synchro', { market_id: store.id }, staff.token)).status).toBe(403);
    expect((await api('POST', 'delete', { id }, staff.token)).status).toBe(403);
  });
});
