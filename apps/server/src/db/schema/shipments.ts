import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SHIPMENT_PUSH_STATUSES } from '@app/shared';
import { sellers } from './accounts.ts';
import { stores } from './markets.ts';
import { orders } from './orders.ts';

/** One line of a pushed package: the marketplace's line id, the SKU and how many. */
export interface ShipmentPushItem {
  remoteItemId: string;
  sku: string;
  quantity: number;
}

/**
 * One package of an order whose tracking goes to its marketplace (issue 18). Written in the
 * transaction that saves the tracking, so a saved number is never left unpushed; the job
 * claims queued rows. Unique per order and package, and the package's id travels to the
 * marketplace as its idempotency key, so no retry or resume ships a package twice.
 */
export const shipmentPushes = pgTable(
  'shipment_pushes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The package within its order: its tracking number. */
    packageRef: text('package_ref').notNull(),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    items: jsonb('items').$type<ShipmentPushItem[]>().notNull(),
    status: text('status', { enum: SHIPMENT_PUSH_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** A queued push waits until then (backoff after a 429 or 5xx). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastErrorKey: text('last_error_key'),
    lastErrorParams: jsonb('last_error_params').$type<Record<string, unknown>>(),
    /** What the marketplace said, in its own words. */
    reason: text('reason'),
    /** The marketplace's id of the fulfilment, when it gives one. */
    remoteId: text('remote_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_pushes_order_package_uq').on(t.orderId, t.packageRef),
    index('shipment_pushes_due_idx').on(t.status, t.nextAttemptAt),
    index('shipment_pushes_seller_order_idx').on(t.sellerId, t.orderId),
  ],
);
