import { AlipayError, invalidParameter, tradeNotExist } from './errors.ts';
import type { AlipayParams } from './sign.ts';
import { beijingTime, formatYuan, parseYuan, SIM_BUYER, type SimTrade } from './trade.ts';

export interface ApiContext {
  /** By out_trade_no. */
  trades: Map<string, SimTrade>;
  now: () => Date;
  /** Queues the async notify of a trade change (reference 5.5). */
  notifyChange(trade: SimTrade, extra?: AlipayParams): void;
}

type ApiMethod = (ctx: ApiContext, biz: Record<string, unknown>) => AlipayParams;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** `trade_no` wins when both are given (reference 5.4). */
function findTrade(ctx: ApiContext, biz: Record<string, unknown>): SimTrade {
  const tradeNo = text(biz.trade_no);
  const outTradeNo = text(biz.out_trade_no);
  if (!tradeNo && !outTradeNo) throw invalidParameter('out_trade_no 和 trade_no 不能同时为空');
  const trade = tradeNo
    ? [...ctx.trades.values()].find((t) => t.tradeNo === tradeNo)
    : ctx.trades.get(outTradeNo!);
  if (!trade) {
    throw tradeNotExist(tradeNo ? { trade_no: tradeNo } : { out_trade_no: outTradeNo! });
  }
  return trade;
}

const isPaid = (trade: SimTrade) => trade.paidAt !== undefined;

function queryTrade(ctx: ApiContext, biz: Record<string, unknown>): AlipayParams {
  const trade = findTrade(ctx, biz);
  const paid = isPaid(trade) ? formatYuan(trade.totalFen) : '0.00';
  return {
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_logon_id: SIM_BUYER.logonId,
    buyer_user_id: SIM_BUYER.id,
    trade_status: trade.status,
    total_amount: formatYuan(trade.totalFen),
    buyer_pay_amount: paid,
    receipt_amount: paid,
    invoice_amount: paid,
    point_amount: '0.00',
    ...(trade.paidAt ? { send_pay_date: beijingTime(trade.paidAt) } : {}),
  };
}

/**
 * Refunds part or all of a paid trade, once per out_request_no; a full refund closes the trade.
 * Alipay notifies refunds of page payments with `refund_fee` and `gmt_refund` (reference 5.5).
 */
function refundTrade(ctx: ApiContext, biz: Record<string, unknown>): AlipayParams {
  const trade = findTrade(ctx, biz);
  const amount = parseYuan(biz.refund_amount);
  if (amount === null) throw invalidParameter('refund_amount');
  const requestNo = text(biz.out_request_no) ?? trade.outTradeNo;
  const answer = (fundChange: 'Y' | 'N') => ({
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_logon_id: SIM_BUYER.logonId,
    buyer_user_id: SIM_BUYER.id,
    fund_change: fundChange,
    refund_fee: formatYuan(trade.refundedFen),
    gmt_refund_pay: beijingTime(ctx.now()),
  });
  const earlier = trade.refunds.get(requestNo);
  if (earlier === amount) return answer('N');
  if (earlier !== undefined) throw invalidParameter('out_request_no 已用于另一退款金额');
  if (trade.status !== 'TRADE_SUCCESS') {
    throw new AlipayError('40004', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
  }
  if (trade.refundedFen + amount > trade.totalFen) {
    throw new AlipayError('40004', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
  }
  const now = ctx.now();
  trade.refunds.set(requestNo, amount);
  trade.refundedFen += amount;
  if (trade.refundedFen === trade.totalFen) {
    trade.status = 'TRADE_CLOSED';
    trade.closedAt = now;
  }
  ctx.notifyChange(trade, {
    out_biz_no: requestNo,
    refund_fee: formatYuan(trade.refundedFen),
    gmt_refund: beijingTime(now),
  });
  return answer('Y');
}

/** Closes an unpaid trade; Alipay notifies TRADE_CLOSED. */
function closeTrade(ctx: ApiContext, biz: Record<string, unknown>): AlipayParams {
  const trade = findTrade(ctx, biz);
  if (trade.status !== 'WAIT_BUYER_PAY') {
    throw new AlipayError('40004', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
  }
  trade.status = 'TRADE_CLOSED';
  trade.closedAt = ctx.now();
  ctx.notifyChange(trade);
  return { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo };
}

export const API_METHODS: Record<string, ApiMethod> = {
  'alipay.trade.query': queryTrade,
  'alipay.trade.refund': refundTrade,
  'alipay.trade.close': closeTrade,
};
