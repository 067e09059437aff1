import { and, asc, eq } from 'drizzle-orm';
import {
  markupPriceMinor,
  type BatchResult,
  type FinishedImageInput,
  type FinishedProductCreate,
  type FinishedProductDetail,
  type FinishedSkuInput,
  type FinishedSource,
  type IdInput,
  type IdsInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  finishedProductImages,
  finishedProducts,
  parentProductImages,
  parentProducts,
  parentSkus,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { sellerIdOf } from '../../tenancy.ts';
import type { ObjectStorage } from '../../integrations/object-storage.ts';
import { assertUsableImages } from './images.ts';
import {
  type ParentRow,
  type ProductRow,
  detailOf,
  eachItem,
  findProduct,
  parentOf,
  skuRowsOf,
} from './rows.ts';
import { guardCodes, replaceImages, replaceSkus } from './skus.ts';

interface NewProduct {
  parent: ParentRow;
  title: string;
  tags: string[];
  design: Record<string, unknown> | null;
  source: FinishedSource;
  sourceProductId: number | null;
  skus: FinishedSkuInput[];
  images: FinishedImageInput[];
}

async function insertProduct(
  ctx: Ctx,
  sellerId: number | null,
  p: NewProduct,
): Promise<ProductRow> {
  return guardCodes(() =>
    withTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .insert(finishedProducts)
        .values({
          sellerId,
          parentProductId: p.parent.id,
          categoryId: p.parent.categoryId,
          sourceProductId: p.sourceProductId,
          source: p.source,
          title: p.title,
          tags: p.tags,
          design: p.design,
        })
        .returning();
      await replaceSkus(tx, row!, p.skus);
      await replaceImages(tx.db, row!.id, p.images);
      const [created] = await tx.db
        .select()
        .from(finishedProducts)
        .where(eq(finishedProducts.id, row!.id));
      await recordAudit(tx, { object: 'goods', id: row!.id, before: null, after: created! });
      return created!;
    }),
  );
}

async function visibleParent(db: Executor, id: number): Promise<ParentRow> {
  const [row] = await db
    .select()
    .from(parentProducts)
    .where(and(eq(parentProducts.id, id), eq(parentProducts.status, 'on')))
    .limit(1);
  if (!row) throw new NotFoundError('goods.parent_not_found');
  return row;
}

/** Every on-sale parent SKU at its cost plus the default markup. */
async function defaultSkus(db: Executor, parentId: number): Promise<FinishedSkuInput[]> {
  const rows = await db
    .select()
    .from(parentSkus)
    .where(and(eq(parentSkus.productId, parentId), eq(parentSkus.status, 'on')))
    .orderBy(asc(parentSkus.id));
  if (rows.length === 0) throw new ValidationError({ skus: 'goods.parent_has_no_sku_on_sale' });
  return rows.map((s) => ({
    parent_sku_id: s.id,
    color: s.color,
    size: s.size,
    price_minor: markupPriceMinor(s.costMinor),
  }));
}

async function defaultImages(db: Executor, parentId: number): Promise<FinishedImageInput[]> {
  const rows = await db
    .select({ url: parentProductImages.url })
    .from(parentProductImages)
    .where(eq(parentProductImages.productId, parentId))
    .orderBy(asc(parentProductImages.orderNum), asc(parentProductImages.id));
  return rows.map((r) => ({ url: r.url, kind: 'image', color: '' }));
}

/** A finished product from a parent product; whatever the input leaves out comes from the parent. */
export async function createFromParent(
  ctx: Ctx,
  sellerId: number | null,
  input: FinishedProductCreate,
): Promise<ProductRow> {
  const parent = await visibleParent(ctx.db, input.parent_product_id);
  return insertProduct(ctx, sellerId, {
    parent,
    title: input.title ?? parent.title,
    tags: input.tags,
    design: input.design ?? null,
    source: input.design ? 'design' : 'parent',
    sourceProductId: null,
    skus: input.skus ?? (await defaultSkus(ctx.db, parent.id)),
    images: input.images ?? (await defaultImages(ctx.db, parent.id)),
  });
}

export async function saveProduct(
  ctx: Ctx,
  input: FinishedProductCreate,
  storage?: Pick<ObjectStorage, 'url'>,
): Promise<FinishedProductDetail> {
  if (input.images) {
    await assertUsableImages(ctx, input.images, input.parent_product_id, [], storage);
  }
  return detailOf(ctx, await createFromParent(ctx, sellerIdOf(ctx), input));
}

/** goods-library/join: one finished product per parent product, with the parent's defaults. */
export async function joinParents(ctx: Ctx, input: IdsInput): Promise<BatchResult> {
  const sellerId = sellerIdOf(ctx);
  return eachItem(ctx.lang, input.ids, async (id) => {
    const row = await createFromParent(ctx, sellerId, { parent_product_id: id, tags: [] });
    return row.id;
  });
}

/** A copy of an own product, or the seller's own copy of a shared one, with new SKU codes. */
export async function duplicateProduct(ctx: Ctx, input: IdInput): Promise<FinishedProductDetail> {
  const sellerId = sellerIdOf(ctx);
  const source = await findProduct(ctx, input.id, 'readable');
  const [skus, images, parent] = await Promise.all([
    skuRowsOf(ctx.db, source.id),
    ctx.db
      .select()
      .from(finishedProductImages)
      .where(eq(finishedProductImages.productId, source.id))
      .orderBy(asc(finishedProductImages.orderNum), asc(finishedProductImages.id)),
    parentOf(ctx.db, source.parentProductId),
  ]);
  const copy = await insertProduct(ctx, sellerId, {
    parent,
    title: source.title,
    tags: source.tags,
    design: source.design ?? null,
    source: source.sellerId === sellerId ? 'duplicate' : 'platform',
    sourceProductId: source.id,
    skus: skus.map((s) => ({
      parent_sku_id: s.parentSkuId ?? undefined,
      color: s.color,
      size: s.size,
      price_minor: s.priceMinor,
      image: s.image,
    })),
    images: images.map((i) => ({ url: i.url, kind: i.kind, color: i.color })),
  });
  return detailOf(ctx, copy);
}
