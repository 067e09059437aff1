import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { MARKET_SITES, type Marketplace } from '@app/shared';
import { combineSimulators, createMarketplaceSimulators, startSimulator } from '@app/sim';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { listingBatches, listingItems, listings, sellers, stores } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { createLocalStorage, newObjectKey } from '../src/integrations/object-storage.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { createJobRunner } from '../src/jobs/pg-boss-runner.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { sellerCtx } from '../src/modules/listings/context.ts';
import { registerListingJobs, startBatches } from '../src/modules/listings/lifecycle.ts';

// `npm run bench` runs this through scripts/bench-publish.mjs: one `batch-publish` of COUNT
// listings to each of the Shopify, Shopee and Temu simulators through the real job runner,
// compliance report, connector and HTTP, on PGlite in BENCH_DIR. Unlike bench-listings.ts the
// clock is real: the connectors keep to each simulator's rate limits (Shopify's Standard
// query-cost bucket, Temu's 20 requests a second), and those waits are part of the figure
// against the five-minute budget. BENCH_PUBLISH_COUNT sets COUNT (default 1,000) and
// BENCH_PUBLISH_MARKETS the marketplaces (default shopify,shopee,temu).
const COUNT = Number(process.env.BENCH_PUBLISH_COUNT ?? 1000);
const MARKETS = (process.env.BENCH_PUBLISH_MARKETS ?? 'shopify,shopee,temu').split(
  ',',
) as Marketplace[];
const BUDGET_MINUTES = 5;

/** What each marketplace needs of a single-SKU listing to pass its checks and its add call. */
const PROFILES: Partial<
  Record<
    Marketplace,
    { site: string; category: string; attributes: Record<string, unknown>; account: string }
  >
> = {
  shopify: { site: 'GLOBAL', category: '', attributes: {}, account: 'bench-shop.myshopify.com' },
  shopee: {
    site: 'SG',
    category: '100021',
    attributes: { '4990': 'Silicone', '4992': 'iPhone 16', weight: 0.2 },
    account: '400100200',
  },
  temu: {
    site: 'US',
    category: '26101',
    attributes: { Material: 'Cotton', Fit: 'Slim' },
    account: '700100200',
  },
};

const dir = process.env.BENCH_DIR!;
const log = pino({ level: 'silent' });
const png = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#fff' } })
  .jpeg()
  .toBuffer();
// The listings' images as the server would serve them at /api/files (Shopee and Temu fetch them).
const files = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': png.length });
  res.end(png);
});
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
const publicUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
const sims = createMarketplaceSimulators({ basePath: '/__sim' });
const sim = await startSimulator(combineSimulators(sims, '/__sim'));
const database = await openDatabase({ dataDir: dir });
const config = loadConfig(
  { NODE_ENV: 'test', DEMO: '1', LOG_LEVEL: 'silent', DATA_DIR: dir },
  { SIM_BASE_URL: `${sim.url}/__sim`, STORE_SECRET_KEY: process.env.BENCH_STORE_KEY! },
);
const box = storeSecretBox(config);
const storage = createLocalStorage(dir);
const connectors = createMarketplaceConnectors(config);
const runner = createJobRunner(database, { log, pollingIntervalSeconds: 1 });
const deps = { db: database.db, connectors, box, storage, jobs: runner, publicUrl };
registerListingJobs(runner, deps);

/** Not timed: a seller, an authorized sandbox store, COUNT ready single-SKU listings. */
async function setup(marketplace: Marketplace) {
  const profile = PROFILES[marketplace]!;
  const site = MARKET_SITES.find((s) => s.marketplace === marketplace && s.code === profile.site)!;
  const [seller] = await database.db
    .insert(sellers)
    .values({ name: `Bench ${marketplace}` })
    .returning({ id: sellers.id });
  const auth = sims[marketplace as 'shopify' | 'shopee' | 'temu'].grant(profile.account, site.code);
  const [store] = await database.db
    .insert(stores)
    .values({
      ...sealAuth(box, auth),
      sellerId: seller!.id,
      marketplace,
      marketSiteId: site.id,
      alias: `Bench ${marketplace}`,
      account: auth.account,
      source: 'sandbox',
      ...(marketplace === 'temu' ? { mode: 'local' as const } : {}),
    })
    .returning();
  const key = newObjectKey(seller!.id, 'jpg');
  await storage.put(key, png, 'image/jpeg');
  const ids: number[] = [];
  for (let start = 0; start < COUNT; start += 200) {
    const n = Math.min(200, COUNT - start);
    const rows = await database.db
      .insert(listings)
      .values(
        Array.from({ length: n }, (_, i) => {
          const sku = `BENCH-${marketplace.toUpperCase()}-${start + i}`;
          return {
            sellerId: seller!.id,
            storeId: store!.id,
            siteId: site.id,
            currency: site.currency,
            brand: 'Acme',
            productType: profile.category,
            attributes: profile.attributes as Record<string, string>,
            parentSku: sku,
            title: `Acme cotton tee ${start + i}`,
            describe: 'A soft cotton tee.',
            keywords: 'tee cotton',
            bulletPoints: ['Soft cotton', 'Regular fit'],
            images: [storage.url(key)],
            skuText: sku.toLowerCase(),
            skuCount: 1,
            priceMinMinor: 1999,
            priceMaxMinor: 1999,
          };
        }),
      )
      .returning({ id: listings.id, sku: listings.parentSku });
    await database.db.insert(listingItems).values(
      rows.map((r) => ({
        listingId: r.id,
        storeId: store!.id,
        sku: r.sku,
        priceMinor: 1999,
        quantity: 10,
        variation: {},
      })),
    );
    ids.push(...rows.map((r) => r.id));
  }
  return { sellerId: seller!.id, ids, account: auth.account };
}

/** The timed part: the batch from start to its last item, and what ended up live. */
async function publish(marketplace: Marketplace) {
  const { sellerId, ids, account } = await setup(marketplace);
  const ctx = sellerCtx(deps, sellerId, log);
  // The process's RSS over the batch (issue 16: at most 450 MB on PGlite). The simulators run
  // in this process too, so it is an upper bound of the server's.
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const { batch_id: batchId } = await startBatches(ctx, 'publish', ids);
  let batch: typeof listingBatches.$inferSelect | undefined;
  do {
    await new Promise((r) => setTimeout(r, 250));
    [batch] = await database.db.select().from(listingBatches).where(eq(listingBatches.id, batchId));
  } while (!batch?.finishedAt);
  const minutes = (performance.now() - started) / 60_000;
  clearInterval(sampler);
  const [live] = await database.db
    .select({ n: count() })
    .from(listings)
    .where(inArray(listings.id, ids));
  const [published] = await database.db
    .select({ n: count() })
    .from(listings)
    .where(eq(listings.status, 'published'));
  const [failed] = await database.db
    .select({ n: count() })
    .from(listings)
    .where(eq(listings.status, 'failed'));
  // Products the simulator holds per listing SKU: more than one is a publish done twice.
  const held = new Map<string, number>();
  for (const product of sims[marketplace as 'shopify' | 'shopee' | 'temu'].products!(account)) {
    for (const sku of new Set(product.skus)) held.set(sku, (held.get(sku) ?? 0) + 1);
  }
  const doubled = [...held.values()].filter((n) => n > 1).length;
  const [sample] = await database.db
    .select({ issues: listings.issues })
    .from(listings)
    .where(eq(listings.status, 'failed'))
    .limit(1);
  return {
    marketplace,
    listings: live!.n,
    published: published!.n,
    failed: failed!.n,
    doubled,
    minutes: +minutes.toFixed(2),
    perSecond: +(COUNT / (minutes * 60)).toFixed(1),
    rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    withinBudget: minutes <= BUDGET_MINUTES,
    ...(sample ? { firstFailure: JSON.stringify(sample.issues).slice(0, 300) } : {}),
  };
}

const results = [];
await runner.start();
try {
  for (const marketplace of MARKETS) {
    // Each marketplace's count is its own: the previous one's rows are gone first.
    await database.db.delete(listings);
    const result = await publish(marketplace);
    results.push(result);
    console.log(
      `Batch publish to ${marketplace}: ${result.published}/${COUNT} published, ${result.failed} failed, ` +
        `${result.doubled} doubled, ` +
        `in ${result.minutes} min (${result.perSecond} listings/s); budget ${BUDGET_MINUTES} min; ` +
        `RSS ${result.rssBeforeMb} MB before, ${result.peakRssMb} MB at most` +
        (result.firstFailure ? `; first failure ${result.firstFailure}` : ''),
    );
  }
} finally {
  await runner.stop();
  await database.close();
  await sim.close();
  files.close();
}
console.log(JSON.stringify(results));
