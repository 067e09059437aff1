import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_CHANNELS, MARKET_SITES, type Marketplace } from '@app/shared';
import { combineSimulators, createMarketplaceSimulators, startSimulator } from '@app/sim';
import type { Config } from '../src/config.ts';
import { orders, orderSyncState, stores } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { syncStore } from '../src/modules/orders/sync.ts';
import { createSeller } from './fixtures.ts';
import { call, scratchDatabase, startApp, type ScratchDatabase } from './helper.ts';

/**
 * Issue 18's budget: no shipment confirmed twice after a kill -9 in the middle of pushing. The
 * server runs as `npm start` runs it, in a child process on a PGlite folder, against the four
 * simulators in this process; it is killed with SIGKILL once part of the pushes reached the
 * marketplaces, started again on the same data, and every marketplace must then hold exactly
 * one shipment per package. PGlite only: the child opens the folder this test prepared.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
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
let dataDir: string;
const storeKey = randomBytes(32).toString('hex');
/** Per marketplace account: the tracking number saved for each remote order. */
const pushed = new Map<string, Map<string, string>>();
let child: ChildProcess | null = null;

const simShipments = () =>
  STORES.flatMap(([mp, , account]) => sims[mp].shipments(account).map((s) => ({ mp, ...s })));

function startServer(): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MARKETPLACE_SIM: 'on',
      SIM_BASE_URL: `${sim.url}/__sim`,
      STORE_SECRET_KEY: storeKey,
      JOBS: 'on',
      // The restart sends the dead process's claims after 15 s rather than two minutes, and
      // the minute sweeps run every 2 s: the test waits on neither clock.
      DEMO: '1',
      DEMO_STORY: 'off',
      JOB_SWEEP_SECONDS: '2',
      SHIPMENT_PUSH_LEASE_SECONDS: '15',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return server;
}

async function until(check: () => boolean, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(server: ChildProcess | null, signal: NodeJS.Signals) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill(signal);
  await exited;
}

beforeAll(async () => {
  sim = await startSimulator(combineSimulators(sims, '/__sim'));
  scratch = await scratchDatabase();
  if (!scratch.dataDir) return;
  dataDir = scratch.dataDir;
  const database = await scratch.open();
  // The app as the desk uses it, on the folder the child will open: synced orders of four
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
          ),
        )
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
  }
}, 300_000);

afterAll(async () => {
  await stop(child, 'SIGKILL');
  await sim?.close();
  await scratch?.remove();
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('kill -9 while pushing', () => {
  it('leaves each marketplace exactly one shipment per package after a restart', async () => {
    const total = STORES.length * PER_STORE;
    child = startServer();
    // Killed once about a third has reached the marketplaces, the rest claimed or waiting.
    await until(
      () => simShipments().length >= total / 3,
      180_000,
      () => `the first pushes (${simShipments().length} of ${total})`,
    );
    await stop(child, 'SIGKILL');
    const atKill = simShipments().length;
    expect(atKill).toBeLessThan(total);

    child = startServer();
    // Pushes the dead process had claimed are taken again once their lease ran out.
    await until(
      () => simShipments().length >= total,
      300_000,
      () => `every push (${simShipments().length} of ${total}, ${atKill} at the kill)`,
    );
    await new Promise((r) => setTimeout(r, 5_000));
    await stop(child, 'SIGTERM');

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
      `push-kill: ${atKill} of ${total} confirmations before kill -9, ${total} after the restart, none twice`,
    );
  }, 600_000);
});
