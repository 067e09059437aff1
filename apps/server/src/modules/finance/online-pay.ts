import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatMinor, type AlipayPayment, type PaymentState } from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { PaymentProvider, TradeState } from '../../integrations/payments/provider.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { lockSellerMoney, post } from './ledger.ts';
import { lockOwnOrders, markPaid, unpayableReason } from './orders.ts';
import { SYSTEM_ACTOR } from './po-log.ts';
import { bonusFor, getRule } from './rules.ts';

type PaymentRow = typeof payments.$inferSelect;

/** Where the provider and the buyer's browser reach this server. */
export interface PayUrls {
  notifyUrl: string;
  /** The web page the buyer returns to, given the trade. */
  returnUrl: (outTradeNo: string, purpose: PaymentRow['purpose']) => string;
}

export interface OnlinePayCtx extends Ctx {
  provider: PaymentProvider | null;
  urls: PayUrls;
}

const PREFIX: Record<PaymentRow['purpose'], string> = { recharge: 'RC', order: 'PO', batch: 'PB' };

/** Purpose prefix + UTC date and time + 8 random digits: unique, ≤ 64 characters (reference 5.3). */
function outTradeNo(purpose: PaymentRow['purpose'], now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${PREFIX[purpose]}${stamp}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

function providerOf(ctx: OnlinePayCtx): PaymentProvider {
  if (!ctx.provider) throw new ConflictError('finance.online_pay_not_configured');
  return ctx.provider;
}

export function paymentState(row: PaymentRow): PaymentState {
  return {
    out_trade_no: row.outTradeNo,
    purpose: row.purpose,
    amount_minor: row.amountMinor,
    bonus_minor: row.bonusMinor,
    status: row.status,
    trade_no: row.tradeNo,
    paid_at: row.paidAt ? unixSeconds(row.paidAt) : null,
  };
}

async function startTrade(
  ctx: OnlinePayCtx,
  values: Pick<PaymentRow, 'purpose' | 'amountMinor' | 'bonusMinor' | 'orderIds'>,
  subject: string,
): Promise<AlipayPayment> {
  const provider = providerOf(ctx);
  const [row] = await ctx.db
    .insert(payments)
    .values({
      sellerId: sellerIdOf(ctx),
      provider: provider.name,
      outTradeNo: outTradeNo(values.purpose, new Date()),
      ...values,
    })
    .returning();
  const payUrl = provider.pagePayUrl({
    outTradeNo: row!.outTradeNo,
    amountMinor: row!.amountMinor,
    subject,
    notifyUrl: ctx.urls.notifyUrl,
    returnUrl: ctx.urls.returnUrl(row!.outTradeNo, row!.purpose),
  });
  return { ...paymentState(row!), pay_url: payUrl };
}

/** A recharge through Alipay: at least the rule's minimum; the bonus is fixed now. */
export async function startRecharge(
  ctx: OnlinePayCtx,
  amountMinor: number,
): Promise<AlipayPayment> {
  const rule = await getRule(ctx.db);
  if (amountMinor < rule.min_recharge_minor) {
    const message = {
      key: 'finance.minimum_recharge',
      params: { amount: formatMinor(rule.min_recharge_minor) },
    } as const;
    throw new ValidationError({ amount_minor: message }, message.key, message.params);
  }
  return startTrade(
    ctx,
    { purpose: 'recharge', amountMinor, bonusMinor: bonusFor(rule, amountMinor), orderIds: [] },
    `Balance recharge ${formatMinor(amountMinor)}`,
  );
}

/** One Alipay trade for the seller's unpaid orders (one, or a batch). */
export async function startOrderPayment(
  ctx: OnlinePayCtx,
  orderIds: readonly number[],
  purpose: 'order' | 'batch',
): Promise<AlipayPayment> {
  const orders = await lockOwnOrders(ctx.db, sellerIdOf(ctx), orderIds);
  for (const order of orders) {
    const reason = unpayableReason(order);
    if (reason) {
      throw new ConflictError(
        'finance.order_not_payable_numbered',
        { number: order.number, reason: reason.key, ...reason.params },
        { order_id: order.id },
      );
    }
  }
  const amountMinor = orders.reduce((sum, o) => sum + o.amountMinor, 0);
  const subject =
    orders.length === 1 ? `Order ${orders[0]!.number}` : `${orders.length} purchase orders`;
  return startTrade(
    ctx,
    { purpose, amountMinor, bonusMinor: 0, orderIds: orders.map((o) => o.id) },
    subject,
  );
}

export type SettleOutcome = 'credited' | 'already' | 'not_paid' | 'unknown' | 'mismatch';

/**
 * Applies a verified trade once: the payment row is locked and marked processed in the same
 * transaction that credits the recharge (plus its bonus) or marks the orders paid, so a notify
 * delivered many times, or racing a `pay/query`, moves money once. A trade whose amount differs
 * from ours moves nothing. An order that was paid or cancelled meanwhile gets its money back on
 * the balance instead of being lost.
 */
export async function settleTrade(db: Executor, trade: TradeState): Promise<SettleOutcome> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.outTradeNo, trade.outTradeNo))
      .for('update');
    if (!payment) return 'unknown';
    if (trade.amountMinor !== payment.amountMinor) return 'mismatch';
    if (payment.notifyProcessedAt) return 'already';
    if (!trade.paid) {
      if (trade.status === 'TRADE_CLOSED' && payment.status === 'pending') {
        await tx.update(payments).set({ status: 'closed' }).where(eq(payments.id, payment.id));
      }
      return 'not_paid';
    }
    await lockSellerMoney(tx, payment.sellerId);
    await tx
      .update(payments)
      .set({
        status: 'paid',
        tradeNo: trade.tradeNo || null,
        paidAt: sql`now()`,
        notifyProcessedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
    if (payment.purpose === 'recharge') {
      await post(tx, payment.sellerId, {
        kind: 'recharge',
        amountMinor: payment.amountMinor,
        ref: { type: 'payment', id: payment.id },
        memo: { key: 'ledger.alipay', params: { trade: payment.outTradeNo } },
      });
      if (payment.bonusMinor > 0) {
        await post(tx, payment.sellerId, {
          kind: 'recharge',
          amountMinor: payment.bonusMinor,
          ref: { type: 'payment_bonus', id: payment.id },
          memo: { key: 'ledger.recharge_bonus', params: { trade: payment.outTradeNo } },
        });
      }
      return 'credited';
    }
    const orders = await lockOwnOrders(tx, payment.sellerId, payment.orderIds);
    for (const order of orders) {
      if (unpayableReason(order) === null) {
        await markPaid(tx, order.id, 'alipay', SYSTEM_ACTOR);
        continue;
      }
      await post(tx, payment.sellerId, {
        kind: 'refund',
        amountMinor: order.amountMinor,
        ref: { type: 'alipay_overpay', id: order.id },
        memo: {
          key: 'ledger.alipay_credited',
          params: { trade: payment.outTradeNo, number: order.number },
        },
      });
    }
    return 'credited';
  });
}

/** Handles an async notify: verified by the provider, then settled once. */
export async function handleNotify(
  ctx: OnlinePayCtx,
  params: Record<string, string>,
): Promise<SettleOutcome | 'unverified'> {
  const trade = ctx.provider?.verifyNotify(params) ?? null;
  if (!trade) {
    ctx.log.warn({ outTradeNo: params.out_trade_no }, 'alipay notify refused: signature or app');
    return 'unverified';
  }
  const outcome = await settleTrade(ctx.db, trade);
  if (outcome === 'mismatch' || outcome === 'unknown') {
    ctx.log.warn({ outTradeNo: trade.outTradeNo, outcome }, 'alipay notify refused');
  }
  return outcome;
}

/** The seller's payment; a pending one is refreshed with the provider's trade.query first. */
export async function queryPayment(
  ctx: OnlinePayCtx,
  outTradeNoValue: string,
): Promise<PaymentState> {
  const read = async () => {
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.outTradeNo, outTradeNoValue), ownedBy(ctx, payments.sellerId)));
    if (!row) throw new NotFoundError('finance.payment_not_found');
    return row;
  };
  const row = await read();
  if (row.status !== 'pending' || !ctx.provider) return paymentState(row);
  try {
    const trade = await ctx.provider.queryTrade(row.outTradeNo);
    if (!trade) return paymentState(row);
    const outcome = await settleTrade(ctx.db, trade);
    if (outcome === 'mismatch')
      ctx.log.warn({ outTradeNo: row.outTradeNo }, 'trade.query amount differs');
  } catch (error) {
    // The stored state is still a correct answer; the notify or a later query settles it.
    ctx.log.warn({ err: error, outTradeNo: row.outTradeNo }, 'alipay trade.query failed');
    return paymentState(row);
  }
  return paymentState(await read());
}
