import { and, eq, isNotNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MARKET_SITES, type Marketplace } from '@app/shared';
import {
  combineSimulators,
  createAmazonSimulator,
  startSimulator,
  type RunningSimulator,
} from '@app/sim';
import { FEWER_ORDERS, startSimHarness, type SimHarness } from './sim-harness.ts';
import { orderItems, orders, orderSyncState, statStoreDays, stores } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { syncStore } from '../src/modules/orders/sync.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import type { TestApp } from './helper.ts';

/**
 * Marketplace fees read by the order sync from the simulators: Amazon's Finances v0 and
 * Shopee's escrow. The file runs on a fake clock (only `Date`), as orders-sync.test.ts does,
 * so which orders have shipped, and whose fees Amazon has posted, does not depend on the day.
 */
const START = Date.UTC(2026, 2, 2, 9, 41);
const HOUR = 3_600_000;
const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);
const sleep = async (ms: number) => void pass(ms);
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
const noProgress = { progress: async () => {} };

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: START });
  h = await startSimHarness({ orders: FEWER_ORDERS });
  t = await h.app({ sleep });
  seller = await createSeller(t.database.db);
});
afterAll(async () => {
  vi.useRealTimers();
  await h?.close();
});

function access(config: TestApp['config'] = t.config) {
  return {
    db: t.database.db,
    connectors: createMarketplaceConnectors(config, { sleep }),
    box: storeSecretBox(t.config),
  };
}

async function sandboxStore(marketplace: Marketplace, site: string, account: string) {
  const info = MARKET_SITES.find((s) => s.marketplace === marketplace && s.code === site)!;
  const auth = h.sims[marketplace].grant(account, site);
  const [row] = await t.database.db
    .insert(stores)
    .values({
      ...sealAuth(storeSecretBox(t.config), auth),
      sellerId: seller.sellerId,
      marketplace,
      marketSiteId: info.id,
      alias: `${marketplace} fees`,
      account: auth.account,
      source: 'sandbox',
    })
    .returning();
  return row!;
}

/** The store's orders with their items' line totals and quantities. */
async function ordersOf(storeId: number) {
  const db = t.database.db;
  const rows = await db.select().from(orders).where(eq(orders.storeId, storeId));
  const items = await db
    .select({
      orderId: orderItems.orderId,
      line: orderItems.lineTotalMinor,
      qty: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.storeId, storeId));
  return rows.map((o) => ({ ...o, items: items.filter((i) => i.orderId === o.id) }));
}

/** The fees in the store's statistics equal its orders' (none of them is cancelled). */
async function expectRolledUp(storeId: number) {
  const db = t.database.db;
  const [rolled] = await db
    .select({ fees: sum(statStoreDays.feesMinor).mapWith(Number) })
    .from(statStoreDays)
    .where(eq(statStoreDays.storeId, storeId));
  const [own] = await db
    .select({ fees: sum(orders.feesMinor).mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), isNotNull(orders.feesMinor)));
  expect(rolled!.fees).toBeGreaterThan(0);
  expect(rolled!.fees).toBe(own!.fees);
}

describe('marketplace fees in the order sync', { timeout: 180_000 }, () => {
  it('reads Amazon’s posted fees once per order, asks again later for those not posted yet', async () => {
    const store = await sandboxStore('amazon', 'US', 'A3SIMFEES0001');
    const a = access();
    const asked = vi.spyOn(a.connectors.amazon!, 'fetchOrderFees');
    const first = await syncStore(a, store, noProgress);
    expect(first.feesRefused).toBeNull();
    expect(first.feesLoaded).toBeGreaterThan(5);
    let rows = await ordersOf(store.id);
    const shipped = rows.filter((o) => o.orderStatus === 'shipped');
    // The simulator charges 15% of each line and, on FBA orders, 3.22 per unit.
    for (const o of rows.filter((r) => r.feesMinor !== null)) {
      const fba = o.fulfillmentChannel === 'AFN' ? 322 : 0;
      const expected = o.items.reduce((n, i) => n + Math.round(i.line * 0.15) + fba * i.qty, 0);
      expect(o.feesMinor, o.remoteId!).toBe(expected);
    }
    // Every shipped order was asked; only shipped ones were.
    expect(asked).toHaveBeenCalledTimes(shipped.length);
    expect(shipped.every((o) => o.feesCheckedAt !== null)).toBe(true);
    expect(rows.filter((o) => o.orderStatus !== 'shipped').every((o) => !o.feesCheckedAt)).toBe(
      true,
    );
    await expectRolledUp(store.id);

    // At once again: nothing is asked, neither the orders with fees nor those just asked.
    asked.mockClear();
    const second = await syncStore(a, store, noProgress);
    expect(second.feesLoaded).toBe(0);
    expect(asked).not.toHaveBeenCalled();

    // Hours later, the orders Amazon had not posted are asked again, and have their fees.
    pass(7 * HOUR);
    asked.mockClear();
    const waiting = shipped.filter((o) => o.feesMinor === null).length;
    // At this instant one order shipped within the hours Amazon takes to post.
    expect(waiting).toBeGreaterThan(0);
    const third = await syncStore(a, store, noProgress);
    rows = await ordersOf(store.id);
    expect(asked.mock.calls.length).toBeGreaterThanOrEqual(waiting);
    expect(third.feesLoaded).toBeGreaterThanOrEqual(waiting);
    const postedBy = Date.now() - 5 * HOUR;
    const unposted = rows.filter(
      (o) =>
        o.orderStatus === 'shipped' &&
        o.remoteUpdatedAt.getTime() < postedBy &&
        o.feesMinor === null,
    );
    expect(unposted.map((o) => o.remoteId)).toEqual([]);
    await expectRolledUp(store.id);
  });

  it('reads Shopee’s escrow fees of completed orders only', async () => {
    const store = await sandboxStore('shopee', 'SG', '322300222');
    const a = access();
    const asked = vi.spyOn(a.connectors.shopee!, 'fetchOrderFees');
    const result = await syncStore(a, store, noProgress);
    expect(result.feesRefused).toBeNull();
    const rows = await ordersOf(store.id);
    const completed = rows.filter((o) => o.remoteStatus === 'COMPLETED');
    expect(completed.length).toBeGreaterThan(5);
    expect(result.feesLoaded).toBe(completed.length);
    expect(asked).toHaveBeenCalledTimes(completed.length);
    // 6% commission, 2% service fee and 2% transaction fee of the items' price.
    for (const o of completed) {
      const price = o.items.reduce((n, i) => n + i.line, 0);
      const fee = (percent: number) => Math.round((price * percent) / 100);
      expect(o.feesMinor, o.remoteId!).toBe(fee(6) + fee(2) + fee(2));
    }
    // Shipped but not completed: the escrow may still change, so nothing is read yet.
    const open = rows.filter((o) => o.remoteStatus === 'SHIPPED');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((o) => o.feesMinor === null && o.feesCheckedAt === null)).toBe(true);
    await expectRolledUp(store.id);
  });

  it('keeps the orders and no fees when the app may not read finances', async () => {
    // An app registered without the Finance and Accounting role: the Finances API answers 403.
    const bare = createAmazonSimulator({ basePath: '/__sim/amazon', roles: [] });
    const running: RunningSimulator = await startSimulator(
      combineSimulators({ amazon: bare }, '/__sim'),
    );
    try {
      const store = await sandboxStore('amazon', 'US', 'A3SIMFEES0002');
      const a = access({ ...t.config, SIM_BASE_URL: `${running.url}/__sim` });
      const asked = vi.spyOn(a.connectors.amazon!, 'fetchOrderFees');
      const result = await syncStore(a, store, noProgress);
      expect(result.created).toBeGreaterThan(10);
      expect(result.feesLoaded).toBe(0);
      expect(result.feesRefused).toMatch(/denied/i);
      // The first refusal stops the run: one order asked, not every one.
      expect(asked).toHaveBeenCalledTimes(1);
      const rows = await ordersOf(store.id);
      expect(rows.every((o) => o.feesMinor === null)).toBe(true);
      const [state] = await t.database.db
        .select()
        .from(orderSyncState)
        .where(eq(orderSyncState.storeId, store.id));
      expect(state!.lastError).toBeNull();
    } finally {
      await running.close();
    }
  });
});
