import { eq, sql } from 'drizzle-orm';
import { DESK_STATUS, fromMinor, type OrderRefund } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orderRefunds, orders } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError } from '../../errors.ts';
import { requireUser } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { visibleOrder, writeOrderLog } from './access.ts';
import { assertAllowed } from './transitions.ts';

/**
 * Refunds the buyer of an order in full (what earlier refunds left) and cancels it: desk status
 * cancelled, marketplace status canceled. None of the marketplace connectors has a refund call
 * yet, so the refund is recorded here (`mode: local`) and the log says the seller must refund
 * on the marketplace. The order row is locked, so two refunds never both pass; the route's
 * Idempotency-Key replays the first answer, and any later refund of the order is a 409.
 */
export async function refundOrder(
  ctx: Ctx,
  input: { id: number; reason: string },
): Promise<OrderRefund> {
  return withTransaction(ctx, async (tx) => {
    const order = await visibleOrder(tx, input.id, { lock: true });
    const [earlier] = await tx.db
      .select({ sum: sql<string>`coalesce(sum(${orderRefunds.amountMinor}), 0)` })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    const refunded = Number(earlier?.sum ?? 0);
    if (refunded > 0) {
      throw new ConflictError(
        'orders.already_refunded',
        { number: order.number },
        {
          refunded_minor: refunded,
        },
      );
    }
    assertAllowed(order, 'refund');
    const amount = order.totalMinor - refunded;
    if (amount <= 0) throw new ConflictError('orders.nothing_to_refund', { number: order.number });
    const [refund] = await tx.db
      .insert(orderRefunds)
      .values({
        sellerId: order.sellerId,
        orderId: order.id,
        amountMinor: amount,
        currency: order.currency,
        reason: input.reason,
        mode: 'local',
        userId: requireUser(tx).userId,
      })
      .returning();
    await tx.db
      .update(orders)
      .set({
        status: DESK_STATUS.cancelled,
        statusBeforeHold: null,
        orderStatus: 'canceled',
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await writeOrderLog(tx, order.id, 'refund', {
      refund_id: refund!.id,
      amount_minor: amount,
      amount: fromMinor(amount, order.currency),
      currency: order.currency,
      reason: input.reason,
      from: order.status,
      mode: 'local',
      note: `The ${order.marketplace} connector has no refund call: recorded here only; refund the buyer on the marketplace`,
    });
    return {
      id: refund!.id,
      order_id: order.id,
      amount_minor: amount,
      currency: order.currency,
      reason: input.reason,
      mode: 'local',
      created_at: unixSeconds(refund!.createdAt),
    };
  });
}
