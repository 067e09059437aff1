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
import {
  PO_ACTOR_KINDS,
  PURCHASE_ORDER_STATUSES,
  TRACKING_STATUSES,
  type PackageItem,
  type TrackingEvent,
} from '@app/shared';
import { sellers } from './accounts.ts';
import { purchaseOrders } from './finance.ts';

/**
 * Where purchase orders are printed and packed. A parent product names its factory
 * (`parent_products.factory_id`); one without goes to the default factory.
 */
export const factories = pgTable(
  'factories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('factories_code_unique').on(t.code),
    uniqueIndex('factories_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Every change of a purchase order: who (an operator, the seller's user or the server), when,
 * from which status to which, and the action's parameters. Written in the transaction of the
 * change by `modules/finance/po-log.ts` only.
 */
export const purchaseOrderLogs = pgTable(
  'purchase_order_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: PO_ACTOR_KINDS }).notNull(),
    /** The operator's or user's id; null for the server. */
    actorId: bigint('actor_id', { mode: 'number' }),
    action: text('action').notNull(),
    fromStatus: text('from_status', { enum: PURCHASE_ORDER_STATUSES }),
    toStatus: text('to_status', { enum: PURCHASE_ORDER_STATUSES }),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('purchase_order_logs_order_idx').on(t.purchaseOrderId, t.id)],
);

/** One parcel of a purchase order: its carrier, tracking number, contents and tracking. */
export const purchaseOrderPackages = pgTable(
  'purchase_order_packages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** A `LOGISTICS_CHANNELS` id, or null for a carrier given by name only. */
    channelId: integer('channel_id'),
    carrier: text('carrier').notNull(),
    trackingNo: text('tracking_no').notNull(),
    items: jsonb('items').$type<PackageItem[]>().notNull(),
    status: text('status', { enum: TRACKING_STATUSES }).notNull().default('pending'),
    events: jsonb('events').$type<TrackingEvent[]>().notNull().default([]),
    /** The newest event's time (or the shipping time before any): "stuck" counts from here. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull().defaultNow(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    /** Why the last poll failed (the provider's message), cleared by the next good one. */
    pollError: text('poll_error'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when a reprint replaces it (lost, returned, damaged): its items ship again. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    index('purchase_order_packages_order_idx').on(t.purchaseOrderId, t.id),
    // The poll reads open parcels oldest-polled first.
    index('purchase_order_packages_open_idx')
      .on(t.lastPolledAt)
      .where(sql`${t.status} in ('pending', 'in_transit') and ${t.voidedAt} is null`),
  ],
);

/** One refund of a purchase order's money to the balance; its ledger entry references it. */
export const purchaseOrderRefunds = pgTable(
  'purchase_order_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
    adminId: bigint('admin_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_order_refunds_order_idx').on(t.purchaseOrderId),
    check('purchase_order_refunds_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
