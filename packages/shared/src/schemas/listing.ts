import { z } from 'zod';
import { multilineText, pageResultOf, queryInt, text, UNIX_SECONDS_MAX } from './common.ts';

/**
 * Amazon listings (`/api/publish/*`, spec 7 "Amazon listings", field sets of spec 3).
 *
 * A listing is one finished product offered in one Amazon store (a store is one site, so
 * `market_id` fixes the site and its currency). It is edited in four steps:
 * 1. basics (brand, manufacturer, condition, handling time, product type),
 * 2. the product type's attributes (validated against the marketplace's definitions),
 * 3. variations: the child SKUs with their price, quantity, options and product id (UPC/EAN),
 * 4. texts: title, description, keywords and five bullet points, and the images.
 *
 * Status: `draft` → `publishing` → `published` | `failed` (with the marketplace's `issues`,
 * each naming its fields) → `taken_down` → `publishing` again. Saving any step of a published
 * listing sets `changed` until it is published again. Money is integer minor units of the
 * site currency (`currency`); times are Unix seconds.
 */

const id = z.number().int().positive();
const queryId = queryInt(z.number().int().positive());
const unix = z.number().int();
/** Accepts a number or a numeric string (query strings), as a positive integer id. */
const ids = z.array(id).min(1).max(1000);

export const LISTING_STATUSES = [
  'draft',
  'publishing',
  'published',
  'failed',
  'taken_down',
] as const;
export const ListingStatusCode = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof ListingStatusCode>;

/** Amazon `condition_type` values the editor offers. */
export const LISTING_CONDITIONS = ['new_new', 'used_like_new', 'used_good'] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];

/** Amazon's title limit; the compliance report flags longer titles. */
export const AMAZON_TITLE_MAX = 200;
export const BULLET_POINT_COUNT = 5;
export const BULLET_POINT_MAX = 500;
export const LISTING_DESCRIBE_MAX = 2000;
export const LISTING_KEYWORDS_MAX = 250;
/** Main image: at least this many pixels on its longest side. */
export const MAIN_IMAGE_MIN_PX = 1000;
export const HANDLING_TIME_MAX = 30;
export const LISTING_ITEMS_MAX = 200;
/** Amazon takes a main image and up to eight others. */
export const LISTING_IMAGES_MAX = 9;

/** A problem the marketplace reported at the last publish; `fields` are its attribute names. */
export const ListingIssue = z.object({
  code: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  fields: z.array(z.string()),
});
export type ListingIssue = z.infer<typeof ListingIssue>;

/** An attribute value of step 2: text, number, yes/no. */
export const AttributeValue = z.union([text().max(1000), z.number(), z.boolean()]);
export type AttributeValue = z.infer<typeof AttributeValue>;

/** One child SKU (step 3). Without variations a listing has exactly one item. */
export const ListingItem = z.object({
  id: z.number().int(),
  /** The finished SKU it came from; null for items added by hand or copied. */
  finished_sku_id: z.number().int().nullable(),
  sku: z.string(),
  /** Minor units of the listing's `currency`. */
  price_minor: z.number().int(),
  quantity: z.number().int(),
  /** Variation attribute → value, e.g. `{ color: 'Black', size: 'M' }`. */
  variation: z.record(z.string(), z.string()),
  /** UPC (12 digits) or EAN (13) / GTIN (14); '' when none yet (publishing takes a free UPC). */
  product_id: z.string(),
  image: z.string().nullable(),
  /**
   * The finished SKU's cost converted to `currency` (minor units), for the editor's margin;
   * null for items without a finished SKU or when the site currency has no exchange rate.
   */
  cost_minor: z.number().int().nullable(),
});
export type ListingItem = z.infer<typeof ListingItem>;

/** A full listing as the editor shows it (`show`, `show-all`, every update answer). */
export const Listing = z.object({
  id: z.number().int(),
  /** The finished product it was made from (null once that product is deleted). */
  goods_id: z.number().int().nullable(),
  status: ListingStatusCode,
  /** Edited since it was last published. */
  changed: z.boolean(),
  /** ASIN once the marketplace gave one. */
  remote_id: z.string().nullable(),
  issues: z.array(ListingIssue),
  /** Site currency (ISO 4217), e.g. USD. */
  currency: z.string(),
  site_id: z.number().int(),
  site_code: z.string(),
  store_alias: z.string(),
  // Step 1
  market_id: z.number().int(),
  manufacturer: z.string(),
  mfrPart_number: z.string(),
  brand: z.string(),
  condition: z.enum(LISTING_CONDITIONS),
  condition_note: z.string(),
  /** Amazon product type, e.g. SHIRT ('' until chosen). */
  market_category_id: z.string(),
  launch_date: unix.nullable(),
  /** Days to ship; null = Amazon's default. */
  handling_time: z.number().int().nullable(),
  // Step 2
  attributes: z.record(z.string(), AttributeValue),
  // Step 3
  is_variation: z.boolean(),
  /** e.g. `COLOR/SIZE`; '' without variations. */
  variation_theme: z.string(),
  /** The parent SKU (or the single item's SKU without variations). */
  parent_sku: z.string(),
  /** Variation attribute names shown as the columns of the items table, e.g. ['color','size']. */
  show_variation_theme: z.array(z.string()),
  items: z.array(ListingItem),
  // Step 4
  title: z.string(),
  describe: z.string(),
  custom_describe: z.string(),
  keywords: z.string(),
  bullet_points: z.array(z.string()),
  /** Image URLs, the main image first. */
  images: z.array(z.string()),
  created_at: unix,
  updated_at: unix,
  published_at: unix.nullable(),
});
export type Listing = z.infer<typeof Listing>;

/** A row of `publish/index` and `get-list-by-ids`. */
export const ListingRow = z.object({
  id: z.number().int(),
  goods_id: z.number().int().nullable(),
  title: z.string(),
  main_image: z.string().nullable(),
  market_id: z.number().int(),
  store_alias: z.string(),
  site_code: z.string(),
  currency: z.string(),
  status: ListingStatusCode,
  changed: z.boolean(),
  remote_id: z.string().nullable(),
  parent_sku: z.string(),
  market_category_id: z.string(),
  sku_count: z.number().int(),
  /** Lowest and highest item price, minor units of `currency`. */
  price_min_minor: z.number().int(),
  price_max_minor: z.number().int(),
  issue_count: z.number().int(),
  created_at: unix,
  updated_at: unix,
  published_at: unix.nullable(),
});
export type ListingRow = z.infer<typeof ListingRow>;

/**
 * `GET publish/index`. `keyword` matches title or any SKU (case-insensitive); `start_time` /
 * `end_time` bound `created_at` (Unix seconds, inclusive). Newest first unless `sort` says so.
 */
export const ListingIndexQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  market_id: queryId.optional(),
  status: ListingStatusCode.optional(),
  keyword: text().trim().max(100).optional(),
  start_time: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
  end_time: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
  sort: z.enum(['created_at', 'updated_at', 'title']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListingIndexQuery = z.infer<typeof ListingIndexQuery>;

/** The page plus the number of listings per status under every filter but `status` (tabs). */
export const ListingPage = pageResultOf(ListingRow).extend({
  counts: z.record(ListingStatusCode, z.number().int()),
});
export type ListingPage = z.infer<typeof ListingPage>;

/**
 * Text templates (`/api/template/<kind>`) to fill step 4 with, placeholders resolved from the
 * product: `goods_item` → title, `five_point` → bullets (one per line), `keyword`, `describe`.
 */
export const ListingTemplateChoice = z.object({
  goods_item: id.optional(),
  five_point: id.optional(),
  keyword: id.optional(),
  describe: id.optional(),
});
export type ListingTemplateChoice = z.infer<typeof ListingTemplateChoice>;

/**
 * `POST publish/create`: one draft listing per finished product, for one Amazon store.
 * Prefilled from the product (title, images, one item per SKU with its code, colour and size);
 * prices through `pricing_template_id` when given (else the SKU price converted to the site
 * currency), texts through `templates`, step 1 from `get-defaultSet-by-market` unless given.
 */
export const CreateListingsInput = z.object({
  market_id: id,
  goods_ids: ids.max(200),
  pricing_template_id: id.optional(),
  templates: ListingTemplateChoice.optional(),
  market_category_id: text().trim().max(100).optional(),
  brand: text().trim().max(100).optional(),
});
export type CreateListingsInput = z.infer<typeof CreateListingsInput>;

export const CreateListingsResult = z.object({
  /** The new listings' ids, in `goods_ids` order. */
  ids: z.array(z.number().int()),
});
export type CreateListingsResult = z.infer<typeof CreateListingsResult>;

const line = (max: number) => text().trim().max(max);
const paragraph = (max: number) => multilineText().trim().max(max);

/** Step 1 fields (spec 3 "Amazon listing step 1"). */
export const Step1Fields = z.object({
  manufacturer: line(100),
  mfrPart_number: line(40).default(''),
  brand: line(100).min(1, 'validation.required'),
  condition_note: paragraph(1000).default(''),
  market_id: id,
  market_category_id: line(100).default(''),
  condition: z.enum(LISTING_CONDITIONS).default('new_new'),
  launch_date: z.number().int().min(0).max(UNIX_SECONDS_MAX).nullable().default(null),
  handling_time: z.number().int().min(1).max(HANDLING_TIME_MAX).nullable().default(null),
});
export const UpdateStep1Input = Step1Fields.extend({ id });
export type UpdateStep1Input = z.infer<typeof UpdateStep1Input>;

/**
 * Step 2: the product type and its attributes. The server checks them against the
 * marketplace's definition: unknown names, missing required ones, values outside an enum or of
 * the wrong type are 422 with `data.fields['attributes.<name>']`.
 */
export const Step2Fields = z.object({
  market_category_id: line(100).min(1, 'validation.required'),
  attributes: z.record(text().max(100), AttributeValue).default({}),
});
export const UpdateStep2Input = Step2Fields.extend({ id });
export type UpdateStep2Input = z.infer<typeof UpdateStep2Input>;

/** An item as the editor sends it: `id` for an existing item, absent for a new one. */
export const ListingItemInput = z.object({
  id: id.optional(),
  sku: line(64).min(1, 'validation.required'),
  price_minor: z.number().int().min(1, 'validation.required').max(100_000_000_00),
  quantity: z.number().int().min(0).max(1_000_000),
  variation: z.record(text().max(50), text().max(100)).default({}),
  /** UPC-A (12 digits) or EAN-13 / GTIN-14 with a valid GS1 check digit, or '' for none. */
  product_id: text().trim().max(14).default(''),
  /** One of the images a listing may use (see `Step4Fields.images`), or null. */
  image: text().max(1000).nullable().default(null),
});
export type ListingItemInput = z.infer<typeof ListingItemInput>;

/**
 * Step 3 (spec 3 "Listing step 3"). Items not sent are removed. SKUs must be unique within
 * the listing and among the seller's other listings in the same store (422 `items.<i>.sku`).
 */
export const Step3Fields = z.object({
  is_variation: z.boolean(),
  items: z.array(ListingItemInput).min(1, 'validation.choose_one_or_more').max(LISTING_ITEMS_MAX),
  variation_theme: line(100).default(''),
  parent_sku: line(64).min(1, 'validation.required'),
  show_variation_theme: z.array(text().max(50)).max(5).default([]),
});
export const UpdateStep3Input = Step3Fields.extend({ id });
export type UpdateStep3Input = z.infer<typeof UpdateStep3Input>;

/** Step 4 (spec 3 "Listing step 4") plus the five bullet points and the images. */
export const Step4Fields = z.object({
  title: line(AMAZON_TITLE_MAX * 2).min(1, 'validation.required'),
  describe: paragraph(LISTING_DESCRIBE_MAX * 5).default(''),
  custom_describe: paragraph(LISTING_DESCRIBE_MAX * 5).default(''),
  keywords: line(LISTING_KEYWORDS_MAX * 4).default(''),
  bullet_points: z.array(line(BULLET_POINT_MAX)).max(BULLET_POINT_COUNT).default([]),
  /**
   * Image URLs, the main image first; left out, the images stay as they are. Each is a file
   * the seller uploaded (image space or materials), an image of the source product or its
   * SKUs, or one the listing already has; any other URL is 422 `images.<i>`.
   */
  images: z.array(line(1000).min(1)).max(LISTING_IMAGES_MAX).optional(),
});
export const UpdateStep4Input = Step4Fields.extend({ id });
export type UpdateStep4Input = z.infer<typeof UpdateStep4Input>;

/**
 * `update/step-all`: several listings at once, each with any of its steps. Each listing is
 * saved on its own (one failing never stops the others); see `StepAllResult`.
 */
export const StepAllInput = z.object({
  list: z
    .array(
      z.object({
        id,
        step1: Step1Fields.optional(),
        step2: Step2Fields.optional(),
        step3: Step3Fields.optional(),
        step4: Step4Fields.optional(),
      }),
    )
    .min(1)
    .max(200),
});
export type StepAllInput = z.infer<typeof StepAllInput>;

/** Per listing: ok, or the message and field errors (`step3.items.0.sku` style keys). */
export const StepAllResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      message: z.string().nullable(),
      fields: z.record(z.string(), z.string()).nullable(),
    }),
  ),
});
export type StepAllResult = z.infer<typeof StepAllResult>;

/** `update/amazin-item-save`: one item of a listing (`item.id` set) saved alone. */
export const ItemSaveInput = z.object({
  id,
  item: ListingItemInput.extend({ id }),
});
export type ItemSaveInput = z.infer<typeof ItemSaveInput>;

/** `show?id=`, `check?id=`, `publish`, `delete`, `copy`: one listing. */
export const ListingIdInput = z.object({ id });
export type ListingIdInput = z.infer<typeof ListingIdInput>;
export const ListingIdQuery = z.object({ id: queryId });
export type ListingIdQuery = z.infer<typeof ListingIdQuery>;
export const ListingIdsInput = z.object({ ids });
export type ListingIdsInput = z.infer<typeof ListingIdsInput>;

/** `GET publish/get-info?market_id=`: what the editor needs for one store. */
export const ListingInfoQuery = z.object({ market_id: queryId });
export type ListingInfoQuery = z.infer<typeof ListingInfoQuery>;
export const ListingInfo = z.object({
  market_id: z.number().int(),
  site_id: z.number().int(),
  site_code: z.string(),
  currency: z.string(),
  /** BCP 47 language of the site's listings. */
  language: z.string(),
  conditions: z.array(z.enum(LISTING_CONDITIONS)),
  /** Variation themes Amazon accepts in general; a product type narrows them. */
  variation_themes: z.array(z.string()),
  title_max: z.number().int(),
  bullet_point_count: z.number().int(),
  main_image_min_px: z.number().int(),
});
export type ListingInfo = z.infer<typeof ListingInfo>;

/**
 * `get-category-by-market?market_id=&parent_id=`: the store site's categories (Amazon product
 * types are one flat list). `get-category-by-market-new` takes `keyword` to search them by
 * id or name.
 */
export const CategoryQuery = z.object({
  market_id: queryId,
  parent_id: text().max(100).optional(),
  keyword: text().trim().max(100).optional(),
});
export type CategoryQuery = z.infer<typeof CategoryQuery>;
export const ListingCategory = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  leaf: z.boolean(),
});
export type ListingCategory = z.infer<typeof ListingCategory>;
export const ListingCategoryList = z.object({ list: z.array(ListingCategory) });
export type ListingCategoryList = z.infer<typeof ListingCategoryList>;

/** `get-category-en-by-id?market_id=&category_id=`: one product type with its attributes. */
export const CategoryDetailQuery = z.object({
  market_id: queryId,
  category_id: text().min(1).max(100),
});
export type CategoryDetailQuery = z.infer<typeof CategoryDetailQuery>;
export const ListingCategoryAttribute = z.object({
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
  type: z.enum(['string', 'number', 'boolean', 'enum']),
  /** Codes of an enum's choices: the values a listing sends. */
  options: z.array(z.string()).optional(),
  /** Each of `options` as the reader sees it (same order), the code where none is given. */
  option_names: z.array(z.string()).optional(),
});
export type ListingCategoryAttribute = z.infer<typeof ListingCategoryAttribute>;
export const ListingCategoryDetail = z.object({
  id: z.string(),
  /** Attributes the editor asks for in step 2; those the steps fill (title, price…) left out. */
  attributes: z.array(ListingCategoryAttribute),
});
export type ListingCategoryDetail = z.infer<typeof ListingCategoryDetail>;

/** `get-defaultSet-by-market?market_id=`: the seller's last-used step 1 values for that store. */
export const ListingDefaults = z.object({
  market_id: z.number().int(),
  brand: z.string(),
  manufacturer: z.string(),
  handling_time: z.number().int().nullable(),
  condition: z.enum(LISTING_CONDITIONS),
  market_category_id: z.string(),
});
export type ListingDefaults = z.infer<typeof ListingDefaults>;

export const COMPLIANCE_RULES = [
  'title_length',
  'required_attribute',
  'main_image_size',
  'main_image_background',
  'main_image_missing',
  'forbidden_word',
  'missing_product_id',
  'invalid_product_id',
  'missing_price',
] as const;

/**
 * One finding of the compliance report. `field` is the editor field it belongs to (`title`,
 * `bullet_points.2`, `describe`, `keywords`, `attributes.department`, `images.0`,
 * `items.3.product_id`); `start`/`end` are UTF-16 offsets for forbidden words.
 */
export const ComplianceFinding = z.object({
  rule: z.enum(COMPLIANCE_RULES),
  severity: z.enum(['error', 'warning']),
  field: z.string(),
  message: z.string(),
  word: z.string().optional(),
  start: z.number().int().optional(),
  end: z.number().int().optional(),
});
export type ComplianceFinding = z.infer<typeof ComplianceFinding>;

/**
 * `GET publish/check?id=`, also computed before every publish. `ok` is false while any
 * finding is an error; publishing then answers 409 with this report as `data.report`.
 * A missing UPC is a warning when the seller has a free UPC code to take at publish.
 */
export const ComplianceReport = z.object({
  ok: z.boolean(),
  errors: z.number().int(),
  warnings: z.number().int(),
  findings: z.array(ComplianceFinding),
});
export type ComplianceReport = z.infer<typeof ComplianceReport>;

export const LISTING_BATCH_KINDS = [
  'publish',
  'down',
  'delete',
  'update',
  'update-content',
  'main-image',
] as const;
export type ListingBatchKind = (typeof LISTING_BATCH_KINDS)[number];

/**
 * What every lifecycle call answers (`publish`, `delete`, `batch-*`): the batch and its job.
 * Poll `GET /api/jobs/:job_id` for the progress bar and `GET publish/batch?id=<batch_id>`
 * for the per-listing results.
 */
export const ListingBatchStarted = z.object({
  batch_id: z.number().int(),
  job_id: z.string(),
  total: z.number().int(),
  /**
   * One batch and job per store: listings of several stores give several (the top-level
   * `batch_id`/`job_id` are the first's; `total` counts them all).
   */
  batches: z.array(
    z.object({
      batch_id: z.number().int(),
      job_id: z.string(),
      market_id: z.number().int(),
      total: z.number().int(),
    }),
  ),
});
export type ListingBatchStarted = z.infer<typeof ListingBatchStarted>;

export const LISTING_BATCH_ITEM_STATES = ['pending', 'done', 'failed'] as const;
export const ListingBatchItem = z.object({
  listing_id: z.number().int(),
  state: z.enum(LISTING_BATCH_ITEM_STATES),
  /** Why it failed (compliance errors, marketplace issues, store refused…). */
  error: z.string().nullable(),
  issues: z.array(ListingIssue),
  report: ComplianceReport.nullable(),
});
export type ListingBatchItem = z.infer<typeof ListingBatchItem>;
export const ListingBatch = z.object({
  id: z.number().int(),
  kind: z.enum(LISTING_BATCH_KINDS),
  job_id: z.string().nullable(),
  status: z.enum(['running', 'finished']),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  items: z.array(ListingBatchItem),
  created_at: unix,
});
export type ListingBatch = z.infer<typeof ListingBatch>;
export const ListingBatchQuery = z.object({ id: queryId });
export type ListingBatchQuery = z.infer<typeof ListingBatchQuery>;

/**
 * `batch-update`: the same step 1 values or stock on many listings (only the fields given
 * change); `pricing_template_id` re-prices every item from its finished SKU's cost.
 */
export const BatchUpdateInput = z.object({
  ids,
  set: z
    .object({
      brand: line(100).min(1).optional(),
      manufacturer: line(100).optional(),
      condition: z.enum(LISTING_CONDITIONS).optional(),
      condition_note: paragraph(1000).optional(),
      handling_time: z.number().int().min(1).max(HANDLING_TIME_MAX).nullable().optional(),
      quantity: z.number().int().min(0).max(1_000_000).optional(),
      pricing_template_id: id.optional(),
    })
    .refine((v) => Object.values(v).some((x) => x !== undefined), {
      message: 'validation.choose_one_or_more',
    }),
});
export type BatchUpdateInput = z.infer<typeof BatchUpdateInput>;

/** `batch-update-content`: step 4 texts from templates, placeholders filled per listing. */
export const BatchUpdateContentInput = z.object({
  ids,
  templates: ListingTemplateChoice.refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'validation.choose_one_or_more',
  }),
});
export type BatchUpdateContentInput = z.infer<typeof BatchUpdateContentInput>;

/** `download/data` and `download/zipper`: the selected listings (xlsx / zip answer). */
export const ListingDownloadInput = z.object({ ids });
export type ListingDownloadInput = z.infer<typeof ListingDownloadInput>;

export const ListingList = z.object({ list: z.array(Listing) });
export type ListingList = z.infer<typeof ListingList>;
export const ListingRowList = z.object({ list: z.array(ListingRow) });
export type ListingRowList = z.infer<typeof ListingRowList>;
