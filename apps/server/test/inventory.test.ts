import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverOf, MARKET_SITES } from '@app/shared';
import {
  factories,
  listingItems,
  listings,
  parentProducts,
  stores,
  storeStaff,
} from '../src/db/schema.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { productFor, type Product } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import { orderFor } from './order-fixtures.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';

/** /api/inventory/* against the Amazon simulator's FBA Inventory API over real HTTP. */
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let storeId: number;
let product: Product;
let factoryId: number;
const ACCOUNT = 'A3INVENTORY001';
const US = MARKET_SITES.find((s) => s.marketplace === 'amazon' && s.code === 'US')!;
const DAY = 86_400_000;

/** A listing published to the simulator through the Listings API, as the listings module does. */
async function publish(sku: string) {
  const { accessToken } = h.sims.amazon.grant(ACCOUNT, 'US');
  const url = `${h.config.SIM_BASE_URL}/amazon/listings/2021-08-01/items/${ACCOUNT}/${sku}?marketplaceIds=${US.remoteId}`;
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'x-amz-access-token': accessToken, 'content-type': 'application/json' },
    body: JSON.stringify({
      productType: 'MUG',
      requirements: 'LISTING',
      attributes: {
        item_name: [{ value: `T恤 ${sku}` }],
        brand: [{ value: 'Acme' }],
        product_description: [{ value: 'A tee' }],
        bullet_point: [{ value: 'Cotton' }],
        condition_type: [{ value: 'new_new' }],
        capacity: [{ value: 11, unit: 'ounces' }],
        purchasable_offer: [
          { currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 12.5 }] }] },
        ],
        fulfillment_availability: [{ fulfillment_channel_code: 'AMAZON_NA', quantity: 0 }],
        main_product_image_locator: [{ media_location: 'https://img.example/m.jpg' }],
      },
    }),
  });
  expect(res.status).toBe(200);
}

const post = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/inventory/${path}`, { token, body });

beforeAll(async () => {
  h = await startSimHarness();
  t = await h.app();
  const db = t.database.db;
  seller = await createSeller(db);
  other = await createSeller(db);
  const auth = h.sims.amazon.grant(ACCOUNT, 'US');
  const [store] = await db
    .insert(stores)
    .values({
      ...sealAuth(storeSecretBox(t.config), auth),
      sellerId: seller.sellerId,
      marketplace: 'amazon',
      marketSiteId: US.id,
      alias: 'Amazon US',
      account: auth.account,
      source: 'sandbox',
    })
    .returning();
  storeId = store!.id;
  product = await productFor(db, seller.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 500, stock: 40 },
      { color: 'White', size: 'L', costMinor: 500, stock: 7 },
    ],
  });
  const [factory] = await db
    .insert(factories)
    .values({ code: `INV-${seller.sellerId}`, name: '测试工厂', nameEn: 'Test factory' })
    .returning();
  factoryId = factory!.id;
  await db
    .update(parentProducts)
    .set({ factoryId })
    .where(eq(parentProducts.id, product.parentProductId));
  for (const sku of product.skus) await publish(sku.code);
  // One of them is listed in the store here too, with the quantity the seller set.
  const [listing] = await db
    .insert(listings)
    .values({
      sellerId: seller.sellerId,
      storeId,
      siteId: US.id,
      goodsId: product.productId,
      status: 'published',
      currency: 'USD',
      title: 'My tee',
    })
    .returning();
  await db.insert(listingItems).values({
    listingId: listing!.id,
    storeId,
    finishedSkuId: product.skus[0]!.id,
    sku: product.skus[0]!.code,
    quantity: 25,
  });
  const sku = product.skus[0]!.code;
  const line = (quantity: number) => ({ items: [{ sku, quantity, lineMinor: 1000 * quantity }] });
  // 60 sold in the last 30 days: two a day. An older order and a cancelled one do not count.
  await orderFor(db, seller.sellerId, storeId, {
    ...line(45),
    purchasedAt: new Date(Date.now() - 3 * DAY),
  });
  await orderFor(db, seller.sellerId, storeId, {
    ...line(15),
    channel: 'AFN',
    purchasedAt: new Date(Date.now() - 20 * DAY),
  });
  await orderFor(db, seller.sellerId, storeId, {
    ...line(90),
    purchasedAt: new Date(Date.now() - 40 * DAY),
  });
  await orderFor(db, seller.sellerId, storeId, { ...line(9), orderStatus: 'canceled' });
}, 120_000);
afterAll(() => h?.close());

describe('inventory', () => {
  it('reads FBA stock from Amazon and shows it with the factory, the listings and the cover', async () => {
    const before = await post('index', {});
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data.synced_at).toBeNull();
    // Listed here, nothing read from Amazon yet.
    expect(before.body.data.list.map((r: { sku: string }) => r.sku)).toEqual([
      product.skus[0]!.code,
    ]);

    const synced = await post('sync', {});
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data).toEqual({ stores: 1, skus: 2, failed: [] });

    const page = await post('index', {});
    const { list, synced_at, low_stock_days, replenish_days } = page.body.data;
    expect(synced_at).toBeGreaterThan(0);
    expect([low_stock_days, replenish_days]).toEqual([30, 60]);
    expect(list).toHaveLength(2);
    const sold = list.find((r: { sku: string }) => r.sku === product.skus[0]!.code);
    expect(sold).toMatchObject({
      title: expect.stringContaining('My tee'),
      factory: { factory_id: factoryId, name: '测试工厂', name_en: 'Test factory', stock: 40 },
      listings: [{ store_id: storeId, alias: 'Amazon US', marketplace: 'amazon', quantity: 25 }],
      sold_30d: 60,
      daily_sales: 2,
    });
    expect(sold.fba_stores).toEqual([
      expect.objectContaining({ store_id: storeId, fnsku: expect.stringMatching(/^X00/) }),
    ]);
    expect(sold).toMatchObject(coverOf(sold.fba, 60));
    const idle = list.find((r: { sku: string }) => r.sku === product.skus[1]!.code);
    expect(idle).toMatchObject({
      sold_30d: 0,
      days_of_cover: null,
      low_stock: false,
      listings: [],
    });
    expect(idle.factory.stock).toBe(7);
    expect(idle.fba.fulfillable).toBeGreaterThanOrEqual(0);

    // Filters: keyword, category, low stock, paging.
    const byKeyword = await post('index', { keyword: product.skus[1]!.code.toLowerCase() });
    expect(byKeyword.body.data.list.map((r: { sku: string }) => r.sku)).toEqual([
      product.skus[1]!.code,
    ]);
    const categories = await post('getAllCategories', {});
    expect(categories.body.data).toEqual([{ id: sold.category_id, name: '测试' }]);
    expect((await post('index', { category_id: sold.category_id })).body.data.list).toHaveLength(2);
    const low = await post('index', { low_stock: true });
    expect(low.body.data.list.every((r: { low_stock: boolean }) => r.low_stock)).toBe(true);
    expect(low.body.data.list.length).toBe(sold.low_stock ? 1 : 0);
    const paged = await post('index', { page: 2, limit: 1 });
    expect(paged.body.data.pagination).toEqual({ page: 2, size: 1, total: 2, more: false });

    const factoriesList = await post('factories', {});
    expect(factoriesList.body.data.find((f: { id: number }) => f.id === factoryId)).toMatchObject({
      stock: 47,
      skus: 2,
    });
  });

  it('exports the filtered list as xlsx in the reader’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/export',
      headers: { authorization: `Bearer ${seller.token}`, 'accept-language': 'en' },
      payload: { keyword: product.skus[0]!.code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('SKU');
    expect(sheet.getRow(1).getCell(3).value).toBe('FBA fulfillable');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(product.skus[0]!.code);
    expect(sheet.getRow(2).getCell(10).value).toBe(60);
  });

  it('answers 422 naming the field for bad input', async () => {
    const bad = await post('index', { limit: 500, keyword: 'a\u0000' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['keyword', 'limit']);
    expect((await post('sync', { market_id: 'x' })).status).toBe(422);
  });

  it("hides another seller's stock and stores, scopes staff to their stores and 403s without the permission", async () => {
    expect((await post('index', {}, other.token)).body.data.list).toEqual([]);
    expect((await post('sync', { market_id: storeId }, other.token)).status).toBe(404);
    expect(
      (await post('factories', {}, other.token)).body.data.every(
        (f: { skus: number }) => f.skus === 0,
      ),
    ).toBe(true);

    const staff = await createSeller(t.database.db, { sellerId: seller.sellerId });
    expect((await post('index', {}, staff.token)).body.data.list).toEqual([]);
    expect((await post('sync', { market_id: storeId }, staff.token)).status).toBe(404);
    await t.database.db.insert(storeStaff).values({ storeId, userId: staff.userId });
    expect((await post('index', {}, staff.token)).body.data.list).toHaveLength(2);

    const noPerm = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['newOrder:FBAshipments:list'],
    });
    for (const path of ['index', 'sync', 'factories', 'getAllCategories', 'export']) {
      expect((await post(path, {}, noPerm.token)).status, path).toBe(403);
    }
    const viewer = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['newOrder:inventoryCheck:list'],
    });
    expect((await post('index', {}, viewer.token)).status).toBe(200);
    expect((await post('export', {}, viewer.token)).status).toBe(403);
  });
});
