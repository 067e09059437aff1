import { sql, type SQL } from 'drizzle-orm';
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
import { sellers } from './accounts.ts';
import { categories, parentProducts, parentSkus } from './catalog.ts';

/** How a finished product came to be; `get-goods-type-num` counts a seller's products per source. */
export const FINISHED_SOURCES = ['parent', 'platform', 'duplicate', 'merge', 'design'] as const;

/**
 * A seller's designed, sellable product made from a parent product. `sellerId` null means the
 * platform's operators made it. `sharedAt` set means it is in the shared finished library.
 */
export const finishedProducts = pgTable(
  'finished_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' }).references(() => sellers.id, {
      onDelete: 'cascade',
    }),
    parentProductId: bigint('parent_product_id', { mode: 'number' })
      .notNull()
      .references(() => parentProducts.id),
    /** Copied from the parent so library filters need no join. */
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => categories.id),
    /** The product this one was copied from (shared library, duplicate); not a foreign key, the source may go. */
    sourceProductId: bigint('source_product_id', { mode: 'number' }),
    source: text('source', { enum: FINISHED_SOURCES }).notNull().default('parent'),
    title: text('title').notNull(),
    /** Lowest SKU price, kept by the service so lists sort and filter by price without a join. */
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull().default(0),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** The design tool's saved layers; opaque to the catalogue. */
    design: jsonb('design').$type<Record<string, unknown> | null>(),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /** The SKU codes, lower-case and space-separated; kept by the service with the prices. */
    skuText: text('sku_text').notNull().default(''),
    /** Title and SKU codes in one lower-case column, so one trigram index serves the keyword search. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${finishedProducts.title}) || ' ' || ${finishedProducts.skuText}`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('finished_products_price_non_negative', sql`${t.priceMinor} >= 0`),
    index('finished_products_seller_created_idx').on(
      t.sellerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('finished_products_seller_category_idx').on(
      t.sellerId,
      t.categoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('finished_products_seller_price_idx').on(t.sellerId, t.priceMinor, t.id),
    // The shared library lists every owner's shared products, sorted like the private library.
    index('finished_products_shared_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.sharedAt} is not null`),
    index('finished_products_shared_price_idx')
      .on(t.priceMinor, t.id)
      .where(sql`${t.sharedAt} is not null`),
    index('finished_products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const finishedSkus = pgTable(
  'finished_skus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => finishedProducts.id, { onDelete: 'cascade' }),
    /** Denormalised from the product so SKU codes are unique per seller and searchable. */
    sellerId: bigint('seller_id', { mode: 'number' }),
    parentSkuId: bigint('parent_sku_id', { mode: 'number' }).references(() => parentSkus.id, {
      onDelete: 'set null',
    }),
    skuCode: text('sku_code').notNull(),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull().default(0),
    image: text('image'),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [
    check('finished_skus_price_non_negative', sql`${t.priceMinor} >= 0`),
    uniqueIndex('finished_skus_seller_code_uq').on(t.sellerId, t.skuCode),
    index('finished_skus_product_idx').on(t.productId, t.orderNum),
  ],
);

/** Product photos and design mockups of a finished product, in display order. */
export const finishedProductImages = pgTable(
  'finished_product_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => finishedProducts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    kind: text('kind', { enum: ['image', 'mockup'] })
      .notNull()
      .default('image'),
    color: text('color').notNull().default(''),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [index('finished_product_images_product_idx').on(t.productId, t.orderNum)],
);

/** A seller's favourite parent products ("coll"). */
export const parentFavourites = pgTable(
  'parent_favourites',
  {
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => parentProducts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.productId] }),
    index('parent_favourites_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Related finished goods (`relative`): stored once per pair with the smaller id first. */
export const relatedProducts = pgTable(
  'related_products',
  {
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => finishedProducts.id, { onDelete: 'cascade' }),
    relatedId: bigint('related_id', { mode: 'number' })
      .notNull()
      .references(() => finishedProducts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.relatedId] }),
    check('related_products_ordered', sql`${t.productId} < ${t.relatedId}`),
    index('related_products_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    index('related_products_related_idx').on(t.relatedId),
  ],
);

/** The seller's shopping cart; filled by batch-add-cart here, priced and checked out by the cart module. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull()
      .references(() => finishedSkus.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    selected: integer('selected').notNull().default(1),
    /**
     * The marketplace orders this line was added for (`cw-order/add-cart`), distinct and
     * ascending; checking the line out moves them to purchased.
     */
    orderIds: bigint('order_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    uniqueIndex('cart_items_seller_sku_uq').on(t.sellerId, t.skuId),
  ],
);
