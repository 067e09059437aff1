import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RoundingRule, TextTemplateKind } from '@app/shared';
import { sellers } from './accounts.ts';

/** Title, bullet, keyword and description templates of a seller, told apart by `kind`. */
export const textTemplates = pgTable(
  'text_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TextTemplateKind>().notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('text_templates_seller_kind_idx').on(t.sellerId, t.kind, t.id)],
);

/** Amounts in CNY fen, margin and marketplace fee in basis points. */
export const pricingTemplates = pgTable(
  'pricing_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shippingMinor: bigint('shipping_minor', { mode: 'number' }).notNull().default(0),
    fixedFeeMinor: bigint('fixed_fee_minor', { mode: 'number' }).notNull().default(0),
    marginBp: integer('margin_bp').notNull(),
    feeRateBp: integer('fee_rate_bp').notNull(),
    rounding: text('rounding').$type<RoundingRule>().notNull().default('none'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pricing_templates_seller_idx').on(t.sellerId, t.id),
    check('pricing_templates_fee_rate_ck', sql`${t.feeRateBp} >= 0 and ${t.feeRateBp} < 10000`),
  ],
);

/** CNY per one unit of each currency, kept by the platform (no network lookups). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').primaryKey(),
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('exchange_rates_positive_ck', sql`${t.rate} > 0`)],
);

/** Forbidden words: the platform's (`seller_id` null) and each seller's own. */
export const forbiddenWords = pgTable(
  'forbidden_words',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' }).references(() => sellers.id, {
      onDelete: 'cascade',
    }),
    word: text('word').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // coalesce: a plain unique index treats every null (platform) seller as distinct.
    uniqueIndex('forbidden_words_seller_word_uq').on(
      sql`coalesce(${t.sellerId}, 0)`,
      sql`lower(${t.word})`,
    ),
  ],
);
