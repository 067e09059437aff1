import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  LISTING_BATCH_ITEM_STATES,
  LISTING_BATCH_KINDS,
  LISTING_CONDITIONS,
  LISTING_STATUSES,
  type AttributeValue,
  type ComplianceReport,
  type ListingIssue,
} from '@app/shared';
import { sellers } from './accounts.ts';
import { finishedProducts, finishedSkus } from './goods.ts';
import { stores } from './markets.ts';

/**
 * One finished product offered in one Amazon store (spec 3 listing steps 1–4). Prices of the
 * items are minor units of `currency`, the store site's currency when the listing was made.
 * `sku_text` (every item SKU and the parent SKU) feeds the list's keyword search.
 */
export const listings = pgTable(
  'listings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    goodsId: bigint('goods_id', { mode: 'number' }).references(() => finishedProducts.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('draft'),
    changed: boolean('changed').notNull().default(false),
    remoteId: text('remote_id'),
    issues: jsonb('issues').$type<ListingIssue[]>().notNull().default([]),
    currency: text('currency').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    mfrPartNumber: text('mfr_part_number').notNull().default(''),
    brand: text('brand').notNull().default(''),
    condition: text('condition', { enum: LISTING_CONDITIONS }).notNull().default('new_new'),
    conditionNote: text('condition_note').notNull().default(''),
    productType: text('product_type').notNull().default(''),
    launchDate: timestamp('launch_date', { withTimezone: true }),
    handlingTime: integer('handling_time'),
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull().default({}),
    isVariation: boolean('is_variation').notNull().default(false),
    variationTheme: text('variation_theme').notNull().default(''),
    parentSku: text('parent_sku').notNull().default(''),
    showVariationTheme: jsonb('show_variation_theme').$type<string[]>().notNull().default([]),
    title: text('title').notNull().default(''),
    describe: text('describe').notNull().default(''),
    customDescribe: text('custom_describe').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    bulletPoints: jsonb('bullet_points').$type<string[]>().notNull().default([]),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    skuText: text('sku_text').notNull().default(''),
    skuCount: integer('sku_count').notNull().default(0),
    priceMinMinor: bigint('price_min_minor', { mode: 'number' }).notNull().default(0),
    priceMaxMinor: bigint('price_max_minor', { mode: 'number' }).notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    index('listings_seller_store_status_idx').on(t.sellerId, t.storeId, t.status),
  ],
);

/** A child SKU of a listing (or its only item). SKUs are unique per store. */
export const listingItems = pgTable(
  'listing_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    finishedSkuId: bigint('finished_sku_id', { mode: 'number' }).references(() => finishedSkus.id, {
      onDelete: 'set null',
    }),
    sku: text('sku').notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    variation: jsonb('variation').$type<Record<string, string>>().notNull().default({}),
    productId: text('product_id').notNull().default(''),
    image: text('image'),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [
    index('listing_items_listing_idx').on(t.listingId, t.orderNum),
    uniqueIndex('listing_items_store_sku_uq').on(t.storeId, t.sku),
  ],
);

/**
 * A lifecycle batch (publish, take down, delete, update) over listings of ONE store, run by
 * one `listings.batch` job whose payload names the store (so the store cannot be deleted
 * meanwhile). Items not `done`/`failed` are picked up again when the job is resumed.
 */
export const listingBatches = pgTable(
  'listing_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: LISTING_BATCH_KINDS }).notNull(),
    /** What `batch-update` / `batch-update-content` apply. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    jobId: uuid('job_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_batches_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

export const listingBatchItems = pgTable(
  'listing_batch_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => listingBatches.id, { onDelete: 'cascade' }),
    /** No foreign key: a `delete` batch removes the listing and keeps its result row. */
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    state: text('state', { enum: LISTING_BATCH_ITEM_STATES }).notNull().default('pending'),
    error: text('error'),
    issues: jsonb('issues').$type<ListingIssue[]>().notNull().default([]),
    report: jsonb('report').$type<ComplianceReport | null>(),
    orderNum: integer('order_num').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('listing_batch_items_uq').on(t.batchId, t.listingId)],
);
