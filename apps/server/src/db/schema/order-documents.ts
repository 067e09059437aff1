import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sellers, users } from './accounts.ts';
import { finishedSkus } from './goods.ts';
import { orderItems, orders } from './orders.ts';

/**
 * The seller's customs declaration of one order item (per unit). Absent until the seller saves
 * it; until then the API derives defaults from the matched finished product.
 */
export const orderItemCustoms = pgTable(
  'order_item_customs',
  {
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameCn: text('name_cn').notNull(),
    hsCode: text('hs_code').notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    weightG: integer('weight_g').notNull(),
    originCountry: text('origin_country').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_item_customs_value_positive', sql`${t.valueMinor} > 0`),
    check('order_item_customs_weight_range', sql`${t.weightG} between 1 and 100000`),
  ],
);

/**
 * A seller's marketplace SKU → finished SKU mapping, matched case-insensitively
 * (`sku_key` is the lower-case SKU), one per seller and marketplace SKU.
 */
export const orderSkuRelations = pgTable(
  'order_sku_relations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    marketplaceSku: text('marketplace_sku').notNull(),
    skuKey: text('sku_key').notNull(),
    finishedSkuId: bigint('finished_sku_id', { mode: 'number' })
      .notNull()
      .references(() => finishedSkus.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_sku_relations_seller_key_uq').on(t.sellerId, t.skuKey),
    index('order_sku_relations_seller_updated_idx').on(
      t.sellerId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('order_sku_relations_finished_sku_idx').on(t.finishedSkuId),
  ],
);

/** A refund to the buyer of an order (`al-refund`); `mode` says whether the marketplace did it. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    mode: text('mode', { enum: ['marketplace', 'local'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_refunds_amount_positive', sql`${t.amountMinor} > 0`),
    index('order_refunds_order_idx').on(t.orderId, t.id),
  ],
);
