import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderItems,
  orderRefunds,
  orders,
  purchaseOrders,
  statSkuDays,
  statSkuMonths,
  statStoreDays,
  storeStaff,
} from '../src/db/schema.ts';
import { SEED_RATES } from '../src/modules/templates/seed.ts';
import {
  addNewOrderFigures,
  rebuildFigures,
  refreshOrderFigures,
} from '../src/modules/statistics/index.ts';
import { businessToday } from '../src/modules/statistics/range.ts';
import { zonedDate } from '../src/time.ts';
import { productFor } from './cart-fixtures.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { uploadTo } from './media.ts';
import * as money from './money.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const daysAgo = (n: number, hour = 3) =>
  new Date(Date.now() - n * 24 * HOUR - (Date.now() % HOUR) + hour * 60_000);

/**
 * The rollups recounted in plain code from the orders, items, refunds and purchase orders: what
 * the statistics must equal. Keys are `store|day|currency` (and `|sku`).
 */
async function recount(sellerId: number) {
  const db = t.database.db;
  const os = await db.select().from(orders).where(eq(orders.sellerId, sellerId));
  const ids = os.map((o) => o.id);
  const items = ids.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids))
    : [];
  const refunds = ids.length
    ? await db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids))
    : [];
  const pos = await db.select().from(purchaseOrders).where(eq(purchaseOrders.sellerId, sellerId));
  const refunded = new Map<number, number>();
  for (const r of refunds) refunded.set(r.orderId, (refunded.get(r.orderId) ?? 0) + r.amountMinor);
  const cost = new Map<number, number>();
  for (const po of pos) {
    if (!po.paidAt) continue;
    const bought = os.filter((o) => o.purchaseOrderId === po.id).sort((a, b) => a.id - b.id);
    const net = po.amountMinor - po.refundedMinor;
    bought.forEach((o, i) => {
      const share = Math.trunc(net / bought.length) + (i === 0 ? net % bought.length : 0);
      cost.set(o.id, share);
    });
  }
  const stores = new Map<string, number[]>();
  const skus = new Map<string, number[]>();
  for (const o of os) {
    const key = `${o.storeId}|${zonedDate(o.purchasedAt)}|${o.currency}`;
    const counted = o.orderStatus !== 'canceled' || refunded.has(o.id);
    const row = stores.get(key) ?? [0, 0, 0, 0, 0, 0];
    if (counted) {
      row[0]! += 1;
      row[1]! += o.quantity;
      row[2]! += o.totalMinor;
      row[5]! += o.feesMinor ?? 0;
    }
    row[3]! += refunded.get(o.id) ?? 0;
    row[4]! += cost.get(o.id) ?? 0;
    stores.set(key, row);
    if (!counted) continue;
    const lines = items.filter((i) => i.orderId === o.id && !i.cancelledAt);
    for (const sku of new Set(lines.map((i) => i.sku))) {
      const mine = lines.filter((i) => i.sku === sku);
      const skuRow = skus.get(`${key}|${sku}`) ?? [0, 0, 0];
      skuRow[0]! += 1;
      skuRow[1]! += mine.reduce((n, i) => n + i.quantity, 0);
      skuRow[2]! += mine.reduce((n, i) => n + i.lineTotalMinor, 0);
      skus.set(`${key}|${sku}`, skuRow);
    }
  }
  // Months are the SKU days summed per store, month, currency and SKU.
  const months = new Map<string, number[]>();
  for (const [key, row] of skus) {
    const [store, day, currency, sku] = key.split('|');
    const monthKey = `${store}|${day!.slice(0, 7)}-01|${currency}|${sku}`;
    const month = months.get(monthKey) ?? [0, 0, 0];
    row.forEach((n, i) => (month[i]! += n));
    months.set(monthKey, month);
  }
  return { stores, skus, months };
}

async function rollups(sellerId: number) {
  const db = t.database.db;
  const s = await db.select().from(statStoreDays).where(eq(statStoreDays.sellerId, sellerId));
  const k = await db.select().from(statSkuDays).where(eq(statSkuDays.sellerId, sellerId));
  const m = await db.select().from(statSkuMonths).where(eq(statSkuMonths.sellerId, sellerId));
  return {
    stores: new Map(
      s.map((r) => [
        `${r.storeId}|${r.day}|${r.currency}`,
        [r.orders, r.units, r.salesMinor, r.refundsMinor, r.costMinor, r.feesMinor],
      ]),
    ),
    skus: new Map(
      k.map((r) => [
        `${r.storeId}|${r.day}|${r.currency}|${r.sku}`,
        [r.orders, r.units, r.salesMinor],
      ]),
    ),
    months: new Map(
      m.map((r) => [
        `${r.storeId}|${r.month}|${r.currency}|${r.sku}`,
        [r.orders, r.units, r.salesMinor],
      ]),
    ),
  };
}

async function expectExact(sellerId: number) {
  expect(await rollups(sellerId)).toEqual(await recount(sellerId));
}

const post = (s: SellerFixture, url: string, body: unknown) =>
  call(t.app, 'POST', url, { token: s.token, body });
const get = (s: { token: string }, url: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { token: s.token, query });

describe('statistics rollups', () => {
  it('stay equal to a recount through sync, import, order actions, refunds and purchase payment', async () => {
    const db = t.database.db;
    const s = await money.payer(t, 500_000);
    const storeA = await storeFor(db, s.sellerId, { alias: 'Stats A' });
    const storeB = await storeFor(db, s.sellerId, { alias: 'Stats B', marketplace: 'shopee' });
    const product = await productFor(db, s.sellerId, {
      skus: [{ color: 'Black', size: 'M', costMinor: 1_500, stock: 50 }],
    });
    const sku = product.skus[0]!.code;

    // What a sync page writes, recounted as sync does (the sync path calls refreshOrderFigures).
    const synced = [
      await orderFor(db, s.sellerId, storeA, {
        purchasedAt: daysAgo(0),
        items: [
          { sku, quantity: 2, lineMinor: 2_000 },
          { sku: 'MUG-1', quantity: 1, lineMinor: 999 },
        ],
        feesMinor: 450,
      }),
      await orderFor(db, s.sellerId, storeA, {
        purchasedAt: daysAgo(1),
        currency: 'JPY',
        items: [{ sku: 'MUG-1', quantity: 3, lineMinor: 4_500 }],
      }),
      await orderFor(db, s.sellerId, storeB, {
        purchasedAt: daysAgo(7),
        currency: 'EUR',
        items: [{ sku: 'CAP-9', quantity: 1, lineMinor: 1_250 }],
        extraMinor: 300,
        feesMinor: 188,
      }),
      await orderFor(db, s.sellerId, storeB, {
        purchasedAt: daysAgo(2),
        orderStatus: 'canceled',
        items: [{ sku: 'CAP-9', quantity: 1, lineMinor: 800 }],
        feesMinor: 120,
      }),
      await orderFor(db, s.sellerId, storeA, {
        purchasedAt: daysAgo(3),
        items: [
          { sku: 'TEE-2', quantity: 2, lineMinor: 3_000 },
          { sku: 'TEE-3', quantity: 1, lineMinor: 1_000 },
        ],
      }),
    ];
    await db.transaction((tx) =>
      refreshOrderFigures(
        tx,
        synced.map((o) => o.id),
      ),
    );
    await expectExact(s.sellerId);
    const rows = [...(await rollups(s.sellerId)).stores.values()];
    // The cancelled order's fees do not count, as its sales do not.
    expect(rows.reduce((n, r) => n + r[5]!, 0)).toBe(450 + 188);

    // A new order with fees added to its day's rows by its own figures (the import's path).
    const added = await orderFor(db, s.sellerId, storeA, {
      purchasedAt: daysAgo(0),
      orderStatus: 'shipped',
      items: [{ sku: 'MUG-1', quantity: 1, lineMinor: 999 }],
      feesMinor: 150,
    });
    await db.transaction((tx) => addNewOrderFigures(tx, [added.id]));
    await expectExact(s.sellerId);

    // Fees the sync reads later are recounted like any change of the order.
    await db.update(orders).set({ feesMinor: 75 }).where(eq(orders.id, synced[4]!.id));
    await db.transaction((tx) => refreshOrderFigures(tx, [synced[4]!.id]));
    await expectExact(s.sellerId);

    // An import (the job writes its batches and recounts them in their transaction).
    const csv = [
      'store,order_number,purchase_date,currency,buyer_name,buyer_phone,address_line1,address_line2,city,state,postcode,country,fulfillment_channel,sku,title,quantity,line_total',
      `Stats A,ST-IMP-1,${new Date(Date.now() - 30 * HOUR).toISOString().slice(0, 19).replace('T', ' ')},USD,Jo,555,1 Elm,,Austin,TX,73301,US,MFN,MUG-1,Mug,4,39.96`,
      `Stats B,ST-IMP-2,${new Date(Date.now() - 5 * HOUR).toISOString().slice(0, 19).replace('T', ' ')},GBP,Al,555,2 Elm,,Leeds,,LS1,GB,MFN,CAP-9,Cap,1,12.00`,
    ].join('\n');
    const started = await uploadTo(
      t.app,
      '/api/cw-order/upload-import',
      s.token,
      Buffer.from(csv),
      'orders.csv',
      {},
      { 'accept-language': 'en' },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    for (let i = 0; ; i++) {
      const job = await get(s, `/api/jobs/${started.body.data.job_id}`);
      if (job.body.data.status === 'succeeded') {
        expect(job.body.data.result.imported_orders).toBe(2);
        break;
      }
      expect(job.body.data.status, JSON.stringify(job.body.data)).not.toBe('failed');
      expect(i, JSON.stringify(job.body.data)).toBeLessThan(3000);
      await new Promise((r) => setTimeout(r, 50));
    }
    await expectExact(s.sellerId);

    // Desk actions that move figures.
    const [today, , , , two] = synced;
    const key = { 'idempotency-key': `stats-refund-${today!.id}` };
    const refund = await call(t.app, 'POST', '/api/cw-order/al-refund', {
      token: s.token,
      body: { id: synced[2]!.id, reason: 'Damaged' },
      headers: key,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(
      (
        await post(s, '/api/cw-order/edit-num', {
          id: two!.id,
          item_id: two!.itemIds[0],
          quantity: 5,
        })
      ).status,
    ).toBe(200);
    expect(
      (await post(s, '/api/cw-order/cancel-order-item', { id: two!.id, item_id: two!.itemIds[1] }))
        .status,
    ).toBe(200);
    expect((await post(s, '/api/cw-order/copy-order', { id: synced[1]!.id })).status).toBe(200);
    expect(
      (
        await post(s, '/api/cw-order/split-order', {
          id: two!.id,
          items: [{ item_id: two!.itemIds[0], quantity: 2 }],
        })
      ).status,
    ).toBe(200);
    await expectExact(s.sellerId);

    // Buying today's order from the platform and paying: its cost is the purchase order's.
    expect((await post(s, '/api/cw-order/add-cart', { ids: [today!.id] })).status).toBe(200);
    const checkout = await money.checkoutCart(t, s);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const poId = checkout.body.data.order_ids?.[0] ?? checkout.body.data.orders?.[0]?.id;
    const [po] = await db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.sellerId, s.sellerId));
    expect(po).toBeDefined();
    await expectExact(s.sellerId);
    const paid = await money.pay(t, s, '/api/pay/accountPay', {
      order_id: poId ?? po!.id,
      pay_password: money.PAY_PASSWORD,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [cost] = await db
      .select({ cost: statStoreDays.costMinor })
      .from(statStoreDays)
      .where(eq(statStoreDays.storeId, storeA));
    expect(cost).toBeDefined();
    await expectExact(s.sellerId);
    const totalCost = (await rollups(s.sellerId)).stores;
    expect([...totalCost.values()].reduce((n, r) => n + r[4]!, 0)).toBe(po!.amountMinor);

    // A full rebuild gives the same rows.
    await rebuildFigures(db, s.sellerId);
    await expectExact(s.sellerId);
  }, 240_000);
});

describe('statistics API', () => {
  let boss: SellerFixture;
  let storeA: number;
  let storeB: number;
  beforeAll(async () => {
    const db = t.database.db;
    boss = await createSeller(db);
    storeA = await storeFor(db, boss.sellerId, { alias: 'Shop A' });
    storeB = await storeFor(db, boss.sellerId, { alias: 'Shop B', marketplace: 'temu' });
    const made = [
      await orderFor(db, boss.sellerId, storeA, {
        purchasedAt: daysAgo(0),
        orderStatus: 'shipped',
        items: [{ sku: 'A-1', quantity: 2, lineMinor: 1_000 }],
        feesMinor: 150,
      }),
      await orderFor(db, boss.sellerId, storeA, {
        purchasedAt: daysAgo(7),
        items: [{ sku: 'A-2', quantity: 1, lineMinor: 500 }],
      }),
      await orderFor(db, boss.sellerId, storeB, {
        marketplace: 'temu',
        purchasedAt: daysAgo(1),
        currency: 'JPY',
        items: [{ sku: 'B-1', quantity: 3, lineMinor: 3_000 }],
      }),
    ];
    await db.transaction((tx) =>
      refreshOrderFigures(
        tx,
        made.map((o) => o.id),
      ),
    );
  });

  // 10.00 USD at 7.12 → 71.20 CNY; 3000 JPY at 0.047 → 141.00 CNY; 5.00 USD → 35.60 CNY.
  const usd = (minor: number) => Math.round(minor * Number(SEED_RATES.USD));
  const jpy = (minor: number) => Math.round(minor * Number(SEED_RATES.JPY) * 100);

  it('answers totals, today, yesterday and the same weekday last week in CNY', async () => {
    const res = await get(boss, '/api/statistics/index', { range: 'last30' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.currency).toBe('CNY');
    expect(d.end_date).toBe(businessToday());
    expect(d.totals).toMatchObject({ orders: 3, units: 6, sales: usd(1500) + jpy(3000) });
    // Amazon reported 1.50 USD of fees on today's order; they come off the profit.
    expect(d.totals.fees).toBe(usd(150));
    expect(d.totals.profit).toBe(d.totals.sales - usd(150));
    expect(d.today).toMatchObject({ fees: usd(150), profit: usd(1000) - usd(150) });
    expect(d.today).toMatchObject({ orders: 1, sales: usd(1000) });
    expect(d.yesterday).toMatchObject({ orders: 1, units: 3, sales: jpy(3000) });
    expect(d.same_day_last_week).toMatchObject({ orders: 1, sales: usd(500) });
    expect(d.has_stores).toBe(true);
  });

  it('groups by day, week and month without gaps, and filters by store and marketplace', async () => {
    const days = await get(boss, '/api/statistics/order', { range: 'last7', group: 'day' });
    expect(days.body.data.rows).toHaveLength(7);
    expect(days.body.data.totals.orders).toBe(2);
    const months = await get(boss, '/api/statistics/sale', { range: 'last30', group: 'month' });
    expect(months.body.data.rows.length).toBeGreaterThanOrEqual(1);
    expect(months.body.data.totals.orders).toBe(3);
    const store = await get(boss, '/api/statistics/order', { market_id: String(storeB) });
    expect(store.body.data.totals).toMatchObject({ orders: 1, sales: jpy(3000) });
    const temu = await get(boss, '/api/statistics/order', { source: 'temu' });
    expect(temu.body.data.totals.orders).toBe(1);
    const market = await get(boss, '/api/statistics/market');
    expect(market.body.data.stores.map((r: { store_id: number }) => r.store_id)).toEqual([
      storeB,
      storeA,
    ]);
    expect(
      market.body.data.marketplaces.map((r: { marketplace: string }) => r.marketplace),
    ).toEqual(['temu', 'amazon']);
  });

  it('ranks SKUs by the sort dictionary', async () => {
    const bySales = await get(boss, '/api/getRankList', { order: 'sales', sort: 'desc' });
    expect(bySales.status, JSON.stringify(bySales.body)).toBe(200);
    expect(bySales.body.data.rows.map((r: { sku: string }) => r.sku)).toEqual([
      'B-1',
      'A-1',
      'A-2',
    ]);
    const byUnits = await get(boss, '/api/getRankList', {
      order: 'units',
      sort: 'asc',
      limit: '2',
    });
    expect(byUnits.body.data.rows).toEqual([
      { rank: 1, sku: 'A-2', orders: 1, units: 1, sales: usd(500) },
      { rank: 2, sku: 'A-1', orders: 1, units: 2, sales: usd(1000) },
    ]);
  });

  it('answers purchase-order spend and the home dashboard', async () => {
    const spend = await get(boss, '/api/statistics/cw-order', { range: 'last7', group: 'week' });
    expect(spend.status).toBe(200);
    expect(spend.body.data.totals).toEqual({ count: 0, amount: 0, refunded: 0, net: 0 });
    const home = await get(boss, '/api/index');
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body.data).toMatchObject({
      orders_today: 1,
      sales_today: usd(1000),
      orders_yesterday: 1,
      orders_new: 3,
      orders_processing: 0,
      purchases_in_production: 0,
      listings_failed: 0,
      has_stores: true,
    });
  });

  it('refuses bad ranges with 422 naming the field', async () => {
    const custom = await get(boss, '/api/statistics/order', {
      range: 'custom',
      start_date: '2026-01-01',
    });
    expect(custom.status).toBe(422);
    expect(custom.body.data.fields).toHaveProperty('end_date');
    const reversed = await get(boss, '/api/statistics/index', {
      range: 'custom',
      start_date: '2026-02-02',
      end_date: '2026-02-01',
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.data.fields).toHaveProperty('start_date');
    const bad = await get(boss, '/api/getRankList', { order: 'price' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('order');
    const group = await get(boss, '/api/statistics/sale', { group: 'year' });
    expect(group.status).toBe(422);
  });

  it("answers 404 for another seller's store and scopes staff to their stores", async () => {
    const db = t.database.db;
    const other = await createSeller(db);
    const theirs = await storeFor(db, other.sellerId);
    expect((await get(boss, '/api/statistics/order', { market_id: String(theirs) })).status).toBe(
      404,
    );
    expect((await get(other, '/api/statistics/index')).body.data.totals.orders).toBe(0);
    expect((await get(other, '/api/statistics/index')).body.data.has_stores).toBe(true);

    const staff = await createSeller(db, { sellerId: boss.sellerId });
    await db.insert(storeStaff).values({ storeId: storeB, userId: staff.userId });
    const seen = await get(staff, '/api/statistics/index');
    expect(seen.status).toBe(200);
    expect(seen.body.data.totals).toMatchObject({ orders: 1, sales: jpy(3000) });
    const ranks = await get(staff, '/api/getRankList');
    expect(ranks.body.data.rows.map((r: { sku: string }) => r.sku)).toEqual(['B-1']);
    expect((await get(staff, '/api/statistics/order', { market_id: String(storeA) })).status).toBe(
      404,
    );
    expect((await get(staff, '/api/index')).body.data.orders_today).toBe(0);
  });

  it('refuses staff without the statistics permission and operators', async () => {
    const db = t.database.db;
    const none = await createSeller(db, {
      sellerId: boss.sellerId,
      permissions: ['newOrder:list'],
    });
    for (const url of [
      '/api/statistics/index',
      '/api/statistics/order',
      '/api/statistics/sale',
      '/api/statistics/market',
      '/api/statistics/cw-order',
      '/api/getRankList',
    ]) {
      expect((await get(none, url)).status, url).toBe(403);
    }
    const home = await get(none, '/api/index');
    expect(home.status).toBe(200);
    expect(home.body.data).toMatchObject({
      orders_today: null,
      sales_today: null,
      listings_failed: null,
    });
    expect(home.body.data.orders_new).toBe(0);
    const operator = await createOperator(db);
    expect((await get(operator, '/api/statistics/index')).status).toBe(403);
    expect((await get({ token: '' }, '/api/statistics/index')).status).toBe(401);
  });
});
