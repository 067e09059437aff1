import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  max,
  min,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
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
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { categories, parentProductImages, parentProducts, parentSkus } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';

type CategoryRow = typeof categories.$inferSelect;

/** Sellers see only products that operators have switched on. */
const visible = eq(parentProducts.status, 'on');

async function loadCategories(db: Executor): Promise<CategoryRow[]> {
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
function withDescendants(rows: CategoryRow[], rootId: number): number[] {
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
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

async function filtersOf(ctx: Ctx, q: ParentProductListQuery): Promise<SQL[]> {
  const where: SQL[] = [visible];
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    where.push(or(ilike(parentProducts.title, pattern), ilike(parentProducts.titleEn, pattern))!);
  }
  if (q.category_id !== undefined) {
    const ids = withDescendants(await loadCategories(ctx.db), q.category_id);
    // An unknown category matches nothing rather than everything.
    where.push(ids.length > 0 ? inArray(parentProducts.categoryId, ids) : sql`false`);
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

const SORT_COLUMNS = {
  created_at: parentProducts.createdAt,
  cost: parentProducts.costMinor,
  title: parentProducts.title,
} satisfies Record<(typeof PARENT_PRODUCT_SORTS)[number], unknown>;

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
  const where = and(...(await filtersOf(ctx, q)));
  const direction = q.order === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    ctx.db
      .select()
      .from(parentProducts)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[q.sort]), direction(parentProducts.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    // Counting stops one past the cap: exact below it, "more" above it, never a full scan.
    ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${parentProducts} where ${where} limit ${PARENT_PRODUCT_TOTAL_CAP + 1}) capped`,
    ),
  ]);
  const n = Number(counted.rows[0]?.n ?? 0);
  const images = await firstImages(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toSummary(r, images.get(r.id) ?? null)),
    pagination: {
      page: q.page,
      size: q.size,
      total: Math.min(n, PARENT_PRODUCT_TOTAL_CAP),
      more: n > PARENT_PRODUCT_TOTAL_CAP,
    },
  };
}

async function findVisible(db: Executor, id: number): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(parentProducts)
    .where(and(eq(parentProducts.id, id), visible))
    .limit(1);
  if (!row) throw new NotFoundError('Product not found');
  return row;
}

function toSku(row: typeof parentSkus.$inferSelect): ParentSku {
  return {
    id: row.id,
    sku: row.sku,
    color: row.color,
    size: row.size,
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
    images: images.map((i) => ({
      id: i.id,
      url: i.url,
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
