import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SkuDateFormat, UpcKind, UpcSource, UpcState } from '@app/shared';
import { sellers } from './accounts.ts';

/**
 * A seller's pool of UPC-A / EAN-13 codes. `gtin13` (the code left-padded to 13 digits) is
 * unique per seller, so a UPC-A and the same EAN-13 are one code. `listing_id` has no foreign
 * key: the listings module reports deletions through `releaseCodes`.
 */
export const upcCodes = pgTable(
  'upc_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    gtin13: text('gtin13').notNull(),
    kind: text('kind').$type<UpcKind>().notNull(),
    state: text('state').$type<UpcState>().notNull().default('free'),
    source: text('source').$type<UpcSource>().notNull().default('import'),
    listingId: bigint('listing_id', { mode: 'number' }),
    usedRef: text('used_ref'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    listingGoneAt: timestamp('listing_gone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upc_codes_seller_gtin_uq').on(t.sellerId, t.gtin13),
    // Taking the oldest free code and paging by state walk this one.
    index('upc_codes_seller_state_idx').on(t.sellerId, t.state, t.id),
    index('upc_codes_seller_id_idx').on(t.sellerId, t.id),
    index('upc_codes_listing_idx')
      .on(t.sellerId, t.listingId)
      .where(sql`${t.listingId} is not null`),
    check('upc_codes_state_ck', sql`${t.state} in ('free', 'used', 'void')`),
    check('upc_codes_kind_ck', sql`${t.kind} in ('upc', 'ean')`),
    check(
      'upc_codes_used_ck',
      sql`(${t.state} = 'used') = (${t.listingId} is not null and ${t.usedAt} is not null)`,
    ),
  ],
);

/** A seller's SKU rule and its sequence, updated under the row's lock. */
export const skuRules = pgTable('sku_rules', {
  sellerId: bigint('seller_id', { mode: 'number' })
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull(),
  dateFormat: text('date_format').$type<SkuDateFormat>().notNull(),
  seqWidth: integer('seq_width').notNull(),
  separator: text('separator').notNull(),
  /** The date part the sequence belongs to; a new day restarts it at 1. */
  seqDate: text('seq_date').notNull().default(''),
  nextSeq: bigint('next_seq', { mode: 'number' }).notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every SKU the generator handed out (lower-cased), so none is handed out twice whatever the
 * rule becomes.
 */
export const generatedSkus = pgTable(
  'generated_skus',
  {
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.sku] })],
);
