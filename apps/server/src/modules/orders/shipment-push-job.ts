import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { orders, shipmentPushes, stores, type ShipmentPushItem } from '../../db/schema.ts';
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

/** Pushes claimed at a time; each store's are sent one after another, stores side by side. */
const BATCH = 100;
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

/** Takes due pushes (and those a dead run left `pushing`) for this run, counting the attempt. */
async function claim(access: StoreAccess, now: Date, leaseMs: number): Promise<PushRow[]> {
  const { db } = access;
  const due = db
    .select({ id: shipmentPushes.id })
    .from(shipmentPushes)
    .where(
      or(
        and(eq(shipmentPushes.status, 'queued'), lte(shipmentPushes.nextAttemptAt, now)),
        and(
          eq(shipmentPushes.status, 'pushing'),
          lt(shipmentPushes.updatedAt, new Date(now.getTime() - leaseMs)),
        ),
      ),
    )
    .orderBy(asc(shipmentPushes.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(shipmentPushes)
    .set({
      status: 'pushing',
      attempts: sql`${shipmentPushes.attempts} + 1`,
      updatedAt: now,
    })
    .where(inArray(shipmentPushes.id, due))
    .returning();
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

/**
 * Sends every due push to its marketplace until none is left due: claimed a batch at a time,
 * each store's pushes in turn (its connector paces them on the store's rate buckets), the
 * stores side by side. A 429 or 5xx puts the push back with a growing backoff; a refusal
 * keeps the marketplace's reason and stops; a push a dead run left `pushing` is sent again.
 */
export async function runShipmentPushes(
  access: StoreAccess,
  job: Pick<JobContext, 'progress'>,
  { leaseSeconds = DEFAULT_LEASE_SECONDS }: { leaseSeconds?: number } = {},
): Promise<ShipmentPushRun> {
  const run: ShipmentPushRun = { confirmed: 0, refused: 0, retrying: 0, failed: 0 };
  for (;;) {
    const claimed = await claim(access, new Date(), leaseSeconds * 1000);
    if (claimed.length === 0) return run;
    const storeIds = [...new Set(claimed.map((p) => p.storeId))];
    const [storeRows, orderRows] = await Promise.all([
      access.db.select().from(stores).where(inArray(stores.id, storeIds)),
      access.db
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
    await Promise.all(
      storeIds.map(async (storeId) => {
        const store = storeRows.find((s) => s.id === storeId);
        for (const push of claimed.filter((p) => p.storeId === storeId)) {
          const status = await pushOne(access, store, orderOf.get(push.orderId), push);
          if (status === 'queued') run.retrying++;
          else if (status !== 'pushing') run[status]++;
        }
      }),
    );
    const done = run.confirmed + run.refused + run.retrying + run.failed;
    await job.progress(done);
  }
}
