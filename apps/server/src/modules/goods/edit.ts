import { eq, inArray, sql } from 'drizzle-orm';
import type {
  BatchResult,
  FinishedProductDetail,
  FinishedProductUpdate,
  FinishedTitleSave,
  GoodsMergeInput,
  JoinPlatformInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { finishedProductImages, finishedProducts, finishedSkus } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { ObjectStorage } from '../../integrations/object-storage.ts';
import { assertUsableImages } from './images.ts';
import { detailOf, eachItem, findOwnAll, findProduct } from './rows.ts';
import { guardCodes, replaceImages, replaceSkus, syncPrices } from './skus.ts';

export async function updateProduct(
  ctx: Ctx,
  input: FinishedProductUpdate,
  storage?: Pick<ObjectStorage, 'url'>,
): Promise<FinishedProductDetail> {
  const row = await guardCodes(() =>
    withTransaction(ctx, async (tx) => {
      const product = await findProduct(tx, input.id, 'own');
      const current = await tx.db
        .select({ url: finishedProductImages.url })
        .from(finishedProductImages)
        .where(eq(finishedProductImages.productId, product.id));
      await assertUsableImages(
        tx,
        input.images,
        product.parentProductId,
        current.map((c) => c.url),
        storage,
      );
      await tx.db
        .update(finishedProducts)
        .set({ title: input.title, tags: input.tags, updatedAt: new Date() })
        .where(eq(finishedProducts.id, product.id));
      await replaceSkus(tx, product, input.skus);
      await replaceImages(tx.db, product.id, input.images);
      const after = await findProduct(tx, product.id, 'own');
      await recordAudit(tx, { object: 'goods', id: product.id, before: product, after });
      return after;
    }),
  );
  return detailOf(ctx, row);
}

export async function saveTitle(
  ctx: Ctx,
  input: FinishedTitleSave,
): Promise<FinishedProductDetail> {
  const row = await withTransaction(ctx, async (tx) => {
    const product = await findProduct(tx, input.id, 'own');
    const [updated] = await tx.db
      .update(finishedProducts)
      .set({ title: input.title, updatedAt: new Date() })
      .where(eq(finishedProducts.id, product.id))
      .returning();
    await recordAudit(tx, { object: 'goods', id: product.id, before: product, after: updated! });
    return updated!;
  });
  return detailOf(ctx, row);
}

/** The others' SKUs and images move into the first, after its own; the others are deleted. */
export async function mergeProducts(
  ctx: Ctx,
  input: GoodsMergeInput,
): Promise<FinishedProductDetail> {
  if (new Set(input.ids).size < 2) throw new ValidationError({ ids: 'goods.merge_two_or_more' });
  const row = await withTransaction(ctx, async (tx) => {
    const [first, ...others] = await findOwnAll(tx, input.ids);
    const stranger = others.find((o) => o.parentProductId !== first!.parentProductId);
    if (stranger) {
      throw new ConflictError(
        'goods.merge_other_parent',
        { id: stranger.id, first: first!.id },
        { id: stranger.id },
      );
    }
    // Each other's rows go after the first's, keeping their own order.
    const after = (table: typeof finishedSkus | typeof finishedProductImages) =>
      sql`${table.orderNum} + (select coalesce(max(${table.orderNum}) + 1, 0) from ${table} where ${table.productId} = ${first!.id})`;
    for (const other of others) {
      await tx.db
        .update(finishedSkus)
        .set({ productId: first!.id, orderNum: after(finishedSkus) })
        .where(eq(finishedSkus.productId, other.id));
      await tx.db
        .update(finishedProductImages)
        .set({ productId: first!.id, orderNum: after(finishedProductImages) })
        .where(eq(finishedProductImages.productId, other.id));
    }
    await tx.db.delete(finishedProducts).where(
      inArray(
        finishedProducts.id,
        others.map((o) => o.id),
      ),
    );
    await tx.db
      .update(finishedProducts)
      .set({ source: 'merge' })
      .where(eq(finishedProducts.id, first!.id));
    await syncPrices(tx.db, first!.id);
    const merged = await findProduct(tx, first!.id, 'own');
    // The history names the products taken in: on the first as a change, on each as its end.
    const mergedIds = others.map((o) => o.id);
    await recordAudit(tx, {
      object: 'goods',
      id: first!.id,
      before: first!,
      after: { ...merged, mergedIds },
    });
    for (const other of others) {
      await recordAudit(tx, { object: 'goods', id: other.id, before: other, after: null });
    }
    return merged;
  });
  return detailOf(ctx, row);
}

/** Shares own products to the shared library, or withdraws them; sharing again keeps the first date. */
export async function joinPlatform(ctx: Ctx, input: JoinPlatformInput): Promise<BatchResult> {
  return eachItem(ctx.lang, input.ids, (id) =>
    withTransaction(ctx, async (tx) => {
      const product = await findProduct(tx, id, 'own');
      const [after] = await tx.db
        .update(finishedProducts)
        .set({
          sharedAt: input.shared ? (product.sharedAt ?? new Date()) : null,
          updatedAt: new Date(),
        })
        .where(eq(finishedProducts.id, product.id))
        .returning();
      await recordAudit(tx, { object: 'goods', id: product.id, before: product, after: after! });
      return null;
    }),
  );
}
