import { eq } from 'drizzle-orm';
import { formatMinor, nextPurchaseOrderStatus } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { purchaseOrderRefunds, purchaseOrders } from '../../db/schema.ts';
import { ConflictError } from '../../errors.ts';
import { post } from './ledger.ts';
import type { PurchaseOrderRow } from './orders.ts';
import { poActorOf, writePurchaseOrderLog } from './po-log.ts';

/**
 * Gives part or all of a paid order's amount back to the seller's balance, inside the caller's
 * transaction with the seller's money row and the order locked (in that order). Each refund is
 * a `purchase_order_refunds` row and one `refund` ledger entry referencing it, whatever the
 * order was paid with; the route's `Idempotency-Key` makes a retried call replay this one
 * instead of refunding again, and the refunds never pass the order's amount. A full refund
 * ends the order refunded; a partial one keeps its status (out of an exception, the one
 * before it).
 */
export async function refundPurchaseOrder(
  ctx: Ctx,
  order: PurchaseOrderRow,
  input: { amountMinor: number; reason: string },
): Promise<PurchaseOrderRow> {
  const left = order.amountMinor - order.refundedMinor;
  const refunded = order.refundedMinor + input.amountMinor;
  const to = nextPurchaseOrderStatus(order.status, 'refund', {
    fullyRefunded: refunded >= order.amountMinor,
    beforeException: order.statusBeforeException,
  });
  if (to === null) {
    throw new ConflictError('production.not_allowed', {
      number: order.number,
      status: order.status,
      action: 'refund',
    });
  }
  if (input.amountMinor > left) {
    throw new ConflictError('production.refund_too_much', { left: formatMinor(left) });
  }
  const [refund] = await ctx.db
    .insert(purchaseOrderRefunds)
    .values({
      purchaseOrderId: order.id,
      sellerId: order.sellerId,
      amountMinor: input.amountMinor,
      reason: input.reason,
      adminId: ctx.actor.kind === 'admin' ? ctx.actor.adminId : null,
    })
    .returning({ id: purchaseOrderRefunds.id });
  await post(ctx.db, order.sellerId, {
    kind: 'refund',
    amountMinor: input.amountMinor,
    ref: { type: 'purchase_order_refund', id: refund!.id },
    memo: { key: 'ledger.order_refund', params: { number: order.number } },
  });
  const closesException = order.status === 'exception' && to !== 'exception';
  const [updated] = await ctx.db
    .update(purchaseOrders)
    .set({
      status: to,
      refundedMinor: refunded,
      updatedAt: new Date(),
      ...(closesException
        ? { exceptionReason: null, exceptionNote: '', statusBeforeException: null }
        : {}),
    })
    .where(eq(purchaseOrders.id, order.id))
    .returning();
  await writePurchaseOrderLog(ctx.db, {
    orderId: order.id,
    actor: poActorOf(ctx),
    action: 'refund',
    from: order.status,
    to,
    params: { amount_minor: input.amountMinor, refund_id: refund!.id, reason: input.reason },
  });
  return updated!;
}
