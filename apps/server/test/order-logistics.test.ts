import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_CHANNELS, trackingNumberFits } from '@app/shared';
import { orders, storeStaff } from '../src/db/schema.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

let t: TestApp;
let seller: SellerFixture;
let amazonStore: number;
let shopeeStore: number;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t.database.db);
  amazonStore = await storeFor(t.database.db, seller.sellerId, { alias: 'Amazon US' });
  shopeeStore = await storeFor(t.database.db, seller.sellerId, {
    alias: 'Shopee SG',
    marketplace: 'shopee',
  });
});
afterAll(async () => {
  await t?.close();
});

const channels = (query: Record<string, string> = {}, token = seller.token) =>
  call(t.app, 'GET', '/api/cw-order/logistics-channels', { token, query });
const post = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/cw-order/${path}`, { token, body });
const newOrder = async (storeId = amazonStore) => {
  const o = await orderFor(t.database.db, seller.sellerId, storeId, {
    items: [{ sku: 'LOG-TEE', quantity: 1, lineMinor: 1500 }],
  });
  if (storeId === shopeeStore) {
    await t.database.db.update(orders).set({ marketplace: 'shopee' }).where(eq(orders.id, o.id));
  }
  return o;
};

describe('logistics channels list', () => {
  it('every channel example fits its own pattern, ids are unique', () => {
    expect(LOGISTICS_CHANNELS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(LOGISTICS_CHANNELS.map((c) => c.id)).size).toBe(LOGISTICS_CHANNELS.length);
    for (const c of LOGISTICS_CHANNELS) {
      expect(trackingNumberFits(c, c.tracking_example), c.code).toBe(true);
      expect(trackingNumberFits(c, `X${c.tracking_example}`), c.code).toBe(false);
    }
  });

  it('answers every channel, or those of a store marketplace', async () => {
    const all = await channels();
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(LOGISTICS_CHANNELS.length);
    expect(all.body.data[0]).toMatchObject({ id: 1, code: 'YANWEN-SL', name_zh: '燕文专线追踪' });

    const shopee = await channels({ market_id: String(shopeeStore) });
    const codes = shopee.body.data.map((c: { code: string }) => c.code);
    expect(codes).toContain('SHOPEE-SLS');
    expect(codes).not.toContain('USPS-PARTNER');
    const amazon = await channels({ market_id: String(amazonStore) });
    const amazonCodes = amazon.body.data.map((c: { code: string }) => c.code);
    expect(amazonCodes).toContain('USPS-PARTNER');
    expect(amazonCodes).not.toContain('SHOPEE-SLS');
  });

  it("answers 404 for another seller's store, 422 for a bad id, 401 signed out", async () => {
    const other = await createSeller(t.database.db);
    expect((await channels({ market_id: String(amazonStore) }, other.token)).status).toBe(404);
    const bad = await channels({ market_id: 'abc' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toContain('market_id');
    const anon = await call(t.app, 'GET', '/api/cw-order/logistics-channels');
    expect(anon.status).toBe(401);
  });

  it('shows staff only the channels of their assigned stores', async () => {
    const staff = await createSeller(t.database.db, { sellerId: seller.sellerId });
    await t.database.db.insert(storeStaff).values({ storeId: shopeeStore, userId: staff.userId });
    expect((await channels({ market_id: String(shopeeStore) }, staff.token)).status).toBe(200);
    expect((await channels({ market_id: String(amazonStore) }, staff.token)).status).toBe(404);
  });
});

describe('save-logistics checks the channel and tracking number', () => {
  it('accepts a number of the channel shape and stores it upper-case', async () => {
    const o = await newOrder();
    const res = await post('save-logistics', {
      id: o.id,
      user_logistics_channel_id: 8,
      shipped_number: '1z999aa10123456784',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 30,
      user_logistics_channel_id: 8,
      shipped_number: '1Z999AA10123456784',
    });
  });

  it('refuses an unknown channel on user_logistics_channel_id', async () => {
    const o = await newOrder();
    const res = await post('save-logistics', {
      id: o.id,
      user_logistics_channel_id: 999,
      shipped_number: '1Z999AA10123456784',
    });
    expect(res.status).toBe(422);
    expect(res.body.data.field_keys).toEqual({
      user_logistics_channel_id: 'orders.unknown_channel',
    });
  });

  it("refuses a channel that does not serve the order's marketplace", async () => {
    const o = await newOrder(shopeeStore);
    const res = await post('save-logistics', {
      id: o.id,
      user_logistics_channel_id: 9,
      shipped_number: '9400123456789012345678',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields)).toEqual(['user_logistics_channel_id']);
    const ok = await post('save-logistics', {
      id: o.id,
      user_logistics_channel_id: 11,
      shipped_number: 'SPXSG012345678',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a tracking number without the channel shape on shipped_number', async () => {
    const o = await newOrder();
    const res = await post('save-logistics', {
      id: o.id,
      user_logistics_channel_id: 5,
      shipped_number: 'LX123456789CN',
    });
    expect(res.status).toBe(422);
    expect(res.body.data.field_keys.shipped_number).toBe('orders.bad_tracking_number');
    expect(res.body.data.fields.shipped_number).toMatch(/China Post.*RR123456789CN/);
    const log = await post('show-order-log', { id: o.id });
    expect(log.body.data.map((l: { action: string }) => l.action)).not.toContain('logistics');
  });

  it('still answers 404 for another seller order before checking the channel', async () => {
    const other = await createSeller(t.database.db);
    const o = await newOrder();
    const res = await post(
      'save-logistics',
      { id: o.id, user_logistics_channel_id: 999, shipped_number: 'x' },
      other.token,
    );
    expect(res.status).toBe(404);
  });

  it('a batch reports each refusal with its field message; the others are saved', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const c = await newOrder();
    // Each refusal is rendered in the caller's language.
    const res = await call(t.app, 'POST', '/api/cw-order/save-batch-logistics', {
      token: seller.token,
      headers: { 'accept-language': 'en' },
      body: {
        list: [
          { id: a.id, user_logistics_channel_id: 3, shipped_number: 'LP00123456789012' },
          { id: b.id, user_logistics_channel_id: 3, shipped_number: 'TN-B' },
          { id: c.id, user_logistics_channel_id: 42, shipped_number: 'LP00123456789012' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { id: a.id, ok: true, reason: null },
      { id: b.id, ok: false, reason: 'Not a Cainiao tracking number (e.g. LP00123456789012)' },
      { id: c.id, ok: false, reason: 'Unknown logistics channel' },
    ]);
    const found = await post('list', { shipped_number: 'LP00123456789012' });
    expect(found.body.data.list.map((o: { id: number }) => o.id)).toEqual([a.id]);
  });
});

describe('show-orders', () => {
  it('answers the orders in the order asked, 404 when one is not visible, 422 without ids', async () => {
    const a = await newOrder();
    const b = await newOrder(shopeeStore);
    const res = await post('show-orders', { ids: [b.id, a.id] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    expect(res.body.data[0].items[0]).toMatchObject({ sku: 'LOG-TEE', quantity: 1 });
    expect(res.body.data[0].actions).toContain('save_logistics');

    const other = await createSeller(t.database.db);
    const foreign = await orderFor(
      t.database.db,
      other.sellerId,
      await storeFor(t.database.db, other.sellerId),
      { items: [{ sku: 'X', quantity: 1, lineMinor: 1 }] },
    );
    expect((await post('show-orders', { ids: [a.id, foreign.id] })).status).toBe(404);
    const empty = await post('show-orders', { ids: [] });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.data.fields)).toContain('ids');
  });
});
