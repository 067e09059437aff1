import { and, asc, desc, inArray } from 'drizzle-orm';
import type { FinishedProductDetail, FinishedSku, IdInput } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { finishedProductImages, finishedProducts, finishedSkus } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { detailOf, findProduct, readable, skuRowsOf } from './rows.ts';
import { withSkuNames } from './sku-names.ts';

export async function showProduct(
  ctx: Ctx,
  input: IdInput,
  scope: 'own' | 'readable',
): Promise<FinishedProductDetail> {
  return detailOf(ctx, await findProduct(ctx, input.id, scope));
}

export async function listProductSkus(ctx: Ctx, input: IdInput): Promise<FinishedSku[]> {
  const row = await findProduct(ctx, input.id, 'readable');
  return withSkuNames(ctx.db, await skuRowsOf(ctx.db, row.id));
}

export interface ProductImages {
  id: number;
  title: string;
  /** The product's first SKU code ('' without SKUs), for file names. */
  sku: string;
  urls: string[];
}

/** The images of products the caller may read, in the order asked; any other id is a 404. */
export async function imagesOf(ctx: Ctx, ids: number[]): Promise<ProductImages[]> {
  const rows = await ctx.db
    .select()
    .from(finishedProducts)
    .where(and(inArray(finishedProducts.id, ids), readable(ctx)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new NotFoundError('goods.not_found_id', { id: missing });
  const images = await ctx.db
    .select()
    .from(finishedProductImages)
    .where(inArray(finishedProductImages.productId, ids))
    .orderBy(asc(finishedProductImages.orderNum), asc(finishedProductImages.id));
  const skus = await ctx.db
    .select({ productId: finishedSkus.productId, code: finishedSkus.skuCode })
    .from(finishedSkus)
    .where(inArray(finishedSkus.productId, ids))
    .orderBy(desc(finishedSkus.orderNum), desc(finishedSkus.id));
  // Descending, so the last write per product is its first SKU.
  const skuOf = new Map(skus.map((s) => [s.productId, s.code]));
  return ids.map((id) => ({
    id,
    title: byId.get(id)!.title,
    sku: skuOf.get(id) ?? '',
    urls: images.filter((i) => i.productId === id).map((i) => i.url),
  }));
}
