import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { orders } from '../../db/schema.ts';
import { notificationLinks, notify } from '../notifications/index.ts';
import { writeOrderLog } from './access.ts';

export interface AwaitingFundsDetail {
  /** `balance`: the balance is below the purchase; `cap`: the store's daily cap would be passed. */
  reason: 'balance' | 'cap';
  /** The purchase order's amount it would have been, CNY fen. */
  amount_minor: number;
  balance_minor: number;
  cap_minor: number;
  spent_today_minor: number;
}

/**
 * The one transition to "awaiting funds": the store's auto-buy could not pay for the order, so
 * it is tagged on the desk and its log says why, and it waits for the seller to buy it (a
 * top-up does not buy it by itself); the seller is told (a notification, and an e-mail when
 * they opted in). Runs inside the auto-buy's transaction.
 */
export async function markAwaitingFunds(
  ctx: Ctx,
  orderId: number,
  detail: AwaitingFundsDetail,
): Promise<void> {
  const [order] = await ctx.db
    .update(orders)
    .set({ awaitingFunds: true, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning({ sellerId: orders.sellerId, number: orders.number });
  await writeOrderLog(ctx, orderId, 'awaiting_funds', { ...detail });
  await notify(ctx, {
    sellerId: order!.sellerId,
    kind: 'awaiting_funds',
    message: { key: 'notifications.awaiting_funds', params: { number: order!.number } },
    link: notificationLinks.order(order!.number),
  });
}
