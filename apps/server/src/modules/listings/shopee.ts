import {
  type Listing,
  type ListingBatchStarted,
  type ShopeeStatusInput,
  type ShopeeStep1Input,
  type ShopeeStep2Input,
  type ShopeeStep3Input,
  type ShopeeStep4Input,
} from '@app/shared';
import { ValidationError, type FieldMessages } from '../../errors.ts';
import type { ListingCtx } from './context.ts';
import { startBatches } from './lifecycle.ts';
import { findListing } from './rows.ts';
import type { Step3 } from './step-checks.ts';
import { saveAndShow } from './steps.ts';

/**
 * Shopee's four editor steps (spec 3: step 3 price, stock, item_sku, tier_variation, variation;
 * step 4 name, description, logistics, weight, package sizes) as patches of the shared listing:
 * the variations become the listing's items, the item fields Shopee adds live in `attributes`.
 */

export const updateShopeeStep1 = (ctx: ListingCtx, { id, brand, days_to_ship }: ShopeeStep1Input) =>
  saveAndShow(ctx, id, { basics: { brand }, itemFields: { days_to_ship } });

export const updateShopeeStep2 = (ctx: ListingCtx, { id, ...category }: ShopeeStep2Input) =>
  saveAndShow(ctx, id, { category });

/** The shared step 3's error keys (`items.<i>.sku`) as Shopee's step 3 names them. */
const FIELD_NAMES: Record<string, string> = {
  sku: 'item_sku',
  price_minor: 'price_minor',
  quantity: 'stock',
};

function renameItemErrors(error: ValidationError, variations: boolean): ValidationError {
  const fields: FieldMessages = {};
  for (const [key, message] of Object.entries(error.fields ?? {})) {
    const match = /^items\.(\d+)\.(\w+)$/.exec(key);
    const field = match ? (FIELD_NAMES[match[2]!] ?? match[2]!) : null;
    const renamed = !match ? key : variations ? `variation.${match[1]}.${field}` : field!;
    fields[renamed] = message;
  }
  return new ValidationError(fields);
}

/** Each variation's options from its `tier_index`; 422 on an index outside its tier. */
function stepThree(input: ShopeeStep3Input, currentIds: Set<number>): Step3 {
  const tiers = input.tier_variation;
  if (tiers.length === 0) {
    return {
      is_variation: false,
      items: [
        {
          sku: input.item_sku,
          price_minor: input.price_minor,
          quantity: input.stock,
          variation: {},
          product_id: '',
          image: null,
        },
      ],
      variation_theme: '',
      parent_sku: input.item_sku,
      show_variation_theme: [],
    };
  }
  const errors: FieldMessages = {};
  if (input.variation.length === 0) errors.variation = 'validation.choose_one_or_more';
  const items = input.variation.map((v, i) => {
    const ok =
      v.tier_index.length === tiers.length &&
      v.tier_index.every((index, level) => index < tiers[level]!.options.length);
    if (!ok) errors[`variation.${i}.tier_index`] = 'listings.tier_index_invalid';
    return {
      ...(v.id !== undefined && currentIds.has(v.id) ? { id: v.id } : {}),
      sku: v.item_sku,
      price_minor: v.price_minor,
      quantity: v.stock,
      variation: ok
        ? Object.fromEntries(tiers.map((t, level) => [t.name, t.options[v.tier_index[level]!]!]))
        : {},
      product_id: '',
      image: null,
    };
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return {
    is_variation: true,
    items,
    variation_theme: tiers.map((t) => t.name).join('/'),
    parent_sku: input.item_sku,
    show_variation_theme: tiers.map((t) => t.name),
  };
}

export async function updateShopeeStep3(
  ctx: ListingCtx,
  input: ShopeeStep3Input,
): Promise<Listing> {
  const current = await findListing(ctx, input.id);
  const step3 = stepThree(input, new Set(current.items.map((i) => i.id)));
  // A variation keeps its item's image when its SKU did not change.
  for (const item of step3.items) {
    const before = current.items.find((i) => i.sku === item.sku || i.id === item.id);
    if (before) item.image = before.image;
  }
  try {
    return await saveAndShow(ctx, input.id, { step3 });
  } catch (error) {
    if (error instanceof ValidationError) throw renameItemErrors(error, step3.is_variation);
    throw error;
  }
}

export async function updateShopeeStep4(
  ctx: ListingCtx,
  { id, name, description, logistics, ...sizes }: ShopeeStep4Input,
): Promise<Listing> {
  const { row } = await findListing(ctx, id);
  try {
    return await saveAndShow(ctx, id, {
      step4: { title: name, describe: description, custom_describe: row.customDescribe },
      itemFields: { logistics: logistics.join(','), ...sizes },
    });
  } catch (error) {
    if (error instanceof ValidationError && error.fields?.title) {
      throw new ValidationError({ name: error.fields.title });
    }
    throw error;
  }
}

/** NORMAL publishes (the item is listed again with its current fields); UNLIST takes it down. */
export const updateShopeeStatus = (
  ctx: ListingCtx,
  input: ShopeeStatusInput,
): Promise<ListingBatchStarted> =>
  startBatches(ctx, input.status === 'NORMAL' ? 'publish' : 'down', input.ids);
