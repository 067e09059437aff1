import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_SITES } from '@app/shared';
import { startSimHarness, type SimHarness } from './sim-harness.ts';
import { files, orderLogs, orders, stores } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { syncStore } from '../src/modules/orders/sync.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';

/** /api/shopee/* against the Shopee simulator, started standalone as `npm run sim` does. */
let clock = Date.now();
const sleep = async (ms: number) => {
  clock += ms;
};
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let storeId: number;
/** Orders of the store by their Shopee status, as the sync left them. */
let ready: number[];
let shipped: number[];

const access = () => ({
  db: t.database.db,
  connectors: createMarketplaceConnectors(t.config, { sleep }),
  box: storeSecretBox(t.config),
});

async function shopeeStore(sellerId: number, account: string) {
  const site = MARKET_SITES.find((s) => s.marketplace === 'shopee' && s.code === 'SG')!;
  const auth = h.sims.shopee.grant(account, 'SG');
  const [row] = await t.database.db
    .insert(stores)
    .values({
      ...sealAuth(storeSecretBox(t.config), auth),
      sellerId,
      marketplace: 'shopee',
      marketSiteId: site.id,
      alias: 'Shopee SG',
      account: auth.account,
      source: 'sandbox',
    })
    .returning();
  return row!;
}

const post = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/shopee/${path}`, { token, body });

/** The Shopee side of one order as order/index answers it. */
async function sideOf(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  const res = await post('order/index', { seller_order_id: row!.number, market_id: storeId });
  return res.body.data.list.find((o: { id: number }) => o.id === id).shopee;
}

beforeAll(async () => {
  h = await startSimHarness({ now: () => new Date(clock) });
  t = await h.app({ sleep });
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  const store = await shopeeStore(seller.sellerId, '322300222');
  storeId = store.id;
  await syncStore(access(), store, { progress: async () => {} });
  const rows = await t.database.db.select().from(orders).where(eq(orders.storeId, storeId));
  ready = rows.filter((r) => r.remoteStatus === 'READY_TO_SHIP').map((r) => r.id);
  shipped = rows.filter((r) => r.remoteStatus === 'SHIPPED').map((r) => r.id);
  expect(ready.length).toBeGreaterThan(10);
}, 180_000);
afterAll(() => h?.close());

describe('order/index', () => {
  it('pages the Shopee orders with their Shopee side and filters by store and number', async () => {
    const res = await post('order/index', { market_id: storeId, limit: 5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.list).toHaveLength(5);
    expect(res.body.data.list[0]).toMatchObject({
      marketplace: 'shopee',
      market_id: storeId,
      shopee: {
        logistics_status: 'not_started',
        document_status: 'none',
        tracking_number: null,
        first_mile_tracking_number: null,
        pack_id: null,
      },
    });
    const number = res.body.data.list[0].seller_order_id;
    const one = await post('order/index', { seller_order_id: number });
    expect(one.body.data.list.map((o: { seller_order_id: string }) => o.seller_order_id)).toEqual([
      number,
    ]);
  });

  it('shows orders Shopee reports shipped as shipped on the logistics side', async () => {
    expect((await sideOf(shipped[0]!)).logistics_status).toBe('shipped');
    expect((await sideOf(ready[0]!)).logistics_status).toBe('not_started');
  });

  it('lists the actor’s Shopee stores only', async () => {
    const mine = await post('order/get-store-list', {});
    expect(mine.body.data.map((s: { id: number }) => s.id)).toEqual([storeId]);
    expect((await post('order/get-store-list', {}, other.token)).body.data).toEqual([]);
  });

  it('answers 422 for bad filters and 404 for another seller’s store', async () => {
    const bad = await post('order/index', { start_time: 10, end_time: 5, limit: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(
      expect.arrayContaining(['limit', 'start_time']),
    );
    expect((await post('order/index', { market_id: storeId }, other.token)).status).toBe(404);
  });
});

describe('order/add-note', () => {
  it('sets the note on Shopee and here, and logs it', async () => {
    const id = ready[0]!;
    const res = await post('order/add-note', { id, note: 'Gift wrap please' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.shopee.note).toBe('Gift wrap please');
    const logs = await t.database.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, id), eq(orderLogs.action, 'shopee_note')));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.userId).toBe(seller.userId);
  });

  it('refuses a note over 500 characters (422) and another seller’s order (404)', async () => {
    const long = await post('order/add-note', { id: ready[0], note: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    expect(long.body.data.fields).toHaveProperty('note');
    expect((await post('order/add-note', { id: ready[0], note: 'x' }, other.token)).status).toBe(
      404,
    );
  });
});

describe('order/init-logistics and get-label', () => {
  it('refuses a label before the shipment is arranged (409)', async () => {
    const res = await call(t.app, 'GET', '/api/shopee/order/get-label', {
      token: seller.token,
      query: { id: String(ready[1]) },
    });
    expect(res.status).toBe(409);
  });

  it('arranges a pickup with the shipping parameters, saves the tracking number and moves to 30', async () => {
    const id = ready[1]!;
    const param = await post('order/shipping-parameter', { id });
    expect(param.status, JSON.stringify(param.body)).toBe(200);
    expect(param.body.data.methods).toContain('pickup');
    const address = param.body.data.addresses[0];
    const res = await post('order/init-logistics', {
      id,
      method: 'pickup',
      address_id: address.address_id,
      pickup_time_id: address.time_slots[0].pickup_time_id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 30,
      shipped_number: expect.stringMatching(/^SPX/),
      shopee: {
        logistics_status: 'ready',
        ship_method: 'pickup',
        tracking_number: res.body.data.shipped_number,
        package_number: expect.stringMatching(/^OFG/),
      },
    });
    const logs = await t.database.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, id), eq(orderLogs.action, 'shopee_ship')));
    expect(logs[0]!.detail).toMatchObject({ method: 'pickup', from: 10 });

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/shopee/order/get-label?id=${id}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(res.body.data.shipped_number);
    const after = await post('order/index', { seller_order_id: res.body.data.seller_order_id });
    expect(after.body.data.list[0].shopee).toMatchObject({
      document_status: 'ready',
      document_type: 'THERMAL_AIR_WAYBILL',
    });
  });

  it('ships with the seller’s own carrier and its tracking number', async () => {
    const res = await post('order/init-logistics', {
      id: ready[2],
      method: 'non_integrated',
      tracking_number: 'YT1234567890',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.shopee.tracking_number).toBe('YT1234567890');
    expect(res.body.data.shipped_number).toBe('YT1234567890');
  });

  it('answers 422 for missing pickup fields, a refused order with Shopee’s reason, 404 for another seller', async () => {
    const missing = await post('order/init-logistics', { id: ready[3], method: 'pickup' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data.fields)).toEqual(
      expect.arrayContaining(['address_id', 'pickup_time_id']),
    );
    const noTracking = await post('order/init-logistics', {
      id: ready[3],
      method: 'non_integrated',
    });
    expect(noTracking.body.data.fields).toHaveProperty('tracking_number');
    // Shipped orders (desk status 50) take no logistics: the transition table says so (409).
    const shippedOne = await post('order/init-logistics', {
      id: shipped[0],
      method: 'non_integrated',
      tracking_number: 'YT1',
    });
    expect(shippedOne.status).toBe(409);
    // Arranged already on Shopee: Shopee refuses with its reason; the order keeps its number.
    const [before] = await t.database.db.select().from(orders).where(eq(orders.id, ready[1]!));
    const refused = await post('order/init-logistics', {
      id: ready[1],
      method: 'non_integrated',
      tracking_number: 'YT1',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.key).toBe('shopee.refused');
    expect(refused.body.message).toMatch(/READY_TO_SHIP/);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, ready[1]!));
    expect(row!.trackingNumber).toBe(before!.trackingNumber);
    const foreign = await post(
      'order/init-logistics',
      { id: ready[3], method: 'non_integrated', tracking_number: 'YT2' },
      other.token,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('first mile', () => {
  it('binds orders to a generated first-mile number, refuses a second bind, unbinds', async () => {
    const channels = await post('order/first-mile-channels', { market_id: storeId });
    expect(channels.status, JSON.stringify(channels.body)).toBe(200);
    const channel = channels.body.data[0];
    const ids = [ready[4]!, ready[5]!];
    const bound = await post('order/first-mile-bind', {
      ids,
      logistics_channel_id: channel.logistics_channel_id,
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const number = bound.body.data.first_mile_tracking_number;
    expect(number).toMatch(/^CNF/);
    expect(bound.body.data.results).toEqual(ids.map((id) => ({ id, ok: true, reason: null })));
    const side = await sideOf(ids[0]!);
    expect(side.first_mile_tracking_number).toBe(number);

    const again = await post('order/first-mile-bind', {
      ids: [ids[0]],
      logistics_channel_id: channel.logistics_channel_id,
    });
    expect(again.body.data.results[0]).toMatchObject({
      ok: false,
      reason: `Already bound to ${number}`,
    });

    const unbound = await post('order/first-mile-unbind', { ids });
    expect(unbound.status, JSON.stringify(unbound.body)).toBe(200);
    expect(unbound.body.data.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    const notBound = await post('order/first-mile-unbind', { ids: [ids[0]] });
    expect(notBound.body.data.results[0].ok).toBe(false);
  });

  it('answers 422 for an unknown channel and 404 for another seller’s order', async () => {
    const bad = await post('order/first-mile-bind', {
      ids: [ready[6]],
      logistics_channel_id: 999,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('logistics_channel_id');
    const foreign = await post(
      'order/first-mile-bind',
      { ids: [ready[6]], logistics_channel_id: 810001 },
      other.token,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('order/purchase and order/synchro', () => {
  it('answers the add-cart result per item (no finished SKU matches the demo goods)', async () => {
    const res = await post('order/purchase', { ids: [ready[6]] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.added).toBe(0);
    expect(res.body.data.items[0]).toMatchObject({
      order_id: ready[6],
      ok: false,
      // The reason is written in the asker's language (zh-CN by default).
      reason: '没有此编码或关联的成品 SKU',
    });
    expect((await post('order/purchase', { ids: [ready[6]] }, other.token)).status).toBe(404);
    expect((await post('order/purchase', { ids: [] })).status).toBe(422);
  });

  it('queues the order sync of the Shopee store only', async () => {
    const res = await post('order/synchro', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.jobs.map((j: { market_id: number }) => j.market_id)).toEqual([storeId]);
    expect((await post('order/synchro', { market_id: storeId }, other.token)).status).toBe(404);
  });
});

describe('logistics channels', () => {
  it('syncs a store’s channels into the cache and lists them 100 per page', async () => {
    const empty = await post('logistics/index', { market_id: storeId });
    expect(empty.body.data.list).toEqual([]);
    const synced = await post('logistics/synchro', { market_id: storeId });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data).toEqual({ count: 3, removed: 0 });
    await post('logistics/synchro', { market_id: storeId });
    const list = await post('logistics/index', { market_id: storeId });
    expect(list.body.data.pagination).toEqual({ page: 1, size: 100, total: 3 });
    expect(list.body.data.list[0]).toMatchObject({
      market_id: storeId,
      logistics_channel_id: 18025,
      logistics_channel_name: 'Standard Delivery',
      enabled: true,
    });
    expect((await post('logistics/index', {}, other.token)).body.data.list).toEqual([]);
    expect((await post('logistics/synchro', { market_id: storeId }, other.token)).status).toBe(404);
    expect((await post('logistics/synchro', {})).status).toBe(422);
  });
});

describe('packs', () => {
  async function image(sellerId: number) {
    const key = `${sellerId}/2026/01/${randomUUID()}.png`;
    await t.database.db.insert(files).values({
      sellerId,
      key,
      originalName: 'box.png',
      contentType: 'image/png',
      bytes: 100,
    });
    return key;
  }

  it('lists the pack stores, creates, updates and lists packs', async () => {
    const storesRes = await call(t.app, 'GET', '/api/shopee/pack/get-store', {
      token: seller.token,
    });
    expect(storesRes.status).toBe(200);
    expect(storesRes.body.data.length).toBeGreaterThanOrEqual(5);
    const cn = await call(t.app, 'GET', '/api/shopee/pack/get-store', {
      token: seller.token,
      query: { region: 'cn' },
    });
    expect(cn.body.data.every((s: { region: string }) => s.region === 'CN')).toBe(true);
    const packStore = cn.body.data[0].id;
    const key = await image(seller.sellerId);

    const created = await post('pack/create', {
      shopee_order_pack_store_id: packStore,
      tracking_no: 'SF1234567890',
      note: 'two boxes',
      iamges: [`/api/files/${key}`],
      order_ids: [ready[7], ready[8]],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      shopee_order_pack_store_id: packStore,
      tracking_no: 'SF1234567890',
      note: 'two boxes',
      iamges: [{ key, url: `/api/files/${key}` }],
    });
    expect(created.body.data.orders.map((o: { id: number }) => o.id)).toEqual([ready[7], ready[8]]);
    const packId = created.body.data.id;

    const clash = await post('pack/create', {
      shopee_order_pack_store_id: packStore,
      tracking_no: 'SF2',
      order_ids: [ready[8]],
    });
    expect(clash.status).toBe(409);

    const updated = await post('pack/update', {
      id: packId,
      shopee_order_pack_store_id: packStore,
      tracking_no: 'SF1234567891',
      iamges: [],
      order_ids: [ready[8], ready[9]],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.orders.map((o: { id: number }) => o.id)).toEqual([ready[8], ready[9]]);
    expect(updated.body.data.iamges).toEqual([]);

    const list = await post('pack/index', { tracking_no: 'SF1234567891' });
    expect(list.body.data.pagination.total).toBe(1);
    expect((await sideOf(ready[7]!)).pack_id).toBeNull();
    expect((await sideOf(ready[9]!)).pack_id).toBe(packId);
  });

  it('answers 422 for foreign or too many images and a bad store, 404 for another seller', async () => {
    const [{ id: packStore }] = (
      await call(t.app, 'GET', '/api/shopee/pack/get-store', { token: seller.token })
    ).body.data;
    const base = {
      shopee_order_pack_store_id: packStore,
      tracking_no: 'SF9',
      order_ids: [ready[10]],
    };
    const foreignKey = await image(other.sellerId);
    const foreign = await post('pack/create', { ...base, iamges: [foreignKey] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.data.fields).toHaveProperty('iamges');
    const many = await post('pack/create', { ...base, iamges: Array(10).fill('k') });
    expect(many.status).toBe(422);
    expect(many.body.data.fields).toHaveProperty('iamges');
    const badStore = await post('pack/create', { ...base, shopee_order_pack_store_id: 999999 });
    expect(badStore.status).toBe(422);
    expect((await post('pack/create', { ...base, tracking_no: '' })).status).toBe(422);
    expect((await post('pack/create', base, other.token)).status).toBe(404);
    const mine = await post('pack/create', base);
    expect(mine.status).toBe(200);
    expect(
      (await post('pack/update', { ...base, id: mine.body.data.id }, other.token)).status,
    ).toBe(404);
  });
});
