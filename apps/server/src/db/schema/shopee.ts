import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sellers } from './accounts.ts';
import { stores } from './markets.ts';
import { orders } from './orders.ts';

/**
 * What we know of a Shopee order on Shopee's side, one row per order beside `orders` (which
 * stays marketplace-neutral): package, shipment arranged through ship_order, the shipping
 * document, the first-mile binding and the note set with set_note.
 */
export const shopeeOrderState = pgTable('shopee_order_state', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  packageNumber: text('package_number'),
  logisticsStatus: text('logistics_status', { enum: ['not_started', 'ready', 'shipped'] })
    .notNull()
    .default('not_started'),
  shipMethod: text('ship_method', { enum: ['pickup', 'dropoff', 'non_integrated'] }),
  trackingNumber: text('tracking_number'),
  documentStatus: text('document_status', { enum: ['none', 'ready', 'failed'] })
    .notNull()
    .default('none'),
  documentType: text('document_type'),
  firstMileTrackingNumber: text('first_mile_tracking_number'),
  firstMileChannelId: bigint('first_mile_channel_id', { mode: 'number' }),
  note: text('note').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A store's logistics channels as get_channel_list last answered (logistics/synchro). */
export const shopeeLogisticsChannels = pgTable(
  'shopee_logistics_channels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    channelId: bigint('channel_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull(),
    codEnabled: boolean('cod_enabled').notNull().default(false),
    feeType: text('fee_type').notNull().default(''),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopee_logistics_channels_store_channel_uq').on(t.storeId, t.channelId),
    index('shopee_logistics_channels_seller_idx').on(t.sellerId, t.storeId, t.channelId),
  ],
);

/** The platform's first-mile warehouses sellers ship packs to (`code` keeps the seed idempotent). */
export const shopeePackStores = pgTable(
  'shopee_pack_stores',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    region: text('region').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('shopee_pack_stores_code_uq').on(t.code)],
);

/** A parcel of Shopee orders the seller sends to a first-mile warehouse (spec 3 "Shopee pack"). */
export const shopeePacks = pgTable(
  'shopee_packs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    packStoreId: bigint('pack_store_id', { mode: 'number' })
      .notNull()
      .references(() => shopeePackStores.id),
    trackingNo: text('tracking_no').notNull(),
    note: text('note').notNull().default(''),
    /** Object keys of the seller's uploads, at most 9. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shopee_packs_seller_idx').on(t.sellerId, t.id.desc().nullsFirst())],
);

/** Which orders a pack holds; an order is in one pack at most. */
export const shopeePackOrders = pgTable(
  'shopee_pack_orders',
  {
    packId: bigint('pack_id', { mode: 'number' })
      .notNull()
      .references(() => shopeePacks.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.packId, t.orderId] }),
    uniqueIndex('shopee_pack_orders_order_uq').on(t.orderId),
  ],
);
