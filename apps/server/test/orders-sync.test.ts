import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_SITES, type Marketplace } from '@app/shared';
import {
  combineSimulators,
  createMarketplaceSimulators,
  startSimulator,
  type RunningSimulator,
} from '@app/sim';
import { orderItems, orderLogs, orders, orderSyncState, stores } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { syncStore } from '../src/modules/orders/sync.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

/** Order sync against the marketplace simulators, started standalone as `npm run sim` does. */
const SECRET_KEY = randomBytes(32).toString('hex');
/**
 * One clock for the simulators and the connectors' waits: two syncs in a row see the same
 * orders, a throttled connector's wait refills the simulator's bucket, and a test can let
 * time pass.
 */
let clock = Date.now();
const sleep = async (ms: number) => {
  clock += ms;
};
const sims = createMarketplaceSimulators({ basePath: '/__sim', now: () => new Date(clock) });
let sim: RunningSimulator;
let t: TestApp;
let seller: SellerFixture;
const noProgress = { progress: async () => {} };

beforeAll(async () => {
  sim = await startSimulator(combineSimulators(sims, '/__sim'));
  t = await buildTestApp({
    jobs: true,
    config: { SIM_BASE_URL: `${sim.url}/__sim`, STORE_SECRET_KEY: SECRET_KEY },
    connectors: (config) => createMarketplaceConnectors(config, { sleep }),
  });
  seller = await createSeller(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const access = () => ({
  db: t.database.db,
  connectors: createMarketplaceConnectors(t.config, { sleep }),
  box: storeSecretBox(t.config),
});

async function sandboxStore(marketplace: Marketplace, site: string, account: string) {
  const info = MARKET_SITES.find((s) => s.marketplace === marketplace && s.code === site)!;
  const auth = sims[marketplace].grant(account, site);
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

describe('order sync', () => {
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
    clock += 30 * 60_000;
    await sync();
    const settled = await snapshot(store.id);
    expect(settled.orders).toBe(totals.created);
    expect(settled.logs).toBe(totals.created + totals.updated);

    // A throttled request lets the shared clock run on, so orders may genuinely be placed or
    // change during this sync too (how many depends on the wall-clock start): exactly those count.
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
    clock += 2 * 86_400_000;
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
});
