import { and, count, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  FINISHED_SOURCES,
  PARENT_PRODUCT_TOTAL_CAP,
  type FinishedProductListQuery,
  type FinishedProductPage,
  type FinishedSource,
  type GoodsTypeNum,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { cappedCount, keyset, keyText, type SortKey } from '../../db/paging.ts';
import { finishedProducts } from '../../db/schema.ts';
import { loadCategories, searchTextContains, withDescendants } from '../goods-library/service.ts';
import { own, shared, summariesOf } from './rows.ts';

const SORT_KEYS: Record<FinishedProductListQuery['sort'], SortKey> = {
  created_at: { column: finishedProducts.createdAt, kind: 'timestamp' },
  price: { column: finishedProducts.priceMinor, kind: 'integer' },
  title: { column: finishedProducts.title, kind: 'text' },
};

async function filtersOf(ctx: Ctx, q: FinishedProductListQuery): Promise<SQL[]> {
  const where: SQL[] = [];
  if (q.keyword) where.push(searchTextContains(finishedProducts.searchText, q.keyword));
  if (q.category_id !== undefined) {
    const ids = withDescendants(await loadCategories(ctx.db), q.category_id);
    where.push(ids.length > 0 ? inArray(finishedProducts.categoryId, ids) : sql`false`);
  }
  if (q.source !== undefined) where.push(eq(finishedProducts.source, q.source));
  if (q.shared !== undefined) where.push(q.shared ? shared : isNull(finishedProducts.sharedAt));
  if (q.min_price !== undefined) where.push(gte(finishedProducts.priceMinor, q.min_price));
  if (q.max_price !== undefined) where.push(lte(finishedProducts.priceMinor, q.max_price));
  if (q.start_time !== undefined)
    where.push(gte(finishedProducts.createdAt, new Date(q.start_time * 1000)));
  // end_time names a second; everything within that second is included.
  if (q.end_time !== undefined)
    where.push(sql`${finishedProducts.createdAt} < ${new Date((q.end_time + 1) * 1000)}`);
  return where;
}

async function listProducts(
  ctx: Ctx,
  scope: SQL,
  q: FinishedProductListQuery,
): Promise<FinishedProductPage> {
  const filters = [scope, ...(await filtersOf(ctx, q))];
  const page = keyset(SORT_KEYS[q.sort], finishedProducts.id, q);
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ product: finishedProducts, key: keyText(SORT_KEYS[q.sort]) })
      .from(finishedProducts)
      .where(and(...filters, page.after))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    cappedCount(ctx.db, finishedProducts, and(...filters), PARENT_PRODUCT_TOTAL_CAP),
  ]);
  const { rows: pageRows, nextCursor } = page.finish(rows, (r) => ({
    key: r.key,
    id: r.product.id,
  }));
  return {
    list: await summariesOf(
      ctx,
      pageRows.map((r) => r.product),
    ),
    pagination: { page: q.page, size: q.size, ...counted, next_cursor: nextCursor },
  };
}

/** goods-index: the caller's private library. */
export function listOwnProducts(
  ctx: Ctx,
  q: FinishedProductListQuery,
): Promise<FinishedProductPage> {
  return listProducts(ctx, own(ctx), q);
}

/** index: the shared finished library, the platform's and every seller's shared products. */
export function listSharedProducts(
  ctx: Ctx,
  q: FinishedProductListQuery,
): Promise<FinishedProductPage> {
  return listProducts(ctx, shared, q);
}

export async function goodsTypeNum(ctx: Ctx): Promise<GoodsTypeNum> {
  const rows = await ctx.db
    .select({
      source: finishedProducts.source,
      n: count(),
      shared: count(finishedProducts.sharedAt),
    })
    .from(finishedProducts)
    .where(own(ctx))
    .groupBy(finishedProducts.source);
  const bySource = Object.fromEntries(FINISHED_SOURCES.map((s) => [s, 0])) as Record<
    FinishedSource,
    number
  >;
  for (const r of rows) bySource[r.source] = r.n;
  return {
    all: rows.reduce((sum, r) => sum + r.n, 0),
    shared: rows.reduce((sum, r) => sum + r.shared, 0),
    bySource,
  };
}
