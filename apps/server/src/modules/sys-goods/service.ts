import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type {
  SysGoodsDetail,
  SysGoodsInput,
  SysGoodsPage,
  SysGoodsQuery,
  SysGoodsRow,
  SysGoodsUpdate,
  SysStatusInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  categories,
  factories,
  parentProductImages,
  parentProducts,
  parentSkus,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { keyOfUrl, type ObjectStorage } from '../../integrations/object-storage.ts';
import { unixSeconds } from '../../time.ts';
import { recordAudit } from '../audit/index.ts';
import { isPlatformKey } from '../uploads/index.ts';
import { loadCategories, searchTextContains, withDescendants } from '../goods-library/index.ts';

type ProductRow = typeof parentProducts.$inferSelect;

function toRow(row: ProductRow, extra: { skuCount: number; image: string | null }): SysGoodsRow {
  return {
    id: row.id,
    category_id: row.categoryId,
    title: row.title,
    title_en: row.titleEn,
    supplier: row.supplier,
    cost_minor: row.costMinor,
    status: row.status,
    factory_id: row.factoryId,
    sku_count: extra.skuCount,
    image: extra.image,
    created_at: unixSeconds(row.createdAt),
    updated_at: unixSeconds(row.updatedAt),
  };
}

/** The operator's catalogue list: every product, switched-off ones too, newest first. */
export async function pageGoods(ctx: Ctx, q: SysGoodsQuery): Promise<SysGoodsPage> {
  const where: SQL[] = [];
  if (q.keyword) where.push(searchTextContains(parentProducts.searchText, q.keyword));
  if (q.status) where.push(eq(parentProducts.status, q.status));
  if (q.factory_id !== undefined) where.push(eq(parentProducts.factoryId, q.factory_id));
  if (q.category_id !== undefined) {
    const ids = withDescendants(await loadCategories(ctx.db), q.category_id);
    where.push(ids.length > 0 ? inArray(parentProducts.categoryId, ids) : sql`false`);
  }
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(parentProducts)
      .where(and(...where))
      .orderBy(desc(parentProducts.createdAt), desc(parentProducts.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db
      .select({ n: count() })
      .from(parentProducts)
      .where(and(...where)),
  ]);
  const { skuCounts, images } = await pageExtras(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) =>
      toRow(r, { skuCount: skuCounts.get(r.id) ?? 0, image: images.get(r.id) ?? null }),
    ),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

/** The SKU count and first picture of each product of a page: two queries for the page. */
async function pageExtras(db: Executor, ids: number[]) {
  if (ids.length === 0) return { skuCounts: new Map<number, number>(), images: new Map() };
  const [counts, firsts] = await Promise.all([
    db
      .select({ id: parentSkus.productId, n: count() })
      .from(parentSkus)
      .where(inArray(parentSkus.productId, ids))
      .groupBy(parentSkus.productId),
    db
      .selectDistinctOn([parentProductImages.productId], {
        id: parentProductImages.productId,
        url: parentProductImages.url,
      })
      .from(parentProductImages)
      .where(inArray(parentProductImages.productId, ids))
      .orderBy(
        parentProductImages.productId,
        asc(parentProductImages.orderNum),
        asc(parentProductImages.id),
      ),
  ]);
  return {
    skuCounts: new Map(counts.map((c) => [c.id, c.n])),
    images: new Map<number, string>(firsts.map((f) => [f.id, f.url])),
  };
}

async function findProduct(db: Executor, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(parentProducts).where(eq(parentProducts.id, id));
  if (!row) throw new NotFoundError('sys_catalog.goods_not_found');
  return row;
}

export const goodsInfo = (ctx: Ctx, id: number): Promise<SysGoodsDetail> => detailOf(ctx.db, id);

async function detailOf(db: Executor, id: number): Promise<SysGoodsDetail> {
  const row = await findProduct(db, id);
  const [skus, images] = await Promise.all([
    db.select().from(parentSkus).where(eq(parentSkus.productId, id)).orderBy(asc(parentSkus.id)),
    db
      .select()
      .from(parentProductImages)
      .where(eq(parentProductImages.productId, id))
      .orderBy(asc(parentProductImages.orderNum), asc(parentProductImages.id)),
  ]);
  return {
    ...toRow(row, { skuCount: skus.length, image: images[0]?.url ?? null }),
    weight_g: row.weightG,
    length_mm: row.lengthMm,
    width_mm: row.widthMm,
    height_mm: row.heightMm,
    attributes: row.attributes,
    attributes_en: row.attributesEn,
    skus: skus.map((s) => ({
      id: s.id,
      sku: s.sku,
      color: s.color,
      color_zh: s.colorZh,
      size: s.size,
      size_zh: s.sizeZh,
      cost_minor: s.costMinor,
      stock: s.stock,
      status: s.status,
    })),
    images: images.map((i) => ({ url: i.url, color: i.color, print_areas: i.printAreas })),
  };
}

/**
 * The references a product names must exist, and its pictures must be catalogue files (uploaded
 * through `sys/goods/upload`, or the demo's): sellers copy them into their own goods.
 */
async function checkReferences(
  db: Executor,
  input: SysGoodsInput,
  storage: Pick<ObjectStorage, 'url'>,
): Promise<void> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.category_id));
  if (!category) throw new ValidationError({ category_id: 'sys_catalog.category_not_found' });
  if (input.factory_id !== null) {
    const [factory] = await db
      .select({ id: factories.id })
      .from(factories)
      .where(eq(factories.id, input.factory_id));
    if (!factory) throw new ValidationError({ factory_id: 'sys_catalog.factory_not_found' });
  }
  input.images.forEach((image, i) => {
    const key = keyOfUrl(image.url, storage);
    if (key === null || !isPlatformKey(key)) {
      throw new ValidationError({ [`images.${i}.url`]: 'sys_catalog.image_not_catalog' });
    }
  });
}

/** A SKU code is unique across the catalogue; one of another product is a 409 on that field. */
async function checkSkuCodes(
  db: Executor,
  input: SysGoodsInput,
  productId: number | null,
): Promise<void> {
  const codes = input.skus.map((s) => s.sku);
  const taken = await db
    .select({ sku: parentSkus.sku })
    .from(parentSkus)
    .where(
      and(
        inArray(parentSkus.sku, codes),
        productId === null ? undefined : ne(parentSkus.productId, productId),
      ),
    );
  if (taken.length === 0) return;
  const index = codes.indexOf(taken[0]!.sku);
  throw new ConflictError('sys_catalog.sku_taken', { sku: taken[0]!.sku }, null, {
    [`skus.${index}.sku`]: { key: 'sys_catalog.sku_taken', params: { sku: taken[0]!.sku } },
  });
}

/** The product's cost is its cheapest SKU on sale (any SKU when all are off), as the library lists it. */
function costOf(input: SysGoodsInput): number {
  const on = input.skus.filter((s) => s.status === 'on');
  return Math.min(...(on.length > 0 ? on : input.skus).map((s) => s.cost_minor));
}

function productValues(input: SysGoodsInput) {
  return {
    categoryId: input.category_id,
    title: input.title,
    titleEn: input.title_en,
    supplier: input.supplier,
    costMinor: costOf(input),
    weightG: input.weight_g,
    lengthMm: input.length_mm,
    widthMm: input.width_mm,
    heightMm: input.height_mm,
    attributes: input.attributes,
    attributesEn: input.attributes_en,
    factoryId: input.factory_id,
    status: input.status,
  };
}

const skuValues = (productId: number, s: SysGoodsInput['skus'][number]) => ({
  productId,
  sku: s.sku,
  color: s.color,
  colorZh: s.color_zh,
  size: s.size,
  sizeZh: s.size_zh,
  costMinor: s.cost_minor,
  stock: s.stock,
  status: s.status,
});

async function writeImages(db: Executor, productId: number, input: SysGoodsInput): Promise<void> {
  await db.delete(parentProductImages).where(eq(parentProductImages.productId, productId));
  if (input.images.length === 0) return;
  await db.insert(parentProductImages).values(
    input.images.map((image, orderNum) => ({
      productId,
      url: image.url,
      color: image.color,
      orderNum,
      printAreas: image.print_areas,
    })),
  );
}

/** What the audit log keeps of a product: its fields, SKU codes with costs, and picture count. */
async function snapshot(db: Executor, id: number): Promise<Record<string, unknown>> {
  const detail = await detailOf(db, id);
  const { updated_at: _updated, image: _image, ...fields } = detail;
  return {
    ...fields,
    skus: detail.skus.map((s) => `${s.sku}:${s.cost_minor}:${s.status}`),
    images: detail.images.length,
  };
}

/** A new parent product with its SKUs and pictures; sellers see it in the library at once when on. */
export async function addGoods(
  ctx: Ctx,
  input: SysGoodsInput,
  storage: Pick<ObjectStorage, 'url'>,
): Promise<SysGoodsDetail> {
  return withTransaction(ctx, async (tx) => {
    await checkReferences(tx.db, input, storage);
    await checkSkuCodes(tx.db, input, null);
    const [product] = await tx.db
      .insert(parentProducts)
      .values(productValues(input))
      .returning({ id: parentProducts.id });
    const id = product!.id;
    await tx.db.insert(parentSkus).values(input.skus.map((s) => skuValues(id, s)));
    await writeImages(tx.db, id, input);
    await recordAudit(tx, {
      object: 'parent_product',
      id,
      before: null,
      after: await snapshot(tx.db, id),
    });
    return goodsInfo(tx, id);
  });
}

/**
 * Rewrites a product: SKUs are matched by `id`, else by code; SKUs left out are switched off,
 * never deleted, since finished products and orders point at them.
 */
export async function updateGoods(
  ctx: Ctx,
  input: SysGoodsUpdate,
  storage: Pick<ObjectStorage, 'url'>,
): Promise<SysGoodsDetail> {
  return withTransaction(ctx, async (tx) => {
    await findProduct(tx.db, input.id);
    await checkReferences(tx.db, input, storage);
    await checkSkuCodes(tx.db, input, input.id);
    const before = await snapshot(tx.db, input.id);
    const existing = await tx.db
      .select({ id: parentSkus.id, sku: parentSkus.sku })
      .from(parentSkus)
      .where(eq(parentSkus.productId, input.id));
    const byId = new Map(existing.map((s) => [s.id, s]));
    const byCode = new Map(existing.map((s) => [s.sku, s]));
    const kept = new Set<number>();
    for (const [i, sku] of input.skus.entries()) {
      const match = sku.id === undefined ? byCode.get(sku.sku) : byId.get(sku.id);
      if (sku.id !== undefined && !match) {
        throw new ValidationError({ [`skus.${i}.id`]: 'sys_catalog.goods_not_found' });
      }
      if (match) {
        kept.add(match.id);
        await tx.db
          .update(parentSkus)
          .set(skuValues(input.id, sku))
          .where(eq(parentSkus.id, match.id));
      } else {
        await tx.db.insert(parentSkus).values(skuValues(input.id, sku));
      }
    }
    const dropped = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
    if (dropped.length > 0) {
      await tx.db.update(parentSkus).set({ status: 'off' }).where(inArray(parentSkus.id, dropped));
    }
    await tx.db
      .update(parentProducts)
      .set({ ...productValues(input), updatedAt: sql`now()` })
      .where(eq(parentProducts.id, input.id));
    await writeImages(tx.db, input.id, input);
    await recordAudit(tx, {
      object: 'parent_product',
      id: input.id,
      before,
      after: await snapshot(tx.db, input.id),
    });
    return goodsInfo(tx, input.id);
  });
}

/** Switches a product off (sellers stop seeing it; what they made from it stays) or on again. */
export async function setGoodsStatus(ctx: Ctx, input: SysStatusInput): Promise<SysGoodsDetail> {
  return withTransaction(ctx, async (tx) => {
    const row = await findProduct(tx.db, input.id);
    if (row.status !== input.status) {
      await tx.db
        .update(parentProducts)
        .set({ status: input.status, updatedAt: sql`now()` })
        .where(eq(parentProducts.id, input.id));
      await recordAudit(tx, {
        object: 'parent_product',
        id: input.id,
        before: { status: row.status },
        after: { status: input.status },
      });
    }
    return goodsInfo(tx, input.id);
  });
}
