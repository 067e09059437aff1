import { and, eq, gte, inArray, like, lt, lte, gt, not, type SQL } from 'drizzle-orm';
import {
  DESK_STATUS_NAMES,
  DESK_STATUS,
  deskStatusName,
  type OrderListFilter,
  type OrderPage,
  type OrderStatusCounts,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { cappedCount, keyset, keyText, type SortKey } from '../../db/paging.ts';
import { orders, purchaseOrders, stores } from '../../db/schema.ts';
import { ownedBy, storeViewOf } from '../../tenancy.ts';
import { zonedDayRange } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';
import { visibleStores } from '../markets/service.ts';
import { awaitingFundsWhere } from './awaiting-funds-tag.ts';
import { toOrders } from './rows.ts';

const COUNT_CAP = 10_000;

export const SORT_KEYS: Record<OrderListFilter['orderBy_field'], SortKey> = {
  purchase_date: { column: orders.purchasedAt, kind: 'timestamp' },
  updated: { column: orders.remoteUpdatedAt, kind: 'timestamp' },
  total: { column: orders.totalMinor, kind: 'integer' },
};

/** `text%` with LIKE's wildcards in `text` escaped (the contains pattern without its leading `%`). */
const prefixPattern = (text: string) => containsPattern(text).slice(1);

/** Orders of the stores the actor may see: all the seller's for the boss, assigned ones for staff. */
export function visibleOrders(ctx: Ctx): SQL {
  // A boss sees every store of the seller, and an order's store is always its seller's: the
  // store subquery would add nothing but a misleading estimate (one store), after which the
  // planner reads every order of the stores and sorts them instead of walking a sorted index.
  if (storeViewOf(ctx).isBoss) return ownedBy(ctx, orders.sellerId);
  return and(
    ownedBy(ctx, orders.sellerId),
    inArray(
      orders.storeId,
      ctx.db.select({ id: stores.id }).from(stores).where(visibleStores(ctx)),
    ),
  )!;
}

/** Every filter of spec 3's set but `status`, which the tabs count over. */
export function filtersOf(ctx: Ctx, q: OrderListFilter): SQL {
  // Calendar days of `purchase_date` are business (Beijing) days, as the platform bill's months are.
  const day = q.purchase_date ? zonedDayRange(q.purchase_date) : null;
  return and(
    visibleOrders(ctx),
    q.seller_order_id ? like(orders.number, prefixPattern(q.seller_order_id)) : undefined,
    q.user_logistics_channel_id === undefined
      ? undefined
      : eq(orders.logisticsChannelId, q.user_logistics_channel_id),
    q.market_id === undefined ? undefined : eq(orders.storeId, q.market_id),
    q.order_status ? eq(orders.orderStatus, q.order_status) : undefined,
    q.location_id === undefined ? undefined : eq(orders.locationId, q.location_id),
    q.shipped_number ? eq(orders.trackingNumber, q.shipped_number) : undefined,
    q.purchase_shipped_number
      ? inArray(
          orders.purchaseOrderId,
          ctx.db
            .select({ id: purchaseOrders.id })
            .from(purchaseOrders)
            .where(
              and(
                ownedBy(ctx, purchaseOrders.sellerId),
                eq(purchaseOrders.number, q.purchase_shipped_number),
              ),
            ),
        )
      : undefined,
    day ? and(gte(orders.purchasedAt, day[0]), lt(orders.purchasedAt, day[1])) : undefined,
    q.sku ? like(orders.skuText, containsPattern(q.sku.toLowerCase())) : undefined,
    q.start_time === undefined ? undefined : gte(orders.purchasedAt, new Date(q.start_time * 1000)),
    q.end_time === undefined ? undefined : lte(orders.purchasedAt, new Date(q.end_time * 1000)),
    q.source ? eq(orders.marketplace, q.source) : undefined,
    q.order_from ? eq(orders.orderFrom, q.order_from) : undefined,
    q.fulfillment_channel ? eq(orders.fulfillmentChannel, q.fulfillment_channel) : undefined,
    q.zone ? eq(orders.zone, q.zone) : undefined,
    q.single_quantity === undefined
      ? undefined
      : q.single_quantity
        ? eq(orders.quantity, 1)
        : gt(orders.quantity, 1),
    q.awaiting_funds === undefined
      ? undefined
      : q.awaiting_funds
        ? awaitingFundsWhere()
        : not(awaitingFundsWhere()),
  )!;
}

/**
 * Orders per desk status, each counted up to COUNT_CAP like the list's total: a range of the
 * (seller, [store,] status, …) indexes per status instead of aggregating every matching order,
 * which at a million orders is hundreds of thousands of rows per request.
 */
async function statusCounts(
  ctx: Ctx,
  where: SQL,
): Promise<{ counts: OrderStatusCounts; more: Set<string> }> {
  const counted = await Promise.all(
    DESK_STATUS_NAMES.map((name) =>
      cappedCount(ctx.db, orders, and(where, eq(orders.status, DESK_STATUS[name])), COUNT_CAP),
    ),
  );
  const counts = Object.fromEntries([
    ['all', 0],
    ...DESK_STATUS_NAMES.map((name) => [name, 0]),
  ]) as OrderStatusCounts;
  const more = new Set<string>();
  DESK_STATUS_NAMES.forEach((name, i) => {
    counts[name] = counted[i]!.total;
    counts.all += counted[i]!.total;
    if (counted[i]!.more) more.add(name);
  });
  return { counts, more };
}

/** One page of orders with their items, the status-tab counts, and a keyset cursor for the next page. */
export async function listOrders(ctx: Ctx, q: OrderListFilter): Promise<OrderPage> {
  const key = SORT_KEYS[q.orderBy_field];
  const order = q.orderBy_type;
  const filtered = filtersOf(ctx, q);
  const where = and(filtered, q.status === undefined ? undefined : eq(orders.status, q.status));
  const page = keyset(key, orders.id, {
    cursor: q.cursor,
    sort: q.orderBy_field,
    order,
    page: q.page,
    size: q.limit,
  });
  const [rows, { counts: tabs, more }] = await Promise.all([
    // A deferred join: the page's ids come from an index alone (deep offsets skip index
    // entries, not table rows), then only those rows are read.
    ctx.db
      .select({ row: orders, key: keyText(key) })
      .from(orders)
      .where(
        inArray(
          orders.id,
          ctx.db
            .select({ id: orders.id })
            .from(orders)
            .where(and(where, page.after))
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        ),
      )
      .orderBy(...page.orderBy),
    statusCounts(ctx, filtered),
  ]);
  // The total is the chosen tab's count (or all tabs'), so it needs no query of its own.
  const counted =
    q.status === undefined
      ? { total: Math.min(tabs.all, COUNT_CAP), more: more.size > 0 || tabs.all > COUNT_CAP }
      : { total: tabs[deskStatusName(q.status)], more: more.has(deskStatusName(q.status)) };
  const { rows: pageRows, nextCursor } = page.finish(rows, (r) => ({ key: r.key, id: r.row.id }));
  return {
    list: await toOrders(
      ctx.db,
      pageRows.map((r) => r.row),
    ),
    pagination: {
      page: q.page,
      size: q.limit,
      total: counted.total,
      more: counted.more,
      next_cursor: nextCursor,
    },
    status_counts: tabs,
    // Any tab stopped at the cap makes the sum of all tabs a lower bound too.
    status_capped: more.size > 0 ? ['all', ...DESK_STATUS_NAMES.filter((n) => more.has(n))] : [],
  };
}
