import { and, eq } from 'drizzle-orm';
import { STORE_STATUS } from '@app/shared';
import { stores } from '../../db/schema.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { ofSeller } from '../../tenancy.ts';
import { storeSessionFor, type StoreAccess } from '../markets/service.ts';
import { savePage, type SyncResult } from './sync.ts';

/** One order of one store, fetched and saved because the marketplace said it changed. */
export const ORDERS_SYNC_ORDER = 'orders.sync-order';

export interface OrderSyncRequest {
  storeId: number;
  sellerId: number;
  /** The marketplace's order id as the connector reads it (Shopify's Order GID). */
  remoteId: string;
}

/** Queues the sync of one order a webhook or notification named; answers the job id. */
export function queueOrderSync(
  runner: Pick<JobRunner, 'enqueue'>,
  request: OrderSyncRequest,
): Promise<string> {
  return runner.enqueue({
    kind: ORDERS_SYNC_ORDER,
    sellerId: request.sellerId,
    payload: { storeId: request.storeId, remoteId: request.remoteId },
  });
}

/**
 * The `orders.sync-order` job: reads that one order from the marketplace and saves it as the
 * store sync would (the same upsert, logs and figures), so a new order is on the desk seconds
 * after the event instead of at the next scheduled sync. The store's watermark is left alone:
 * the scheduled sync still reads everything the events missed.
 */
export async function runOrderSync(access: StoreAccess, job: JobContext): Promise<SyncResult> {
  const payload = (job.payload ?? {}) as { storeId?: unknown; remoteId?: unknown };
  const storeId = Number(payload.storeId);
  const result: SyncResult = {
    storeId,
    skipped: null,
    fetched: 0,
    created: 0,
    updated: 0,
    itemsLoaded: 0,
    itemsPending: 0,
    feesLoaded: 0,
    feesRefused: null,
    watermark: null,
  };
  const [store] = await access.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), ofSeller(stores.sellerId, job.sellerId ?? -1)));
  if (!store) return { ...result, skipped: 'The store was deleted' };
  if (store.status !== STORE_STATUS.on || store.authStatus !== 'active') {
    return { ...result, skipped: 'The store is switched off or needs authorizing again' };
  }
  const { connector, session } = storeSessionFor(access, store, { forWrite: true });
  if (!connector.fetchOrder) return { ...result, skipped: 'The marketplace reads no single order' };
  const order = await connector.fetchOrder(session, String(payload.remoteId));
  if (!order) return { ...result, skipped: 'The marketplace has no such order' };
  const saved = await savePage(access.db, store, [order]);
  return { ...result, fetched: 1, created: saved.created, updated: saved.logs.size };
}
