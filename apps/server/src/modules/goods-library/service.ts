import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  like,
  inArray,
  lte,
  max,
  min,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  type CollInput,
  type CollListQuery,
  type CollResult,
  type FavouriteIds,
  type IdsInput,
  PARENT_PRODUCT_SORTS,
  PARENT_PRODUCT_TOTAL_CAP,
  type CategoryNode,
  type CategoryTree,
  type ParentLibrarySearchInfo,
  type ParentProductDetail,
  type ParentProductListQuery,
  type ParentProductPage,
  type ParentProductShowQuery,
  type ParentProductSummary,
  type ParentSku,
  type SkuListQuery,
} from '@app/shared';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  categories,
  parentFavourites,
  parentProductImages,
  parentProducts,
  parentSkus,
} from '../../db/schema.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { NotFoundError } from '../../errors.ts';
import { cappedCount, keyset, keyText, type SortKey } from '../../db/paging.ts';
import { unixSeconds } from '../../time.ts';

type CategoryRow = typeof categories.$inferSelect;

/** Sellers see only products that operators have switched on. */
const visible = eq(parentProducts.status, 'on');

export async function loadCategories(db: Executor): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.orderNum), asc(categories.id));
}

function buildTree(rows: CategoryRow[]): CategoryTree {
  const nodes = new Map<number, CategoryNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        nameEn: r.nameEn,
        orderNum: r.orderNum,
        children: [],
      },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    // A node whose parent is gone is shown at the top rather than lost.
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The category and everything under it; the tree is small, so this is done in memory. */
export function withDescendants(rows: CategoryRow[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  const found = new Set<number>();
  const stack = rows.some((r) => r.id === rootId) ? [rootId] : [];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...found];
}

export async function categoryTree(ctx: Ctx): Promise<CategoryTree> {
  return buildTree(await loadCategories(ctx.db));
}

/** `%`, `_` and `\` typed by the user are literal characters, not LIKE wildcards. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring match on a lower-cased search column (see the schema's `searchText`). */
export function searchTextContains(column: PgColumn, keyword: string): SQL {
  return like(column, containsPattern(keyword.toLowerCase()));
}

async function filtersOf(ctx: Ctx, q: ParentProductListQuery): Promise<SQL[]> {
  const where: SQL[] = [visible];
  if (q.keyword) {
    where.push(searchTextContains(parentProducts.searchText, q.keyword));
  }
  if (q.category_id !== undefined) {
    const ids = withDescendants(await loadCategories(ctx.db), q.category_id);
    // An unknown category matches nothing rather than everything.
    where.push(ids.length > 0 ? inArray(parentProducts.categoryId, ids) : sql`false`);
  }
  if (q.designable) {
    where.push(sql`exists (select 1 from ${parentProductImages} i
      where i.product_id = ${parentProducts.id} and jsonb_array_length(i.print_areas) > 0)`);
  }
  if (q.min_cost !== undefined) where.push(gte(parentProducts.costMinor, q.min_cost));
  if (q.max_cost !== undefined) where.push(lte(parentProducts.costMinor, q.max_cost));
  if (q.start_time !== undefined)
    where.push(gte(parentProducts.createdAt, new Date(q.start_time * 1000)));
  // end_time names a second; everything within that second is included.
  if (q.end_time !== undefined)
    where.push(sql`${parentProducts.createdAt} < ${new Date((q.end_time + 1) * 1000)}`);
  return where;
}

const SORT_KEYS: Record<(typeof PARENT_PRODUCT_SORTS)[number], SortKey> = {
  created_at: { column: parentProducts.createdAt, kind: 'timestamp' },
  cost: { column: parentProducts.costMinor, kind: 'integer' },
  title: { column: parentProducts.title, kind: 'text' },
};

/** First image of each product, one query for the page. */
async function firstImages(db: Executor, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([parentProductImages.productId], {
      productId: parentProductImages.productId,
      url: parentProductImages.url,
    })
    .from(parentProductImages)
    .where(inArray(parentProductImages.productId, productIds))
    .orderBy(
      parentProductImages.productId,
      asc(parentProductImages.orderNum),
      asc(parentProductImages.id),
    );
  return new Map(rows.map((r) => [r.productId, r.url]));
}

type ProductRow = typeof parentProducts.$inferSelect;

function toSummary(row: ProductRow, image: string | null): ParentProductSummary {
  return {
    id: row.id,
    categoryId: row.categoryId,
    title: row.title,
    titleEn: row.titleEn,
    supplier: row.supplier,
    costMinor: row.costMinor,
    image,
    createTime: unixSeconds(row.createdAt),
    updateTime: unixSeconds(row.updatedAt),
  };
}

export async function listParentProducts(
  ctx: Ctx,
  q: ParentProductListQuery,
): Promise<ParentProductPage> {
  const filters = await filtersOf(ctx, q);
  const key = SORT_KEYS[q.sort];
  const page = keyset(key, parentProducts.id, q);
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ product: parentProducts, key: keyText(key) })
      .from(parentProducts)
      .where(and(...filters, page.after))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    cappedCount(ctx.db, parentProducts, and(...filters), PARENT_PRODUCT_TOTAL_CAP),
  ]);
  const { rows: pageRows, nextCursor } = page.finish(rows, (r) => ({
    key: r.key,
    id: r.product.id,
  }));
  const images = await firstImages(
    ctx.db,
    pageRows.map((r) => r.product.id),
  );
  return {
    list: pageRows.map((r) => toSummary(r.product, images.get(r.product.id) ?? null)),
    pagination: {
      page: q.page,
      size: q.size,
      ...counted,
      next_cursor: nextCursor,
    },
  };
}

async function findVisible(db: Executor, id: number): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(parentProducts)
    .where(and(eq(parentProducts.id, id), visible))
    .limit(1);
  if (!row) throw new NotFoundError('goods_library.not_found');
  return row;
}

function toSku(row: typeof parentSkus.$inferSelect): ParentSku {
  return {
    id: row.id,
    sku: row.sku,
    color: row.color,
    colorZh: row.colorZh,
    size: row.size,
    sizeZh: row.sizeZh,
    costMinor: row.costMinor,
    stock: row.stock,
    status: row.status,
  };
}

async function skusOf(db: Executor, productId: number): Promise<ParentSku[]> {
  const rows = await db
    .select()
    .from(parentSkus)
    .where(eq(parentSkus.productId, productId))
    .orderBy(asc(parentSkus.id));
  return rows.map(toSku);
}

function categoryPath(rows: CategoryRow[], id: number): ParentProductDetail['categoryPath'] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path: ParentProductDetail['categoryPath'] = [];
  for (let node = byId.get(id); node && path.length <= rows.length;) {
    path.unshift({ id: node.id, name: node.name, nameEn: node.nameEn });
    node = node.parentId === null ? undefined : byId.get(node.parentId);
  }
  return path;
}

export async function showParentProduct(
  ctx: Ctx,
  input: ParentProductShowQuery,
): Promise<ParentProductDetail> {
  const row = await findVisible(ctx.db, input.id);
  const [images, skus, cats] = await Promise.all([
    ctx.db
      .select()
      .from(parentProductImages)
      .where(eq(parentProductImages.productId, row.id))
      .orderBy(asc(parentProductImages.orderNum), asc(parentProductImages.id)),
    skusOf(ctx.db, row.id),
    loadCategories(ctx.db),
  ]);
  return {
    ...toSummary(row, images[0]?.url ?? null),
    categoryPath: categoryPath(cats, row.categoryId),
    weightG: row.weightG,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    attributes: row.attributes,
    attributesEn: row.attributesEn,
    images: images.map((i) => ({
      id: i.id,
      url: i.url,
      color: i.color,
      orderNum: i.orderNum,
      printAreas: i.printAreas,
    })),
    skus,
  };
}

export async function listParentSkus(ctx: Ctx, input: SkuListQuery): Promise<ParentSku[]> {
  const row = await findVisible(ctx.db, input.id);
  return skusOf(ctx.db, row.id);
}

export async function parentLibrarySearchInfo(ctx: Ctx): Promise<ParentLibrarySearchInfo> {
  const [cats, [range]] = await Promise.all([
    loadCategories(ctx.db),
    ctx.db
      .select({ min: min(parentProducts.costMinor), max: max(parentProducts.costMinor) })
      .from(parentProducts)
      .where(visible),
  ]);
  return {
    categories: buildTree(cats),
    cost: { min: Number(range?.min ?? 0), max: Number(range?.max ?? 0) },
    sorts: [...PARENT_PRODUCT_SORTS],
  };
}

/** Favourites a parent product, or with `coll: false` forgets it; repeating either changes nothing. */
export async function collect(ctx: Ctx, input: CollInput): Promise<CollResult> {
  const sellerId = sellerIdOf(ctx);
  if (input.coll) {
    await findVisible(ctx.db, input.id);
    await ctx.db
      .insert(parentFavourites)
      .values({ sellerId, productId: input.id })
      .onConflictDoNothing();
  } else {
    await ctx.db
      .delete(parentFavourites)
      .where(
        and(ownedBy(ctx, parentFavourites.sellerId), eq(parentFavourites.productId, input.id)),
      );
  }
  return { id: input.id, coll: input.coll };
}

/** The seller's favourite parent products that are still on sale, newest favourite first. */
export async function listFavourites(ctx: Ctx, q: CollListQuery): Promise<ParentProductPage> {
  const where = and(
    ownedBy(ctx, parentFavourites.sellerId),
    visible,
    q.keyword ? searchTextContains(parentProducts.searchText, q.keyword) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ product: parentProducts })
      .from(parentFavourites)
      .innerJoin(parentProducts, eq(parentFavourites.productId, parentProducts.id))
      .where(where)
      .orderBy(desc(parentFavourites.createdAt), desc(parentProducts.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db
      .select({ n: count() })
      .from(parentFavourites)
      .innerJoin(parentProducts, eq(parentFavourites.productId, parentProducts.id))
      .where(where),
  ]);
  const images = await firstImages(
    ctx.db,
    rows.map((r) => r.product.id),
  );
  return {
    list: rows.map((r) => toSummary(r.product, images.get(r.product.id) ?? null)),
    pagination: {
      page: q.page,
      size: q.size,
      total: counted?.n ?? 0,
      more: false,
      next_cursor: null,
    },
  };
}

/** all-is-offten: which of `ids` the seller has favourited. */
export async function favouriteIds(ctx: Ctx, input: IdsInput): Promise<FavouriteIds> {
  const rows = await ctx.db
    .select({ id: parentFavourites.productId })
    .from(parentFavourites)
    .where(
      and(ownedBy(ctx, parentFavourites.sellerId), inArray(parentFavourites.productId, input.ids)),
    );
  const found = new Set(rows.map((r) => r.id));
  return { ids: input.ids.filter((id, i) => found.has(id) && input.ids.indexOf(id) === i) };
}
