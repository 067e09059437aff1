import { and, asc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { FinishedImageInput, FinishedSkuInput } from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  finishedProductImages,
  finishedProducts,
  finishedSkus,
  parentSkus,
} from '../../db/schema.ts';
import { ValidationError, type FieldMessages } from '../../errors.ts';
import { isUniqueViolation } from '../auth/index.ts';
import { assignSkuCodes } from './sku-codes.ts';
import { type ProductRow, parentOf, skuRowsOf } from './rows.ts';
import { ofSeller } from '../../tenancy.ts';

/** Product price and cost are the lowest of its SKUs', so lists sort and filter without a join. */
export async function syncPrices(db: Executor, productId: number): Promise<void> {
  await db
    .update(finishedProducts)
    .set({
      priceMinor: sql`coalesce((select min(${finishedSkus.priceMinor}) from ${finishedSkus} where ${finishedSkus.productId} = ${productId}), 0)`,
      costMinor: sql`coalesce((select min(${finishedSkus.costMinor}) from ${finishedSkus} where ${finishedSkus.productId} = ${productId}), 0)`,
      skuText: sql`coalesce((select string_agg(lower(${finishedSkus.skuCode}), ' ' order by ${finishedSkus.orderNum}, ${finishedSkus.id}) from ${finishedSkus} where ${finishedSkus.productId} = ${productId}), '')`,
      updatedAt: new Date(),
    })
    .where(eq(finishedProducts.id, productId));
}

/** Codes of the seller's SKUs outside `productId` that equal one of `codes` or start with `prefix`. */
async function takenCodes(
  db: Executor,
  sellerId: number | null,
  productId: number,
  codes: string[],
  prefix: string,
): Promise<Set<string>> {
  // Platform products have no seller; their codes are unique per product only.
  if (sellerId === null) return new Set();
  const rows = await db
    .select({ code: finishedSkus.skuCode })
    .from(finishedSkus)
    .where(
      and(
        ofSeller(finishedSkus.sellerId, sellerId),
        ne(finishedSkus.productId, productId),
        or(
          ...(codes.length > 0 ? [inArray(finishedSkus.skuCode, codes)] : []),
          like(finishedSkus.skuCode, `${prefix}%`),
        ),
      ),
    );
  return new Set(rows.map((r) => r.code));
}

/**
 * Makes the product's SKUs exactly `inputs`: ids given are kept and updated, the rest inserted,
 * existing SKUs left out are removed. Blank codes are generated; a code another SKU of the
 * seller holds is a 422 on `skus.N.sku_code`.
 */
export async function replaceSkus(
  ctx: Ctx,
  product: ProductRow,
  inputs: FinishedSkuInput[],
): Promise<void> {
  const db = ctx.db;
  const existing = await skuRowsOf(db, product.id);
  const existingById = new Map(existing.map((s) => [s.id, s]));
  const parent = await parentOf(db, product.parentProductId);
  const parentSkuRows = await db
    .select()
    .from(parentSkus)
    .where(eq(parentSkus.productId, parent.id));
  const parentSkuById = new Map(parentSkuRows.map((s) => [s.id, s]));

  const fields: FieldMessages = {};
  const seenIds = new Set<number>();
  const seenCodes = new Map<string, number>();
  inputs.forEach((input, i) => {
    if (input.id !== undefined) {
      if (!existingById.has(input.id) || seenIds.has(input.id))
        fields[`skus.${i}.id`] = 'goods.not_own_sku';
      seenIds.add(input.id);
    }
    if (input.parent_sku_id !== undefined && !parentSkuById.has(input.parent_sku_id))
      fields[`skus.${i}.parent_sku_id`] = 'goods.not_parent_sku';
    if (input.sku_code) {
      if (seenCodes.has(input.sku_code)) fields[`skus.${i}.sku_code`] = 'goods.sku_code_repeated';
      else seenCodes.set(input.sku_code, i);
    }
  });
  const explicitCodes = [...seenCodes.keys()];
  const prefix = `FP${product.id}`;
  const taken = await takenCodes(db, product.sellerId, product.id, explicitCodes, prefix);
  for (const [code, i] of seenCodes) {
    if (taken.has(code)) fields[`skus.${i}.sku_code`] = 'goods.sku_code_taken_here';
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  const planned = inputs.map((input, orderNum) => {
    const kept = input.id === undefined ? undefined : existingById.get(input.id);
    const parentSkuId = input.parent_sku_id ?? kept?.parentSkuId ?? null;
    const parentSku = parentSkuId === null ? undefined : parentSkuById.get(parentSkuId);
    return {
      kept,
      code: input.sku_code || kept?.skuCode || null,
      values: {
        productId: product.id,
        sellerId: product.sellerId,
        parentSkuId: parentSku ? parentSkuId : null,
        color: input.color || parentSku?.color || '',
        size: input.size || parentSku?.size || '',
        priceMinor: input.price_minor,
        costMinor: parentSku?.costMinor ?? parent.costMinor,
        image: input.image === undefined ? (kept?.image ?? null) : input.image,
        orderNum,
      },
    };
  });
  const codes = assignSkuCodes(
    product.id,
    planned.map((p) => ({ code: p.code, color: p.values.color, size: p.values.size })),
    taken,
  );

  const keptIds = new Set(planned.flatMap((p) => (p.kept ? [p.kept.id] : [])));
  const removed = existing.filter((s) => !keptIds.has(s.id)).map((s) => s.id);
  if (removed.length > 0) await db.delete(finishedSkus).where(inArray(finishedSkus.id, removed));
  // Codes may swap between kept SKUs; parking them first keeps the unique index satisfied.
  const renamed = planned.filter((p, i) => p.kept && p.kept.skuCode !== codes[i]);
  for (const p of renamed) {
    await db
      .update(finishedSkus)
      .set({ skuCode: `~${p.kept!.id}` })
      .where(eq(finishedSkus.id, p.kept!.id));
  }
  for (const [i, p] of planned.entries()) {
    if (p.kept) {
      await db
        .update(finishedSkus)
        .set({ ...p.values, skuCode: codes[i]! })
        .where(eq(finishedSkus.id, p.kept.id));
    }
  }
  const inserts = planned.flatMap((p, i) => (p.kept ? [] : [{ ...p.values, skuCode: codes[i]! }]));
  if (inserts.length > 0) await db.insert(finishedSkus).values(inserts);
  await syncPrices(db, product.id);
}

export async function replaceImages(
  db: Executor,
  productId: number,
  images: FinishedImageInput[],
): Promise<void> {
  await db.delete(finishedProductImages).where(eq(finishedProductImages.productId, productId));
  if (images.length === 0) return;
  await db.insert(finishedProductImages).values(
    images.map((image, orderNum) => ({
      productId,
      url: image.url,
      kind: image.kind,
      color: image.color,
      orderNum,
    })),
  );
}

/**
 * The design tool's mockups become the product's leading pictures, replacing its earlier
 * mockups; its other images keep their order after them.
 */
export async function replaceMockups(
  db: Executor,
  productId: number,
  mockups: Array<{ url: string; color: string }>,
): Promise<void> {
  const others = await db
    .select()
    .from(finishedProductImages)
    .where(
      and(eq(finishedProductImages.productId, productId), ne(finishedProductImages.kind, 'mockup')),
    )
    .orderBy(asc(finishedProductImages.orderNum), asc(finishedProductImages.id));
  await replaceImages(db, productId, [
    ...mockups.map((m) => ({ url: m.url, kind: 'mockup' as const, color: m.color })),
    ...others.map((i) => ({ url: i.url, kind: i.kind, color: i.color })),
  ]);
}

/** A SKU code taken between the check and the write (a concurrent save) is still a 422. */
export async function guardCodes<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error, 'finished_skus_seller_code_uq'))
      throw new ValidationError({ skus: 'goods.sku_code_taken' });
    throw error;
  }
}
