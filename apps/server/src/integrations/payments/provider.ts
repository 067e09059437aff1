/** An online payment provider's trade states (Alipay's names, reference 5.4). */
export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED';

export interface PagePayRequest {
  outTradeNo: string;
  amountMinor: number;
  subject: string;
  /** Where the provider posts the async notify. */
  notifyUrl: string;
  /** Where the buyer's browser returns; display only, never proof of payment. */
  returnUrl?: string;
}

/** A trade as the provider reports it, after its signature was checked. */
export interface TradeState {
  outTradeNo: string;
  tradeNo: string;
  status: TradeStatus;
  amountMinor: number;
  /** TRADE_SUCCESS and TRADE_FINISHED are the only states that mean paid. */
  paid: boolean;
}

/** The provider answered something unusable (network, signature, gateway error). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Gives back part or all of a paid trade; the same `outRequestNo` never refunds twice (reference 5). */
export interface RefundRequest {
  outTradeNo: string;
  amountMinor: number;
  /** Identifies this refund; repeating it with the same amount is answered without moving money. */
  outRequestNo: string;
  reason?: string;
}

export interface RefundResult {
  outTradeNo: string;
  tradeNo: string;
  /** Everything refunded on the trade so far. */
  refundedMinor: number;
  /** False when this request moved no money (a repeat of an earlier refund). */
  fundChange: boolean;
}

export interface PaymentProvider {
  readonly name: 'alipay';
  /** The signed URL the buyer's browser opens to pay. */
  pagePayUrl(request: PagePayRequest): string;
  /** The trade's state, or null when the provider has no such trade (yet). */
  queryTrade(outTradeNo: string): Promise<TradeState | null>;
  /**
   * A notify's trade, or null when its signature, app or merchant is not ours: such a notify
   * must move nothing. The caller still checks the amount against its own record.
   */
  verifyNotify(params: Record<string, string>): TradeState | null;
  /** alipay.trade.refund; throws PaymentProviderError when the provider refuses. */
  refundTrade(request: RefundRequest): Promise<RefundResult>;
}
