import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  logisticsChannelById,
  type RetryShipmentPushInput,
  type RetryShipmentPushResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { shipmentPushes, type ShipmentPushItem } from '../../db/schema.ts';
import { ConflictError } from '../../errors.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { visibleOrdersById } from './access.ts';
import { itemsOf, type OrderRow } from './rows.ts';
import { latestRows } from './shipment-push-state.ts';

export const ORDERS_SHIPMENT_PUSH = 'orders.shipment-push';

/** A push that may be sent again: never confirmed, and not being sent right now. */
const OPEN_STATUSES = ['queued', 'refused', 'failed'] as const;

/** What is left to ship of the order, by marketplace line; lines we cannot name are left out. */
async function unshippedItems(db: Executor, orderId: number): Promise<ShipmentPushItem[]> {
  const items = (await itemsOf(db, [orderId])).get(orderId) ?? [];
  return items
    .filter((i) => i.cancelledAt === null && i.remoteItemId !== null)
    .map((i) => ({
      remoteItemId: i.remoteItemId!,
      sku: i.sku,
      quantity: i.quantity - i.quantityShipped,
    }))
    .filter((i) => i.quantity > 0);
}

/**
 * Queues the push of an order's tracking to its marketplace, in the transaction that saved it
 * (`saveLogistics`), so the number and its push commit together. Only a marketplace order the
 * seller ships (MFN, with a remote id) with something left to ship is pushed. A push not yet
 * accepted by the marketplace takes the corrected number; once confirmed, a new number is a
 * second package.
 */
export async function queueShipmentPush(
  db: Executor,
  row: OrderRow,
  input: { user_logistics_channel_id: number; shipped_number: string },
): Promise<void> {
  if (row.remoteId === null || row.fulfillmentChannel !== 'MFN') return;
  const items = await unshippedItems(db, row.id);
  // An order whose items are still on the way (Amazon's headers first) is pushed all the same;
  // the job reads its lines from the marketplace.
  if (items.length === 0 && !row.itemsPending) return;
  const trackingNumber = input.shipped_number.toUpperCase();
  const values = {
    packageRef: trackingNumber,
    carrier: logisticsChannelById(input.user_logistics_channel_id)?.carrier ?? '',
    trackingNumber,
    items,
    status: 'queued' as const,
    attempts: 0,
    nextAttemptAt: new Date(),
    lastErrorKey: null,
    lastErrorParams: null,
    reason: null,
    updatedAt: new Date(),
  };
  const [latest] = await db
    .select({ id: shipmentPushes.id, status: shipmentPushes.status })
    .from(shipmentPushes)
    .where(eq(shipmentPushes.orderId, row.id))
    .orderBy(desc(shipmentPushes.id))
    .limit(1);
  if (latest && (OPEN_STATUSES as readonly string[]).includes(latest.status)) {
    await db
      .update(shipmentPushes)
      .set(values)
      .where(and(eq(shipmentPushes.id, latest.id), inArray(shipmentPushes.status, OPEN_STATUSES)));
    return;
  }
  await db
    .insert(shipmentPushes)
    .values({ ...values, orderId: row.id, sellerId: row.sellerId, storeId: row.storeId })
    .onConflictDoNothing();
}

/** Asks for a push run now; the minute sweep runs anyway, so a lost kick only delays it. */
export async function kickShipmentPushes(runner: Pick<JobRunner, 'enqueue'>): Promise<void> {
  await runner.enqueue({ kind: ORDERS_SHIPMENT_PUSH, sellerId: null });
}

/**
 * Sends the refused or failed latest push of each order again (404 for an order the actor may
 * not see; 409 when none of them has one to send).
 */
export async function retryShipmentPushes(
  ctx: Ctx,
  runner: Pick<JobRunner, 'enqueue'>,
  input: RetryShipmentPushInput,
): Promise<RetryShipmentPushResult> {
  const visible = await visibleOrdersById(ctx, input.ids);
  const latest = await latestRows(
    ctx.db,
    visible.map((o) => o.id),
  );
  const stopped = latest.filter((r) => r.status === 'refused' || r.status === 'failed');
  if (stopped.length === 0) throw new ConflictError('orders.nothing_to_retry');
  const requeued = await ctx.db
    .update(shipmentPushes)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        inArray(
          shipmentPushes.id,
          stopped.map((r) => r.id),
        ),
        inArray(shipmentPushes.status, ['refused', 'failed']),
      ),
    )
    .returning({ orderId: shipmentPushes.orderId });
  await kickShipmentPushes(runner);
  return { queued: requeued.map((r) => r.orderId).sort((a, b) => a - b) };
}
