import { eq, inArray } from 'drizzle-orm';
import {
  SHOPEE_ITEM_KEYS,
  TEMU_SERVICE_KEYS,
  type ItemSaveInput,
  type Listing,
  type StepAllResult,
  type UpdateStep1Input,
  type UpdateStep2Input,
  type UpdateStep3Input,
  type UpdateStep4Input,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { listingItems, listings } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import {
  AppError,
  NotFoundError,
  ValidationError,
  type FieldMessages,
  renderError,
  renderFields,
} from '../../errors.ts';
import { findStore } from '../markets/service.ts';
import { attributeErrors, attributesOf, findAmazonStore } from './categories.ts';
import type { ListingCtx } from './context.ts';
import {
  findListing,
  itemSummary,
  type ItemDbRow,
  type ListingDbRow,
  type LoadedListing,
} from './rows.ts';
import { withCosts } from './show.ts';
import { imageErrors, itemErrors, prefixed, type Step3, type StepPatch } from './step-checks.ts';
import { assertListingsOf, type ListingMarketplace } from './marketplace.ts';

/** Attributes that are not the category's: Shopee's item fields, Temu's service promise. */
const ITEM_FIELD_KEYS = new Set<string>([...SHOPEE_ITEM_KEYS, ...TEMU_SERVICE_KEYS]);

/**
 * Validates and applies any of the four steps to one listing in one transaction: every
 * field error of every step comes back at once (422, keys prefixed with the step for
 * step-all). A published listing becomes `changed`.
 */
export async function saveSteps(
  ctx: ListingCtx,
  id: number,
  patch: StepPatch,
  opts: { prefix: boolean } = { prefix: false },
): Promise<LoadedListing> {
  const current = await findListing(ctx, id);
  const errors: FieldMessages = {};
  const p = (step: string) => (opts.prefix ? step : '');
  const { row } = current;
  if (patch.step1 && patch.step1.market_id !== row.storeId) {
    errors[`${opts.prefix ? 'step1.' : ''}market_id`] = 'listings.stays_in_store';
  }
  const productType =
    patch.step2?.market_category_id ?? (patch.step1?.market_category_id || row.productType);
  if (patch.step2) {
    const store = await findAmazonStore(ctx, row.storeId);
    const definitions = await attributesOf(ctx, store, productType).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 502) {
        throw new ValidationError({
          [`${opts.prefix ? 'step2.' : ''}market_category_id`]: 'listings.unknown_product_type',
        });
      }
      throw error;
    });
    const items = patch.step3?.items ?? current.items;
    const supplied = new Set(
      Object.keys(items[0]?.variation ?? {}).filter((k) =>
        items.every((i) => (i.variation[k] ?? '').trim() !== ''),
      ),
    );
    Object.assign(
      errors,
      prefixed(p('step2'), attributeErrors(definitions, patch.step2.attributes, supplied)),
    );
  }
  if (patch.category) {
    const store = await findStore(ctx, row.storeId);
    const definitions = await attributesOf(ctx, store, patch.category.market_category_id).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.status === 502) {
          throw new ValidationError({
            [`${p('category') ? 'category.' : ''}market_category_id`]: 'listings.unknown_category',
          });
        }
        throw error;
      },
    );
    const items = patch.step3?.items ?? current.items;
    const supplied = new Set(
      Object.keys(items[0]?.variation ?? {}).filter((k) =>
        items.every((i) => (i.variation[k] ?? '').trim() !== ''),
      ),
    );
    Object.assign(
      errors,
      prefixed(p('category'), attributeErrors(definitions, patch.category.attributes, supplied)),
    );
  }
  if (patch.step3) {
    Object.assign(errors, prefixed(p('step3'), await itemErrors(ctx.db, row, patch.step3)));
  }
  Object.assign(errors, await imageErrors(ctx, current, patch, p));
  if (Object.keys(errors).length) throw new ValidationError(errors);

  await withTransaction(ctx, async (tx) => {
    const set: Partial<typeof listings.$inferInsert> = { updatedAt: new Date() };
    if (row.status === 'published' || row.status === 'publishing') set.changed = true;
    if (patch.step1) {
      const s = patch.step1;
      Object.assign(set, {
        manufacturer: s.manufacturer,
        mfrPartNumber: s.mfrPart_number,
        brand: s.brand,
        conditionNote: s.condition_note,
        condition: s.condition,
        launchDate: s.launch_date === null ? null : new Date(s.launch_date * 1000),
        handlingTime: s.handling_time,
        ...(s.market_category_id ? { productType: s.market_category_id } : {}),
      });
    }
    if (patch.step2) {
      set.productType = patch.step2.market_category_id;
      set.attributes = patch.step2.attributes;
    }
    if (patch.step3) {
      const s = patch.step3;
      const parentSku = s.is_variation ? s.parent_sku : s.items[0]!.sku;
      Object.assign(set, {
        isVariation: s.is_variation,
        variationTheme: s.is_variation ? s.variation_theme : '',
        parentSku,
        showVariationTheme: s.show_variation_theme,
        ...itemSummary(
          parentSku,
          s.items.map((i) => ({ sku: i.sku, priceMinor: i.price_minor })),
        ),
      });
      await replaceItems(tx.db, row, current.items, s.items);
    }
    if (patch.step4) {
      const s = patch.step4;
      Object.assign(set, {
        title: s.title,
        describe: s.describe,
        customDescribe: s.custom_describe,
        ...(s.keywords !== undefined ? { keywords: s.keywords } : {}),
        ...(s.bullet_points !== undefined ? { bulletPoints: s.bullet_points } : {}),
        ...(s.images ? { images: s.images } : {}),
      });
    }
    if (patch.shopify) {
      const s = patch.shopify;
      Object.assign(set, {
        brand: s.vendor,
        productType: s.market_category_id,
        keywords: s.tags,
        attributes: { ...row.attributes, status: s.status },
      });
    }
    if (patch.category || patch.itemFields) {
      // The category's attributes are replaced; the marketplace's own item fields are kept.
      const kept = patch.category
        ? Object.fromEntries(Object.entries(row.attributes).filter(([k]) => ITEM_FIELD_KEYS.has(k)))
        : row.attributes;
      set.attributes = {
        ...kept,
        ...patch.category?.attributes,
        ...patch.itemFields,
      };
      if (patch.category) set.productType = patch.category.market_category_id;
    }
    if (patch.basics) set.brand = patch.basics.brand;
    const [updated] = await tx.db
      .update(listings)
      .set(set)
      .where(eq(listings.id, row.id))
      .returning();
    await recordAudit(tx, { object: 'listing', id: row.id, before: row, after: updated! });
  });
  return findListing(ctx, id);
}

/** Items sent keep their id (and finished SKU); ids not sent are removed, new ones added. */
async function replaceItems(
  db: Executor,
  listing: ListingDbRow,
  existing: ItemDbRow[],
  items: Step3['items'],
): Promise<void> {
  const known = new Map(existing.map((i) => [i.id, i]));
  const kept = new Set(items.flatMap((i) => (i.id !== undefined && known.has(i.id) ? [i.id] : [])));
  const removed = existing.filter((i) => !kept.has(i.id)).map((i) => i.id);
  if (removed.length) await db.delete(listingItems).where(inArray(listingItems.id, removed));
  // Two passes so swapping SKUs between items never trips the unique index.
  for (const id of kept) {
    await db
      .update(listingItems)
      .set({ sku: `~swap-${id}` })
      .where(eq(listingItems.id, id));
  }
  for (const [orderNum, item] of items.entries()) {
    const values = {
      sku: item.sku,
      priceMinor: item.price_minor,
      quantity: item.quantity,
      variation: item.variation,
      productId: item.product_id,
      image: item.image,
      orderNum,
    };
    if (item.id !== undefined && kept.has(item.id)) {
      await db.update(listingItems).set(values).where(eq(listingItems.id, item.id));
    } else {
      await db
        .insert(listingItems)
        .values({ ...values, listingId: listing.id, storeId: listing.storeId });
    }
  }
}

const showLoaded = async (ctx: Ctx, loaded: LoadedListing) => (await withCosts(ctx, [loaded]))[0]!;

/** Saves any parts of one listing and answers it as the editor shows it. */
export const saveAndShow = (ctx: ListingCtx, id: number, patch: StepPatch) =>
  saveSteps(ctx, id, patch).then((l) => showLoaded(ctx, l));

export const updateStep1 = (ctx: ListingCtx, { id, ...step1 }: UpdateStep1Input) =>
  saveSteps(ctx, id, { step1 }).then((l) => showLoaded(ctx, l));

export const updateStep2 = (ctx: ListingCtx, { id, ...step2 }: UpdateStep2Input) =>
  saveSteps(ctx, id, { step2 }).then((l) => showLoaded(ctx, l));

export const updateStep3 = (ctx: ListingCtx, { id, ...step3 }: UpdateStep3Input) =>
  saveSteps(ctx, id, { step3 }).then((l) => showLoaded(ctx, l));

export const updateStep4 = (ctx: ListingCtx, { id, ...step4 }: UpdateStep4Input) =>
  saveSteps(ctx, id, { step4 }).then((l) => showLoaded(ctx, l));

/**
 * Each listing saved on its own: one refused never stops or rolls back the others. With
 * `marketplace`, a listing of another marketplace is refused as not found.
 */
export async function saveStepAll(
  ctx: ListingCtx,
  input: { list: Array<{ id: number } & StepPatch> },
  marketplace?: ListingMarketplace,
): Promise<StepAllResult> {
  const results: StepAllResult['results'] = [];
  for (const { id, ...patch } of input.list) {
    try {
      if (marketplace) await assertListingsOf(ctx, [id], marketplace);
      await saveSteps(ctx, id, patch, { prefix: true });
      results.push({ id, ok: true, message: null, fields: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      results.push({
        id,
        ok: false,
        message: renderError(error, ctx.lang),
        fields: renderFields(error, ctx.lang),
      });
    }
  }
  return { results };
}

/** One item saved alone: the listing's step 3 with that item replaced. */
export async function saveItem(ctx: ListingCtx, input: ItemSaveInput): Promise<Listing> {
  const current = await findListing(ctx, input.id);
  if (!current.items.some((i) => i.id === input.item.id)) {
    throw new NotFoundError('listings.item_not_found');
  }
  const row = current.row;
  const items = current.items.map((i) =>
    i.id === input.item.id
      ? input.item
      : {
          id: i.id,
          sku: i.sku,
          price_minor: i.priceMinor,
          quantity: i.quantity,
          variation: i.variation,
          product_id: i.productId,
          image: i.image,
        },
  );
  try {
    const saved = await saveSteps(ctx, input.id, {
      step3: {
        is_variation: row.isVariation,
        items,
        variation_theme: row.variationTheme,
        parent_sku: row.parentSku,
        show_variation_theme: row.showVariationTheme,
      },
    });
    return await showLoaded(ctx, saved);
  } catch (error) {
    // Report the item's errors under `item.<field>`, as the single-item form names them.
    if (error instanceof ValidationError) {
      const index = items.findIndex((i) => i.id === input.item.id);
      const mapped = Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([k, v]) => [
          k.replace(`items.${index}.`, 'item.'),
          v,
        ]),
      );
      throw new ValidationError(mapped);
    }
    throw error;
  }
}
