import { eq } from 'drizzle-orm';
import {
  checkGtin,
  type AttributeValue,
  type CategoryFields,
  type ShopifyFields,
  type UpdateStep1Input,
  type UpdateStep2Input,
  type UpdateStep3Input,
  type UpdateStep4Input,
} from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { finishedProductImages, finishedSkus } from '../../db/schema.ts';
import type { FieldMessages } from '../../errors.ts';
import { foreignUrls } from '../uploads/index.ts';
import type { ListingCtx } from './context.ts';
import type { ListingDbRow, LoadedListing } from './rows.ts';
import { takenSkus } from './skus.ts';

/** A step's fields without the listing id: what saving any of the four steps applies. */
type Step1 = Omit<UpdateStep1Input, 'id'>;
type Step2 = Omit<UpdateStep2Input, 'id'>;
export type Step3 = Omit<UpdateStep3Input, 'id'>;
/** Shopify's texts have no keywords (its tags are in the Shopify step) and no bullet points. */
type Step4 = Omit<UpdateStep4Input, 'id' | 'keywords' | 'bullet_points'> &
  Partial<Pick<UpdateStep4Input, 'keywords' | 'bullet_points'>>;

export interface StepPatch {
  step1?: Step1;
  step2?: Step2;
  step3?: Step3;
  step4?: Step4;
  /** Vendor, taxonomy category, tags and status of a Shopify listing. */
  shopify?: ShopifyFields;
  /** A Temu or Shopee listing's leaf category and its attribute values, checked against it. */
  category?: CategoryFields;
  /** Marketplace fields kept in `attributes` beside the category's (Shopee's weight...). */
  itemFields?: Record<string, AttributeValue>;
  /** Shopee step 1: the brand and days to ship. */
  basics?: { brand: string };
}

export function prefixed(prefix: string, errors: FieldMessages): FieldMessages {
  if (!prefix) return errors;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}.${k}`, v]));
}

/** Field errors of step 3's items: GTINs, SKUs unique in the listing and in the store. */
export async function itemErrors(
  db: Executor,
  listing: ListingDbRow,
  step: Step3,
): Promise<FieldMessages> {
  const errors: FieldMessages = {};
  if (!step.is_variation && step.items.length !== 1) {
    errors.items = 'listings.one_item_without_variations';
  }
  const seen = new Map<string, number>();
  const combos = new Map<string, number>();
  step.items.forEach((item, i) => {
    const key = item.sku.toLowerCase();
    if (seen.has(key)) errors[`items.${i}.sku`] = 'listings.sku_in_listing';
    seen.set(key, i);
    if (step.is_variation && key === step.parent_sku.toLowerCase()) {
      errors[`items.${i}.sku`] = 'listings.child_sku_is_parent';
    }
    if (item.product_id !== '') {
      const check = checkGtin(item.product_id);
      if (!check.ok) {
        errors[`items.${i}.product_id`] =
          check.reason === 'bad_check_digit' ? 'listings.bad_check_digit' : 'listings.gtin_length';
      }
    }
    if (step.is_variation) {
      const values = Object.values(item.variation).filter((v) => v.trim() !== '');
      if (values.length === 0) errors[`items.${i}.variation`] = 'listings.variation_values';
      const combo = JSON.stringify(
        Object.entries(item.variation).sort(([a], [b]) => a.localeCompare(b)),
      );
      if (combos.has(combo)) errors[`items.${i}.variation`] = 'listings.same_variation';
      combos.set(combo, i);
    }
  });
  const wanted = [...step.items.map((i) => i.sku), ...(step.is_variation ? [step.parent_sku] : [])];
  const taken = await takenSkus(db, listing.storeId, wanted, listing.id);
  step.items.forEach((item, i) => {
    if (taken.has(item.sku)) errors[`items.${i}.sku`] = 'listings.sku_taken';
  });
  if (step.is_variation && taken.has(step.parent_sku)) {
    errors.parent_sku = 'listings.sku_taken';
  }
  return errors;
}

/**
 * Which of `urls` a listing may not show: those that are neither already on it, nor an image
 * of its source product or that product's SKUs, nor otherwise the seller's to use.
 */
async function foreignImages(
  ctx: ListingCtx,
  current: LoadedListing,
  urls: string[],
): Promise<Set<string>> {
  const known = new Set([
    ...current.row.images,
    ...current.items.flatMap((i) => (i.image === null ? [] : [i.image])),
  ]);
  let unknown = [...new Set(urls.filter((u) => !known.has(u)))];
  const goodsId = current.row.goodsId;
  if (unknown.length > 0 && goodsId !== null) {
    const [images, skus] = await Promise.all([
      ctx.db
        .select({ url: finishedProductImages.url })
        .from(finishedProductImages)
        .where(eq(finishedProductImages.productId, goodsId)),
      ctx.db
        .select({ url: finishedSkus.image })
        .from(finishedSkus)
        .where(eq(finishedSkus.productId, goodsId)),
    ]);
    const product = new Set([...images, ...skus].map((r) => r.url));
    unknown = unknown.filter((u) => !product.has(u));
  }
  return foreignUrls(ctx, unknown, ctx.storage);
}

const FOREIGN_IMAGE = 'listings.foreign_image';

/** Field errors of the images step 3 and step 4 would save. */
export async function imageErrors(
  ctx: ListingCtx,
  current: LoadedListing,
  patch: StepPatch,
  p: (step: string) => string,
): Promise<FieldMessages> {
  const images = patch.step4?.images ?? [];
  const itemImages = patch.step3?.items.map((i) => i.image) ?? [];
  const urls = [...images, ...itemImages.flatMap((u) => (u === null ? [] : [u]))];
  if (urls.length === 0) return {};
  const foreign = await foreignImages(ctx, current, urls);
  const step4: FieldMessages = {};
  const seen = new Set<string>();
  images.forEach((url, i) => {
    if (foreign.has(url)) step4[`images.${i}`] = FOREIGN_IMAGE;
    else if (seen.has(url)) step4[`images.${i}`] = 'listings.image_repeated';
    seen.add(url);
  });
  const step3: FieldMessages = {};
  itemImages.forEach((url, i) => {
    if (url !== null && foreign.has(url)) step3[`items.${i}.image`] = FOREIGN_IMAGE;
  });
  return { ...prefixed(p('step3'), step3), ...prefixed(p('step4'), step4) };
}
