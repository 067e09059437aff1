import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { orders, shipmentPushes, stores, type ShipmentPushItem } from '../../db/schema.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  MarketplaceError,
  type MarketplaceConnector,
  type StoreSession,
} from '../../integrations/marketplaces/connector.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { storeSessionFor, type StoreAccess, type StoreRow } from '../markets/service.ts';
import { notificationLinks, notify } from '../notifications/index.ts';
import { writeOrderLog } from './access.ts';

/**
 * Pushes one store claims at a time. Each store drains its own queue at its own quota, so the
 * claim is small: Amazon's slowest plan (2 a second after a burst of 10) sends ten in about
 * five seconds, well inside the lease, and a second process shares the rest of the queue.
 */
const STORE_BATCH = 10;
/** While stores are being drained, stores whose pushes came due meanwhile are looked for this often. */
const LOOK_FOR_STORES_MS = 2_000;
/**
 * A push left `pushing` this long (`SHIPMENT_PUSH_LEASE_SECONDS`, default two minutes) was being
 * sent by a process that died (kill -9, a lost container): it is claimed again. Sending it twice
 * is safe, the connectors being idempotent per package; each send renews the row, so a live run
 * keeps its claim.
 */
const DEFAULT_LEASE_SECONDS = 120;
/** After this many sends a push that still meets 429s or 5xx is given up as failed. */
const MAX_ATTEMPTS = 8;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

type PushRow = typeof shipmentPushes.$inferSelect;

export interface ShipmentPushRun {
  confirmed: number;
  refused: number;
  retrying: number;
  failed: number;
}

/** 30 s, 1 min, 2 min... up to an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/** Pushes due now: queued and come due, or left `pushing` by a dead run past the lease. */
const dueAt = (now: Date, leaseMs: number) =>
  or(
    and(eq(shipmentPushes.status, 'queued'), lte(shipmentPushes.nextAttemptAt, now)),
    and(
      eq(shipmentPushes.status, 'pushing'),
      lt(shipmentPushes.updatedAt, new Date(now.getTime() - leaseMs)),
    ),
  );

/** The stores with a push due. */
async function dueStores(db: Executor, now: Date, leaseMs: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ storeId: shipmentPushes.storeId })
    .from(shipmentPushes)
    .where(dueAt(now, leaseMs));
  return rows.map((r) => r.storeId);
}

/** Takes the store's next due pushes for this run, counting the attempt. */
async function claim(db: Executor, storeId: number, now: Date, leaseMs: number) {
  const due = db
    .select({ id: shipmentPushes.id })
    .from(shipmentPushes)
    .where(and(eq(shipmentPushes.storeId, storeId), dueAt(now, leaseMs)))
    .orderBy(asc(shipmentPushes.id))
    .limit(STORE_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(shipmentPushes)
    .set({
      status: 'pushing',
      attempts: sql`${shipmentPushes.attempts} + 1`,
      updatedAt: now,
    })
    .where(inArray(shipmentPushes.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** The outcome of one send, as the row records it. */
function outcomeOf(push: PushRow, error: unknown, now: Date): Partial<PushRow> {
  const at = { updatedAt: now };
  if (error instanceof MarketplaceError) {
    const recorded = {
      ...at,
      lastErrorKey: error.key,
      lastErrorParams: error.params,
      reason: error.reason,
    };
    const passing = ['rate_limit', 'unavailable', 'protocol'].includes(error.kind);
    if (!passing) return { ...recorded, status: 'refused' };
    if (push.attempts >= MAX_ATTEMPTS) return { ...recorded, status: 'failed' };
    return {
      ...recorded,
      status: 'queued',
      nextAttemptAt: new Date(now.getTime() + backoffMs(push.attempts)),
    };
  }
  // The store is switched off or must be authorized again: the seller has to act first.
  if (error instanceof AppError) {
    return {
      ...at,
      status: 'refused',
      lastErrorKey: error.key,
      lastErrorParams: error.params,
      reason: error.message,
    };
  }
  throw error;
}

/** The lines left to ship as the marketplace has them, for a push queued before its items came. */
async function unshippedRemoteItems(
  connector: MarketplaceConnector,
  session: StoreSession,
  remoteId: string,
): Promise<ShipmentPushItem[]> {
  const details = await connector.fetchOrderDetails?.(session, remoteId);
  return (details?.items ?? [])
    .map((i) => ({
      remoteItemId: i.remoteItemId,
      sku: i.sku,
      quantity: i.quantity - i.quantityShipped,
    }))
    .filter((i) => i.quantity > 0);
}

interface PushedOrder {
  remoteId: string | undefined;
  number: string;
}

async function pushOne(
  access: StoreAccess,
  store: StoreRow | undefined,
  order: PushedOrder | undefined,
  push: PushRow,
): Promise<PushRow['status']> {
  const remoteId = order?.remoteId;
  const { db } = access;
  let change: Partial<PushRow>;
  try {
    if (!store || !remoteId) throw new AppError(404, 'orders.not_found');
    await db
      .update(shipmentPushes)
      .set({ updatedAt: new Date() })
      .where(eq(shipmentPushes.id, push.id));
    const { connector, session } = storeSessionFor(access, store, { forWrite: true });
    const items = push.items.length
      ? push.items
      : await unshippedRemoteItems(connector, session, remoteId);
    const [done] = await connector.confirmShipment(session, { remoteId }, [
      {
        // Positive and stable per package, as Amazon's packageReferenceId must be.
        reference: String(push.id),
        carrier: push.carrier,
        trackingNumber: push.trackingNumber,
        shippedAt: push.createdAt,
        items,
      },
    ]);
    change = {
      status: 'confirmed',
      remoteId: done?.remoteId ?? null,
      lastErrorKey: null,
      lastErrorParams: null,
      reason: null,
      updatedAt: new Date(),
    };
  } catch (error) {
    change = outcomeOf(push, error, new Date());
  }
  await db.transaction(async (tx) => {
    await tx.update(shipmentPushes).set(change).where(eq(shipmentPushes.id, push.id));
    // The seller reads on the order's log when the marketplace took the tracking or refused it;
    // a retry waiting on a 429 is no news to them.
    if (change.status === 'confirmed' || change.status === 'refused') {
      const server = { db: tx, actor: { kind: 'system' as const, sellerId: push.sellerId } };
      await writeOrderLog(server, push.orderId, `shipment_push.${change.status}`, {
        tracking: push.trackingNumber,
        reason: change.reason ?? null,
      });
    }
    // A refusal waits for the seller (a new number, the store authorized again): tell them.
    if (change.status === 'refused') {
      await notify(
        { db: tx },
        {
          sellerId: push.sellerId,
          kind: 'push_refused',
          message: {
            key: 'notifications.push_refused',
            params: {
              number: order?.number ?? String(push.orderId),
              tracking: push.trackingNumber,
              reason: change.reason ?? '',
            },
          },
          link: notificationLinks.orderLogistics(push.orderId),
        },
      );
    }
  });
  return change.status!;
}

/** Sends the store's due pushes one after another (its connector paces them) until none is left. */
async function drainStore(
  access: StoreAccess,
  storeId: number,
  leaseMs: number,
  tally: { sent(status: PushRow['status']): void; report(): Promise<void> },
  stopping: () => boolean,
): Promise<void> {
  const { db } = access;
  while (!stopping()) {
    const claimed = await claim(db, storeId, new Date(), leaseMs);
    if (claimed.length === 0) return;
    const [[store], orderRows] = await Promise.all([
      db.select().from(stores).where(eq(stores.id, storeId)),
      db
        .select({ id: orders.id, remoteId: orders.remoteId, number: orders.number })
        .from(orders)
        .where(
          inArray(
            orders.id,
            claimed.map((p) => p.orderId),
          ),
        ),
    ]);
    const orderOf = new Map(
      orderRows.map((o) => [o.id, { remoteId: o.remoteId ?? undefined, number: o.number }]),
    );
    for (const push of claimed) {
      // Left claimed, the rest of the batch goes to the next run once its lease runs out.
      if (stopping()) return;
      tally.sent(await pushOne(access, store, orderOf.get(push.orderId), push));
    }
    await tally.report();
  }
}

/**
 * Sends every due push to its marketplace until none is left due. Each store drains its own
 * queue, a few pushes claimed at a time and sent one after another (its connector paces them
 * on the store's rate buckets), the stores side by side: a slow or throttled store never holds
 * the others, and a store whose pushes come due during the run joins it. A 429 or 5xx puts
 * the push back with a growing backoff; a refusal keeps the marketplace's reason and stops; a
 * push a dead run left `pushing` is sent again once its lease ran out.
 */
export async function runShipmentPushes(
  access: StoreAccess,
  job: Pick<JobContext, 'progress'>,
  { leaseSeconds = DEFAULT_LEASE_SECONDS }: { leaseSeconds?: number } = {},
): Promise<ShipmentPushRun> {
  const run: ShipmentPushRun = { confirmed: 0, refused: 0, retrying: 0, failed: 0 };
  const leaseMs = leaseSeconds * 1000;
  const draining = new Map<number, Promise<void>>();
  /** The first unexpected error of a store: the others stop at their next push, the job fails. */
  const failed: { error?: unknown } = {};
  const tally = {
    sent(status: PushRow['status']) {
      if (status === 'queued') run.retrying++;
      else if (status !== 'pushing') run[status]++;
    },
    report: () => job.progress(run.confirmed + run.refused + run.retrying + run.failed),
  };
  for (;;) {
    if ('error' in failed) {
      await Promise.all(draining.values());
      throw failed.error;
    }
    for (const storeId of await dueStores(access.db, new Date(), leaseMs)) {
      if (draining.has(storeId)) continue;
      const drained = drainStore(access, storeId, leaseMs, tally, () => 'error' in failed)
        .catch((error: unknown) => {
          if (!('error' in failed)) failed.error = error;
        })
        .finally(() => draining.delete(storeId));
      draining.set(storeId, drained);
    }
    if (draining.size === 0) return run;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ...draining.values(),
      new Promise((resolve) => (timer = setTimeout(resolve, LOOK_FOR_STORES_MS))),
    ]);
    clearTimeout(timer);
  }
}
