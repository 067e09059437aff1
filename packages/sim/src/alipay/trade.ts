import { createHash } from 'node:crypto';

/** Reference 5.4. */
export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';

export interface SimTrade {
  appId: string;
  tradeNo: string;
  outTradeNo: string;
  subject: string;
  body?: string;
  /** Money in fen; Alipay's decimal yuan strings are parsed once at the edge. */
  totalFen: number;
  refundedFen: number;
  status: TradeStatus;
  notifyUrl?: string;
  returnUrl?: string;
  passbackParams?: string;
  createdAt: Date;
  paidAt?: Date;
  closedAt?: Date;
  /** out_request_no → refunded fen, so a repeated refund request refunds once. */
  refunds: Map<string, number>;
}

/** The one buyer of the simulator, already logged in on the cashier page. */
export const SIM_BUYER = { id: '2088000000000002', logonId: 'sim***@example.com' } as const;

/** `total_amount` / `refund_amount`: yuan with at most 2 decimals, 0.01–100000000 (reference 5.3). */
export function parseYuan(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [yuan, fen = ''] = value.split('.');
  const total = Number(yuan) * 100 + Number(fen.padEnd(2, '0'));
  return total >= 1 && total <= 100_000_000_00 ? total : null;
}

export const formatYuan = (fen: number): string =>
  `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, the format of every Alipay timestamp (reference 5.2). */
export function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A 28-digit trade_no like Alipay's (date + digits), derived from the merchant's order so a
 * restarted simulator gives the same order the same trade_no.
 */
export function tradeNoFor(appId: string, outTradeNo: string, createdAt: Date): string {
  const digest = createHash('sha256').update(`${appId}\n${outTradeNo}`).digest();
  const digits = (digest.readBigUInt64BE(0) % 10n ** 15n).toString().padStart(15, '0');
  return `${beijingTime(createdAt).slice(0, 10).replaceAll('-', '')}22001${digits}`;
}
