import { z } from 'zod';
import { MARKETPLACES } from '../markets.ts';
import { queryInt, text } from './common.ts';

/**
 * Statistics (issue 23): figures from the rollups, in the seller's currency (CNY fen), over a
 * range of business days (Beijing time). A range is a preset or `custom` with both dates.
 */
export const STAT_RANGES = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'this_month',
  'last_month',
  'custom',
] as const;
export type StatRange = (typeof STAT_RANGES)[number];
export const STAT_GROUPS = ['day', 'week', 'month'] as const;
export type StatGroup = (typeof STAT_GROUPS)[number];
/** The longest custom range, in days. */
export const STAT_MAX_DAYS = 366;

const isoDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.iso_day');
/** Midnight UTC of a real calendar day, or null (2026-02-30 is not one). */
function dayMs(day: string): number | null {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
}

const queryId = queryInt(z.number().int().positive());

/**
 * - range: a preset, or `custom` with start_date and end_date (YYYY-MM-DD, both included).
 * - group: one row per day, week (from Monday) or month.
 * - market_id: one store; source: one marketplace.
 */
export const StatisticsQuery = z
  .object({
    range: z.enum(STAT_RANGES).default('last30'),
    start_date: isoDay.optional(),
    end_date: isoDay.optional(),
    group: z.enum(STAT_GROUPS).default('day'),
    market_id: queryId.optional(),
    source: z.enum(MARKETPLACES).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    for (const field of ['start_date', 'end_date'] as const) {
      if (q[field] === undefined) {
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
      }
    }
    if (q.start_date === undefined || q.end_date === undefined) return;
    const start = dayMs(q.start_date);
    const end = dayMs(q.end_date);
    if (start === null || end === null) {
      const field = start === null ? 'start_date' : 'end_date';
      ctx.addIssue({ code: 'custom', message: 'validation.iso_day', path: [field] });
    } else if (start > end) {
      ctx.addIssue({ code: 'custom', message: 'validation.start_after_end', path: ['start_date'] });
    } else if ((end - start) / 86_400_000 + 1 > STAT_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.range_too_long',
        path: ['end_date'],
        params: { max: STAT_MAX_DAYS },
      });
    }
  });
export type StatisticsQuery = z.input<typeof StatisticsQuery>;
export type StatisticsFilter = z.output<typeof StatisticsQuery>;

/** Ranking (getRankList): the spec's sort dictionary, `order` (the measure) and `sort`. */
export const RANK_ORDERS = ['sales', 'units', 'orders'] as const;
export type RankOrder = (typeof RANK_ORDERS)[number];
export const RankListQuery = z.intersection(
  StatisticsQuery,
  z.object({
    order: z.enum(RANK_ORDERS).default('sales'),
    sort: z.enum(['asc', 'desc']).default('desc'),
    limit: queryInt(z.number().int().min(1).max(100)).default(20),
  }),
);
export type RankListQuery = z.input<typeof RankListQuery>;
export type RankListFilter = z.output<typeof RankListQuery>;

/** Minor units of `currency`; profit = sales − refunds − cost − fees. */
export const StatFigures = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  sales: z.number().int(),
  refunds: z.number().int(),
  cost: z.number().int(),
  fees: z.number().int(),
  profit: z.number().int(),
});
export type StatFigures = z.infer<typeof StatFigures>;

const RangeInfo = {
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string(),
};

/** statistics/index: the range's totals, and today against yesterday and a week ago. */
export const StatisticsOverview = z.object({
  ...RangeInfo,
  totals: StatFigures,
  today: StatFigures,
  yesterday: StatFigures,
  same_day_last_week: StatFigures,
  /** Whether the seller has any store yet (the empty state's first step). */
  has_stores: z.boolean(),
});
export type StatisticsOverview = z.infer<typeof StatisticsOverview>;

/** statistics/order and statistics/sale: one row per day, week or month (its first day). */
export const StatisticsSeries = z.object({
  ...RangeInfo,
  group: z.enum(STAT_GROUPS),
  rows: z.array(StatFigures.extend({ period: z.string() })),
  totals: StatFigures,
});
export type StatisticsSeries = z.infer<typeof StatisticsSeries>;

/** statistics/market: per store and per marketplace. */
export const StatisticsMarkets = z.object({
  ...RangeInfo,
  stores: z.array(
    StatFigures.extend({
      store_id: z.number().int(),
      alias: z.string(),
      marketplace: z.enum(MARKETPLACES),
      market_site_id: z.number().int(),
    }),
  ),
  marketplaces: z.array(StatFigures.extend({ marketplace: z.enum(MARKETPLACES) })),
});
export type StatisticsMarkets = z.infer<typeof StatisticsMarkets>;

/** getRankList: SKUs by the chosen measure. */
export const RankList = z.object({
  ...RangeInfo,
  rows: z.array(
    z.object({
      rank: z.number().int(),
      sku: z.string(),
      orders: z.number().int(),
      units: z.number().int(),
      sales: z.number().int(),
    }),
  ),
});
export type RankList = z.infer<typeof RankList>;

/** statistics/cw-order: purchase-order spend by the day, week or month it was paid. */
export const PurchaseSpendRow = z.object({
  period: z.string(),
  count: z.number().int(),
  amount: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
});
export const PurchaseSpend = z.object({
  ...RangeInfo,
  group: z.enum(STAT_GROUPS),
  rows: z.array(PurchaseSpendRow),
  totals: PurchaseSpendRow.omit({ period: true }),
});
export type PurchaseSpend = z.infer<typeof PurchaseSpend>;

/**
 * /api/index, the home dashboard: what needs the seller's attention now. A figure the user may
 * not see (no statistics or order permission) is null.
 */
export const Dashboard = z.object({
  currency: z.string(),
  today: z.string(),
  orders_today: z.number().int().nullable(),
  sales_today: z.number().int().nullable(),
  orders_yesterday: z.number().int().nullable(),
  sales_yesterday: z.number().int().nullable(),
  /** Desk orders new (waiting to be bought for production) and processing (waiting to ship). */
  orders_new: z.number().int().nullable(),
  orders_processing: z.number().int().nullable(),
  /** Paid purchase orders the platform has not finished producing. */
  purchases_in_production: z.number().int().nullable(),
  listings_failed: z.number().int().nullable(),
  has_stores: z.boolean(),
  /** CNY fen: a balance below it is warned about (the low-balance notification's threshold). */
  low_balance_minor: z.number().int(),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** statistics/export: the table of one statistics page, as the page shows it, as xlsx. */
export const STAT_VIEWS = ['index', 'order', 'sale', 'market', 'rank', 'cw-order'] as const;
export type StatView = (typeof STAT_VIEWS)[number];
export const StatisticsExportQuery = z.intersection(
  RankListQuery,
  z.object({ view: z.enum(STAT_VIEWS) }),
);
export type StatisticsExportQuery = z.input<typeof StatisticsExportQuery>;

/** statistics/stores: the stores the filter offers (the actor's). */
export const StatStores = z.array(
  z.object({ id: z.number().int(), alias: z.string(), marketplace: z.enum(MARKETPLACES) }),
);
export type StatStores = z.infer<typeof StatStores>;
