import { z } from 'zod';
import { IdInput, IdQuery, pageResultOf, queryInt, text } from './common.ts';

/** A category with its children; the tree has two levels today but the shape does not assume it. */
export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  orderNum: number;
  children: CategoryNode[];
}
export const CategoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    nameEn: z.string(),
    orderNum: z.number().int(),
    children: z.array(CategoryNode),
  }),
);

export const CategoryTree = z.array(CategoryNode);
export type CategoryTree = z.infer<typeof CategoryTree>;

export const PARENT_PRODUCT_SORTS = ['created_at', 'cost', 'title'] as const;
export const PARENT_PRODUCT_PAGE_MAX = 100;

const minorAmount = queryInt(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));
const unixSeconds = queryInt(z.number().int().min(0).max(253_402_300_799));

/** Parent library search: title substring (Chinese or English), category with its descendants, cost and date ranges. */
export const ParentProductListQuery = z
  .object({
    keyword: text().trim().max(100).optional(),
    category_id: queryInt(z.number().int().positive()).optional(),
    min_cost: minorAmount.optional(),
    max_cost: minorAmount.optional(),
    start_time: unixSeconds.optional(),
    end_time: unixSeconds.optional(),
    sort: z.enum(PARENT_PRODUCT_SORTS).default('created_at'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: queryInt(z.number().int().min(1).max(10_000)).default(1),
    size: queryInt(z.number().int().min(1).max(PARENT_PRODUCT_PAGE_MAX)).default(20),
    /** The previous page's `next_cursor`: pages by keyset at any depth; `page` is then ignored. */
    cursor: text().max(200).optional(),
    /** Only products the design tool can work on: a picture with at least one print area. */
    designable: z.boolean().optional(),
  })
  .refine((q) => q.min_cost === undefined || q.max_cost === undefined || q.min_cost <= q.max_cost, {
    message: 'validation.min_above_max',
    path: ['min_cost'],
  })
  .refine(
    (q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time,
    { message: 'validation.start_after_end', path: ['start_time'] },
  );
export type ParentProductListQuery = z.infer<typeof ParentProductListQuery>;

export const PrintArea = z.object({
  name: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The printed size; the design tool places artwork in these millimetres. */
  widthMm: z.number().positive().optional(),
  heightMm: z.number().positive().optional(),
  /** Resolution of the print file; DEFAULT_PRINT_DPI when absent. */
  dpi: z.number().int().positive().optional(),
});
export type PrintArea = z.infer<typeof PrintArea>;

export const ParentProductImage = z.object({
  id: z.number().int(),
  url: z.string(),
  /** The SKU colour the picture shows; '' when it stands for any colour. */
  color: z.string(),
  orderNum: z.number().int(),
  printAreas: z.array(PrintArea),
});
export type ParentProductImage = z.infer<typeof ParentProductImage>;

export const ParentSku = z.object({
  id: z.number().int(),
  sku: z.string(),
  /** The colour's key and English name. */
  color: z.string(),
  /** Its name for zh-CN readers; '' when it has none (show `color`). */
  colorZh: z.string(),
  size: z.string(),
  /** The size's name for zh-CN readers ("One Size" → 均码); '' when the size reads the same. */
  sizeZh: z.string(),
  costMinor: z.number().int(),
  stock: z.number().int(),
  status: z.enum(['on', 'off']),
});
export type ParentSku = z.infer<typeof ParentSku>;

export const ParentProductSummary = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  titleEn: z.string(),
  supplier: z.string(),
  costMinor: z.number().int(),
  /** The first image, for grid and table views. */
  image: z.string().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type ParentProductSummary = z.infer<typeof ParentProductSummary>;

/**
 * `total` stops counting at PARENT_PRODUCT_TOTAL_CAP (as Shopify's counts do) so a broad filter
 * over a large library stays fast; `more` says the real total is larger.
 */
export const PARENT_PRODUCT_TOTAL_CAP = 10_000;
export const ParentProductPage = pageResultOf(ParentProductSummary).extend({
  pagination: z.object({
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    more: z.boolean(),
    /** Pass as `cursor` for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  }),
});
export type ParentProductPage = z.infer<typeof ParentProductPage>;

export const ParentProductDetail = ParentProductSummary.extend({
  categoryPath: z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() })),
  weightG: z.number().int(),
  lengthMm: z.number().int(),
  widthMm: z.number().int(),
  heightMm: z.number().int(),
  /** Attribute names and values for zh-CN readers; `attributesEn` for English ones. */
  attributes: z.record(z.string(), z.string()),
  attributesEn: z.record(z.string(), z.string()),
  images: z.array(ParentProductImage),
  skus: z.array(ParentSku),
});
export type ParentProductDetail = z.infer<typeof ParentProductDetail>;

export const ParentProductShowQuery = IdQuery;
export type ParentProductShowQuery = z.infer<typeof ParentProductShowQuery>;

export const SkuListQuery = IdInput;
export type SkuListQuery = z.infer<typeof SkuListQuery>;

export const SkuList = z.array(ParentSku);
export type SkuList = z.infer<typeof SkuList>;

/** What the library's filter bar can offer: the category tree and the cost range of visible products. */
export const ParentLibrarySearchInfo = z.object({
  categories: CategoryTree,
  cost: z.object({ min: z.number().int(), max: z.number().int() }),
  sorts: z.array(z.enum(PARENT_PRODUCT_SORTS)),
});
export type ParentLibrarySearchInfo = z.infer<typeof ParentLibrarySearchInfo>;
