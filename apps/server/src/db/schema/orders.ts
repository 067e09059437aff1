import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FULFILLMENT_CHANNELS, MARKETPLACES, ORDER_ORIGINS, ORDER_STATUSES } from '@app/shared';
import { sellers, users } from './accounts.ts';
import { purchaseOrders } from './finance.ts';
import { stores } from './markets.ts';

/** The buyer's address as stored (snake-case keys, the API's `OrderAddress`). */
export interface StoredOrderAddress {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country_code: string;
}

/**
 * A marketplace order as the seller works on it. `order_status` and `remote_*` mirror the
 * marketplace; `status` is the seller's desk status (`DESK_STATUS`). `local_edits` is set once
 * the seller changed address, items or totals, after which sync no longer overwrites them.
 * Amounts are minor units of `currency` plus the decimal string as the marketplace sent it.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    /** The marketplace's order id; null for orders made here (copy, split, manual). */
    remoteId: text('remote_id'),
    /** What the seller sees and searches: the remote id, or it with a -S/-C suffix. */
    number: text('number').notNull(),
    orderStatus: text('order_status', { enum: ORDER_STATUSES }).notNull(),
    status: integer('status').notNull().default(10),
    /** The desk status to return to when a hold is lifted. */
    statusBeforeHold: integer('status_before_hold'),
    /** The desk status to return to when the linked purchase order is cancelled. */
    statusBeforePurchase: integer('status_before_purchase'),
    remoteStatus: text('remote_status').notNull().default(''),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    remoteUpdatedAt: timestamp('remote_updated_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    total: text('total').notNull(),
    fulfillmentChannel: text('fulfillment_channel', { enum: FULFILLMENT_CHANNELS }).notNull(),
    address: jsonb('address').$type<StoredOrderAddress | null>(),
    zone: text('zone'),
    memo: text('memo').notNull().default(''),
    trackingNumber: text('tracking_number'),
    logisticsChannelId: bigint('logistics_channel_id', { mode: 'number' }),
    locationId: bigint('location_id', { mode: 'number' }),
    orderFrom: text('order_from', { enum: ORDER_ORIGINS }).notNull(),
    itemCount: integer('item_count').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    /** Lower-case SKUs of the items, space separated, for the SKU filter. */
    skuText: text('sku_text').notNull().default(''),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' }).references(
      () => purchaseOrders.id,
      { onDelete: 'set null' },
    ),
    parentId: bigint('parent_id', { mode: 'number' }),
    localEdits: boolean('local_edits').notNull().default(false),
    /** Synced from the order list alone; the items and full address are still being fetched. */
    itemsPending: boolean('items_pending').notNull().default(false),
    /**
     * The store's auto-buy stopped at the balance or the daily cap; it tags the order while it
     * is open, until the seller buys it (purchasing clears it).
     */
    awaitingFunds: boolean('awaiting_funds').notNull().default(false),
    /**
     * The marketplace's fees on the order (commission, service, transaction, fulfilment), minor
     * units of `currency`, as it reports them once settled (Amazon's financial events, Shopee's
     * escrow); null while not reported, and always for marketplaces that report none.
     */
    feesMinor: bigint('fees_minor', { mode: 'number' }),
    /** When the sync last asked for the fees; a marketplace not reporting them yet is asked again later. */
    feesCheckedAt: timestamp('fees_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_values', sql`${t.status} in (10, 20, 30, 40, 50, 60)`),
    uniqueIndex('orders_store_remote_uq').on(t.storeId, t.remoteId),
    index('orders_seller_purchased_idx').on(
      t.sellerId,
      t.purchasedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_seller_status_purchased_idx').on(
      t.sellerId,
      t.status,
      t.purchasedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_seller_updated_idx').on(
      t.sellerId,
      t.remoteUpdatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_seller_total_idx').on(
      t.sellerId,
      t.totalMinor.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The desk's common narrowing (one store, one status tab) sorted by total, with the purchase
    // date last so date ranges and deep pages are read from the index alone (issue 7 benchmark).
    index('orders_seller_store_status_total_idx').on(
      t.sellerId,
      t.storeId,
      t.status,
      t.totalMinor.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.purchasedAt,
    ),
    // Statistics rollups recount one store's business day at a time (modules/statistics).
    index('orders_store_purchased_idx').on(t.storeId, t.purchasedAt),
    index('orders_seller_number_idx').on(t.sellerId, t.number),
    index('orders_seller_tracking_idx').on(t.sellerId, t.trackingNumber),
    index('orders_sku_text_trgm_idx').using('gin', t.skuText.op('gin_trgm_ops')),
    index('orders_purchase_order_idx').on(t.purchaseOrderId),
    index('orders_store_items_pending_idx')
      .on(t.storeId, t.purchasedAt.desc().nullsFirst())
      .where(sql`${t.itemsPending}`),
    // The order sync's look-up of shipped orders whose fees are not reported yet.
    index('orders_store_fees_due_idx')
      .on(t.storeId, t.purchasedAt.desc().nullsFirst())
      .where(sql`${t.feesMinor} is null and ${t.orderStatus} = 'shipped'`),
    index('orders_seller_awaiting_funds_idx')
      .on(t.sellerId, t.purchasedAt.desc().nullsFirst())
      .where(sql`${t.awaitingFunds}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    remoteItemId: text('remote_item_id'),
    sku: text('sku').notNull(),
    title: text('title').notNull().default(''),
    quantity: integer('quantity').notNull(),
    quantityShipped: integer('quantity_shipped').notNull().default(0),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
    lineTotal: text('line_total').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.id)],
);

/** What happened to an order, newest last; `user_id` null means the marketplace sync. */
export const orderLogs = pgTable(
  'order_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('order_logs_order_idx').on(t.orderId, t.id)],
);

/** Per store: orders changed since `updated_after` are fetched next (minus a small overlap). */
export const orderSyncState = pgTable('order_sync_state', {
  storeId: bigint('store_id', { mode: 'number' })
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  updatedAfter: timestamp('updated_after', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** While in the future, one sync is fetching this store's pending items and no other starts to. */
  itemsLeaseUntil: timestamp('items_lease_until', { withTimezone: true }),
  itemsLeaseHolder: text('items_lease_holder'),
});
