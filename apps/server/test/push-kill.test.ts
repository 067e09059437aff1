import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, between, count, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGISTICS_CHANNELS, MARKET_SITES, type Marketplace } from '@app/shared';
import { combineSimulators, createMarketplaceSimulators, startSimulator } from '@app/sim';
import type { Config } from '../src/config.ts';
import { orders, orderSyncState, shipmentPushes, stores } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { syncStore } from '../src/modules/orders/sync.ts';
import {
  bundleServer,
  startChildServer,
  stopChild,
  until,
  type ChildServer,
} from './child-server.ts';
import { createSeller } from './fixtures.ts';
import { call, scratchDatabase, startApp, type ScratchDatabase } from './helper.ts';

/**
 * Issue 18's budget: no shipment confirmed twice after a kill -9 in the middle of pushing, on
 * either database. The server runs as `npm start` runs it (`src/main.ts`, bundled), in a child
 * process on this test's database (the PGlite folder or the PostgreSQL database), against the
 * four simulators in this process; it is killed with SIGKILL once part of the pushes reached
 * the marketplaces, started again on the same data, and every marketplace must then hold
 * exactly one shipment per package.
 *
 * It once timed out after the restart under CI load. The cause: it pushed the oldest open
 * orders, placed up to six hours before, and the simulators hold six hours of orders; on a slow
 * machine the oldest dropped out of them during the test, Shopify then refused their push as an
 * unknown order, and the count of shipments never reached the total. It pushes orders well
 * inside that window now, and paid (the newest, unpaid, are refused too).
 * The child is bundled once (it started through tsx, which took most of a minute on two busy
 * cores) and hashes the demo logins at the tests' cost; the test waits for it to listen and fails
 * at once, with its output, when it exits; a timeout names each push's state.
 */
const PER_STORE = 25;
const FOUR_PX = LOGISTICS_CHANNELS.find((c) => c.code === '4PX-GP')!;
const STORES: Array<[Marketplace, string, string]> = [
  ['amazon', 'US', 'A3SIMKILL0001'],
  ['shopify', 'GLOBAL', 'kill-test.myshopify.com'],
  ['shopee', 'SG', '880077'],
  ['temu', 'US', '634418217777'],
];

// Dense order books: six hours of orders, one every five minutes a store, most still unshipped.
const sims = createMarketplaceSimulators({
  basePath: '/__sim',
  orders: { historyDays: 0.25, historyEveryMinutes: 5 },
});
let sim: Awaited<ReturnType<typeof startSimulator>>;
let scratch: ScratchDatabase;
const dirs: string[] = [];
const storeKey = randomBytes(32).toString('hex');
/** Per marketplace account: the tracking number saved for each remote order. */
const pushed = new Map<string, Map<string, string>>();
let bundle: Promise<string>;
let child: ChildServer | null = null;

const simShipments = () =>
  STORES.flatMap(([mp, , account]) => sims[mp].shipments(account).map((s) => ({ mp, ...s })));

/** Starts the server on the test's database; resolves once it listens, fails if it exits. */
async function startServer(): Promise<ChildServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-kill-'));
  dirs.push(dataDir);
  return startChildServer(await bundle, {
    ...(scratch.url ? { DATABASE_URL: scratch.url, DATA_DIR: dataDir } : {}),
    ...(scratch.dataDir ? { DATA_DIR: scratch.dataDir } : {}),
    WEB_DIST: path.join(dataDir, 'no-web'),
    MARKETPLACE_SIM: 'on',
    SIM_BASE_URL: `${sim.url}/__sim`,
    STORE_SECRET_KEY: storeKey,
    JOBS: 'on',
    // The restart sends the dead process's claims after 10 s rather than two minutes, and
    // the minute sweeps run every second: the test waits on neither clock.
    DEMO: '1',
    DEMO_STORY: 'off',
    JOB_SWEEP_SECONDS: '1',
    // The demo logins a PGlite demo seeds at its first start, hashed at the test suites' cost
    // rather than production's, which alone took many seconds of a loaded CI machine.
    PASSWORD_HASH_COST: '10',
    SHIPMENT_PUSH_LEASE_SECONDS: '10',
  });
}

/** How many pushes are in each state, with the marketplaces' reasons: what a timeout reports. */
async function pushStates(): Promise<string> {
  const database = await scratch.open();
  try {
    const rows = await database.db
      .select({
        status: shipmentPushes.status,
        reason: shipmentPushes.reason,
        attempts: shipmentPushes.attempts,
        n: count(),
      })
      .from(shipmentPushes)
      .groupBy(shipmentPushes.status, shipmentPushes.reason, shipmentPushes.attempts);
    return JSON.stringify(rows);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  sim = await startSimulator(combineSimulators(sims, '/__sim'));
  scratch = await scratchDatabase();
  bundle = bundleServer('push-kill-test');
  const database = await scratch.open();
  // The app as the desk uses it, on the database the child will open: synced orders of four
  // sandbox stores, and save-logistics for PER_STORE open orders of each (which queues the pushes
  // and the push job). The setup's syncs do not wait out Amazon's item quota, which only the
  // connector keeps (Shopify's simulator throttles by itself).
  const simConfig = { SIM_BASE_URL: `${sim.url}/__sim`, STORE_SECRET_KEY: storeKey };
  const connectors = (config: Config) => ({
    ...createMarketplaceConnectors(config),
    amazon: createMarketplaceConnectors(config, { sleep: async () => {} }).amazon,
  });
  const started = await startApp(database, { config: simConfig, connectors });
  try {
    const seller = await createSeller(database.db);
    const access = {
      db: database.db,
      connectors: connectors(started.config),
      box: storeSecretBox(started.config),
    };
    for (const [mp, site, account] of STORES) {
      const info = MARKET_SITES.find((s) => s.marketplace === mp && s.code === site)!;
      const [store] = await database.db
        .insert(stores)
        .values({
          ...sealAuth(access.box, sims[mp].grant(account, site)),
          sellerId: seller.sellerId,
          marketplace: mp,
          marketSiteId: info.id,
          alias: `${mp} kill`,
          account,
          source: 'sandbox',
        })
        .returning();
      await database.db
        .insert(orderSyncState)
        .values({ storeId: store!.id, updatedAfter: new Date(Date.now() - 86_400_000) });
      await syncStore(access, store!, { progress: async () => {} });
      const open = await database.db
        .select({ id: orders.id, remoteId: orders.remoteId })
        .from(orders)
        .where(
          and(
            eq(orders.storeId, store!.id),
            eq(orders.orderStatus, 'unshipped'),
            eq(orders.fulfillmentChannel, 'MFN'),
            eq(orders.itemsPending, false),
            isNotNull(orders.remoteId),
            // Placed 45 minutes to 5½ hours before: a buyer pays within half an hour (Shopify
            // refuses to fulfil an unpaid order), and the simulators hold six hours of orders
            // (an older one is gone from them, refused as not found).
            between(
              orders.purchasedAt,
              new Date(Date.now() - 5.5 * 3_600_000),
              new Date(Date.now() - 45 * 60_000),
            ),
          ),
        )
        .orderBy(desc(orders.purchasedAt))
        .limit(PER_STORE);
      expect(open.length, mp).toBe(PER_STORE);
      const numbers = new Map<string, string>();
      for (const order of open) {
        const tracking = `4PX${randomBytes(6).readUIntBE(0, 6).toString().padStart(13, '0').slice(-13)}CN`;
        const saved = await call(started.app, 'POST', '/api/cw-order/save-logistics', {
          token: seller.token,
          body: { id: order.id, user_logistics_channel_id: FOUR_PX.id, shipped_number: tracking },
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        numbers.set(order.remoteId!, tracking);
      }
      pushed.set(account, numbers);
    }
  } finally {
    await started.stop();
    await database.close();
    await bundle;
  }
}, 300_000);

afterAll(async () => {
  await stopChild(child, 'SIGKILL');
  await sim?.close();
  await scratch?.remove();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// Out of `npm test` (and so of CI) until it is shown under a minute there: PUSH_KILL_TEST=1 runs it.
it.runIf(process.env.PUSH_KILL_TEST === '1')(
  'kill -9 while pushing leaves each marketplace exactly one shipment per package after a restart',
  async () => {
    const total = STORES.length * PER_STORE;
    const began = Date.now();
    child = await startServer();
    // Killed once about a third has reached the marketplaces, the rest claimed or waiting.
    await until(
      () => simShipments().length >= total / 3,
      60_000,
      async () =>
        `the first pushes (${simShipments().length} of ${total}); pushes: ${await pushStates()}`,
      child,
    );
    await stopChild(child, 'SIGKILL');
    const atKill = simShipments().length;
    expect(atKill).toBeLessThan(total);

    child = await startServer();
    // Pushes the dead process had claimed are taken again once their lease ran out.
    await until(
      () => simShipments().length >= total,
      60_000,
      async () =>
        `every push (${simShipments().length} of ${total}, ${atKill} at the kill); ` +
        `pushes: ${await pushStates()}`,
      child,
    );
    // A second confirmation of a package would come now, from a run still going.
    await new Promise((r) => setTimeout(r, 3_000));
    await stopChild(child, 'SIGTERM');

    const shipments = simShipments();
    expect(shipments).toHaveLength(total);
    for (const [mp, , account] of STORES) {
      const mine = shipments.filter((s) => s.mp === mp);
      const expected = pushed.get(account)!;
      expect(mine.map((s) => `${s.orderId} ${s.trackingNumber}`).sort(), mp).toEqual(
        [...expected].map(([orderId, tracking]) => `${orderId} ${tracking}`).sort(),
      );
    }
    console.log(
      `push-kill (${scratch.url ? 'PostgreSQL' : 'PGlite'}): ${atKill} of ${total} confirmations ` +
        `before kill -9, ${total} after the restart, none twice; ${(Date.now() - began) / 1000} s`,
    );
  },
  400_000,
);
