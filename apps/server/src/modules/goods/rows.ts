import { and, asc, count, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type {
  BatchItemResult,
  BatchResult,
  FinishedProductDetail,
  FinishedProductSummary,
  Language,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  finishedProductImages,
  finishedProducts,
  finishedSkus,
  parentProducts,
} from '../../db/schema.ts';
import { AppError, ConflictError, NotFoundError, reasonText } from '../../errors.ts';
import { actingSellerId, ownedBy } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { withSkuNames } from './sku-names.ts';

export type ProductRow = typeof finishedProducts.$inferSelect;

type SkuRow = typeof finishedSkus.$inferSelect;

export type ParentRow = typeof parentProducts.$inferSelect;

const notFound = () => new NotFoundError('goods.not_found');

export const own = (ctx: Ctx): SQL => ownedBy(ctx, finishedProducts.sellerId);

export const shared: SQL = isNotNull(finishedProducts.sharedAt);

/** What a seller may look at: their own products and the shared library. */
export const readable = (ctx: Ctx): SQL => or(own(ctx), shared)!;

export async function findProduct(
  ctx: Ctx,
  id: number,
  scope: 'own' | 'readable',
): Promise<ProductRow> {
  const [row] = await ctx.db
    .select()
    .from(finishedProducts)
    .where(and(eq(finishedProducts.id, id), scope === 'own' ? own(ctx) : readable(ctx)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The caller's products among `ids`, each id once; a missing or foreign id is a 404. */
export async function findOwnAll(ctx: Ctx, ids: number[]): Promise<ProductRow[]> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select()
    .from(finishedProducts)
    .where(and(inArray(finishedProducts.id, unique), own(ctx)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing !== undefined) throw new NotFoundError('goods.not_found_id', { id: missing });
  return unique.map((id) => byId.get(id)!);
}

/** First image and SKU count of each product, two queries per page. */
export async function summariesOf(ctx: Ctx, rows: ProductRow[]): Promise<FinishedProductSummary[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [images, skuCounts] = await Promise.all([
    ctx.db
      .selectDistinctOn([finishedProductImages.productId], {
        productId: finishedProductImages.productId,
        url: finishedProductImages.url,
      })
      .from(finishedProductImages)
      .where(inArray(finishedProductImages.productId, ids))
      .orderBy(
        finishedProductImages.productId,
        asc(finishedProductImages.orderNum),
        asc(finishedProductImages.id),
      ),
    ctx.db
      .select({ productId: finishedSkus.productId, n: count() })
      .from(finishedSkus)
      .where(inArray(finishedSkus.productId, ids))
      .groupBy(finishedSkus.productId),
  ]);
  const imageOf = new Map(images.map((i) => [i.productId, i.url]));
  const skusOf = new Map(skuCounts.map((c) => [c.productId, c.n]));
  const me = actingSellerId(ctx);
  return rows.map((r) => ({
    id: r.id,
    parentProductId: r.parentProductId,
    categoryId: r.categoryId,
    title: r.title,
    priceMinor: r.priceMinor,
    costMinor: r.costMinor,
    source: r.source,
    tags: r.tags,
    image: imageOf.get(r.id) ?? null,
    skuCount: skusOf.get(r.id) ?? 0,
    shared: r.sharedAt !== null,
    mine: me !== null && r.sellerId === me,
    createTime: unixSeconds(r.createdAt),
    updateTime: unixSeconds(r.updatedAt),
  }));
}

export async function skuRowsOf(db: Executor, productId: number): Promise<SkuRow[]> {
  return db
    .select()
    .from(finishedSkus)
    .where(eq(finishedSkus.productId, productId))
    .orderBy(asc(finishedSkus.orderNum), asc(finishedSkus.id));
}

export async function detailOf(ctx: Ctx, row: ProductRow): Promise<FinishedProductDetail> {
  const [[summary], [parent], skus, images] = await Promise.all([
    summariesOf(ctx, [row]),
    ctx.db
      .select({
        id: parentProducts.id,
        title: parentProducts.title,
        titleEn: parentProducts.titleEn,
      })
      .from(parentProducts)
      .where(eq(parentProducts.id, row.parentProductId)),
    skuRowsOf(ctx.db, row.id),
    ctx.db
      .select()
      .from(finishedProductImages)
      .where(eq(finishedProductImages.productId, row.id))
      .orderBy(asc(finishedProductImages.orderNum), asc(finishedProductImages.id)),
  ]);
  return {
    ...summary!,
    parent: parent ?? { id: row.parentProductId, title: '', titleEn: '' },
    design: row.design ?? null,
    skus: await withSkuNames(ctx.db, skus),
    images: images.map((i) => ({ id: i.id, url: i.url, kind: i.kind, color: i.color })),
  };
}

export async function parentOf(db: Executor, id: number): Promise<ParentRow> {
  const [row] = await db.select().from(parentProducts).where(eq(parentProducts.id, id)).limit(1);
  if (!row) throw new NotFoundError('goods.parent_not_found');
  return row;
}

/** Runs each item on its own, so one refusal never undoes or stops the others. */
export async function eachItem(
  lang: Language,
  ids: number[],
  fn: (id: number) => Promise<number | null>,
): Promise<BatchResult> {
  const results: BatchItemResult[] = [];
  for (const id of new Set(ids)) {
    try {
      results.push({ id, ok: true, reason: null, productId: await fn(id) });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const reason =
        error instanceof NotFoundError
          ? 'not_found'
          : error instanceof ConflictError
            ? 'used'
            : reasonText(error, lang);
      results.push({ id, ok: false, reason, productId: null });
    }
  }
  return { results };
}
