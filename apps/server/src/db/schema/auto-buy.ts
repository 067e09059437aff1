import {
  bigint,
  bigserial,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sellers } from './accounts.ts';
import { purchaseOrders } from './finance.ts';
import { stores } from './markets.ts';
import { orders } from './orders.ts';

export const AUTO_BUY_OUTCOMES = ['paid', 'awaiting_funds', 'skipped'] as const;
export type AutoBuyOutcome = (typeof AUTO_BUY_OUTCOMES)[number];

/**
 * What a store's auto-buy did with one marketplace order: one row per order at most (the
 * unique order id is the idempotency key), written in the transaction that buys and pays, so
 * a retried or concurrent job never creates or debits twice. Paid rows of the store's Beijing
 * day are what the daily cap counts.
 */
export const autoBuys = pgTable(
  'auto_buys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: AUTO_BUY_OUTCOMES }).notNull(),
    /** Why it was not paid: `balance`, `cap`, or a skip's reason (`no_match`, `off_sale`…). */
    reason: text('reason'),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' }).references(
      () => purchaseOrders.id,
      { onDelete: 'set null' },
    ),
    /** The purchase order's amount (CNY fen), or what it would have cost. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_buys_order_uq').on(t.orderId),
    index('auto_buys_store_outcome_created_idx').on(t.storeId, t.outcome, t.createdAt),
  ],
);
