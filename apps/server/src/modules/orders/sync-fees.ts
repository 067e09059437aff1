import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { toMinor } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import {
  MarketplaceError,
  type MarketplaceConnector,
  type Money,
  type StoreSession,
} from '../../integrations/marketplaces/connector.ts';
import type { JobContext } from '../../jobs/runner.ts';
import type { StoreRow } from '../markets/service.ts';
import { refreshOrderFigures } from '../statistics/index.ts';
import { lockStore } from './sync-lock.ts';

/** Fees are asked for orders bought this recently (the reach of a first sync); older ones keep none. */
const FEES_WITHIN_MS = 90 * 24 * 60 * 60_000;
/**
 * An order whose fees are not reported yet is asked again this much later (Amazon posts them
 * within two days of shipping), so the wait costs a few calls per order, not one per sync.
 */
const FEES_RETRY_MS = 6 * 60 * 60_000;
/**
 * How long one run asks (Amazon answers one order every two seconds past its burst of 30: about
 * 330 orders); the rest wait for the next run.
 */
const FEES_BUDGET_MS = 10 * 60_000;
/** Orders asked, then saved, at a time. */
const FEES_BATCH = 10;

/**
 * Refusals that would refuse every order of the run alike (no permission for the finances
 * calls, throttled past the retries, the marketplace down): the run stops asking.
 */
const STOPS_THE_RUN = new Set(['auth', 'rate_limit', 'unavailable']);

export interface FeesResult {
  /** Orders whose fees were saved. */
  loaded: number;
  /** Why the run stopped asking, when the marketplace refused; the orders keep no fees till then. */
  refused: string | null;
}

type FeeReader = Pick<MarketplaceConnector, 'fetchOrderFees' | 'feesFinalStatuses'>;

/**
 * The marketplace fees of the store's shipped orders that have none yet (newest first), for
 * connectors that read them (Amazon, Shopee), saved with their statistics. Never fails the sync:
 * a refusal leaves the fees null for a later run, and an order that has fees is never asked again.
 */
export async function fetchPendingFees(
  db: Executor,
  store: StoreRow,
  connector: FeeReader,
  session: StoreSession,
  job: Pick<JobContext, 'progress'>,
): Promise<FeesResult> {
  const result: FeesResult = { loaded: 0, refused: null };
  if (!connector.fetchOrderFees) return result;
  const fetchFees = connector.fetchOrderFees.bind(connector);
  const statuses = connector.feesFinalStatuses ? [...connector.feesFinalStatuses] : null;
  const deadline = Date.now() + FEES_BUDGET_MS;
  while (Date.now() < deadline) {
    const now = Date.now();
    const batch = await db
      .select({ id: orders.id, remoteId: orders.remoteId, currency: orders.currency })
      .from(orders)
      .where(
        and(
          eq(orders.storeId, store.id),
          isNull(orders.feesMinor),
          eq(orders.orderStatus, 'shipped'),
          isNotNull(orders.remoteId),
          gte(orders.purchasedAt, new Date(now - FEES_WITHIN_MS)),
          or(isNull(orders.feesCheckedAt), lt(orders.feesCheckedAt, new Date(now - FEES_RETRY_MS))),
          statuses ? inArray(orders.remoteStatus, statuses) : undefined,
        ),
      )
      .orderBy(desc(orders.purchasedAt), desc(orders.id))
      .limit(FEES_BATCH);
    if (batch.length === 0) break;
    const asked: Array<{ id: number; currency: string; fees: Money | null }> = [];
    for (const order of batch) {
      try {
        asked.push({ ...order, fees: await fetchFees(session, order.remoteId!) });
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        if (STOPS_THE_RUN.has(error.kind)) {
          result.refused = error.reason;
          break;
        }
        // This order alone (unknown there, or an answer we cannot read): asked again later.
        asked.push({ ...order, fees: null });
      }
    }
    result.loaded += await saveFees(db, store.id, asked);
    await job.progress(result.loaded, undefined, {
      key: 'jobs.progress.fees_loaded',
      params: { loaded: result.loaded },
    });
    if (result.refused !== null) break;
  }
  return result;
}

/** Writes the fees asked for and when, recounting the statistics of those that came; answers how many. */
async function saveFees(
  db: Executor,
  storeId: number,
  asked: Array<{ id: number; currency: string; fees: Money | null }>,
): Promise<number> {
  if (asked.length === 0) return 0;
  return db.transaction(async (tx) => {
    await lockStore(tx, storeId);
    const checkedAt = new Date();
    const withFees: number[] = [];
    for (const order of asked) {
      // Fees in another currency than the order's cannot sit beside its total.
      const usable = order.fees !== null && order.fees.currency === order.currency;
      const updated = await tx
        .update(orders)
        .set({
          feesCheckedAt: checkedAt,
          ...(usable ? { feesMinor: toMinor(order.fees!.amount, order.currency) } : {}),
        })
        .where(and(eq(orders.id, order.id), isNull(orders.feesMinor)))
        .returning({ id: orders.id });
      if (usable && updated.length > 0) withFees.push(order.id);
    }
    await refreshOrderFigures(tx, withFees);
    return withFees.length;
  });
}
