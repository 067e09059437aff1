import { z } from 'zod';
import { PrintArea } from './catalog.ts';
import { pageResultOf, queryInt, text, multilineText } from './common.ts';

/**
 * The operator console's maintenance of what sellers see (issue 22 part C): the parent
 * catalogue (`/api/sys/goods/*`), member levels (`/api/sys/level/*`), finance rules
 * (`/api/sys/finance/*`) and the seller list (`/api/sys/seller/*`).
 */

const id = z.number().int().positive();
const unix = z.number().int();
/** Money in minor units (fen) as typed by an operator: never negative, within a safe integer. */
const minorInput = z.number().int().min(0).max(1_000_000_000_00);
const pageQuery = {
  page: queryInt(z.number().int().min(1).max(10_000)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(20),
};

export const CATALOG_STATUSES = ['on', 'off'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

/** `GET /api/sys/goods/page`: every parent product, switched off ones included. */
export const SysGoodsQuery = z.object({
  keyword: text().trim().max(100).optional(),
  category_id: queryInt(id).optional(),
  status: z.enum(CATALOG_STATUSES).optional(),
  factory_id: queryInt(id).optional(),
  ...pageQuery,
});
export type SysGoodsQuery = z.infer<typeof SysGoodsQuery>;

export const SysGoodsRow = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  title_en: z.string(),
  supplier: z.string(),
  cost_minor: z.number().int(),
  status: z.enum(CATALOG_STATUSES),
  factory_id: z.number().int().nullable(),
  sku_count: z.number().int(),
  image: z.string().nullable(),
  created_at: unix,
  updated_at: unix,
});
export type SysGoodsRow = z.infer<typeof SysGoodsRow>;
export const SysGoodsPage = pageResultOf(SysGoodsRow);
export type SysGoodsPage = z.infer<typeof SysGoodsPage>;

/** One SKU of a parent product as the operator edits it; `id` keeps an existing SKU. */
export const SysSkuInput = z.object({
  id: id.optional(),
  sku: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'validation.sku_code'),
  /** The colour's key and English name, which pictures and designs match. */
  color: text().trim().max(64).default(''),
  color_zh: text().trim().max(64).default(''),
  size: text().trim().max(32).default(''),
  size_zh: text().trim().max(32).default(''),
  cost_minor: minorInput,
  stock: z.number().int().min(0).max(10_000_000).default(0),
  status: z.enum(CATALOG_STATUSES).default('on'),
});
export type SysSkuInput = z.infer<typeof SysSkuInput>;

/** A product picture: an uploaded catalogue image (`sys/goods/upload`) with its print areas. */
export const SysImageInput = z.object({
  url: text().trim().min(1).max(500),
  color: text().trim().max(64).default(''),
  print_areas: z
    .array(
      PrintArea.extend({
        name: text().trim().min(1).max(64),
        x: z.number().int().min(0).max(20_000),
        y: z.number().int().min(0).max(20_000),
        width: z.number().int().min(1).max(20_000),
        height: z.number().int().min(1).max(20_000),
        widthMm: z.number().positive().max(5000).optional(),
        heightMm: z.number().positive().max(5000).optional(),
        dpi: z.number().int().min(72).max(1200).optional(),
      }),
    )
    .max(10)
    .default([]),
});
export type SysImageInput = z.infer<typeof SysImageInput>;

const attributes = z
  .record(text().trim().min(1).max(64), text().trim().max(200))
  .refine((a) => Object.keys(a).length <= 30, { message: 'validation.invalid' })
  .default({});

const skuCodesUnique = (skus: SysSkuInput[]) =>
  new Set(skus.map((s) => s.sku.toUpperCase())).size === skus.length;

const goodsFields = {
  category_id: id,
  title: text().trim().min(1).max(200),
  title_en: text().trim().max(200).default(''),
  supplier: text().trim().max(100).default(''),
  weight_g: z.number().int().min(0).max(1_000_000).default(0),
  length_mm: z.number().int().min(0).max(100_000).default(0),
  width_mm: z.number().int().min(0).max(100_000).default(0),
  height_mm: z.number().int().min(0).max(100_000).default(0),
  attributes,
  attributes_en: attributes,
  /** Where its purchase orders are produced; null: the default factory. */
  factory_id: id.nullable().default(null),
  status: z.enum(CATALOG_STATUSES).default('on'),
  skus: z.array(SysSkuInput).min(1).max(200),
  images: z.array(SysImageInput).max(20).default([]),
};

/** `POST /api/sys/goods/add`: a product with its SKUs and pictures, written in one transaction. */
export const SysGoodsInput = z
  .object(goodsFields)
  .refine((g) => skuCodesUnique(g.skus), { message: 'validation.duplicate', path: ['skus'] });
export type SysGoodsInput = z.infer<typeof SysGoodsInput>;

/** `POST /api/sys/goods/update`: the whole product again; SKUs missing from `skus` are switched off. */
export const SysGoodsUpdate = z
  .object({ id, ...goodsFields })
  .refine((g) => skuCodesUnique(g.skus), { message: 'validation.duplicate', path: ['skus'] });
export type SysGoodsUpdate = z.infer<typeof SysGoodsUpdate>;

export const SysGoodsDetail = SysGoodsRow.extend({
  weight_g: z.number().int(),
  length_mm: z.number().int(),
  width_mm: z.number().int(),
  height_mm: z.number().int(),
  attributes: z.record(z.string(), z.string()),
  attributes_en: z.record(z.string(), z.string()),
  skus: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      color: z.string(),
      color_zh: z.string(),
      size: z.string(),
      size_zh: z.string(),
      cost_minor: z.number().int(),
      stock: z.number().int(),
      status: z.enum(CATALOG_STATUSES),
    }),
  ),
  images: z.array(
    z.object({ url: z.string(), color: z.string(), print_areas: z.array(PrintArea) }),
  ),
});
export type SysGoodsDetail = z.infer<typeof SysGoodsDetail>;

/** `POST /api/sys/goods/status`: switch a product on or off (off: sellers no longer see it). */
export const SysStatusInput = z.object({ id, status: z.enum(CATALOG_STATUSES) });
export type SysStatusInput = z.infer<typeof SysStatusInput>;

/** `POST /api/sys/goods/upload` answers where the checked, re-encoded picture is served. */
export const CatalogImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CatalogImage = z.infer<typeof CatalogImage>;

/** `POST /api/sys/goods/factory-add` / `factory-update`. */
export const SysFactoryInput = z.object({
  code: text()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9-]+$/, 'validation.letters_digits_dashes'),
  name: text().trim().min(1).max(100),
  name_en: text().trim().max(100).default(''),
});
export type SysFactoryInput = z.infer<typeof SysFactoryInput>;
export const SysFactoryUpdate = SysFactoryInput.extend({ id });
export type SysFactoryUpdate = z.infer<typeof SysFactoryUpdate>;

/** `POST /api/sys/goods/category-add` / `category-update`: a node of the parent catalogue's tree. */
export const SysCategoryInput = z.object({
  /** null: a top-level category. */
  parent_id: id.nullable().default(null),
  name: text().trim().min(1).max(50),
  name_en: text().trim().min(1).max(50),
  /** Place among its siblings, smallest first. */
  order_num: z.number().int().min(0).max(9999).default(0),
});
export type SysCategoryInput = z.infer<typeof SysCategoryInput>;
export const SysCategoryUpdate = SysCategoryInput.extend({ id });
export type SysCategoryUpdate = z.infer<typeof SysCategoryUpdate>;

/** `/api/sys/level/*`: a member level as operators maintain it. */
export const SysLevelInput = z.object({
  name: text().trim().min(1).max(50),
  name_en: text().trim().min(1).max(50),
  order_num: z.number().int().min(0).max(1000),
  price_minor: minorInput,
  duration_days: z.number().int().min(1).max(3650),
  /** What the level takes off platform purchases (goods only), in whole percent. */
  discount_percent: z.number().int().min(0).max(90),
});
export type SysLevelInput = z.infer<typeof SysLevelInput>;
/** The order number stays: it is the level's identity for the seed (which adds missing ones). */
export const SysLevelUpdate = SysLevelInput.omit({ order_num: true }).extend({ id });
export type SysLevelUpdate = z.infer<typeof SysLevelUpdate>;
export const SysLevel = SysLevelInput.extend({
  id: z.number().int(),
  /** Sellers whose level this is now, expired or not. */
  seller_count: z.number().int(),
});
export type SysLevel = z.infer<typeof SysLevel>;
export const SysLevelList = z.array(SysLevel);

/** `POST /api/sys/finance/rule-update`: the recharge minimum and bonus tiers. */
export const SysFinanceRuleInput = z
  .object({
    min_recharge_minor: minorInput.min(1),
    bonus_tiers: z
      .array(z.object({ min_minor: minorInput.min(1), bonus_minor: minorInput }))
      .max(20),
  })
  .refine((r) => new Set(r.bonus_tiers.map((t) => t.min_minor)).size === r.bonus_tiers.length, {
    message: 'validation.duplicate',
    path: ['bonus_tiers'],
  })
  .refine((r) => r.bonus_tiers.every((t) => t.bonus_minor < t.min_minor), {
    message: 'validation.invalid',
    path: ['bonus_tiers'],
  });
export type SysFinanceRuleInput = z.infer<typeof SysFinanceRuleInput>;

export const SELLER_STATES = ['active', 'frozen'] as const;

/** `GET /api/sys/seller/page`: by name, boss e-mail or mobile, and state. */
export const SysSellerQuery = z.object({
  keyword: text().trim().max(100).optional(),
  state: z.enum(SELLER_STATES).optional(),
  ...pageQuery,
});
export type SysSellerQuery = z.infer<typeof SysSellerQuery>;

export const SysSellerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  level_name: z.string().nullable(),
  level_name_en: z.string().nullable(),
  balance_minor: z.number().int(),
  frozen_minor: z.number().int(),
  state: z.enum(SELLER_STATES),
  created_at: unix,
});
export type SysSellerRow = z.infer<typeof SysSellerRow>;
export const SysSellerPage = pageResultOf(SysSellerRow);
export type SysSellerPage = z.infer<typeof SysSellerPage>;

/** `GET /api/sys/seller/info`: one seller, read-only. */
export const SysSellerDetail = SysSellerRow.extend({
  level_expires_at: unix.nullable(),
  frozen_at: unix.nullable(),
  freeze_reason: z.string(),
  staff_count: z.number().int(),
  orders_count: z.number().int(),
  purchase_orders_count: z.number().int(),
  stores: z.array(
    z.object({
      id: z.number().int(),
      marketplace: z.string(),
      site: z.string(),
      name: z.string(),
      status: z.string(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      amount_minor: z.number().int(),
      balance_after_minor: z.number().int(),
      memo: z.string(),
      created_at: unix,
    }),
  ),
});
export type SysSellerDetail = z.infer<typeof SysSellerDetail>;

export const SysSellerFreezeInput = z.object({
  id,
  reason: multilineText().trim().min(1).max(500),
});
export type SysSellerFreezeInput = z.infer<typeof SysSellerFreezeInput>;

export const BALANCE_DIRECTIONS = ['credit', 'debit'] as const;

/**
 * `POST /api/sys/seller/adjust-balance` (with an `Idempotency-Key` header): a ledger entry
 * (credit: in, debit: out) with the operator's reason, which the seller reads as its memo.
 */
export const SysBalanceAdjustInput = z.object({
  id,
  direction: z.enum(BALANCE_DIRECTIONS),
  amount_minor: minorInput.min(1),
  reason: text().trim().min(1).max(200),
});
export type SysBalanceAdjustInput = z.infer<typeof SysBalanceAdjustInput>;

export const SysBalanceAdjustResult = z.object({
  entry_id: z.number().int(),
  balance_minor: z.number().int(),
});
export type SysBalanceAdjustResult = z.infer<typeof SysBalanceAdjustResult>;
