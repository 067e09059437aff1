import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { factories } from './production.ts';

/** A rectangle on a product image, in that image's pixels, where a design may be printed. */
export interface PrintArea {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The printed size; the design tool places artwork in these millimetres. */
  widthMm?: number;
  heightMm?: number;
  /** Resolution of the print file; DEFAULT_PRINT_DPI when absent. */
  dpi?: number;
}

/** The shared category tree of the parent library; maintained by operators. */
export const categories = pgTable(
  'categories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.orderNum)],
);

/** Blank base products sellers design on; shared by every seller, visible while `status` is 'on'. */
export const parentProducts = pgTable(
  'parent_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull().default(''),
    supplier: text('supplier').notNull().default(''),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    weightG: integer('weight_g').notNull().default(0),
    lengthMm: integer('length_mm').notNull().default(0),
    widthMm: integer('width_mm').notNull().default(0),
    heightMm: integer('height_mm').notNull().default(0),
    /** Attribute names and values as zh-CN readers see them; `attributes_en` the same in English. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    attributesEn: jsonb('attributes_en').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['on', 'off'] })
      .notNull()
      .default('on'),
    /** Where its purchase orders are produced; null: the default factory. */
    factoryId: bigint('factory_id', { mode: 'number' }).references(() => factories.id),
    /**
     * Both titles lower-cased in one column: one trigram index serves the search, and LIKE on it
     * costs a fraction of ILIKE on two columns when a short keyword has to scan.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${parentProducts.title} || ' ' || ${parentProducts.titleEn})`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('parent_products_cost_non_negative', sql`${t.costMinor} >= 0`),
    // The library list filters by status (and category) and pages in these orders.
    index('parent_products_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('parent_products_category_created_idx').on(
      t.categoryId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('parent_products_status_cost_idx').on(t.status, t.costMinor, t.id),
    index('parent_products_category_cost_idx').on(t.categoryId, t.status, t.costMinor, t.id),
    // Substring search (LIKE '%…%') needs trigrams; pg_trgm is created before migrations run.
    index('parent_products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const parentProductImages = pgTable(
  'parent_product_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => parentProducts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The SKU colour the picture shows, so the design tool can put artwork on each; '' = any. */
    color: text('color').notNull().default(''),
    orderNum: integer('order_num').notNull().default(0),
    printAreas: jsonb('print_areas').$type<PrintArea[]>().notNull().default([]),
  },
  (t) => [index('parent_product_images_product_idx').on(t.productId, t.orderNum)],
);

export const parentSkus = pgTable(
  'parent_skus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => parentProducts.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** The colour's key and English name, matched by pictures, designs and finished SKUs. */
    color: text('color').notNull().default(''),
    /** Its name for zh-CN readers; '' shows `color`. */
    colorZh: text('color_zh').notNull().default(''),
    size: text('size').notNull().default(''),
    /** Its name for zh-CN readers ("One Size" → 均码); '' shows `size`. */
    sizeZh: text('size_zh').notNull().default(''),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    status: text('status', { enum: ['on', 'off'] })
      .notNull()
      .default('on'),
  },
  (t) => [
    check('parent_skus_cost_non_negative', sql`${t.costMinor} >= 0`),
    uniqueIndex('parent_skus_sku_unique').on(t.sku),
    index('parent_skus_product_idx').on(t.productId),
  ],
);
