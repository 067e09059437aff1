import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DESK_STATUS,
  type FinishedSkuOption,
  type FinishedSkuSearchQuery,
  type RelationDeleteResult,
  type RelationListQuery,
  type RelationPage,
  type SkuRelation,
  type UnmatchedSku,
  type UnmatchedSkuQuery,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import {
  finishedProducts,
  finishedSkus,
  orderItems,
  orders,
  orderSkuRelations,
} from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';
import { visibleOrders } from './list.ts';

/** Orders whose SKUs still matter for matching: not shipped, not cancelled, not purchased. */
const OPEN_STATUSES = [DESK_STATUS.new, DESK_STATUS.on_hold, DESK_STATUS.processing];

export interface MatchedSku {
  id: number;
  productId: number;
  code: string;
  parentSkuId: number | null;
  /** How it was found: the seller's relation, or a finished SKU with the same code. */
  via: 'relation' | 'code';
}

/**
 * The seller's finished SKU for each marketplace SKU (keys lower-case): through the seller's
 * relation first, then by finished SKU code, both case-insensitively.
 */
export async function matchFinishedSkus(
  ctx: Ctx,
  skus: string[],
): Promise<Map<string, MatchedSku>> {
  const keys = [...new Set(skus.map((s) => s.toLowerCase()))];
  const result = new Map<string, MatchedSku>();
  if (keys.length === 0) return result;
  const columns = {
    id: finishedSkus.id,
    productId: finishedSkus.productId,
    code: finishedSkus.skuCode,
    parentSkuId: finishedSkus.parentSkuId,
  };
  const related = await ctx.db
    .select({ key: orderSkuRelations.skuKey, ...columns })
    .from(orderSkuRelations)
    .innerJoin(finishedSkus, eq(finishedSkus.id, orderSkuRelations.finishedSkuId))
    .where(and(ownedBy(ctx, orderSkuRelations.sellerId), inArray(orderSkuRelations.skuKey, keys)));
  for (const { key, ...sku } of related) result.set(key, { ...sku, via: 'relation' });
  const rest = keys.filter((k) => !result.has(k));
  if (rest.length > 0) {
    const byCode = await ctx.db
      .select(columns)
      .from(finishedSkus)
      .where(
        and(
          ownedBy(ctx, finishedSkus.sellerId),
          inArray(sql`lower(${finishedSkus.skuCode})`, rest),
        ),
      );
    for (const sku of byCode) result.set(sku.code.toLowerCase(), { ...sku, via: 'code' });
  }
  return result;
}

const relationColumns = {
  relation: orderSkuRelations,
  code: finishedSkus.skuCode,
  productId: finishedSkus.productId,
  title: finishedProducts.title,
};

function toRelation(row: {
  relation: typeof orderSkuRelations.$inferSelect;
  code: string;
  productId: number;
  title: string;
}): SkuRelation {
  return {
    id: row.relation.id,
    marketplace_sku: row.relation.marketplaceSku,
    finished_sku_id: row.relation.finishedSkuId,
    finished_sku_code: row.code,
    product_id: row.productId,
    product_title: row.title,
    created_at: unixSeconds(row.relation.createdAt),
    updated_at: unixSeconds(row.relation.updatedAt),
  };
}

/** The seller's relations, newest change first; `keyword` matches either SKU or the title. */
export async function listRelations(
  ctx: Ctx,
  q: z.output<typeof RelationListQuery>,
): Promise<RelationPage> {
  const where = and(
    ownedBy(ctx, orderSkuRelations.sellerId),
    q.keyword
      ? or(
          ilike(orderSkuRelations.marketplaceSku, containsPattern(q.keyword)),
          ilike(finishedSkus.skuCode, containsPattern(q.keyword)),
          ilike(finishedProducts.title, containsPattern(q.keyword)),
        )
      : undefined,
  );
  const base = () =>
    ctx.db
      .select(relationColumns)
      .from(orderSkuRelations)
      .innerJoin(finishedSkus, eq(finishedSkus.id, orderSkuRelations.finishedSkuId))
      .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
      .where(where);
  const [rows, [counted]] = await Promise.all([
    base()
      .orderBy(desc(orderSkuRelations.updatedAt), desc(orderSkuRelations.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db
      .select({ n: count() })
      .from(orderSkuRelations)
      .innerJoin(finishedSkus, eq(finishedSkus.id, orderSkuRelations.finishedSkuId))
      .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
      .where(where),
  ]);
  return {
    list: rows.map(toRelation),
    pagination: { page: q.page, size: q.limit, total: counted?.n ?? 0 },
  };
}

/** Relates a marketplace SKU to one of the seller's finished SKUs; saving it again re-points it. */
export async function saveRelation(
  ctx: Ctx,
  input: { marketplace_sku: string; finished_sku_id: number },
): Promise<SkuRelation> {
  const sellerId = sellerIdOf(ctx);
  const [sku] = await ctx.db
    .select({ id: finishedSkus.id })
    .from(finishedSkus)
    .where(and(eq(finishedSkus.id, input.finished_sku_id), ownedBy(ctx, finishedSkus.sellerId)));
  if (!sku) throw new NotFoundError('orders.finished_sku_not_found');
  const now = new Date();
  const [saved] = await ctx.db
    .insert(orderSkuRelations)
    .values({
      sellerId,
      marketplaceSku: input.marketplace_sku,
      skuKey: input.marketplace_sku.toLowerCase(),
      finishedSkuId: sku.id,
    })
    .onConflictDoUpdate({
      target: [orderSkuRelations.sellerId, orderSkuRelations.skuKey],
      set: { marketplaceSku: input.marketplace_sku, finishedSkuId: sku.id, updatedAt: now },
    })
    .returning({ id: orderSkuRelations.id });
  const [row] = await ctx.db
    .select(relationColumns)
    .from(orderSkuRelations)
    .innerJoin(finishedSkus, eq(finishedSkus.id, orderSkuRelations.finishedSkuId))
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .where(eq(orderSkuRelations.id, saved!.id));
  return toRelation(row!);
}

/** One result per id; another seller's id is "not found" like a missing one. */
export async function deleteRelations(
  ctx: Ctx,
  input: { ids: number[] },
): Promise<RelationDeleteResult> {
  const ids = [...new Set(input.ids)];
  const deleted = await ctx.db
    .delete(orderSkuRelations)
    .where(and(inArray(orderSkuRelations.id, ids), ownedBy(ctx, orderSkuRelations.sellerId)))
    .returning({ id: orderSkuRelations.id });
  const gone = new Set(deleted.map((d) => d.id));
  return {
    results: ids.map((id) =>
      gone.has(id) ? { id, ok: true, reason: null } : { id, ok: false, reason: 'Not found' },
    ),
  };
}

/**
 * SKUs of the seller's open orders (active items) that match no finished SKU code and have no
 * relation, with how many orders and pieces wait on each; most orders first.
 */
export async function unmatchedSkus(
  ctx: Ctx,
  q: z.output<typeof UnmatchedSkuQuery>,
): Promise<UnmatchedSku[]> {
  const key = sql<string>`lower(${orderItems.sku})`;
  const rows = await ctx.db
    .select({
      sku: sql<string>`min(${orderItems.sku})`,
      title: sql<string>`max(${orderItems.title})`,
      orderCount: sql<number>`count(distinct ${orderItems.orderId})::int`,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        visibleOrders(ctx),
        inArray(orders.status, OPEN_STATUSES),
        isNull(orderItems.cancelledAt),
        q.keyword ? ilike(orderItems.sku, containsPattern(q.keyword)) : undefined,
        sql`not exists (select 1 from ${finishedSkus} where ${ownedBy(ctx, finishedSkus.sellerId)} and lower(${finishedSkus.skuCode}) = ${key})`,
        sql`not exists (select 1 from ${orderSkuRelations} where ${ownedBy(ctx, orderSkuRelations.sellerId)} and ${orderSkuRelations.skuKey} = ${key})`,
      ),
    )
    .groupBy(key)
    .orderBy(desc(sql`count(distinct ${orderItems.orderId})`), asc(key))
    .limit(q.limit);
  return rows.map((r) => ({
    sku: r.sku,
    title: r.title,
    order_count: Number(r.orderCount),
    quantity: Number(r.quantity),
  }));
}

/** The seller's finished SKUs whose code or product title contains the keyword, for relating. */
export async function searchFinishedSkus(
  ctx: Ctx,
  q: z.output<typeof FinishedSkuSearchQuery>,
): Promise<FinishedSkuOption[]> {
  const rows = await ctx.db
    .select({
      id: finishedSkus.id,
      code: finishedSkus.skuCode,
      product_id: finishedSkus.productId,
      product_title: finishedProducts.title,
      color: finishedSkus.color,
      size: finishedSkus.size,
    })
    .from(finishedSkus)
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .where(
      and(
        ownedBy(ctx, finishedSkus.sellerId),
        q.keyword
          ? or(
              ilike(finishedSkus.skuCode, containsPattern(q.keyword)),
              ilike(finishedProducts.title, containsPattern(q.keyword)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(finishedSkus.productId), asc(finishedSkus.orderNum), asc(finishedSkus.id))
    .limit(q.limit);
  return rows;
}
