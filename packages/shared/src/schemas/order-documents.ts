import { z } from 'zod';
import { multilineText, queryInt, text } from './common.ts';

/**
 * Order documents (issue 7): customs data, shipping labels, marketplace SKU relations, the
 * buyer refund and logistics updates in bulk.
 */
const id = z.number().int().positive();
const unix = z.number().int();

// ---------------------------------------------------------------------------------------------
// Customs

export const CUSTOMS_DEFAULT_CURRENCY = 'USD';
export const CUSTOMS_DEFAULT_ORIGIN = 'CN';
export const CUSTOMS_WEIGHT_MAX_G = 100_000;
/** Printable ASCII: what customs systems and the label font accept. */
export const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
export const HS_CODE_PATTERN = /^\d{6,10}$/;

const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code')
  .transform((v) => v.toUpperCase());
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'validation.country_code')
  .transform((v) => v.toUpperCase());

/** One item's declaration; null fields are neither saved nor derivable from the product. */
export const CustomsItem = z.object({
  item_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  name_en: z.string().nullable(),
  name_cn: z.string().nullable(),
  hs_code: z.string().nullable(),
  /** Per unit, in minor units of `currency`. */
  value_minor: z.number().int().nullable(),
  currency: z.string(),
  /** Per unit, in grams. */
  weight_g: z.number().int().nullable(),
  origin_country: z.string(),
  /** False while every value is still the default from the product. */
  saved: z.boolean(),
});
export type CustomsItem = z.infer<typeof CustomsItem>;

export const OrderCustoms = z.object({
  order_id: z.number().int(),
  seller_order_id: z.string(),
  status: z.number().int(),
  editable: z.boolean(),
  items: z.array(CustomsItem),
});
export type OrderCustoms = z.infer<typeof OrderCustoms>;

export const OrderCustomsQuery = z.object({ id: queryInt(z.number().int().positive()) });
export type OrderCustomsQuery = z.infer<typeof OrderCustomsQuery>;

export const CustomsItemInput = z.object({
  item_id: id,
  name_en: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(100)
    .regex(PRINTABLE_ASCII, 'validation.ascii_only'),
  name_cn: text().trim().min(1, 'Required').max(100),
  hs_code: text().trim().regex(HS_CODE_PATTERN, '6 to 10 digits'),
  value_minor: z.number().int().positive('validation.required').max(100_000_000),
  currency: currency.default(CUSTOMS_DEFAULT_CURRENCY),
  weight_g: z.number().int().min(1).max(CUSTOMS_WEIGHT_MAX_G),
  origin_country: country.default(CUSTOMS_DEFAULT_ORIGIN),
});
export type CustomsItemInput = z.input<typeof CustomsItemInput>;

export const EditOrderCustomsInput = z.object({
  id,
  items: z.array(CustomsItemInput).min(1).max(200),
});
export type EditOrderCustomsInput = z.input<typeof EditOrderCustomsInput>;
export type EditOrderCustoms = z.output<typeof EditOrderCustomsInput>;

// ---------------------------------------------------------------------------------------------
// Shipping labels

export const LABEL_BATCH_MAX = 200;
export const PrintLabelInput = z.object({
  ids: z.array(id).min(1).max(LABEL_BATCH_MAX),
  /** Print the ready orders and leave out the others instead of refusing the batch. */
  skip_missing: z.boolean().default(false),
});
export type PrintLabelInput = z.input<typeof PrintLabelInput>;

/** Why an order cannot be printed: no tracking number, no address, or its status. */
export const LABEL_PROBLEMS = ['no_tracking', 'no_address', 'status'] as const;
export type LabelProblem = (typeof LABEL_PROBLEMS)[number];

export const LabelReadiness = z.object({
  id: z.number().int(),
  seller_order_id: z.string(),
  market_alias: z.string(),
  status: z.number().int(),
  shipped_number: z.string().nullable(),
  user_logistics_channel_id: z.number().int().nullable(),
  recipient: z.string().nullable(),
  country_code: z.string().nullable(),
  ready: z.boolean(),
  problems: z.array(z.enum(LABEL_PROBLEMS)),
});
export type LabelReadiness = z.infer<typeof LabelReadiness>;

export const LabelCheckInput = z.object({ ids: z.array(id).min(1).max(LABEL_BATCH_MAX) });
export type LabelCheckInput = z.input<typeof LabelCheckInput>;

// ---------------------------------------------------------------------------------------------
// SKU relations

export const SkuRelation = z.object({
  id: z.number().int(),
  marketplace_sku: z.string(),
  finished_sku_id: z.number().int(),
  finished_sku_code: z.string(),
  product_id: z.number().int(),
  product_title: z.string(),
  created_at: unix,
  updated_at: unix,
});
export type SkuRelation = z.infer<typeof SkuRelation>;

export const RelationListQuery = z.object({
  keyword: text().trim().max(100).optional(),
  page: queryInt(z.number().int().min(1).max(10_000)).default(1),
  limit: queryInt(z.number().int().min(1).max(200)).default(20),
});
export type RelationListQuery = z.input<typeof RelationListQuery>;
export type RelationListFilter = z.output<typeof RelationListQuery>;

export const RelationPage = z.object({
  list: z.array(SkuRelation),
  pagination: z.object({
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  }),
});
export type RelationPage = z.infer<typeof RelationPage>;

/** Saving the same marketplace SKU again points it at the new finished SKU. */
export const RelationSaveInput = z.object({
  marketplace_sku: text().trim().min(1, 'validation.required').max(200),
  finished_sku_id: id,
});
export type RelationSaveInput = z.input<typeof RelationSaveInput>;

export const RelationDeleteInput = z.object({ ids: z.array(id).min(1).max(500) });
export type RelationDeleteInput = z.input<typeof RelationDeleteInput>;
export const RelationDeleteResult = z.object({
  results: z.array(
    z.object({ id: z.number().int(), ok: z.boolean(), reason: z.string().nullable() }),
  ),
});
export type RelationDeleteResult = z.infer<typeof RelationDeleteResult>;

export const UnmatchedSku = z.object({
  sku: z.string(),
  title: z.string(),
  order_count: z.number().int(),
  quantity: z.number().int(),
});
export type UnmatchedSku = z.infer<typeof UnmatchedSku>;
export const UnmatchedSkuQuery = z.object({
  keyword: text().trim().max(100).optional(),
  limit: queryInt(z.number().int().min(1).max(500)).default(100),
});
export type UnmatchedSkuQuery = z.input<typeof UnmatchedSkuQuery>;

export const FinishedSkuOption = z.object({
  id: z.number().int(),
  code: z.string(),
  product_id: z.number().int(),
  product_title: z.string(),
  color: z.string(),
  size: z.string(),
});
export type FinishedSkuOption = z.infer<typeof FinishedSkuOption>;
export const FinishedSkuSearchQuery = z.object({
  keyword: text().trim().max(100).default(''),
  limit: queryInt(z.number().int().min(1).max(50)).default(20),
});
export type FinishedSkuSearchQuery = z.input<typeof FinishedSkuSearchQuery>;

// ---------------------------------------------------------------------------------------------
// Refund

export const AlRefundInput = z.object({
  id,
  reason: multilineText().trim().min(1, 'validation.required').max(200),
});
export type AlRefundInput = z.input<typeof AlRefundInput>;

export const OrderRefund = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  /** `marketplace` when the connector refunded the buyer, `local` when only recorded here. */
  mode: z.enum(['marketplace', 'local']),
  created_at: unix,
});
export type OrderRefund = z.infer<typeof OrderRefund>;

// ---------------------------------------------------------------------------------------------
// Update logistics in bulk

export const UPDATE_LOGISTICS_MAX = 2000;

/** `channel` is a logistics channel's code (or its id); the tracking number must fit its pattern. */
export const UpdateLogisticsRow = z.object({
  seller_order_id: text().max(200),
  channel: text().max(100),
  shipped_number: text().max(200),
});
export type UpdateLogisticsRow = z.infer<typeof UpdateLogisticsRow>;

/** Rows are checked one by one (their problems are results, not a 422); only the shape is validated. */
export const UpdateLogisticsInput = z.object({
  rows: z.array(UpdateLogisticsRow).min(1).max(UPDATE_LOGISTICS_MAX),
});
export type UpdateLogisticsInput = z.input<typeof UpdateLogisticsInput>;

export const UpdateLogisticsResult = z.object({
  applied: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      /** 1-based, as in the pasted text or the file without its header. */
      row: z.number().int(),
      seller_order_id: z.string(),
      order_id: z.number().int().nullable(),
      ok: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
});
export type UpdateLogisticsResult = z.infer<typeof UpdateLogisticsResult>;
