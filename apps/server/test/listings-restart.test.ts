import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimHarness, type SimHarness } from './sim-harness.ts';
import type { Config } from '../src/config.ts';
import { jobs, listingBatches } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { runBatch } from '../src/modules/listings/lifecycle.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller } from './fixtures.ts';
import { call, scratchDatabase, startApp, type ScratchDatabase } from './helper.ts';
import { amazonStore, storedImage, upc, waitForJob } from './listing-fixtures.ts';

/**
 * A batch interrupted half-way (the process died after two of five listings) finishes on a
 * new server over the same database, under the job the client follows: the remaining three
 * are published, the first two are not published again.
 */
let clock = Date.now();
const sleep = async (ms: number) => {
  clock += ms;
};
let h: SimHarness;
let scratch: ScratchDatabase;
/** Publish calls per SKU across both servers. */
const published = new Map<string, number>();

const counting = (config: Config) => {
  const connectors = createMarketplaceConnectors(config, { sleep });
  const amazon = connectors.amazon!;
  const publish = amazon.publish.bind(amazon);
  amazon.publish = async (session, listing) => {
    published.set(listing.sku, (published.get(listing.sku) ?? 0) + 1);
    return publish(session, listing);
  };
  return connectors;
};

beforeAll(async () => {
  h = await startSimHarness({ now: () => new Date(clock) });
  scratch = await scratchDatabase();
});
afterAll(async () => {
  await scratch?.remove();
  await h?.close();
});

it('resumes an interrupted batch after a restart, publishing each listing exactly once', async () => {
  const config = h.config;
  // First server: its worker is off, and we run the job's first two items by hand, as a
  // worker that then died would have.
  const db1 = await scratch.open();
  const first = await startApp(db1, { jobs: false, config, connectors: counting });
  const seller = await createSeller(db1.db);
  const store = await amazonStore(db1.db, first.config, h.sims, seller.sellerId);
  const api = (path: string, body: unknown) =>
    call(first.app, 'POST', `/api/publish/${path}`, { token: seller.token, body });
  const ids: number[] = [];
  for (let n = 0; n < 5; n++) {
    const image = await storedImage(first.storage, seller.sellerId);
    const p = await productFor(db1.db, seller.sellerId, {
      skus: [{ color: 'Black', size: 'M', costMinor: 1_000, stock: 5 }],
      images: [{ url: image }],
    });
    const created = await api('create', {
      market_id: store.id,
      goods_ids: [p.productId],
      brand: 'Acme',
      market_category_id: 'SHIRT',
    });
    const id = created.body.data.ids[0];
    const shown = (
      await call(first.app, 'GET', '/api/publish/show', {
        token: seller.token,
        query: { id: String(id) },
      })
    ).body.data;
    await api('update/step2', {
      id,
      market_category_id: 'SHIRT',
      attributes: { department: 'mens' },
    });
    await api('update/step3', {
      id,
      is_variation: false,
      parent_sku: shown.parent_sku,
      items: [{ ...shown.items[0], quantity: 3, product_id: upc(`0700000000${n}`) }],
    });
    const step4 = await api('update/step4', {
      id,
      title: shown.title,
      describe: 'Tee',
      bullet_points: ['Soft'],
    });
    expect(step4.status).toBe(200);
    ids.push(id);
  }
  const started = await api('batch-publish', { ids });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { batch_id: batchId, job_id: jobId } = started.body.data;
  await db1.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, jobId));
  const deps = {
    db: db1.db,
    connectors: counting(first.config),
    box: storeSecretBox(first.config),
    storage: first.storage,
    jobs: first.jobs,
  };
  const partial = await runBatch(
    deps,
    {
      jobId,
      payload: { batchId, storeId: store.id },
      log: pino({ level: 'silent' }),
      progress: async () => {},
    },
    { maxItems: 2 },
  );
  expect(partial).toEqual({ done: 2, failed: 0 });
  expect(published.size).toBe(2);
  // The dead worker's last heartbeat is a minute old.
  await db1.db
    .update(jobs)
    .set({ updatedAt: sql`now() - interval '1 minute'` })
    .where(eq(jobs.id, jobId));
  await first.stop();
  await db1.close();

  // Second server on the same database: start-up resumes the batch at once.
  const db2 = await scratch.open();
  const second = await startApp(db2, { jobs: true, config, connectors: counting });
  try {
    const job = await waitForJob(second.app, seller.token, jobId);
    expect(job).toMatchObject({ status: 'succeeded', done: 5, total: 5 });
    const [batch] = await db2.db
      .select()
      .from(listingBatches)
      .where(eq(listingBatches.id, batchId));
    expect(batch!.jobId).toBe(jobId);
    const [row] = await db2.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(row!.attempt).toBe(1);
    const result = await call(second.app, 'GET', '/api/publish/batch', {
      token: seller.token,
      query: { id: String(batchId) },
    });
    expect(result.body.data).toMatchObject({ status: 'finished', done: 5, failed: 0 });
    const rows = await call(second.app, 'POST', '/api/publish/get-list-by-ids', {
      token: seller.token,
      body: { ids },
    });
    expect(rows.body.data.list.map((r: { status: string }) => r.status)).toEqual(
      Array(5).fill('published'),
    );
    expect([...published.values()]).toEqual([1, 1, 1, 1, 1]);
  } finally {
    await second.stop();
    await db2.close();
  }
}, 180_000);
