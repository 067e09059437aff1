import { and, eq, exists, inArray, not } from 'drizzle-orm';
import { STORE_STATUS, type ListingStatus } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { listings, stores } from '../../db/schema.ts';
import {
  MarketplaceError,
  type RemoteListingState,
} from '../../integrations/marketplaces/connector.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { storeJobWithin } from '../../jobs/store-jobs.ts';
import { storeSessionFor } from '../markets/service.ts';
import { paramValue } from '../sys-params/index.ts';
import { sellerCtx, type ListingDeps } from './context.ts';
import { setListing } from './lifecycle.ts';

/** One store's listing-status read; the `listings.` prefix guards the store's deletion. */
export const LISTINGS_STATUS_SYNC = 'listings.status-sync';
/** The scheduled task: queues a status read for each store that is due. */
export const LISTINGS_STATUS_SYNC_ALL = 'listings.status-sync-all';

/** A queued or running read older than this is taken as lost, not waited for. */
const STALE_JOB_SECONDS = 4 * 60 * 60;
const ON_MARKETPLACE: ListingStatus[] = ['published', 'publishing'];

/** Our status for what the marketplace says; null keeps ours (still being processed there). */
function statusOf(remote: RemoteListingState['status']): ListingStatus | null {
  if (remote === 'live') return 'published';
  if (remote === 'pending') return null;
  // Inactive (taken down there) and gone alike: no longer on sale.
  return 'taken_down';
}

/**
 * Queues `listings.status-sync` for every switched-on, authorized store with listings on the
 * marketplace, unless one is waiting or one succeeded within `sync.listing_interval_minutes`
 * (read now, so a changed parameter applies from this run).
 */
export async function queueListingStatusSyncs(
  db: Executor,
  runner: Pick<JobRunner, 'enqueue'>,
): Promise<{ queued: number; intervalMinutes: number }> {
  const intervalMinutes = await paramValue(db, 'sync.listing_interval_minutes');
  const due = await db
    .select({ id: stores.id, sellerId: stores.sellerId })
    .from(stores)
    .where(
      and(
        eq(stores.status, STORE_STATUS.on),
        eq(stores.authStatus, 'active'),
        exists(
          db
            .select({ id: listings.id })
            .from(listings)
            .where(and(eq(listings.storeId, stores.id), inArray(listings.status, ON_MARKETPLACE))),
        ),
        not(storeJobWithin(LISTINGS_STATUS_SYNC, ['queued', 'running'], STALE_JOB_SECONDS)),
        not(storeJobWithin(LISTINGS_STATUS_SYNC, ['succeeded'], intervalMinutes * 60)),
      ),
    );
  for (const store of due) {
    await runner.enqueue({
      kind: LISTINGS_STATUS_SYNC,
      sellerId: store.sellerId,
      payload: { storeId: store.id },
    });
  }
  return { queued: due.length, intervalMinutes };
}

/**
 * Reads the state of each of the store's published (or publishing) listings through its
 * connector and records what changed: live, taken down or gone there. A listing the
 * marketplace refuses to answer for is counted and left as it was.
 */
export async function runListingStatusSync(
  deps: ListingDeps,
  job: Pick<JobContext, 'payload' | 'log' | 'progress'>,
): Promise<{ checked: number; changed: number; failed: number }> {
  const { storeId } = job.payload as { storeId: number };
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) return { checked: 0, changed: 0, failed: 0 };
  const ctx = sellerCtx(deps, store.sellerId, job.log);
  const { connector, session } = storeSessionFor(deps, store, { forWrite: false });
  const rows = await deps.db
    .select({
      id: listings.id,
      status: listings.status,
      sku: listings.parentSku,
      remoteId: listings.remoteId,
    })
    .from(listings)
    .where(and(eq(listings.storeId, storeId), inArray(listings.status, ON_MARKETPLACE)));
  let changed = 0;
  let failed = 0;
  await job.progress(0, rows.length);
  for (const [index, row] of rows.entries()) {
    try {
      const remote = await connector.listingState(session, {
        sku: row.sku,
        remoteId: row.remoteId,
      });
      const next = statusOf(remote.status);
      if (next && next !== row.status) {
        await setListing(ctx, row.id, {
          status: next,
          remoteId: remote.remoteId ?? row.remoteId,
          issues: remote.issues,
        });
        changed++;
      }
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      job.log.warn({ listingId: row.id, err: error }, 'listing status read refused');
      failed++;
    }
    await job.progress(index + 1, rows.length);
  }
  return { checked: rows.length, changed, failed };
}

export function registerListingStatusJobs(runner: JobRunner, deps: ListingDeps): void {
  runner.define(LISTINGS_STATUS_SYNC_ALL, () => queueListingStatusSyncs(deps.db, runner));
  runner.define(LISTINGS_STATUS_SYNC, (job) => runListingStatusSync(deps, job), {
    concurrency: 2,
    expireInSeconds: 60 * 60,
  });
}
