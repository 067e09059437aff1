import { z } from 'zod';
import { pageResultOf, queryInt, text, UNIX_SECONDS_MAX } from './common.ts';

/** Every movement of a seller's money; the ledger has one row per movement. */
export const LEDGER_KINDS = [
  'recharge',
  'payment',
  'freeze',
  'unfreeze',
  'refund',
  'level_purchase',
  'deduction',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * A purchase order's life (issue 18): unpaid → paid → in_production → partially_shipped /
 * shipped → delivered, with the side exits cancelled (before production), exception (a parcel
 * lost, returned or damaged) and refunded. `purchase-order-flow.ts` says which action leads where.
 */
export const PURCHASE_ORDER_STATUSES = [
  'unpaid',
  'paid',
  'in_production',
  'partially_shipped',
  'shipped',
  'delivered',
  'exception',
  'cancelled',
  'refunded',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PAID_VIA = ['balance', 'alipay'] as const;

/** What an online payment (one Alipay trade) is for. */
export const PAYMENT_PURPOSES = ['recharge', 'order', 'batch'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'closed'] as const;

/** Paying routes take this header; the same key replays the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,100}$/;

const id = z.number().int().positive();
const minor = z.number().int();
/** Amounts in requests: positive minor units (fen), at most 100,000,000.00 yuan (Alipay's cap). */
const amountMinor = z.number().int().positive().max(10_000_000_000);
const payPassword = z.string().min(1).max(64);
const unix = z.number().int();

export const AccountPayInput = z.object({ order_id: id, pay_password: payPassword });
export type AccountPayInput = z.infer<typeof AccountPayInput>;

export const BatchAccountPayInput = z.object({
  order_ids: z.array(id).min(1).max(100),
  pay_password: payPassword,
});
export type BatchAccountPayInput = z.infer<typeof BatchAccountPayInput>;

export const PurchaseOrderState = z.object({
  order_id: z.number().int(),
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  amount_minor: minor,
  paid_via: z.enum(PAID_VIA).nullable(),
  paid_at: unix.nullable(),
});
export type PurchaseOrderState = z.infer<typeof PurchaseOrderState>;

export const AccountPayResult = z.object({
  order: PurchaseOrderState,
  balance_minor: minor,
});
export type AccountPayResult = z.infer<typeof AccountPayResult>;

/** Per order: `paid` now, or `skipped` with the reason (already paid, cancelled). */
export const BatchAccountPayResult = z.object({
  results: z.array(
    z.object({
      order_id: z.number().int(),
      outcome: z.enum(['paid', 'skipped']),
      message: z.string(),
    }),
  ),
  charged_minor: minor,
  balance_minor: minor,
});
export type BatchAccountPayResult = z.infer<typeof BatchAccountPayResult>;

export const AlipayRechargeInput = z.object({ amount_minor: amountMinor });
export type AlipayRechargeInput = z.infer<typeof AlipayRechargeInput>;
export const AlipayOrderInput = z.object({ order_id: id });
export type AlipayOrderInput = z.infer<typeof AlipayOrderInput>;
export const BatchAlipayOrderInput = z.object({ order_ids: z.array(id).min(1).max(100) });
export type BatchAlipayOrderInput = z.infer<typeof BatchAlipayOrderInput>;

export const PaymentState = z.object({
  out_trade_no: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount_minor: minor,
  bonus_minor: minor,
  status: z.enum(PAYMENT_STATUSES),
  trade_no: z.string().nullable(),
  paid_at: unix.nullable(),
});
export type PaymentState = z.infer<typeof PaymentState>;

/** The browser opens `pay_url` (Alipay's page pay); the notify or `pay/query` confirms. */
export const AlipayPayment = PaymentState.extend({ pay_url: z.string() });
export type AlipayPayment = z.infer<typeof AlipayPayment>;

export const PayQuery = z.object({ out_trade_no: text().min(1).max(64) });
export type PayQuery = z.infer<typeof PayQuery>;

export const FinanceInfo = z.object({
  balance_minor: minor,
  frozen_minor: minor,
  currency: z.literal('CNY'),
  level_id: z.number().int().nullable(),
  level_name: z.string(),
  level_name_en: z.string(),
  level_expires_at: unix.nullable(),
  discount_percent: z.number().int(),
});
export type FinanceInfo = z.infer<typeof FinanceInfo>;

export const LedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount_minor: minor,
  frozen_delta_minor: minor,
  balance_after_minor: minor,
  frozen_after_minor: minor,
  ref_type: z.string().nullable(),
  ref_id: z.number().int().nullable(),
  memo: z.string(),
  created_at: unix,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const LedgerPage = pageResultOf(LedgerEntry);
export type LedgerPage = z.infer<typeof LedgerPage>;

/** `start`/`end`: Unix seconds, inclusive start and exclusive end. */
export const LedgerQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  kind: z.enum(LEDGER_KINDS).optional(),
  start: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
  end: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

export const BonusTier = z.object({ min_minor: minor, bonus_minor: minor });
export type BonusTier = z.infer<typeof BonusTier>;

export const FinanceRule = z.object({
  currency: z.literal('CNY'),
  min_recharge_minor: minor,
  /** Ascending by `min_minor`; a recharge gets the bonus of the highest tier it reaches. */
  bonus_tiers: z.array(BonusTier),
});
export type FinanceRule = z.infer<typeof FinanceRule>;

export const MemberLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  order_num: z.number().int(),
  price_minor: minor,
  duration_days: z.number().int(),
  discount_percent: z.number().int(),
  current: z.boolean(),
});
export type MemberLevel = z.infer<typeof MemberLevel>;

export const LevelPurchase = z.object({
  id: z.number().int(),
  level_id: z.number().int(),
  level_name: z.string(),
  level_name_en: z.string(),
  price_minor: minor,
  starts_at: unix,
  expires_at: unix,
  created_at: unix,
});
export type LevelPurchase = z.infer<typeof LevelPurchase>;

export const BuyLevelInput = z.object({ level_id: id, pay_password: payPassword });
export type BuyLevelInput = z.infer<typeof BuyLevelInput>;

export const BuyLevelResult = z.object({
  purchase: LevelPurchase,
  balance_minor: minor,
});
export type BuyLevelResult = z.infer<typeof BuyLevelResult>;

export const DeductionInput = z.object({ amount_minor: queryInt(z.number().int().min(0)) });
export type DeductionInput = z.infer<typeof DeductionInput>;

export const Deduction = z.object({
  amount_minor: minor,
  discount_percent: z.number().int(),
  discount_minor: minor,
  payable_minor: minor,
});
export type Deduction = z.infer<typeof Deduction>;
