import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  FINISHED_SOURCES,
  PARENT_PRODUCT_TOTAL_CAP,
  markupPriceMinor,
  type BatchAddCartInput,
  type BatchAddCartResult,
  type BatchItemResult,
  type BatchResult,
  type CheckUsedResult,
  type FinishedImageInput,
  type FinishedProductCreate,
  type FinishedProductDetail,
  type FinishedProductListQuery,
  type FinishedProductPage,
  type FinishedProductSummary,
  type FinishedProductUpdate,
  type FinishedSku,
  type FinishedSkuInput,
  type FinishedSource,
  type FinishedTitleSave,
  type GoodsMergeInput,
  type GoodsTypeNum,
  type IdInput,
  type IdsInput,
  type JoinPlatformInput,
  type RelativeDeleteInput,
  type RelativeInput,
  type RelativeListQuery,
  type RelativePage,
  type Language,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  afterCursor,
  cappedCount,
  decodeCursor,
  encodeCursor,
  keyText,
  type SortKey,
} from '../../db/paging.ts';
import {
  cartItems,
  finishedProductImages,
  finishedProducts,
  finishedSkus,
  parentProductImages,
  parentProducts,
  parentSkus,
  relatedProducts,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import {
  AppError,
  ConflictError,
  NotFoundError,
  ValidationError,
  type FieldMessages,
  reasonText,
} from '../../errors.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { isUniqueViolation } from '../auth/index.ts';
import { loadCategories, searchTextContains, withDescendants } from '../goods-library/service.ts';
import type { ObjectStorage } from '../../integrations/object-storage.ts';
import { assertUsableImages } from './images.ts';
import { assignSkuCodes } from './sku-codes.ts';
import { withSkuNames } from './sku-names.ts';
import { isUsed, usageOf } from './usage.ts';

type ProductRow = typeof finishedProducts.$inferSelect;
type SkuRow = typeof finishedSkus.$inferSelect;
type ParentRow = typeof parentProducts.$inferSelect;

/** Cart lines never grow past what one order line may hold. */
const CART_QUANTITY_MAX = 9999;

const notFound = () => new NotFoundError('goods.not_found');

const own = (ctx: Ctx): SQL => eq(finishedProducts.sellerId, sellerIdOf(ctx));
const shared: SQL = isNotNull(finishedProducts.sharedAt);
/** What a seller may look at: their own products and the shared library. */
const readable = (ctx: Ctx): SQL => or(own(ctx), shared)!;

async function findProduct(ctx: Ctx, id: number, scope: 'own' | 'readable'): Promise<ProductRow> {
  const [row] = await ctx.db
    .select()
    .from(finishedProducts)
    .where(and(eq(finishedProducts.id, id), scope === 'own' ? own(ctx) : readable(ctx)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The caller's products among `ids`, each id once; a missing or foreign id is a 404. */
async function findOwnAll(ctx: Ctx, ids: number[]): Promise<ProductRow[]> {
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
async function summariesOf(ctx: Ctx, rows: ProductRow[]): Promise<FinishedProductSummary[]> {
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
  const me = ctx.actor.kind === 'user' ? ctx.actor.sellerId : null;
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

async function skuRowsOf(db: Executor, productId: number): Promise<SkuRow[]> {
  return db
    .select()
    .from(finishedSkus)
    .where(eq(finishedSkus.productId, productId))
    .orderBy(asc(finishedSkus.orderNum), asc(finishedSkus.id));
}

async function detailOf(ctx: Ctx, row: ProductRow): Promise<FinishedProductDetail> {
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

// ---------------------------------------------------------------------------------------------
// Lists

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
  const key = SORT_KEYS[q.sort];
  const cursor =
    q.cursor === undefined
      ? null
      : decodeCursor(q.cursor, { sort: q.sort, order: q.order, kind: key.kind });
  const direction = q.order === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ product: finishedProducts, key: keyText(key) })
      .from(finishedProducts)
      .where(and(...filters, ...(cursor ? [afterCursor(key, finishedProducts.id, cursor)] : [])))
      .orderBy(direction(key.column), direction(finishedProducts.id))
      // One extra row says whether a next page exists.
      .limit(q.size + 1)
      .offset(cursor ? 0 : (q.page - 1) * q.size),
    cappedCount(ctx.db, finishedProducts, and(...filters), PARENT_PRODUCT_TOTAL_CAP),
  ]);
  const pageRows = rows.slice(0, q.size);
  const last = rows.length > q.size ? pageRows.at(-1) : undefined;
  return {
    list: await summariesOf(
      ctx,
      pageRows.map((r) => r.product),
    ),
    pagination: {
      page: q.page,
      size: q.size,
      ...counted,
      next_cursor: last
        ? encodeCursor({ sort: q.sort, order: q.order, key: last.key, id: last.product.id })
        : null,
    },
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

// ---------------------------------------------------------------------------------------------
// Writing SKUs and images

/** Product price and cost are the lowest of its SKUs', so lists sort and filter without a join. */
async function syncPrices(db: Executor, productId: number): Promise<void> {
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

async function parentOf(db: Executor, id: number): Promise<ParentRow> {
  const [row] = await db.select().from(parentProducts).where(eq(parentProducts.id, id)).limit(1);
  if (!row) throw new NotFoundError('goods.parent_not_found');
  return row;
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
        eq(finishedSkus.sellerId, sellerId),
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
async function replaceSkus(
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

async function replaceImages(
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
async function guardCodes<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error, 'finished_skus_seller_code_uq'))
      throw new ValidationError({ skus: 'goods.sku_code_taken' });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Creating

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
      return (
        await tx.db.select().from(finishedProducts).where(eq(finishedProducts.id, row!.id))
      )[0]!;
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

/** Runs each item on its own, so one refusal never undoes or stops the others. */
async function eachItem(
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

// ---------------------------------------------------------------------------------------------
// Editing

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
      return findProduct(tx, product.id, 'own');
    }),
  );
  return detailOf(ctx, row);
}

export async function saveTitle(
  ctx: Ctx,
  input: FinishedTitleSave,
): Promise<FinishedProductDetail> {
  const product = await findProduct(ctx, input.id, 'own');
  const [row] = await ctx.db
    .update(finishedProducts)
    .set({ title: input.title, updatedAt: new Date() })
    .where(eq(finishedProducts.id, product.id))
    .returning();
  return detailOf(ctx, row!);
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
    return findProduct(tx, first!.id, 'own');
  });
  return detailOf(ctx, row);
}

/** Shares own products to the shared library, or withdraws them; sharing again keeps the first date. */
export async function joinPlatform(ctx: Ctx, input: JoinPlatformInput): Promise<BatchResult> {
  return eachItem(ctx.lang, input.ids, async (id) => {
    const product = await findProduct(ctx, id, 'own');
    await ctx.db
      .update(finishedProducts)
      .set({
        sharedAt: input.shared ? (product.sharedAt ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(eq(finishedProducts.id, product.id));
    return null;
  });
}

// ---------------------------------------------------------------------------------------------
// Deleting

async function deleteOne(ctx: Ctx, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const product = await findProduct(tx, id, 'own');
    const usage = (await usageOf(tx.db, [product.id])).get(product.id)!;
    if (isUsed(usage)) {
      throw new ConflictError(
        'goods.in_use',
        { id: product.id, ...usage },
        { id: product.id, ...usage },
      );
    }
    await tx.db.delete(finishedProducts).where(eq(finishedProducts.id, product.id));
  });
}

export async function deleteProduct(ctx: Ctx, input: IdInput): Promise<null> {
  await deleteOne(ctx, input.id);
  return null;
}

export async function batchDelete(ctx: Ctx, input: IdsInput): Promise<BatchResult> {
  return eachItem(ctx.lang, input.ids, async (id) => {
    await deleteOne(ctx, id);
    return null;
  });
}

export async function checkUsed(ctx: Ctx, ids: number[]): Promise<CheckUsedResult> {
  const products = await findOwnAll(ctx, ids);
  const usage = await usageOf(
    ctx.db,
    products.map((p) => p.id),
  );
  return products.map((p) => {
    const u = usage.get(p.id)!;
    return { id: p.id, used: isUsed(u), ...u };
  });
}

// ---------------------------------------------------------------------------------------------
// Cart

/** Adds the SKUs to the cart; a SKU already there gets the quantity added to its line. */
export async function batchAddCart(
  ctx: Ctx,
  input: BatchAddCartInput,
): Promise<BatchAddCartResult> {
  const sellerId = sellerIdOf(ctx);
  const skuIds = new Set<number>();
  if (input.ids?.length) {
    await findOwnAll(ctx, input.ids);
    const rows = await ctx.db
      .select({ id: finishedSkus.id })
      .from(finishedSkus)
      .where(inArray(finishedSkus.productId, input.ids));
    for (const r of rows) skuIds.add(r.id);
  }
  if (input.sku_ids?.length) {
    const wanted = [...new Set(input.sku_ids)];
    const rows = await ctx.db
      .select({ id: finishedSkus.id })
      .from(finishedSkus)
      .innerJoin(finishedProducts, eq(finishedSkus.productId, finishedProducts.id))
      .where(and(inArray(finishedSkus.id, wanted), own(ctx)));
    const found = new Set(rows.map((r) => r.id));
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) throw new NotFoundError('goods.sku_not_found_id', { id: missing });
    for (const id of found) skuIds.add(id);
  }
  if (skuIds.size > 0) {
    await ctx.db
      .insert(cartItems)
      .values([...skuIds].map((skuId) => ({ sellerId, skuId, quantity: input.quantity })))
      .onConflictDoUpdate({
        target: [cartItems.sellerId, cartItems.skuId],
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${CART_QUANTITY_MAX})`,
          updatedAt: new Date(),
        },
      });
  }
  const [lines] = await ctx.db
    .select({ n: count() })
    .from(cartItems)
    .where(eq(cartItems.sellerId, sellerId));
  return { added: skuIds.size, cartCount: lines?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Related products

const pairOf = (a: number, b: number) => ({
  productId: Math.min(a, b),
  relatedId: Math.max(a, b),
});

export async function relate(ctx: Ctx, input: RelativeInput): Promise<null> {
  const sellerId = sellerIdOf(ctx);
  if (input.related_ids.includes(input.id))
    throw new ValidationError({ related_ids: 'goods.related_to_itself' });
  await findOwnAll(ctx, [input.id, ...input.related_ids]);
  await ctx.db
    .insert(relatedProducts)
    .values([...new Set(input.related_ids)].map((r) => ({ sellerId, ...pairOf(input.id, r) })))
    .onConflictDoNothing();
  return null;
}

export async function unrelate(ctx: Ctx, input: RelativeDeleteInput): Promise<null> {
  const pair = pairOf(input.id, input.related_id);
  const deleted = await ctx.db
    .delete(relatedProducts)
    .where(
      and(
        eq(relatedProducts.sellerId, sellerIdOf(ctx)),
        eq(relatedProducts.productId, pair.productId),
        eq(relatedProducts.relatedId, pair.relatedId),
      ),
    )
    .returning({ productId: relatedProducts.productId });
  if (deleted.length === 0) throw new NotFoundError('goods.relation_not_found');
  return null;
}

/** The seller's pairs, newest first; filtered by `id`, that product is always on the left. */
export async function listRelated(ctx: Ctx, q: RelativeListQuery): Promise<RelativePage> {
  const where = and(
    eq(relatedProducts.sellerId, sellerIdOf(ctx)),
    q.id === undefined
      ? undefined
      : or(eq(relatedProducts.productId, q.id), eq(relatedProducts.relatedId, q.id)),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(relatedProducts)
      .where(where)
      .orderBy(
        desc(relatedProducts.createdAt),
        asc(relatedProducts.productId),
        asc(relatedProducts.relatedId),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(relatedProducts).where(where),
  ]);
  const ids = [...new Set(rows.flatMap((r) => [r.productId, r.relatedId]))];
  const products =
    ids.length === 0
      ? []
      : await ctx.db.select().from(finishedProducts).where(inArray(finishedProducts.id, ids));
  const summaries = new Map((await summariesOf(ctx, products)).map((s) => [s.id, s]));
  return {
    list: rows.map((r) => {
      const [left, right] =
        q.id !== undefined && r.relatedId === q.id
          ? [r.relatedId, r.productId]
          : [r.productId, r.relatedId];
      return {
        product: summaries.get(left)!,
        related: summaries.get(right)!,
        createTime: unixSeconds(r.createdAt),
      };
    }),
    pagination: { page: q.page, size: q.size, total: total?.n ?? 0 },
  };
}

// ---------------------------------------------------------------------------------------------
// Counts and downloads

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

export interface ProductImages {
  id: number;
  title: string;
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
  return ids.map((id) => ({
    id,
    title: byId.get(id)!.title,
    urls: images.filter((i) => i.productId === id).map((i) => i.url),
  }));
}
