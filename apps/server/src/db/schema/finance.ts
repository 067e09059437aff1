import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  EXCEPTION_REASONS,
  LEDGER_KINDS,
  PAID_VIA,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PURCHASE_ORDER_STATUSES,
  type BonusTier,
} from '@app/shared';
import { memberLevels, sellers } from './accounts.ts';

/**
 * One row per movement of a seller's money, written only by `modules/finance/ledger.ts` in the
 * transaction that updates `sellers.balance_minor`/`frozen_minor`, so the balance always equals
 * the sum of `amount_minor` and the frozen amount the sum of `frozen_delta_minor`. A movement
 * with a reference happens at most once per seller, kind and reference.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed change of the available balance. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Signed change of the frozen amount (freeze +, unfreeze −, others 0). */
    frozenDeltaMinor: bigint('frozen_delta_minor', { mode: 'number' }).notNull().default(0),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }).notNull(),
    frozenAfterMinor: bigint('frozen_after_minor', { mode: 'number' }).notNull(),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    /**
     * A `ledger.*` key of the documents catalogue, rendered with `memo_params` in the reader's
     * language when read; older rows hold plain text, shown as stored.
     */
    memo: text('memo').notNull().default(''),
    memoParams: jsonb('memo_params').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_seller_idx').on(t.sellerId, t.id),
    uniqueIndex('ledger_entries_ref_unique')
      .on(t.sellerId, t.kind, t.refType, t.refId)
      .where(sql`${t.refId} is not null`),
    check(
      'ledger_entries_after_non_negative',
      sql`${t.balanceAfterMinor} >= 0 and ${t.frozenAfterMinor} >= 0`,
    ),
  ],
);

/** The first answer of a paying request, replayed for the same `Idempotency-Key`. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** SHA-256 of the body without secrets (the pay password never reaches this table). */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.key] })],
);

/** A platform purchase order (checkout creates them); `items` is the price snapshot. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('unpaid'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    paidVia: text('paid_via', { enum: PAID_VIA }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    items: jsonb('items').notNull().default([]),
    /** Checkout's snapshot: what the amount is made of, where it goes, and the seller's note. */
    goodsMinor: bigint('goods_minor', { mode: 'number' }).notNull().default(0),
    shippingMinor: bigint('shipping_minor', { mode: 'number' }).notNull().default(0),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    address: jsonb('address'),
    remark: text('remark').notNull().default(''),
    /** Set once when a paid order is refunded; Alipay refunds carry `refund_no` as out_request_no. */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    refundNo: text('refund_no'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Production (issue 18): when the operator accepted it, marked it produced, shipped all of it. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    producedAt: timestamp('produced_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The open exception, and the status a partial refund returns to. */
    exceptionReason: text('exception_reason', { enum: EXCEPTION_REASONS }),
    exceptionNote: text('exception_note').notNull().default(''),
    statusBeforeException: text('status_before_exception', { enum: PURCHASE_ORDER_STATUSES }),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_unique').on(t.number),
    index('purchase_orders_seller_idx').on(t.sellerId, t.createdAt),
    // The production desk's queue: by status, newest first.
    index('purchase_orders_status_idx').on(t.status, t.createdAt),
    check('purchase_orders_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** One Alipay trade: a recharge, or the payment of one or several purchase orders. */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('alipay'),
    outTradeNo: text('out_trade_no').notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** A recharge's bonus, fixed by the rule in force when the trade was created. */
    bonusMinor: bigint('bonus_minor', { mode: 'number' }).notNull().default(0),
    orderIds: jsonb('order_ids').$type<number[]>().notNull().default([]),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    tradeNo: text('trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set in the transaction that credits the payment: a second notify finds it and does nothing. */
    notifyProcessedAt: timestamp('notify_processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_out_trade_no_unique').on(t.outTradeNo),
    index('payments_seller_idx').on(t.sellerId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** Recharge rules: one row (id 1), seeded by the finance migration. */
export const financeRules = pgTable('finance_rules', {
  id: integer('id').primaryKey(),
  minRechargeMinor: bigint('min_recharge_minor', { mode: 'number' }).notNull(),
  bonusTiers: jsonb('bonus_tiers').$type<BonusTier[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each level a seller bought, for `level/member-list`. */
export const levelPurchases = pgTable(
  'level_purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    levelId: bigint('level_id', { mode: 'number' })
      .notNull()
      .references(() => memberLevels.id),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('level_purchases_seller_idx').on(t.sellerId, t.id)],
);
