import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { orders } from '../../db/schema.ts';
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
 * top-up does not buy it by itself). Telling the seller belongs here, beside the log entry.
 * Runs inside the auto-buy's transaction.
 */
export async function markAwaitingFunds(
  ctx: Ctx,
  orderId: number,
  detail: AwaitingFundsDetail,
): Promise<void> {
  await ctx.db
    .update(orders)
    .set({ awaitingFunds: true, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await writeOrderLog(ctx, orderId, 'awaiting_funds', { ...detail });
}
