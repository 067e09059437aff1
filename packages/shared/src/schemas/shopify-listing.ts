import { z } from 'zod';
import { text } from './common.ts';
import { Step3Fields, Step4Fields } from './listing.ts';
import { Store } from './market.ts';

/**
 * Shopify listings (`/api/shopify/publish/*`, spec 7 "Shopify listings"). A Shopify listing is a
 * `Listing` of a Shopify store: the same row, items, lifecycle, batches and compliance gate as
 * an Amazon one. Where the fields mean the same they share the columns: title, description,
 * images, items (variants with their options, price, stock and barcode); `Listing.brand` is the
 * vendor, `keywords` the comma-separated tags, `market_category_id` the taxonomy category (a
 * `gid://shopify/TaxonomyCategory/...` id) and `attributes.status` the product status.
 */

/** Shopify's title limit (the compliance report flags longer titles). */
export const SHOPIFY_TITLE_MAX = 255;
/** Product statuses a listing may publish with; archived is what taking down does. */
export const SHOPIFY_PRODUCT_STATUSES = ['ACTIVE', 'DRAFT'] as const;
export type ShopifyProductStatus = (typeof SHOPIFY_PRODUCT_STATUSES)[number];

const id = z.number().int().positive();
const line = (max: number) => text().trim().max(max);

/** The Shopify step: what Shopify has and Amazon's steps 1 and 2 do not. */
export const ShopifyFields = z.object({
  vendor: line(255).default(''),
  /** A taxonomy category id, or '' for none. */
  market_category_id: line(200).default(''),
  /** Comma-separated, as the editor shows them. */
  tags: line(2000).default(''),
  status: z.enum(SHOPIFY_PRODUCT_STATUSES).default('ACTIVE'),
});
export type ShopifyFields = z.infer<typeof ShopifyFields>;

/**
 * `update/step-all`: several Shopify listings at once, each with any of its parts: the Shopify
 * step, the variants (Amazon's step 3, items with options in `variation`) and the texts and
 * images (step 4; bullet points are sent as a list in the description). One result per listing
 * (`StepAllResult`).
 */
export const ShopifyStepAllInput = z.object({
  list: z
    .array(
      z.object({
        id,
        shopify: ShopifyFields.optional(),
        step3: Step3Fields.optional(),
        step4: Step4Fields.omit({ keywords: true, bullet_points: true }).optional(),
      }),
    )
    .min(1)
    .max(200),
});
export type ShopifyStepAllInput = z.infer<typeof ShopifyStepAllInput>;

/** `get-market`: the actor's Shopify stores that are on and authorized. */
export const ShopifyStoreList = z.object({ list: z.array(Store) });
export type ShopifyStoreList = z.infer<typeof ShopifyStoreList>;
