import { renderMessage } from '../../i18n/messages.ts';
import type { AccountPayResult, BatchAccountPayResult } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { ConflictError } from '../../errors.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { InsufficientFundsError, lockSellerMoney, post } from './ledger.ts';
import { poActorOf } from './po-log.ts';
import { lockOwnOrders, markPaid, orderState, unpayableReason } from './orders.ts';

/**
 * Pays one purchase order from the balance. Runs inside the caller's transaction; the seller
 * row is locked before the order (the order every money path uses), so concurrent pays of one
 * order queue up and all but the first find it paid.
 */
export async function accountPay(ctx: Ctx, orderId: number): Promise<AccountPayResult> {
  const sellerId = sellerIdOf(ctx);
  await lockSellerMoney(ctx.db, sellerId);
  const [order] = await lockOwnOrders(ctx.db, sellerId, [orderId]);
  const reason = unpayableReason(order!);
  if (reason) throw new ConflictError(reason.key, reason.params, { order: orderState(order!) });
  const posted = await post(ctx.db, sellerId, {
    kind: 'payment',
    amountMinor: order!.amountMinor,
    ref: { type: 'purchase_order', id: order!.id },
    memo: { key: 'ledger.order', params: { number: order!.number } },
  });
  const paid = await markPaid(ctx.db, order!.id, 'balance', poActorOf(ctx));
  return { order: orderState(paid), balance_minor: posted.balanceMinor };
}

/**
 * Pays several orders from the balance: all the payable ones or none (one balance check for
 * their total), reporting each order; orders already paid or cancelled are skipped.
 */
export async function batchAccountPay(
  ctx: Ctx,
  orderIds: readonly number[],
): Promise<BatchAccountPayResult> {
  const sellerId = sellerIdOf(ctx);
  const { balanceMinor } = await lockSellerMoney(ctx.db, sellerId);
  const orders = await lockOwnOrders(ctx.db, sellerId, orderIds);
  const payable = orders.filter((o) => unpayableReason(o) === null);
  if (payable.length === 0) throw new ConflictError('finance.nothing_to_pay');
  const total = payable.reduce((sum, o) => sum + o.amountMinor, 0);
  if (total > balanceMinor) {
    throw new InsufficientFundsError('finance.insufficient_balance', {
      required_minor: total,
      balance_minor: balanceMinor,
    });
  }
  let balance = balanceMinor;
  for (const order of payable) {
    const posted = await post(ctx.db, sellerId, {
      kind: 'payment',
      amountMinor: order.amountMinor,
      ref: { type: 'purchase_order', id: order.id },
      memo: { key: 'ledger.order', params: { number: order.number } },
    });
    balance = posted.balanceMinor;
    await markPaid(ctx.db, order.id, 'balance', poActorOf(ctx));
  }
  return {
    results: orders.map((o) => {
      const reason = unpayableReason(o);
      return reason
        ? { order_id: o.id, outcome: 'skipped' as const, message: renderMessage(ctx.lang, reason) }
        : {
            order_id: o.id,
            outcome: 'paid' as const,
            message: renderMessage(ctx.lang, { key: 'finance.paid' }),
          };
    }),
    charged_minor: total,
    balance_minor: balance,
  };
}
