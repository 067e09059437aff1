import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type {
  ProductionOrder,
  ProductionOrderDetail,
  ProductionPage,
  ProductionQuery,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { factories, orders, purchaseOrders, sellers } from '../../db/schema.ts';
import { ofSeller } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import {
  purchaseOrderDetail,
  purchaseOrderOf,
  resolveProduction,
  type ProductionSnapshot,
} from '../finance/index.ts';
import { containsPattern } from '../goods-library/service.ts';
import { orderById } from './orders.ts';

const SORT_COLUMNS = {
  created_at: purchaseOrders.createdAt,
  paid_at: purchaseOrders.paidAt,
  amount: purchaseOrders.amountMinor,
} as const;

/**
 * A line's factory as `accept` froze it, else as it resolves now (its parent product's, else
 * the default factory): the same rule as `resolveProduction`, in SQL for the filter.
 */
function madeAt(factoryId: number): SQL {
  return sql`exists (
    select 1 from jsonb_array_elements(${purchaseOrders.items}) as item
    left join parent_skus ps on ps.id = (item->>'parent_sku_id')::bigint
    left join parent_products pp on pp.id = ps.product_id
    where coalesce(
      (item->>'factory_id')::bigint,
      pp.factory_id,
      (select f.id from ${factories} f where f.is_default)
    ) = ${factoryId})`;
}

function filterOf(q: ProductionQuery): SQL | undefined {
  return and(
    q.status ? eq(purchaseOrders.status, q.status) : undefined,
    q.seller_id === undefined ? undefined : ofSeller(purchaseOrders.sellerId, q.seller_id),
    q.store_id === undefined
      ? undefined
      : inArray(
          purchaseOrders.id,
          sql`(select ${orders.purchaseOrderId} from ${orders} where ${orders.storeId} = ${q.store_id})`,
        ),
    q.factory_id === undefined ? undefined : madeAt(q.factory_id),
    q.from === undefined ? undefined : gte(purchaseOrders.createdAt, new Date(q.from * 1000)),
    q.to === undefined ? undefined : lt(purchaseOrders.createdAt, new Date(q.to * 1000)),
    q.number ? ilike(purchaseOrders.number, containsPattern(q.number)) : undefined,
    q.sku
      ? sql`exists (select 1 from jsonb_array_elements(${purchaseOrders.items}) as item
                    where item->>'sku_code' ilike ${containsPattern(q.sku)})`
      : undefined,
  );
}

/** Every seller's purchase orders for the production desk, filtered, sorted and paged. */
export async function listProduction(ctx: Ctx, q: ProductionQuery): Promise<ProductionPage> {
  const filter = filterOf(q);
  const direction = q.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ order: purchaseOrders, sellerName: sellers.name })
      .from(purchaseOrders)
      .innerJoin(sellers, eq(sellers.id, purchaseOrders.sellerId))
      .where(filter)
      .orderBy(direction(SORT_COLUMNS[q.sort]), direction(purchaseOrders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(purchaseOrders).where(filter),
  ]);
  const lines = await resolveProduction(
    ctx.db,
    rows.flatMap((r) => r.order.items as ProductionSnapshot[]),
  );
  let at = 0;
  const list: ProductionOrder[] = rows.map(({ order, sellerName }) => {
    const own = lines.slice(at, at + (order.items as unknown[]).length);
    at += own.length;
    const stored = order.items as ProductionSnapshot[];
    const factoryIds = own.map((line, n) => stored[n]?.factory_id ?? line.factory_id ?? null);
    return {
      ...purchaseOrderOf(order),
      seller_id: order.sellerId,
      seller_name: sellerName,
      factory_ids: [...new Set(factoryIds.filter((id): id is number => id !== null))],
      accepted_at: order.acceptedAt ? unixSeconds(order.acceptedAt) : null,
      produced_at: order.producedAt ? unixSeconds(order.producedAt) : null,
      shipped_at: order.shippedAt ? unixSeconds(order.shippedAt) : null,
    };
  });
  return { list, pagination: { page: q.page, size: q.size, total: total?.n ?? 0 } };
}

/** One purchase order of any seller with lines, packages, log and the marketplace orders it serves. */
export async function productionInfo(ctx: Ctx, id: number): Promise<ProductionOrderDetail> {
  const row = await orderById(ctx, id);
  const [detail, [seller], linked] = await Promise.all([
    purchaseOrderDetail(ctx.db, row),
    ctx.db.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, row.sellerId)),
    linkedOrders(ctx, id),
  ]);
  return {
    ...detail,
    seller_id: row.sellerId,
    seller_name: seller?.name ?? '',
    linked_orders: linked.map((o) => ({
      id: o.id,
      number: o.number,
      store_id: o.storeId,
      marketplace: o.marketplace,
      status: o.status,
    })),
  };
}

/** The marketplace orders a purchase order produces for (checkout linked them). */
export function linkedOrders(ctx: Ctx, purchaseOrderId: number) {
  return ctx.db
    .select()
    .from(orders)
    .where(eq(orders.purchaseOrderId, purchaseOrderId))
    .orderBy(asc(orders.id));
}
