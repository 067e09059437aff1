import { z } from 'zod';
import { multilineText, text } from './common.ts';
import { AttributeValue, Step3Fields, Step4Fields } from './listing.ts';
import { Store } from './market.ts';

/**
 * Temu (`/api/temu/publish/*`) and Shopee (`/api/shopee/goods/*`) listings (spec 7, issue 20).
 * Like a Shopify one, each is a `Listing` of a store of that marketplace with the shared row,
 * items, lifecycle, batches and compliance gate. `market_category_id` is the marketplace's leaf
 * category (Temu catId, Shopee category_id) and `attributes` its attribute values keyed as
 * `get-category-attribute` / `get-attribute` name them; Shopee's logistics, weight and package
 * sizes ride in `attributes` too (`SHOPEE_ITEM_KEYS`).
 */

const id = z.number().int().positive();
const line = (max: number) => text().trim().max(max);

/** Temu allows 500 characters in goodsName; Shopee 120 in item_name (most regions). */
export const TEMU_TITLE_MAX = 500;
export const SHOPEE_TITLE_MAX = 120;

/** The stores a marketplace's editor and filter offer (`get-market`): on and authorized. */
export const ListingStoreList = z.object({ list: z.array(Store) });
export type ListingStoreList = z.infer<typeof ListingStoreList>;

/** The category part of a Temu or Shopee listing: a leaf category and its attribute values. */
export const CategoryFields = z.object({
  market_category_id: line(100).min(1, 'validation.required'),
  attributes: z.record(text().max(100), AttributeValue).default({}),
});
export type CategoryFields = z.infer<typeof CategoryFields>;

/**
 * Temu and Shopee `update/step-all`: several listings, each with any of the category part (checked
 * against the category's template: required attributes, listed values), the SKUs (step 3)
 * and the texts and images (step 4). One result per listing (`StepAllResult`).
 */
export const MarketStepAllInput = z.object({
  list: z
    .array(
      z.object({
        id,
        category: CategoryFields.optional(),
        step3: Step3Fields.optional(),
        step4: Step4Fields.omit({ keywords: true }).optional(),
      }),
    )
    .min(1)
    .max(200),
});
export type MarketStepAllInput = z.infer<typeof MarketStepAllInput>;

/** Temu's service promise kept in `attributes`: the freight template and days to ship. */
export const TEMU_SERVICE_KEYS = ['costTemplateId', 'shipmentLimitDay'] as const;

/** Shopee's add_item fields kept in `attributes` beside the category attributes. */
export const SHOPEE_ITEM_KEYS = [
  'logistics',
  'weight',
  'package_length',
  'package_width',
  'package_height',
  'days_to_ship',
] as const;

/** Shopee step 1: the basics Shopee asks of every item. */
export const ShopeeStep1Input = z.object({
  id,
  brand: line(255).default(''),
  /** Days to ship before the buyer's order is late: 1–3, or up to 30 for pre-orders. */
  days_to_ship: z.number().int().min(1).max(30).default(2),
});
export type ShopeeStep1Input = z.infer<typeof ShopeeStep1Input>;

/** Shopee step 2: the leaf category and its attribute tree's values. */
export const ShopeeStep2Input = CategoryFields.extend({ id });
export type ShopeeStep2Input = z.infer<typeof ShopeeStep2Input>;

const price = z.number().int().min(1, 'validation.required').max(100_000_000_00);
const stock = z.number().int().min(0).max(1_000_000);

/**
 * Shopee step 3 (spec 3): price, stock, item_sku, tier_variation, variation. Without tiers the
 * item is one SKU (`item_sku`, `price_minor`, `stock`); with up to two tiers each variation
 * names its option per tier (`tier_index`) and has its own SKU, price and stock. Prices are
 * integer minor units of the store's currency.
 */
export const ShopeeStep3Input = z.object({
  id,
  item_sku: line(64).min(1, 'validation.required'),
  price_minor: price,
  stock,
  tier_variation: z
    .array(
      z.object({
        name: line(20).min(1, 'validation.required'),
        options: z.array(line(30).min(1)).min(1).max(50),
      }),
    )
    .max(2)
    .default([]),
  variation: z
    .array(
      z.object({
        id: id.optional(),
        tier_index: z.array(z.number().int().min(0)).min(1).max(2),
        item_sku: line(64).min(1, 'validation.required'),
        price_minor: price,
        stock,
      }),
    )
    .max(200)
    .default([]),
});
export type ShopeeStep3Input = z.infer<typeof ShopeeStep3Input>;

/**
 * Shopee step 4 (spec 3): name, description, logistics (channel ids the item ships with),
 * weight in kg and the package sizes in cm.
 */
export const ShopeeStep4Input = z.object({
  id,
  name: line(SHOPEE_TITLE_MAX * 2).min(1, 'validation.required'),
  description: multilineText().max(5000).default(''),
  logistics: z.array(z.number().int().positive()).max(20).default([]),
  weight: z.number().positive().max(1000),
  package_length: z.number().int().min(1).max(1000),
  package_width: z.number().int().min(1).max(1000),
  package_height: z.number().int().min(1).max(1000),
});
export type ShopeeStep4Input = z.infer<typeof ShopeeStep4Input>;

/** `update-status`: list (NORMAL) or unlist (UNLIST) items on Shopee, as a batch job. */
export const ShopeeStatusInput = z.object({
  ids: z.array(id).min(1).max(1000),
  status: z.enum(['NORMAL', 'UNLIST']),
});
export type ShopeeStatusInput = z.infer<typeof ShopeeStatusInput>;

/** `synchro`: pull one Shopee store's items into the listing table, matched by SKU. */
export const ShopeeSyncInput = z.object({ market_id: id });
export type ShopeeSyncInput = z.infer<typeof ShopeeSyncInput>;
export const ShopeeSyncResult = z.object({
  /** Items seen on Shopee. */
  total: z.number().int(),
  /** Listings created for items no listing had the SKU of. */
  created: z.number().int(),
  /** Listings whose SKU matched an item: now linked to it with its status. */
  matched: z.number().int(),
});
export type ShopeeSyncResult = z.infer<typeof ShopeeSyncResult>;
