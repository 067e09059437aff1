import { and, asc, count, desc, eq, gte, inArray, like, lt, lte, gt, type SQL } from 'drizzle-orm';
import {
  DESK_STATUS_NAMES,
  DESK_STATUS,
  type OrderListFilter,
  type OrderPage,
  type OrderStatusCounts,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import {
  afterCursor,
  cappedCount,
  decodeCursor,
  encodeCursor,
  keyText,
  type SortKey,
} from '../../db/paging.ts';
import { orders, purchaseOrders, stores } from '../../db/schema.ts';
import { ownedBy } from '../../tenancy.ts';
import { containsPattern } from '../goods-library/service.ts';
import { visibleStores } from '../markets/service.ts';
import { toOrders } from './rows.ts';

const COUNT_CAP = 10_000;
/** Calendar days of `purchase_date` are Beijing days, as the platform bill's months are. */
const DAY_OFFSET = '+08:00';

const SORT_KEYS: Record<OrderListFilter['orderBy_field'], SortKey> = {
  purchase_date: { column: orders.purchasedAt, kind: 'timestamp' },
  updated: { column: orders.remoteUpdatedAt, kind: 'timestamp' },
  total: { column: orders.totalMinor, kind: 'integer' },
};

/** `text%` with LIKE's wildcards in `text` escaped (the contains pattern without its leading `%`). */
const prefixPattern = (text: string) => containsPattern(text).slice(1);

/** Orders of the stores the actor may see: all the seller's for the boss, assigned ones for staff. */
export function visibleOrders(ctx: Ctx): SQL {
  return and(
    ownedBy(ctx, orders.sellerId),
    inArray(
      orders.storeId,
      ctx.db.select({ id: stores.id }).from(stores).where(visibleStores(ctx)),
    ),
  )!;
}

/** Every filter of spec 3's set but `status`, which the tabs count over. */
function filtersOf(ctx: Ctx, q: OrderListFilter): SQL {
  const day = q.purchase_date ? new Date(`${q.purchase_date}T00:00:00${DAY_OFFSET}`) : null;
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
    day
      ? and(
          gte(orders.purchasedAt, day),
          lt(orders.purchasedAt, new Date(day.getTime() + 86_400_000)),
        )
      : undefined,
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
  )!;
}

async function statusCounts(ctx: Ctx, where: SQL): Promise<OrderStatusCounts> {
  const rows = await ctx.db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(where)
    .groupBy(orders.status);
  const counts = Object.fromEntries([
    ['all', 0],
    ...DESK_STATUS_NAMES.map((name) => [name, 0]),
  ]) as OrderStatusCounts;
  for (const row of rows) {
    const name = DESK_STATUS_NAMES.find((n) => DESK_STATUS[n] === row.status);
    if (name) counts[name] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/** One page of orders with their items, the status-tab counts, and a keyset cursor for the next page. */
export async function listOrders(ctx: Ctx, q: OrderListFilter): Promise<OrderPage> {
  const key = SORT_KEYS[q.orderBy_field];
  const order = q.orderBy_type;
  const filtered = filtersOf(ctx, q);
  const where = and(filtered, q.status === undefined ? undefined : eq(orders.status, q.status));
  const cursor = q.cursor
    ? decodeCursor(q.cursor, { sort: q.orderBy_field, order, kind: key.kind })
    : null;
  const by = order === 'asc' ? asc : desc;
  const [rows, counted, tabs] = await Promise.all([
    ctx.db
      .select({ row: orders, key: keyText(key) })
      .from(orders)
      .where(cursor ? and(where, afterCursor(key, orders.id, cursor)) : where)
      .orderBy(by(key.column), by(orders.id))
      .limit(q.limit + 1)
      .offset(cursor ? 0 : (q.page - 1) * q.limit),
    cappedCount(ctx.db, orders, where, COUNT_CAP),
    statusCounts(ctx, filtered),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > q.limit && last
      ? encodeCursor({ sort: q.orderBy_field, order, key: last.key, id: last.row.id })
      : null;
  return {
    list: await toOrders(
      ctx.db,
      page.map((r) => r.row),
    ),
    pagination: {
      page: q.page,
      size: q.limit,
      total: counted.total,
      more: counted.more,
      next_cursor: nextCursor,
    },
    status_counts: tabs,
  };
}
