import {
  checkPerm,
  DESK_STATUS,
  permOf,
  type Dashboard,
  type PurchaseSpend,
  type RankList,
  type RankListFilter,
  type StatFigures,
  type StatisticsFilter,
  type StatisticsMarkets,
  type StatisticsOverview,
  type StatisticsSeries,
  type StatStores,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { storeViewOf } from '../../tenancy.ts';
import { findStore } from '../markets/service.ts';
import { loadPerms } from '../menus/index.ts';
import { LOW_BALANCE_MINOR } from '../notifications/index.ts';
import { converterFor, SELLER_CURRENCY, type Convert } from './money.ts';
import { addDays, businessToday, periodsOf, resolveRange, type DayRange } from './range.ts';
import {
  countFailedListings,
  countOrders,
  countPurchaseOrders,
  hasStores,
  purchaseSpendRows,
  seriesRows,
  skuRows,
  storeRows,
  visibleStoreList,
  type RawFigures,
} from './repository.ts';

/** The permission of each statistics page (seed menus); the routes require them. */
export const STAT_PERMS = {
  index: permOf('/my/statistics', 'list'),
  market: permOf('/my/storestatistics', 'list'),
  order: permOf('/my/statisticsorders', 'list'),
  sale: permOf('/my/salesstatistics', 'list'),
  rank: permOf('/my/productStatistics', 'list'),
  purchases: permOf('/my/orderData', 'list'),
} as const;

const ZERO: StatFigures = {
  orders: 0,
  units: 0,
  sales: 0,
  refunds: 0,
  cost: 0,
  fees: 0,
  profit: 0,
};

/** Adds rows of any currency into one figure set in the seller's currency. */
function sum(rows: RawFigures[], convert: Convert): StatFigures {
  const out = { ...ZERO };
  for (const r of rows) {
    out.orders += r.orders;
    out.units += r.units;
    out.sales += convert(r.currency, r.sales);
    out.refunds += convert(r.currency, r.refunds);
    // Platform cost is CNY already (purchase orders), whatever the order's currency.
    out.cost += r.cost;
    out.fees += convert(r.currency, r.fees);
  }
  out.profit = out.sales - out.refunds - out.cost - out.fees;
  return out;
}

/** Any statistics page's permission: what the shared filter's store list needs. */
export const ANY_STAT_PERM = { or: Object.values(STAT_PERMS) };

/** statistics/stores: the stores the filter offers. */
export function statStores(ctx: Ctx): Promise<StatStores> {
  return visibleStoreList(ctx);
}

/** A store outside the actor's scope (or another seller's) is a 404, as everywhere. */
async function checkFilter(ctx: Ctx, q: StatisticsFilter): Promise<void> {
  if (q.market_id !== undefined) await findStore(ctx, q.market_id);
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const rangeInfo = (range: DayRange) => ({
  currency: SELLER_CURRENCY,
  start_date: range.start,
  end_date: range.end,
});

/** statistics/order and statistics/sale: the figures per day, week or month of the range. */
export async function series(ctx: Ctx, q: StatisticsFilter): Promise<StatisticsSeries> {
  await checkFilter(ctx, q);
  const range = resolveRange(q);
  const rows = await seriesRows(ctx, q, range, q.group);
  const convert = await converterFor(
    ctx,
    rows.map((r) => r.currency),
  );
  const byPeriod = groupBy(rows, (r) => r.period);
  return {
    ...rangeInfo(range),
    group: q.group,
    rows: periodsOf(range, q.group).map((period) => ({
      period,
      ...sum(byPeriod.get(period) ?? [], convert),
    })),
    totals: sum(rows, convert),
  };
}

/** statistics/index: the range's totals, and today against yesterday and a week ago. */
export async function overview(ctx: Ctx, q: StatisticsFilter): Promise<StatisticsOverview> {
  await checkFilter(ctx, q);
  const range = resolveRange(q);
  const today = businessToday();
  const days = { start: addDays(today, -7), end: today };
  const [rows, recent, stores] = await Promise.all([
    seriesRows(ctx, q, range, 'day'),
    seriesRows(ctx, q, days, 'day'),
    hasStores(ctx),
  ]);
  const convert = await converterFor(
    ctx,
    [...rows, ...recent].map((r) => r.currency),
  );
  const byDay = groupBy(recent, (r) => r.period);
  const onDay = (day: string) => sum(byDay.get(day) ?? [], convert);
  return {
    ...rangeInfo(range),
    totals: sum(rows, convert),
    today: onDay(today),
    yesterday: onDay(addDays(today, -1)),
    same_day_last_week: onDay(addDays(today, -7)),
    has_stores: stores,
  };
}

/** statistics/market: per store, and per marketplace, biggest sales first. */
export async function markets(ctx: Ctx, q: StatisticsFilter): Promise<StatisticsMarkets> {
  await checkFilter(ctx, q);
  const range = resolveRange(q);
  const rows = await storeRows(ctx, q, range);
  const convert = await converterFor(
    ctx,
    rows.map((r) => r.currency),
  );
  const bySales = (a: StatFigures, b: StatFigures) => b.sales - a.sales || b.orders - a.orders;
  const stores = [...groupBy(rows, (r) => r.storeId).values()].map((group) => ({
    store_id: group[0]!.storeId,
    alias: group[0]!.alias,
    marketplace: group[0]!.marketplace,
    market_site_id: group[0]!.marketSiteId,
    ...sum(group, convert),
  }));
  const marketplaces = [...groupBy(rows, (r) => r.marketplace)].map(([marketplace, group]) => ({
    marketplace,
    ...sum(group, convert),
  }));
  return {
    ...rangeInfo(range),
    stores: stores.sort(bySales),
    marketplaces: marketplaces.sort(bySales),
  };
}

/** getRankList: SKUs ranked by the dictionary's `order` (measure) and `sort` (direction). */
export async function rankList(ctx: Ctx, q: RankListFilter): Promise<RankList> {
  await checkFilter(ctx, q);
  const range = resolveRange(q);
  const rows = await skuRows(ctx, q, range);
  const convert = await converterFor(
    ctx,
    rows.map((r) => r.currency),
  );
  const skus = [...groupBy(rows, (r) => r.sku)].map(([sku, group]) => ({
    sku,
    orders: group.reduce((n, r) => n + r.orders, 0),
    units: group.reduce((n, r) => n + r.units, 0),
    sales: group.reduce((n, r) => n + convert(r.currency, r.sales), 0),
  }));
  const direction = q.sort === 'asc' ? 1 : -1;
  skus.sort((a, b) => direction * (a[q.order] - b[q.order]) || a.sku.localeCompare(b.sku));
  return {
    ...rangeInfo(range),
    rows: skus.slice(0, q.limit).map((row, i) => ({ rank: i + 1, ...row })),
  };
}

/** statistics/cw-order: what the seller paid for purchase orders, per period, net of refunds. */
export async function purchaseSpend(ctx: Ctx, q: StatisticsFilter): Promise<PurchaseSpend> {
  const range = resolveRange(q);
  const rows = await purchaseSpendRows(ctx, range, q.group);
  const convert = await converterFor(
    ctx,
    rows.map((r) => r.currency),
  );
  const byPeriod = groupBy(rows, (r) => r.period);
  const add = (group: typeof rows) => {
    const count = group.reduce((n, r) => n + r.count, 0);
    const amount = group.reduce((n, r) => n + convert(r.currency, r.amount), 0);
    const refunded = group.reduce((n, r) => n + convert(r.currency, r.refunded), 0);
    return { count, amount, refunded, net: amount - refunded };
  };
  return {
    ...rangeInfo(range),
    group: q.group,
    rows: periodsOf(range, q.group).map((period) => ({
      period,
      ...add(byPeriod.get(period) ?? []),
    })),
    totals: add(rows),
  };
}

const ORDER_DESK_PERM = permOf('/newOrder', 'list');
const PURCHASE_ORDERS_PERM = permOf('/my/accountPay', 'list');
const LISTINGS_PERM = permOf('/goods/collectyun', 'list');

/**
 * /api/index, the home dashboard: each figure only for a user holding the page it links to
 * (the boss holds all), in the stores they see.
 */
export async function dashboard(ctx: Ctx): Promise<Dashboard> {
  const held = storeViewOf(ctx).isBoss ? null : await loadPerms(ctx);
  const may = (perm: string) => held === null || checkPerm(held, perm);
  const today = businessToday();
  const q: StatisticsFilter = { range: 'custom', group: 'day' };
  const desk = may(ORDER_DESK_PERM);
  const [recent, fresh, processing, producing, failed, stores] = await Promise.all([
    may(STAT_PERMS.index)
      ? seriesRows(ctx, q, { start: addDays(today, -1), end: today }, 'day')
      : null,
    desk ? countOrders(ctx, DESK_STATUS.new) : null,
    desk ? countOrders(ctx, DESK_STATUS.processing) : null,
    may(PURCHASE_ORDERS_PERM) ? countPurchaseOrders(ctx, ['paid', 'in_production']) : null,
    may(LISTINGS_PERM) ? countFailedListings(ctx) : null,
    hasStores(ctx),
  ]);
  let figures: { today: StatFigures; yesterday: StatFigures } | null = null;
  if (recent) {
    const convert = await converterFor(
      ctx,
      recent.map((r) => r.currency),
    );
    const byDay = groupBy(recent, (r) => r.period);
    figures = {
      today: sum(byDay.get(today) ?? [], convert),
      yesterday: sum(byDay.get(addDays(today, -1)) ?? [], convert),
    };
  }
  return {
    currency: SELLER_CURRENCY,
    today,
    orders_today: figures?.today.orders ?? null,
    sales_today: figures?.today.sales ?? null,
    orders_yesterday: figures?.yesterday.orders ?? null,
    sales_yesterday: figures?.yesterday.sales ?? null,
    orders_new: fresh,
    orders_processing: processing,
    purchases_in_production: producing,
    listings_failed: failed,
    has_stores: stores,
    low_balance_minor: LOW_BALANCE_MINOR,
  };
}
