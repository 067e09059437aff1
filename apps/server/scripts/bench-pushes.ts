import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { LOGISTICS_CHANNELS, MARKET_SITES, type Marketplace } from '@app/shared';
import { combineSimulators, createMarketplaceSimulators, startSimulator } from '@app/sim';
import { loadConfig } from '../src/config.ts';
import { systemCtx } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { orders, sellers, shipmentPushes, stores, users } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { databaseBuckets } from '../src/integrations/marketplaces/rate-buckets.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { saveLogistics } from '../src/modules/orders/index.ts';
import { runShipmentPushes } from '../src/modules/orders/shipment-push-job.ts';
import { syncedOpenOrders } from '../test/order-fixtures.ts';

// `npm run bench` runs this through scripts/bench-pushes.mjs: COUNT shipment confirmations
// (issue 18's budget: 10,000 across the four simulators within their rate limits in 10 minutes,
// 0 twice) on PostgreSQL at DATABASE_URL, else on PGlite in BENCH_DIR. Setup (not timed):
// STORES_PER sandbox stores per marketplace on simulators with a day of orders at one a minute,
// their last 12 hours synced, the stores side by side (about 480 open seller-fulfilled orders on
// an Amazon store), and tracking saved on the desk for COUNT open orders, the stores taking turns
// as a busy desk's would. Timed: the push job's run (`runShipmentPushes`) until every push is
// confirmed, its connectors pacing each store on the marketplace's real quota (Amazon
// confirmShipment 2/s a store, Temu 20 calls/s an app), in buckets kept as `src/main.ts` keeps
// them (the database's on PostgreSQL).
const COUNT = Number(process.env.BENCH_PUSHES ?? 10_000);
const STORES_PER = Number(process.env.BENCH_PUSH_STORES ?? 6);
const MARKETS: Array<[Marketplace, string]> = [
  ['amazon', 'US'],
  ['shopify', 'GLOBAL'],
  ['shopee', 'SG'],
  ['temu', 'US'],
];
const FOUR_PX = LOGISTICS_CHANNELS.find((c) => c.code === '4PX-GP')!;

const sims = createMarketplaceSimulators({
  basePath: '/__sim',
  orders: { historyDays: 1, historyEveryMinutes: 1 },
});
const sim = await startSimulator(combineSimulators(sims, '/__sim'));
const dir = process.env.BENCH_DIR!;
const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { url, dataDir: null } : { dataDir: dir });
const log = pino({ level: 'silent' });
const config = loadConfig(
  { NODE_ENV: 'test', DEMO: '1', LOG_LEVEL: 'silent', DATA_DIR: dir },
  { SIM_BASE_URL: `${sim.url}/__sim`, STORE_SECRET_KEY: process.env.BENCH_STORE_KEY! },
);
const box = storeSecretBox(config);
// The setup's syncs wait out neither Amazon's item quota nor Temu's 20 calls a second (the
// connectors keep them, not the simulators; Shopify's simulator throttles by itself, so its
// connector waits as it must).
const unpaced = createMarketplaceConnectors(config, {
  sleep: async () => {},
  requestsPerSecond: 0,
});
const setupConnectors = {
  ...createMarketplaceConnectors(config),
  amazon: unpaced.amazon,
  temu: unpaced.temu,
};
const setupAccess = { db: database.db, connectors: setupConnectors, box };

const [seller] = await database.db
  .insert(sellers)
  .values({ name: 'Bench seller' })
  .returning({ id: sellers.id });
const sellerId = seller!.id;
const [boss] = await database.db
  .insert(users)
  .values({
    sellerId,
    name: 'Bench boss',
    email: 'bench-push@example.com',
    passwordHash: 'no-login',
    isBoss: true,
  })
  .returning({ id: users.id });
const ctx = systemCtx(database.db, log, { sellerId, forUser: { userId: boss!.id, isBoss: true } });

const perStore = Math.ceil(COUNT / (MARKETS.length * STORES_PER));
const setupStarted = Date.now();
/** Synced side by side: Shopify's simulator holds each shop's sync to its query-cost bucket. */
const synced = await Promise.all(
  MARKETS.flatMap(([mp, site]) => {
    const info = MARKET_SITES.find((s) => s.marketplace === mp && s.code === site)!;
    return Array.from({ length: STORES_PER }, async (_, n) => {
      const account = {
        amazon: `ABENCHPUSH${n}`,
        shopify: `bench-push-${n}.myshopify.com`,
        shopee: String(990100 + n),
        temu: String(634418300000 + n),
      }[mp];
      // Placed 45 minutes to 11½ hours before, the newest first. A marketplace refuses a
      // confirmation of an order still unpaid (its buyer pays within half an hour; Shopify: "not
      // in a fulfillable state") and of one the simulators' sellers shipped themselves (12 to 48
      // hours after it was placed), which the oldest synced orders, 12 hours old, can reach
      // during the run: the likely causes of three refusals in a 10-minute run, each now printed
      // below with its reason and the order's age.
      const open = await syncedOpenOrders(
        setupAccess,
        {
          auth: sims[mp].grant(account, site),
          sellerId,
          marketplace: mp,
          marketSiteId: info.id,
          alias: `${mp} ${n}`,
          account,
        },
        {
          syncFrom: new Date(Date.now() - 12 * 3_600_000),
          placed: [new Date(Date.now() - 11.5 * 3_600_000), new Date(Date.now() - 45 * 60_000)],
          limit: perStore,
        },
      );
      if (open.length < perStore) throw new Error(`${mp} ${account}: ${open.length} open orders`);
      console.error(
        `bench-pushes setup: ${mp} ${account} synced (${(Date.now() - setupStarted) / 1000} s)`,
      );
      return { mp, account, queue: open.map((o) => o.id) };
    });
  }),
);
const queues = synced.map((s) => s.queue);
const accounts = synced.map(({ mp, account }) => ({ mp, account }));
// Tracking saved store after store in turn, as a busy desk's would arrive.
let saved = 0;
const savedOn = Object.fromEntries(MARKETS.map(([mp]) => [mp, 0])) as Record<Marketplace, number>;
for (let i = 0; saved < COUNT; i++) {
  for (const [n, queue] of queues.entries()) {
    if (saved >= COUNT) break;
    savedOn[accounts[n]!.mp]++;
    await saveLogistics(ctx, {
      id: queue[i]!,
      user_logistics_channel_id: FOUR_PX.id,
      shipped_number: `4PX${String(3_000_000_000_000 + saved).padStart(13, '0')}CN`,
    });
    saved++;
  }
}
const setupSeconds = (Date.now() - setupStarted) / 1000;

// Several processes share PostgreSQL, so src/main.ts keeps the quotas there; PGlite's are its own.
const access = {
  db: database.db,
  connectors: createMarketplaceConnectors(
    config,
    database.kind === 'postgres' ? { buckets: databaseBuckets(database.db) } : {},
  ),
  box,
};
const recordedOn = (mp: Marketplace) =>
  accounts.filter((a) => a.mp === mp).reduce((n, a) => n + sims[mp].shipments(a.account).length, 0);
/** When each marketplace held all of its confirmations: where the run's time goes. */
const doneAfter: Partial<Record<Marketplace, number>> = {};
const started = Date.now();
const cpuStarted = process.cpuUsage();
const watch = setInterval(() => {
  for (const [mp] of MARKETS) {
    if (doneAfter[mp] === undefined && recordedOn(mp) >= savedOn[mp]) {
      doneAfter[mp] = (Date.now() - started) / 1000;
    }
  }
}, 250);
const run = await runShipmentPushes(access, { progress: async () => {} });
const seconds = (Date.now() - started) / 1000;
// This process's CPU meanwhile (ours, the database's when it is PGlite, the simulators'): far
// below `seconds` when the quotas set the pace, near it when the CPU does.
const cpu = process.cpuUsage(cpuStarted);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
clearInterval(watch);
// Those that finished since the last look, at the run's end.
for (const [mp] of MARKETS) if (recordedOn(mp) >= savedOn[mp]) doneAfter[mp] ??= seconds;
// Each push the marketplaces did not take, with their reason and the order's age.
const stopped = await database.db
  .select({
    marketplace: stores.marketplace,
    remoteId: orders.remoteId,
    purchasedAt: orders.purchasedAt,
    status: shipmentPushes.status,
    reason: shipmentPushes.reason,
  })
  .from(shipmentPushes)
  .innerJoin(orders, eq(orders.id, shipmentPushes.orderId))
  .innerJoin(stores, eq(stores.id, shipmentPushes.storeId))
  .where(inArray(shipmentPushes.status, ['refused', 'failed', 'queued']));
for (const p of stopped) {
  const hours = ((Date.now() - p.purchasedAt.getTime()) / 3_600_000).toFixed(1);
  console.error(
    `bench-pushes: ${p.status} ${p.marketplace} ${p.remoteId} (placed ${hours} h ago): ${p.reason}`,
  );
}
const recorded = accounts.flatMap(({ mp, account }) => sims[mp].shipments(account));
const twice =
  recorded.length - new Set(recorded.map((r) => `${r.orderId} ${r.trackingNumber}`)).size;
const byMarket = Object.fromEntries(MARKETS.map(([mp]) => [mp, recordedOn(mp)]));
console.log(
  `Shipment pushes (${database.kind}): ${run.confirmed} of ${COUNT} confirmed in ${seconds.toFixed(1)} s ` +
    `(${(run.confirmed / seconds).toFixed(1)}/s; ${MARKETS.length * STORES_PER} stores; ` +
    `CPU ${cpuSeconds.toFixed(1)} s; ` +
    `refused ${run.refused}, retrying ${run.retrying}, failed ${run.failed}; ` +
    `recorded on the simulators ${recorded.length}, twice ${twice}; setup ${setupSeconds.toFixed(0)} s; ` +
    `all confirmed after: ${MARKETS.map(([mp]) => `${mp} ${doneAfter[mp] ?? '-'} s`).join(', ')})`,
);
console.log(
  JSON.stringify({
    database: database.kind,
    count: COUNT,
    seconds,
    cpuSeconds,
    ...run,
    recorded: recorded.length,
    twice,
    byMarket,
    doneAfter,
  }),
);
await database.close();
await sim.close();
