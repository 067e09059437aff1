import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { MARKETPLACES } from '@app/shared';
import { sellers } from './accounts.ts';
import { stores } from './markets.ts';

/**
 * Statistics rollups (issue 23), rewritten per (store, business day) by
 * `modules/statistics/rollup.ts` from the orders table whenever an order of that key changes, so
 * a statistics request reads a few rows per day instead of the orders. The day is the purchase
 * day in the business time zone; refunds and platform cost count on the order's purchase day.
 * Amounts stay in the order's currency (minor units) and are converted to the seller's currency
 * when read, with the platform's current exchange rates, so a rate update needs no rebuild.
 * `cost_minor` is CNY fen (purchase orders are in CNY) and `fees_minor` the marketplace fees of
 * the orders (`orders.fees_minor`: Amazon and Shopee report them, Shopify and Temu do not).
 */
export const statStoreDays = pgTable(
  'stat_store_days',
  {
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    marketSiteId: integer('market_site_id').notNull(),
    orders: integer('orders').notNull(),
    units: integer('units').notNull(),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull(),
    refundsMinor: bigint('refunds_minor', { mode: 'number' }).notNull(),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    feesMinor: bigint('fees_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.day, t.currency] }),
    index('stat_store_days_seller_day_idx').on(t.sellerId, t.day),
  ],
);

/** The same per SKU: orders holding the SKU, its units and line totals (cancelled lines left out). */
export const statSkuDays = pgTable(
  'stat_sku_days',
  {
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sku: text('sku').notNull(),
    currency: text('currency').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    marketSiteId: integer('market_site_id').notNull(),
    orders: integer('orders').notNull(),
    units: integer('units').notNull(),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.day, t.sku, t.currency] }),
    index('stat_sku_days_seller_day_idx').on(t.sellerId, t.day),
  ],
);

/**
 * `stat_sku_days` summed per calendar month, kept by the same writes as deltas: a ranking over a
 * year reads twelve months of rows and the days at its edges instead of every SKU's every day
 * (a day's SKU rows barely fold: most hold one order).
 */
export const statSkuMonths = pgTable(
  'stat_sku_months',
  {
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    sku: text('sku').notNull(),
    currency: text('currency').notNull(),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    marketSiteId: integer('market_site_id').notNull(),
    orders: integer('orders').notNull(),
    units: integer('units').notNull(),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.month, t.sku, t.currency] }),
    index('stat_sku_months_seller_month_idx').on(t.sellerId, t.month),
  ],
);
