import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MARKET_SITES, type Marketplace } from '@app/shared';
import { FEWER_ORDERS, startSimHarness, type SimHarness } from './sim-harness.ts';
import { orderItems, orderLogs, orders, orderSyncState, stores } from '../src/db/schema.ts';
import type { Message } from '../src/i18n/messages.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { sameRemoteStatus, statusesAfter, syncStore } from '../src/modules/orders/sync.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';

/** Order sync against the marketplace simulators, started standalone as `npm run sim` does. */
/**
 * The file runs on a fake clock from a fixed instant. The simulators' orders are a function of
 * the time (one every two hours on average, paid 5-30 minutes after it is placed, shipped half
 * a day or more later), so on the wall clock which orders a sync sees, and in which state,
 * would depend on when the test runs. Only `Date` is faked: timers, sockets and the job worker
 * run as usual. Throttled connectors wait on this clock (`sleep` moves it on), so their rate
 * buckets refill as the simulator's do, and a test lets time pass with `pass`.
 */
const START = Date.UTC(2026, 2, 2, 9, 41);
const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);
const sleep = async (ms: number) => void pass(ms);
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
const noProgress = { progress: async () => {} };

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: START });
  // An Amazon order every 8 hours, 90 in the 30 days it keeps rather than 360: each sync reads
  // every order's items and address, and no test here needs more than a few dozen.
  h = await startSimHarness({ orders: FEWER_ORDERS });
  t = await h.app({ jobs: true, sleep });
  seller = await createSeller(t.database.db);
});
afterAll(async () => {
  // A stopping job worker waits on the real clock.
  vi.useRealTimers();
  await h?.close();
});

const access = () => ({
  db: t.database.db,
  connectors: createMarketplaceConnectors(t.config, { sleep }),
  box: storeSecretBox(t.config),
});

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
      alias: `${marketplace} sim`,
      account: auth.account,
      source: 'sandbox',
    })
    .returning();
  return row!;
}

async function snapshot(storeId: number) {
  const db = t.database.db;
  const rows = await db.select().from(orders).where(eq(orders.storeId, storeId));
  const [items] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.storeId, storeId));
  const [logs] = await db
    .select({ n: count() })
    .from(orderLogs)
    .innerJoin(orders, eq(orders.id, orderLogs.orderId))
    .where(eq(orders.storeId, storeId));
  const key = rows
    .map((r) =>
      [r.remoteId, r.orderStatus, r.status, r.totalMinor, r.quantity, r.skuText].join('|'),
    )
    .sort();
  return { orders: rows.length, items: items!.n, logs: logs!.n, key };
}

/** remote id → the marketplace's last update time, per order of the store. */
async function remoteUpdates(storeId: number) {
  const rows = await t.database.db
    .select({ remoteId: orders.remoteId, at: orders.remoteUpdatedAt })
    .from(orders)
    .where(eq(orders.storeId, storeId));
  return new Map(rows.map((r) => [r.remoteId, r.at.getTime()]));
}

// A sync reads a month of a store's orders and then each order's items: most of a minute of work
// on a quiet machine, so three times the suite's limit for a loaded one.
describe('order sync', { timeout: 180_000 }, () => {
  it.each([
    ['amazon', 'US', 'A3SIMSYNC0001'],
    ['shopify', 'GLOBAL', 'sync-test.myshopify.com'],
  ] as const)('syncs %s orders and a second sync changes nothing', async (mp, site, account) => {
    const store = await sandboxStore(mp, site, account);
    const totals = { created: 0, updated: 0 };
    const sync = async () => {
      const result = await syncStore(access(), store, noProgress);
      expect(result.skipped).toBeNull();
      totals.created += result.created;
      totals.updated += result.updated;
      return result;
    };
    const first = await sync();
    expect(first.created).toBeGreaterThan(10);
    // Throttled requests wait on the shared clock, so orders moved on during the first sync;
    // half an hour later the catch-up sync reads those and the rate buckets are full again.
    pass(30 * 60_000);
    await sync();
    const settled = await snapshot(store.id);
    expect(settled.orders).toBe(totals.created);
    expect(settled.logs).toBe(totals.created + totals.updated);

    // A throttled request lets the clock run on, so orders may genuinely be placed or change
    // during this sync too: exactly those count.
    const updatedBefore = await remoteUpdates(store.id);
    const again = await sync();
    const updatedAfter = await remoteUpdates(store.id);
    const placed = [...updatedAfter.keys()].filter((id) => !updatedBefore.has(id)).length;
    const changed = [...updatedBefore].filter(([id, at]) => updatedAfter.get(id) !== at).length;
    expect([again.created, again.updated]).toEqual([placed, changed]);
    if (placed + changed === 0) expect(await snapshot(store.id)).toEqual(settled);

    const [state] = await t.database.db
      .select()
      .from(orderSyncState)
      .where(eq(orderSyncState.storeId, store.id));
    expect(state!.lastError).toBeNull();
    expect(state!.updatedAfter).not.toBeNull();

    // Two days on, orders have shipped and new ones came: each change is logged once.
    pass(2 * 86_400_000);
    const later = await sync();
    expect(later.updated).toBeGreaterThan(0);
    const after = await snapshot(store.id);
    expect(after.orders).toBe(totals.created);
    expect(after.logs).toBe(totals.created + totals.updated);
    const [sample] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.orderStatus, 'shipped')))
      .limit(1);
    expect(sample!.status).toBe(50);
    expect(sample!.total).toMatch(/^\d+(\.\d+)?$/);
  });

  it('never syncs a switched-off store', async () => {
    const store = await sandboxStore('amazon', 'US', 'A3SIMSYNCOFF01');
    await t.database.db.update(stores).set({ status: 0 }).where(eq(stores.id, store.id));
    const result = await syncStore(access(), { ...store, status: 0 }, noProgress);
    expect(result.skipped).toMatch(/switched off/);
    expect((await snapshot(store.id)).orders).toBe(0);
    const refused = await call(t.app, 'POST', '/api/cw-order/synchro', {
      token: seller.token,
      body: { market_id: store.id },
    });
    expect(refused.status).toBe(409);
  });

  it('ends quietly when the store is deleted while its orders are being read', async () => {
    const store = await sandboxStore('shopify', 'GLOBAL', 'sync-deleted.myshopify.com');
    const deleting = access();
    const shopify = deleting.connectors.shopify!;
    const fetchOrders = shopify.fetchOrders.bind(shopify);
    shopify.fetchOrders = async (session, query) => {
      const page = await fetchOrders(session, query);
      await t.database.db.delete(stores).where(eq(stores.id, store.id));
      return page;
    };
    const result = await syncStore(deleting, store, noProgress);
    expect(result.skipped).toMatch(/deleted/);
    expect((await snapshot(store.id)).orders).toBe(0);
    const state = await t.database.db
      .select()
      .from(orderSyncState)
      .where(eq(orderSyncState.storeId, store.id));
    expect(state).toEqual([]);
  });

  it('queues a sync job per store from the API and reports its progress', async () => {
    const store = await sandboxStore('shopify', 'GLOBAL', 'sync-job.myshopify.com');
    const res = await call(t.app, 'POST', '/api/cw-order/synchro', {
      token: seller.token,
      body: { market_id: store.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [{ job_id: jobId, market_id: marketId }] = res.body.data.jobs;
    expect(marketId).toBe(store.id);
    let job;
    for (let i = 0; i < 200; i++) {
      job = (await call(t.app, 'GET', `/api/jobs/${jobId}`, { token: seller.token })).body.data;
      if (job.status === 'succeeded' || job.status === 'failed') break;
      // PGlite's clock is the process's, so the queued job only becomes due as time passes.
      pass(100);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    const list = await call(t.app, 'POST', '/api/cw-order/list', {
      token: seller.token,
      body: { market_id: store.id, limit: 5 },
    });
    expect(list.body.data.list).toHaveLength(5);
    expect(list.body.data.status_counts.all).toBe((await snapshot(store.id)).orders);
  });

  it("puts an Amazon store's orders on the desk at once and fills their items in, open ones first", async () => {
    const store = await sandboxStore('amazon', 'US', 'A3SIMFIRST0001');
    const db = t.database.db;
    let atFirstItems: { orders: number; pending: number; loadedOpen: number } | null = null;
    let openFirst = 0;
    let listedPending: unknown[] = [];
    const progress = async (done: number, total?: number, message?: Message) => {
      if (atFirstItems || message?.key !== 'jobs.progress.items_loaded') return;
      const rows = await db.select().from(orders).where(eq(orders.storeId, store.id));
      const loaded = rows.filter((r) => !r.itemsPending);
      const open = rows.filter((r) => r.status === 10).length;
      atFirstItems = {
        orders: rows.length,
        pending: rows.length - loaded.length,
        loadedOpen: loaded.filter((r) => r.status === 10).length,
      };
      openFirst = Math.min(done, open);
      const list = await call(t.app, 'POST', '/api/cw-order/list', {
        token: seller.token,
        body: { market_id: store.id, limit: 50 },
      });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      listedPending = list.body.data.list.filter(
        (o: { items_pending: boolean }) => o.items_pending,
      );
      expect(total).toBe(rows.length);
      expect(done).toBe(loaded.length);
    };
    const result = await syncStore(access(), store, { progress });
    // About 90: the simulator keeps the pace it was given.
    expect(result.created).toBeGreaterThan(60);
    expect(result.created).toBeLessThan(130);
    // Every header was in before the first items came: the first few loaded, the rest shown as
    // loading, and the loaded ones are those waiting on the seller.
    expect(atFirstItems!.orders).toBe(result.created);
    expect(atFirstItems!.pending).toBeGreaterThan(result.created - 15);
    expect(atFirstItems!.loadedOpen).toBe(openFirst);
    expect(openFirst).toBeGreaterThan(0);
    expect(listedPending.length).toBeGreaterThanOrEqual(50 - 10);
    expect(listedPending[0]).toMatchObject({ items: [], items_pending: true });
    expect(result).toMatchObject({ itemsLoaded: result.created, itemsPending: 0, updated: 0 });
    const settled = await snapshot(store.id);
    expect(settled.logs).toBe(result.created);
    const rows = await db.select().from(orders).where(eq(orders.storeId, store.id));
    expect(rows.filter((r) => r.itemsPending || r.itemCount === 0)).toEqual([]);
    // Amazon gives no address for an order not yet paid (Pending): the newest may be.
    const paid = rows.filter((r) => r.remoteStatus !== 'PENDING');
    expect(paid.length).toBeGreaterThan(60);
    expect(paid.filter((r) => !(r.address?.name && r.address.line1))).toEqual([]);

    // Another run holding the lease fetches the items; this one leaves them and says so.
    const someIds = rows.slice(0, 5).map((r) => r.id);
    for (const id of someIds) {
      await db.update(orders).set({ itemsPending: true }).where(eq(orders.id, id));
    }
    await db
      .update(orderSyncState)
      // A lease ends by the database's clock, which runs on the wall clock.
      .set({ itemsLeaseUntil: sql`now() + interval '1 minute'`, itemsLeaseHolder: 'other' })
      .where(eq(orderSyncState.storeId, store.id));
    const leased = await syncStore(access(), store, noProgress);
    expect([leased.itemsLoaded, leased.itemsPending]).toEqual([0, 5]);
    await db
      .update(orderSyncState)
      .set({ itemsLeaseUntil: sql`now() - interval '1 second'` })
      .where(eq(orderSyncState.storeId, store.id));
    const freed = await syncStore(access(), store, noProgress);
    expect([freed.itemsLoaded, freed.itemsPending]).toEqual([5, 0]);
    // Items fetched again unchanged are no change.
    expect((await snapshot(store.id)).logs).toBe(settled.logs + freed.updated + leased.updated);
  });

  it("keeps a refund and a hold made here against the next sync, and applies the marketplace's moves", async () => {
    const store = await sandboxStore('amazon', 'US', 'A3SIMREFUND001');
    const db = t.database.db;
    await syncStore(access(), store, noProgress);
    // The newest unshipped orders: the simulator ships them half a day or more after purchase.
    const [refunded, held] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.remoteStatus, 'UNSHIPPED')))
      .orderBy(desc(orders.purchasedAt))
      .limit(2);
    const refund = await call(t.app, 'POST', '/api/cw-order/al-refund', {
      token: seller.token,
      body: { id: refunded!.id, reason: 'Buyer asked' },
      headers: { 'idempotency-key': `sync-refund-${refunded!.id}` },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const hold = await call(t.app, 'POST', '/api/cw-order/set-order-hold', {
      token: seller.token,
      body: { id: held!.id, hold: 1 },
    });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    const logsOf = async (id: number) =>
      db.select().from(orderLogs).where(eq(orderLogs.orderId, id)).orderBy(asc(orderLogs.id));
    const before = { refunded: await logsOf(refunded!.id), held: await logsOf(held!.id) };

    // The whole window again: the marketplace still says Unshipped for both.
    await db
      .update(orderSyncState)
      .set({ updatedAfter: null })
      .where(eq(orderSyncState.storeId, store.id));
    await syncStore(access(), store, noProgress);
    const [r1] = await db.select().from(orders).where(eq(orders.id, refunded!.id));
    const [h1] = await db.select().from(orders).where(eq(orders.id, held!.id));
    expect([r1!.status, r1!.orderStatus, r1!.remoteStatus]).toEqual([60, 'canceled', 'UNSHIPPED']);
    expect([h1!.status, h1!.statusBeforeHold]).toEqual([20, 10]);
    expect(await logsOf(refunded!.id)).toEqual(before.refunded);
    expect(await logsOf(held!.id)).toEqual(before.held);

    // Two days on the marketplace has shipped both: the held one ships, the refunded one stays
    // cancelled on the desk with the marketplace's status recorded and logged.
    pass(2.1 * 86_400_000);
    await syncStore(access(), store, noProgress);
    const [r2] = await db.select().from(orders).where(eq(orders.id, refunded!.id));
    const [h2] = await db.select().from(orders).where(eq(orders.id, held!.id));
    expect([r2!.status, r2!.orderStatus, r2!.remoteStatus]).toEqual([60, 'shipped', 'SHIPPED']);
    expect([h2!.status, h2!.statusBeforeHold, h2!.orderStatus]).toEqual([50, null, 'shipped']);
    expect((await logsOf(refunded!.id)).at(-1)!.detail).toMatchObject({
      status: { from: 'canceled', to: 'shipped', remote: 'SHIPPED' },
    });
  });

  it("moves a status only when the marketplace's own status moved", () => {
    const row = (status: number, orderStatus: 'unshipped' | 'canceled', remoteStatus: string) =>
      ({ status, orderStatus, remoteStatus }) as Parameters<typeof statusesAfter>[0];
    const remote = (status: 'unshipped' | 'canceled' | 'shipped', remoteStatus: string) =>
      ({ status, remoteStatus }) as Parameters<typeof statusesAfter>[1];
    // Refunded here, unchanged there: stays cancelled.
    expect(
      statusesAfter(row(60, 'canceled', 'Unshipped'), remote('unshipped', 'Unshipped')),
    ).toEqual({ orderStatus: 'canceled', status: 60 });
    // Held or split (still open) here, unchanged there: stays as it is.
    expect(
      statusesAfter(row(20, 'unshipped', 'Unshipped'), remote('unshipped', 'Unshipped')),
    ).toEqual({ orderStatus: 'unshipped', status: 20 });
    // The marketplace cancelled a held order: it is cancelled here too.
    expect(
      statusesAfter(row(20, 'unshipped', 'Unshipped'), remote('canceled', 'Canceled')),
    ).toEqual({ orderStatus: 'canceled', status: 60 });
    // An order read with Orders v0 and now with 2026-01-01: the spelling is no move.
    expect(
      statusesAfter(
        row(60, 'canceled', 'PartiallyShipped'),
        remote('unshipped', 'PARTIALLY_SHIPPED'),
      ),
    ).toEqual({ orderStatus: 'canceled', status: 60 });
    expect(sameRemoteStatus('Canceled', 'CANCELLED')).toBe(true);
    expect(sameRemoteStatus('Unshipped', 'SHIPPED')).toBe(false);
    // Other marketplaces' statuses are numbers (Temu) or codes (Shopee): compared as they are.
    expect(sameRemoteStatus('1', '2')).toBe(false);
    // A closed order never re-opens, whatever the marketplace says.
    expect(statusesAfter(row(60, 'canceled', 'Pending'), remote('unshipped', 'Unshipped'))).toEqual(
      { orderStatus: 'unshipped', status: 60 },
    );
  });
});
