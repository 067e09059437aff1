import { count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { gs1CheckDigit, MARKET_SITES } from '@app/shared';
import { combineSimulators, createMarketplaceSimulators, startSimulator } from '@app/sim';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import {
  jobs as jobRows,
  listingBatches,
  listingItems,
  listings,
  sellers,
  stores,
} from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { createLocalStorage, newObjectKey } from '../src/integrations/object-storage.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { createJobRunner } from '../src/jobs/pg-boss-runner.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { sellerCtx } from '../src/modules/listings/context.ts';
import { registerListingJobs, startBatches } from '../src/modules/listings/lifecycle.ts';

// `npm run bench` runs this (through scripts/bench-listings.mjs), `setup` then `publish`, each in a
// process of its own: one `batch-publish` of COUNT single-SKU listings to the Amazon simulator
// through the real job runner, compliance report, connector and SP-API HTTP, on PGlite in
// BENCH_DIR (as `npm start` keeps it) or on DATABASE_URL. The connector's throttling waits
// and the simulator's rate buckets share a virtual clock, so the figure is our own cost:
// Amazon's putListingsItem quota (5 requests/s per seller) alone would take COUNT / 5 s.
const COUNT = Number(process.env.BENCH_LISTINGS ?? 1000);

// One virtual clock for the connector's throttling, its token expiry checks and the
// simulator: a wait moves the clock instead of sleeping, so throttling costs no real time
// while tokens still age as they would.
let offset = 0;
const realNow = Date.now.bind(Date);
Date.now = () => realNow() + offset;
const sleep = async (ms: number) => {
  offset += ms;
};
const sims = createMarketplaceSimulators({ basePath: '/__sim', now: () => new Date(Date.now()) });
const sim = await startSimulator(combineSimulators(sims, '/__sim'));
const phase = process.argv[2] === 'setup' ? 'setup' : 'publish';
const dir = process.env.BENCH_DIR!;
const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, dataDir: null } : { dataDir: dir },
);
const log = pino({ level: 'silent' });
const config = loadConfig(
  { NODE_ENV: 'test', DEMO: '1', LOG_LEVEL: 'silent', DATA_DIR: dir },
  { SIM_BASE_URL: `${sim.url}/__sim`, STORE_SECRET_KEY: process.env.BENCH_STORE_KEY! },
);
const box = storeSecretBox(config);
const storage = createLocalStorage(dir);
const site = MARKET_SITES.find((s) => s.marketplace === 'amazon' && s.code === 'US')!;
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** Not timed: a seller, a sandbox store, one white main image, COUNT listings. */
async function setup() {
  const [seller] = await database.db
    .insert(sellers)
    .values({ name: 'Bench seller' })
    .returning({ id: sellers.id });
  const sellerId = seller!.id;
  const auth = sims.amazon.grant('ABENCHSELLER1', 'US');
  const [store] = await database.db
    .insert(stores)
    .values({
      ...sealAuth(box, auth),
      sellerId,
      marketplace: 'amazon',
      marketSiteId: site.id,
      alias: 'Bench',
      account: auth.account,
      source: 'sandbox',
    })
    .returning();
  const key = newObjectKey(sellerId, 'jpg');
  await storage.put(
    key,
    await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer(),
    'image/jpeg',
  );
  const image = storage.url(key);
  for (let start = 0; start < COUNT; start += 200) {
    const n = Math.min(200, COUNT - start);
    const rows = await database.db
      .insert(listings)
      .values(
        Array.from({ length: n }, (_, i) => {
          const sku = `BENCH-${start + i}`;
          return {
            sellerId,
            storeId: store!.id,
            siteId: site.id,
            currency: 'USD',
            brand: 'Acme',
            manufacturer: 'Acme',
            productType: 'SHIRT',
            attributes: { department: 'unisex-adult' },
            parentSku: sku,
            title: `Acme cotton tee ${start + i}`,
            describe: 'A soft cotton tee.',
            keywords: 'tee cotton',
            bulletPoints: ['Soft cotton', 'Regular fit'],
            images: [image],
            skuText: sku.toLowerCase(),
            skuCount: 1,
            priceMinMinor: 1999,
            priceMaxMinor: 1999,
          };
        }),
      )
      .returning({ id: listings.id, sku: listings.parentSku });
    await database.db.insert(listingItems).values(
      rows.map((r, i) => {
        const body = String(40_000_000_000 + start + i).padStart(11, '0');
        return {
          listingId: r.id,
          storeId: store!.id,
          sku: r.sku,
          priceMinor: 1999,
          quantity: 10,
          variation: { color: 'Black', size: 'M' },
          productId: `${body}${gs1CheckDigit(body)}`,
        };
      }),
    );
  }
}

/**
 * The timed part, in a process of its own as the server would run it: the database as it is
 * after days of use (migrated, filled), not one this process just created and migrated, whose
 * garbage alone reached 650 to 900 MB. The simulator's grants live in its memory, so the store's
 * credentials are granted again here.
 */
async function publish() {
  const [store] = await database.db.select().from(stores).where(eq(stores.alias, 'Bench'));
  const auth = sims.amazon.grant('ABENCHSELLER1', 'US');
  await database.db.update(stores).set(sealAuth(box, auth)).where(eq(stores.id, store!.id));
  const ids = (
    await database.db.select({ id: listings.id }).from(listings).orderBy(listings.id)
  ).map((r) => r.id);
  const runner = createJobRunner(database, { log, pollingIntervalSeconds: 1 });
  const connectors = createMarketplaceConnectors(config, { sleep });
  const deps = { db: database.db, connectors, box, storage, jobs: runner };
  registerListingJobs(runner, deps);
  await runner.start();
  try {
    const ctx = sellerCtx(deps, store!.sellerId, log);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const { batch_id: batchId } = await startBatches(ctx, 'publish', ids);
    // Done when the batch is: the virtual clock can make the five-minute resumer hand it to a
    // newer job (as after a crash), so the first job's status says nothing about the batch.
    let batch: typeof listingBatches.$inferSelect | undefined;
    do {
      await new Promise((r) => setTimeout(r, 100));
      [batch] = await database.db
        .select()
        .from(listingBatches)
        .where(eq(listingBatches.id, batchId));
    } while (!batch?.finishedAt);
    const [job] = await database.db.select().from(jobRows).where(eq(jobRows.id, batch.jobId!));
    const status = job?.status ?? 'gone';
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const [live] = await database.db
      .select({ n: count() })
      .from(listings)
      .where(eq(listings.status, 'published'));
    const result = {
      listings: COUNT,
      published: live!.n,
      seconds: +seconds.toFixed(1),
      perSecond: +(COUNT / seconds).toFixed(1),
      peakRssMb: mb(Math.max(peak, process.memoryUsage().rss)),
      baselineRssMb: mb(baseline),
      processPeakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      job: status,
    };
    const label = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `Listings batch publish (${label}): ${result.published}/${COUNT} published in ${result.seconds} s ` +
        `(${result.perSecond} listings/s); peak RSS ${result.processPeakRssMb} MB ` +
        `(${result.baselineRssMb} MB before the batch); budget 60 s and 500 MB`,
    );
    console.log(JSON.stringify(result));
  } finally {
    await runner.stop();
  }
}

try {
  await (phase === 'setup' ? setup() : publish());
} finally {
  await database.close();
  await sim.close();
}
