import { z } from 'zod';
import { IdInput, IdsInput, queryInt, text } from './common.ts';

/** How a finished product came to be; `get-goods-type-num` counts per source. */
export const FINISHED_SOURCES = ['parent', 'platform', 'duplicate', 'merge', 'design'] as const;
export const FinishedSource = z.enum(FINISHED_SOURCES);
export type FinishedSource = z.infer<typeof FinishedSource>;

export const FINISHED_PRODUCT_SORTS = ['created_at', 'price', 'title'] as const;
export const FINISHED_PAGE_MAX = 100;
export const FINISHED_TITLE_MAX = 200;
export const FINISHED_TAGS_MAX = 20;
export const FINISHED_SKUS_MAX = 200;
export const FINISHED_IMAGES_MAX = 30;
export const SKU_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A new finished SKU's default price: its parent SKU's cost times this. */
export const DEFAULT_MARKUP = 1.8;

/** The suggested price for a cost, rounded to whole minor units. */
export function markupPriceMinor(costMinor: number): number {
  return Math.round(costMinor * DEFAULT_MARKUP);
}

/** A boolean from JSON or from a query string, where `z.coerce.boolean()` would read "false" as true. */
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

const minorAmount = queryInt(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));
const unixSeconds = queryInt(z.number().int().min(0).max(253_402_300_799));

/**
 * Search over finished products: `keyword` matches the title or a SKU code. `cursor` (from the
 * previous page's `next_cursor`) pages by keyset at any depth; `page` is for jumping near the top.
 */
export const FinishedProductListQuery = z
  .object({
    keyword: text().trim().max(100).optional(),
    category_id: queryInt(z.number().int().positive()).optional(),
    source: FinishedSource.optional(),
    shared: flag.optional(),
    min_price: minorAmount.optional(),
    max_price: minorAmount.optional(),
    start_time: unixSeconds.optional(),
    end_time: unixSeconds.optional(),
    sort: z.enum(FINISHED_PRODUCT_SORTS).default('created_at'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: queryInt(z.number().int().min(1).max(10_000)).default(1),
    size: queryInt(z.number().int().min(1).max(FINISHED_PAGE_MAX)).default(20),
    cursor: text().max(200).optional(),
  })
  .refine(
    (q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price,
    { message: 'validation.min_above_max', path: ['min_price'] },
  )
  .refine(
    (q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time,
    { message: 'validation.start_after_end', path: ['start_time'] },
  );
export type FinishedProductListQuery = z.infer<typeof FinishedProductListQuery>;

export const FinishedSku = z.object({
  id: z.number().int(),
  parentSkuId: z.number().int().nullable(),
  skuCode: z.string(),
  /** The colour's key and English name, as pictures and designs know it. */
  color: z.string(),
  /** Names for zh-CN readers, the parent SKU's while the SKU keeps its colour and size; '' = as above. */
  colorZh: z.string(),
  size: z.string(),
  sizeZh: z.string(),
  priceMinor: z.number().int(),
  costMinor: z.number().int(),
  image: z.string().nullable(),
});
export type FinishedSku = z.infer<typeof FinishedSku>;

export const FinishedImage = z.object({
  id: z.number().int(),
  url: z.string(),
  kind: z.enum(['image', 'mockup']),
  color: z.string(),
});
export type FinishedImage = z.infer<typeof FinishedImage>;

export const FinishedProductSummary = z.object({
  id: z.number().int(),
  parentProductId: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  priceMinor: z.number().int(),
  costMinor: z.number().int(),
  source: FinishedSource,
  tags: z.array(z.string()),
  image: z.string().nullable(),
  skuCount: z.number().int(),
  shared: z.boolean(),
  /** True when the caller's seller owns it (shared-library lists mix owners). */
  mine: z.boolean(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type FinishedProductSummary = z.infer<typeof FinishedProductSummary>;

/** `total` is capped like the parent library's; `next_cursor` is null on the last page. */
export const FinishedProductPage = z.object({
  list: z.array(FinishedProductSummary),
  pagination: z.object({
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    more: z.boolean(),
    next_cursor: z.string().nullable(),
  }),
});
export type FinishedProductPage = z.infer<typeof FinishedProductPage>;

export const FinishedProductDetail = FinishedProductSummary.extend({
  parent: z.object({ id: z.number().int(), title: z.string(), titleEn: z.string() }),
  design: z.record(z.string(), z.unknown()).nullable(),
  skus: z.array(FinishedSku),
  images: z.array(FinishedImage),
});
export type FinishedProductDetail = z.infer<typeof FinishedProductDetail>;

const title = text().trim().min(1).max(FINISHED_TITLE_MAX);
const tags = z.array(text().trim().min(1).max(30)).max(FINISHED_TAGS_MAX);
const imageUrl = text().trim().min(1).max(500);

/** A SKU as the edit form sends it: `id` for an existing one; a blank code is generated. */
export const FinishedSkuInput = z.object({
  id: z.number().int().positive().optional(),
  parent_sku_id: z.number().int().positive().optional(),
  sku_code: z
    .string()
    .trim()
    .regex(SKU_CODE_PATTERN, 'validation.sku_code')
    .optional()
    .or(z.literal('')),
  color: text().trim().max(50).default(''),
  size: text().trim().max(50).default(''),
  price_minor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  image: imageUrl.nullable().optional(),
});
export type FinishedSkuInput = z.infer<typeof FinishedSkuInput>;

export const FinishedImageInput = z.object({
  url: imageUrl,
  kind: z.enum(['image', 'mockup']).default('image'),
  color: text().trim().max(50).default(''),
});
export type FinishedImageInput = z.infer<typeof FinishedImageInput>;

/** goods-save: a new finished product from a parent product; omitted parts come from the parent. */
export const FinishedProductCreate = z.object({
  parent_product_id: z.number().int().positive(),
  title: title.optional(),
  tags: tags.default([]),
  /** Defaults to every on-sale parent SKU at its cost plus the default markup. */
  skus: z.array(FinishedSkuInput).min(1).max(FINISHED_SKUS_MAX).optional(),
  images: z.array(FinishedImageInput).max(FINISHED_IMAGES_MAX).optional(),
  design: z.record(z.string(), z.unknown()).optional(),
});
export type FinishedProductCreate = z.infer<typeof FinishedProductCreate>;

/** update: replaces title, tags, SKUs and images; SKUs left out of `skus` are removed. */
export const FinishedProductUpdate = z.object({
  id: z.number().int().positive(),
  title,
  tags,
  skus: z.array(FinishedSkuInput).min(1).max(FINISHED_SKUS_MAX),
  images: z.array(FinishedImageInput).max(FINISHED_IMAGES_MAX),
});
export type FinishedProductUpdate = z.infer<typeof FinishedProductUpdate>;

export const FinishedTitleSave = z.object({ id: z.number().int().positive(), title });
export type FinishedTitleSave = z.infer<typeof FinishedTitleSave>;

/** join-platfrom: share to (or, with `shared: false`, withdraw from) the shared finished library. */
export const JoinPlatformInput = IdsInput.extend({ shared: z.boolean().default(true) });
export type JoinPlatformInput = z.infer<typeof JoinPlatformInput>;

/** goods-merge: the SKUs and images of the others move into the first; the others are deleted. */
export const GoodsMergeInput = z.object({
  ids: z.array(z.number().int().positive()).min(2).max(50),
});
export type GoodsMergeInput = z.infer<typeof GoodsMergeInput>;

/** batch-add-cart: every SKU of the given products, or just the given SKUs. */
export const BatchAddCartInput = z
  .object({
    ids: z.array(z.number().int().positive()).max(1000).optional(),
    sku_ids: z.array(z.number().int().positive()).max(1000).optional(),
    quantity: z.number().int().min(1).max(9999).default(1),
  })
  .refine((v) => (v.ids?.length ?? 0) + (v.sku_ids?.length ?? 0) > 0, {
    message: 'validation.choose_one_or_more',
    path: ['ids'],
  });
export type BatchAddCartInput = z.infer<typeof BatchAddCartInput>;

export const BatchAddCartResult = z.object({
  added: z.number().int(),
  cartCount: z.number().int(),
});
export type BatchAddCartResult = z.infer<typeof BatchAddCartResult>;

/** One result per requested id: a failed item never undoes the others. */
export const BatchItemResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** Set when `ok` is false: 'not_found', 'used', or a short reason. */
  reason: z.string().nullable(),
  /** The product created for this item (join, duplicate), when any. */
  productId: z.number().int().nullable(),
});
export type BatchItemResult = z.infer<typeof BatchItemResult>;
export const BatchResult = z.object({ results: z.array(BatchItemResult) });
export type BatchResult = z.infer<typeof BatchResult>;

export const RelativeInput = z.object({
  id: z.number().int().positive(),
  related_ids: z.array(z.number().int().positive()).min(1).max(100),
});
export type RelativeInput = z.infer<typeof RelativeInput>;

export const RelativeDeleteInput = z.object({
  id: z.number().int().positive(),
  related_id: z.number().int().positive(),
});
export type RelativeDeleteInput = z.infer<typeof RelativeDeleteInput>;

export const RelativeListQuery = z.object({
  id: queryInt(z.number().int().positive()).optional(),
  page: queryInt(z.number().int().min(1).max(10_000)).default(1),
  size: queryInt(z.number().int().min(1).max(FINISHED_PAGE_MAX)).default(20),
});
export type RelativeListQuery = z.infer<typeof RelativeListQuery>;

export const RelativePair = z.object({
  product: FinishedProductSummary,
  related: FinishedProductSummary,
  createTime: z.number().int(),
});
export const RelativePage = z.object({
  list: z.array(RelativePair),
  pagination: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
});
export type RelativePage = z.infer<typeof RelativePage>;

export const GoodsTypeNum = z.object({
  all: z.number().int(),
  shared: z.number().int(),
  bySource: z.record(FinishedSource, z.number().int()),
});
export type GoodsTypeNum = z.infer<typeof GoodsTypeNum>;

/** `ids` as a comma-separated query value, e.g. `?ids=1,2,3`. */
export const IdsQuery = z.object({
  ids: z
    .string()
    .trim()
    .regex(/^\d{1,15}(,\d{1,15}){0,199}$/, 'validation.id_list')
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
export type IdsQuery = z.infer<typeof IdsQuery>;

export const CheckUsedItem = z.object({
  id: z.number().int(),
  used: z.boolean(),
  listings: z.number().int(),
  orders: z.number().int(),
  cartItems: z.number().int(),
});
export const CheckUsedResult = z.array(CheckUsedItem);
export type CheckUsedResult = z.infer<typeof CheckUsedResult>;

/** goods-library/coll: favourite (or, with `coll: false`, unfavourite) a parent product. */
export const CollInput = IdInput.extend({ coll: z.boolean().default(true) });
export type CollInput = z.infer<typeof CollInput>;
export const CollResult = z.object({ id: z.number().int(), coll: z.boolean() });
export type CollResult = z.infer<typeof CollResult>;

/** all-is-offten: which of these parent products the seller has favourited. */
export const FavouriteIds = z.object({ ids: z.array(z.number().int()) });
export type FavouriteIds = z.infer<typeof FavouriteIds>;

export const CollListQuery = z.object({
  keyword: text().trim().max(100).optional(),
  page: queryInt(z.number().int().min(1).max(10_000)).default(1),
  size: queryInt(z.number().int().min(1).max(FINISHED_PAGE_MAX)).default(20),
});
export type CollListQuery = z.infer<typeof CollListQuery>;
