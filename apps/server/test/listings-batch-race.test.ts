import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { seedBase } from '../src/seed/seed.ts';
import { jobs, listingBatchItems, listingBatches } from '../src/db/schema.ts';
import { createLocalStorage } from '../src/integrations/object-storage.ts';
import { createSecretBox } from '../src/integrations/secret-box.ts';
import { runBatch } from '../src/modules/listings/lifecycle.ts';
import { createSeller } from './fixtures.ts';
import { scratchDatabase, type ScratchDatabase } from './helper.ts';

/**
 * The batch's workers share one list of pending items. A worker that checked "items left" and
 * then awaited (the hand-over check) must not index past the end once another worker took the
 * last item meanwhile: every run of the batch accounts for each item exactly once. On
 * PostgreSQL the awaits interleave differently on every run, so the batch runs many times,
 * with a clock that makes every worker await a progress report after each item.
 */
let scratch: ScratchDatabase;
let database: Database;

beforeAll(async () => {
  scratch = await scratchDatabase();
  database = await scratch.open();
  await seedBase(database.db);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await database?.close();
  await scratch?.remove();
});

it('runs every item of a batch once with several workers, run after run', async () => {
  const { db } = database;
  const seller = await createSeller(db);
  const deps = {
    db,
    connectors: {},
    box: createSecretBox(Buffer.alloc(32)),
    storage: createLocalStorage('/tmp/unused'),
    jobs: { enqueue: async () => 'unused' },
  };
  const log = pino({ level: 'silent' });
  let clock = Date.now();
  vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1_500));
  for (let run = 0; run < 40; run++) {
    const [job] = await db
      .insert(jobs)
      .values({ kind: 'listings.batch', sellerId: seller.sellerId, status: 'running' })
      .returning({ id: jobs.id });
    // A store that does not exist: each item fails at once, so the workers race hardest.
    const [batch] = await db
      .insert(listingBatches)
      .values({ sellerId: seller.sellerId, storeId: 0, kind: 'update', params: {}, jobId: job!.id })
      .returning({ id: listingBatches.id });
    const total = 3 + (run % 6);
    await db.insert(listingBatchItems).values(
      Array.from({ length: total }, (_, orderNum) => ({
        batchId: batch!.id,
        listingId: 1_000_000 + orderNum,
        orderNum,
      })),
    );
    const result = await runBatch(deps, {
      jobId: job!.id,
      payload: { batchId: batch!.id, storeId: 0 },
      log,
      progress: async () => {},
    });
    expect(result).toEqual({ done: 0, failed: total });
    const items = await db
      .select({ state: listingBatchItems.state, error: listingBatchItems.error })
      .from(listingBatchItems)
      .where(eq(listingBatchItems.batchId, batch!.id));
    expect(items).toEqual(Array(total).fill({ state: 'failed', error: 'Store not found' }));
  }
}, 60_000);
