import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { PurchaseOrderStatus, StatGroup, StatisticsFilter } from '@app/shared';
import type { Ctx } from '../../context.ts';
import {
  listings,
  orders,
  purchaseOrders,
  statSkuDays,
  statSkuMonths,
  statStoreDays,
  stores,
} from '../../db/schema.ts';
import { ownedBy, storeViewOf } from '../../tenancy.ts';
import { BUSINESS_TIME_ZONE, zonedDayRange } from '../../time.ts';
import { visibleStores } from '../markets/service.ts';
import { splitByMonths, type DayRange } from './range.ts';

/** Sums of one group of rollup rows, in the rows' currency. */
export interface RawFigures {
  currency: string;
  orders: number;
  units: number;
  sales: number;
  refunds: number;
  cost: number;
  fees: number;
}

const total = (column: SQL | PgColumn) => sql`coalesce(sum(${column}), 0)`.mapWith(Number);

const storeFigures = {
  currency: statStoreDays.currency,
  orders: total(statStoreDays.orders),
  units: total(statStoreDays.units),
  sales: total(statStoreDays.salesMinor),
  refunds: total(statStoreDays.refundsMinor),
  cost: total(statStoreDays.costMinor),
  fees: total(statStoreDays.feesMinor),
};

const TRUNC: Record<StatGroup, string> = { day: 'day', week: 'week', month: 'month' };
const periodSql = (column: SQL | PgColumn, group: StatGroup) =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${TRUNC[group]}'`)}, ${column}), 'YYYY-MM-DD')`;

/**
 * The stores a request reads: the actor's (all the seller's for the boss, the assigned ones for
 * staff), narrowed to one store or one marketplace when asked.
 */
function storeScope(
  ctx: Ctx,
  table: typeof statStoreDays | typeof statSkuDays | typeof statSkuMonths,
  q: Pick<StatisticsFilter, 'market_id' | 'source'>,
): SQL {
  const view = storeViewOf(ctx);
  return and(
    ownedBy(ctx, table.sellerId),
    q.market_id === undefined ? undefined : eq(table.storeId, q.market_id),
    q.source === undefined ? undefined : eq(table.marketplace, q.source),
    view.isBoss
      ? undefined
      : inArray(
          table.storeId,
          ctx.db.select({ id: stores.id }).from(stores).where(visibleStores(ctx)),
        ),
  )!;
}

const inDays = (table: typeof statStoreDays | typeof statSkuDays, range: DayRange): SQL =>
  and(gte(table.day, range.start), lte(table.day, range.end))!;

/** Figures per period and currency. */
export function seriesRows(ctx: Ctx, q: StatisticsFilter, range: DayRange, group: StatGroup) {
  const period = periodSql(statStoreDays.day, group);
  return ctx.db
    .select({ period, ...storeFigures })
    .from(statStoreDays)
    .where(and(storeScope(ctx, statStoreDays, q), inDays(statStoreDays, range)))
    .groupBy(period, statStoreDays.currency);
}

/** Figures per store and currency, with the store's alias, marketplace and site. */
export function storeRows(ctx: Ctx, q: StatisticsFilter, range: DayRange) {
  return ctx.db
    .select({
      storeId: statStoreDays.storeId,
      alias: stores.alias,
      marketplace: stores.marketplace,
      marketSiteId: stores.marketSiteId,
      ...storeFigures,
    })
    .from(statStoreDays)
    .innerJoin(stores, eq(stores.id, statStoreDays.storeId))
    .where(and(storeScope(ctx, statStoreDays, q), inDays(statStoreDays, range)))
    .groupBy(
      statStoreDays.storeId,
      stores.alias,
      stores.marketplace,
      stores.marketSiteId,
      statStoreDays.currency,
    );
}

/**
 * Figures per SKU and currency (cost and refunds are kept per order, not per SKU): the months
 * the range covers whole from `stat_sku_months`, the days at its edges from `stat_sku_days`.
 */
export async function skuRows(ctx: Ctx, q: StatisticsFilter, range: DayRange) {
  const { months, days } = splitByMonths(range);
  // The same columns from either table, named alike, so the parts can be one union.
  const part = (t: typeof statSkuDays | typeof statSkuMonths, where: SQL) =>
    ctx.db
      .select({
        sku: sql<string>`${t.sku}`.as('sku'),
        currency: sql<string>`${t.currency}`.as('currency'),
        orders: sql<number>`${t.orders}`.as('orders'),
        units: sql<number>`${t.units}`.as('units'),
        sales: sql<number>`${t.salesMinor}`.as('sales'),
      })
      .from(t as typeof statSkuDays)
      .where(and(storeScope(ctx, t, q), where));
  const parts = days.map((d) => part(statSkuDays, inDays(statSkuDays, d)));
  if (months) {
    const within = and(
      gte(statSkuMonths.month, months.start),
      lte(statSkuMonths.month, months.end),
    );
    parts.push(part(statSkuMonths, within!));
  }
  const [first, second, ...rest] = parts;
  const r = (second ? unionAll(first!, second, ...rest) : first!).as('r');
  return ctx.db
    .select({
      sku: r.sku,
      currency: r.currency,
      orders: total(sql`${r.orders}`),
      units: total(sql`${r.units}`),
      sales: total(sql`${r.sales}`),
    })
    .from(r)
    .groupBy(r.sku, r.currency);
}

/** Purchase orders paid in the range, per period: what the seller spent on the platform. */
export function purchaseSpendRows(ctx: Ctx, range: DayRange, group: StatGroup) {
  const from = zonedDayRange(range.start)[0];
  const to = zonedDayRange(range.end)[1];
  const period = periodSql(
    sql`(${purchaseOrders.paidAt} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})`,
    group,
  );
  return ctx.db
    .select({
      period,
      currency: purchaseOrders.currency,
      count: count(),
      amount: total(purchaseOrders.amountMinor),
      refunded: total(purchaseOrders.refundedMinor),
    })
    .from(purchaseOrders)
    .where(
      and(
        ownedBy(ctx, purchaseOrders.sellerId),
        gte(purchaseOrders.paidAt, from),
        sql`${purchaseOrders.paidAt} < ${to}`,
      ),
    )
    .groupBy(period, purchaseOrders.currency);
}

/** The actor's stores, by alias. */
export function visibleStoreList(ctx: Ctx) {
  return ctx.db
    .select({ id: stores.id, alias: stores.alias, marketplace: stores.marketplace })
    .from(stores)
    .where(visibleStores(ctx))
    .orderBy(stores.alias, stores.id);
}

/** Whether the actor sees any store of the seller (a new seller sees the first step instead). */
export async function hasStores(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: stores.id })
    .from(stores)
    .where(visibleStores(ctx))
    .limit(1);
  return row !== undefined;
}

const inVisibleStores = (ctx: Ctx, column: typeof orders.storeId | typeof listings.storeId) =>
  storeViewOf(ctx).isBoss
    ? undefined
    : inArray(column, ctx.db.select({ id: stores.id }).from(stores).where(visibleStores(ctx)));

/** Desk orders in this status, in the actor's stores. */
export async function countOrders(ctx: Ctx, status: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        ownedBy(ctx, orders.sellerId),
        eq(orders.status, status),
        inVisibleStores(ctx, orders.storeId),
      ),
    );
  return row?.n ?? 0;
}

/** The seller's purchase orders in these statuses. */
export async function countPurchaseOrders(
  ctx: Ctx,
  statuses: PurchaseOrderStatus[],
): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(purchaseOrders)
    .where(and(ownedBy(ctx, purchaseOrders.sellerId), inArray(purchaseOrders.status, statuses)));
  return row?.n ?? 0;
}

/** Listings whose publishing failed, in the actor's stores. */
export async function countFailedListings(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(listings)
    .where(
      and(
        ownedBy(ctx, listings.sellerId),
        eq(listings.status, 'failed'),
        inVisibleStores(ctx, listings.storeId),
      ),
    );
  return row?.n ?? 0;
}
