import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import {
  AMAZON_TITLE_MAX,
  BULLET_POINT_COUNT,
  checkGtin,
  HANDLING_TIME_MAX,
  LISTING_CONDITIONS,
  MAIN_IMAGE_MIN_PX,
  renderTemplate,
  type AmazonStoreGroup,
  type CreateListingsInput,
  type CreateListingsResult,
  type ItemSaveInput,
  type Listing,
  type ListingDefaults,
  type ListingIndexQuery,
  type ListingInfo,
  type ListingInfoQuery,
  type ListingList,
  type ListingPage,
  type ListingRowList,
  type ListingTemplateChoice,
  type PlaceholderValues,
  type PricingRule,
  type StepAllInput,
  type StepAllResult,
  type UpdateStep1Input,
  type UpdateStep2Input,
  type UpdateStep3Input,
  type UpdateStep4Input,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  finishedProductImages,
  finishedProducts,
  finishedSkus,
  listingItems,
  listings,
  pricingTemplates,
  textTemplates,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { refuseDuplicate } from '../../db/unique.ts';
import {
  AppError,
  NotFoundError,
  ValidationError,
  type FieldMessages,
  renderError,
  renderFields,
} from '../../errors.ts';
import { findOwned, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { containsPattern } from '../goods-library/service.ts';
import { listAmazonStores, siteOf } from '../markets/service.ts';
import { priceFor, rateToBase } from '../templates/index.ts';
import { attributeErrors, attributesOf, findAmazonStore } from './categories.ts';
import { foreignUrls } from '../uploads/index.ts';
import type { ListingCtx } from './context.ts';
import {
  emptyCounts,
  findListing,
  findListings,
  itemSummary,
  loadListings,
  toListing,
  toRow,
  visibleListings,
  type ItemCosts,
  type ItemDbRow,
  type ListingDbRow,
  type LoadedListing,
} from './rows.ts';

/** Common Amazon variation themes; a product type's definition narrows them at publish. */
const VARIATION_THEMES = ['COLOR', 'SIZE', 'COLOR/SIZE', 'SIZE/COLOR'];
const NEUTRAL_RULE: PricingRule = {
  shipping_minor: 0,
  fixed_fee_minor: 0,
  margin_bp: 0,
  fee_rate_bp: 0,
  rounding: 'cent',
};

export const getMarket = (ctx: Ctx): Promise<AmazonStoreGroup[]> => listAmazonStores(ctx);

export async function getInfo(ctx: ListingCtx, q: ListingInfoQuery): Promise<ListingInfo> {
  const store = await findAmazonStore(ctx, q.market_id);
  const site = siteOf(store.marketSiteId);
  return {
    market_id: store.id,
    site_id: site.id,
    site_code: site.code,
    currency: site.currency,
    language: site.language,
    conditions: [...LISTING_CONDITIONS],
    variation_themes: VARIATION_THEMES,
    title_max: AMAZON_TITLE_MAX,
    bullet_point_count: BULLET_POINT_COUNT,
    main_image_min_px: MAIN_IMAGE_MIN_PX,
  };
}

/** The step 1 values of the seller's most recently saved listing in that store. */
export async function getDefaults(ctx: ListingCtx, q: ListingInfoQuery): Promise<ListingDefaults> {
  const store = await findAmazonStore(ctx, q.market_id);
  const [last] = await ctx.db
    .select()
    .from(listings)
    .where(
      and(ownedBy(ctx, listings.sellerId), eq(listings.storeId, store.id), ne(listings.brand, '')),
    )
    .orderBy(desc(listings.updatedAt), desc(listings.id))
    .limit(1);
  return {
    market_id: store.id,
    brand: last?.brand ?? '',
    manufacturer: last?.manufacturer ?? '',
    handling_time: last?.handlingTime ?? null,
    condition: last?.condition ?? 'new_new',
    market_category_id: last?.productType ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// Lists

export async function listListings(ctx: Ctx, q: ListingIndexQuery): Promise<ListingPage> {
  const filters: Array<SQL | undefined> = [visibleListings(ctx)];
  if (q.market_id !== undefined) filters.push(eq(listings.storeId, q.market_id));
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    filters.push(or(ilike(listings.title, pattern), ilike(listings.skuText, pattern)));
  }
  if (q.start_time !== undefined) {
    filters.push(gte(listings.createdAt, new Date(q.start_time * 1000)));
  }
  if (q.end_time !== undefined) filters.push(lte(listings.createdAt, new Date(q.end_time * 1000)));
  const base = and(...filters);
  const where = q.status ? and(base, eq(listings.status, q.status)) : base;
  const column = {
    created_at: listings.createdAt,
    updated_at: listings.updatedAt,
    title: listings.title,
  }[q.sort];
  const direction = q.order === 'asc' ? asc : desc;
  const [rows, [total], perStatus] = await Promise.all([
    ctx.db
      .select()
      .from(listings)
      .where(where)
      .orderBy(direction(column), direction(listings.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(listings).where(where),
    ctx.db
      .select({ status: listings.status, n: count() })
      .from(listings)
      .where(base)
      .groupBy(listings.status),
  ]);
  const counts = emptyCounts();
  for (const s of perStatus) counts[s.status] = s.n;
  const loaded = await loadListings(ctx.db, rows);
  return {
    list: loaded.map((l) => toRow(l.row, l.storeAlias)),
    pagination: { page: q.page, size: q.size, total: total?.n ?? 0 },
    counts,
  };
}

/**
 * Each item's finished-SKU cost in its listing's currency (no rounding rule, so the margin the
 * editor shows is the real one); items of a currency without a rate are left out.
 */
export async function itemCosts(ctx: Ctx, loaded: LoadedListing[]): Promise<ItemCosts> {
  const skuIds = [...new Set(loaded.flatMap((l) => l.items.flatMap((i) => i.finishedSkuId ?? [])))];
  const costs = new Map<number, number>();
  if (skuIds.length === 0) return costs;
  const rows = await ctx.db
    .select({ id: finishedSkus.id, costMinor: finishedSkus.costMinor })
    .from(finishedSkus)
    .where(inArray(finishedSkus.id, skuIds));
  const cost = new Map(rows.map((r) => [r.id, r.costMinor]));
  const rates = new Map<string, string | null>();
  const rule: PricingRule = { ...NEUTRAL_RULE, rounding: 'none' };
  for (const { row, items } of loaded) {
    if (!rates.has(row.currency)) {
      rates.set(row.currency, (await rateToBase(ctx, row.currency))?.rate ?? null);
    }
    const rate = rates.get(row.currency);
    if (!rate) continue;
    for (const item of items) {
      const c = item.finishedSkuId === null ? undefined : cost.get(item.finishedSkuId);
      if (c !== undefined) costs.set(item.id, priceFor(rule, c, row.currency, rate).price_minor);
    }
  }
  return costs;
}

/** Listings as the editor shows them, with their items' costs. */
export async function withCosts(ctx: Ctx, loaded: LoadedListing[]): Promise<Listing[]> {
  const costs = await itemCosts(ctx, loaded);
  return loaded.map((l) => toListing(l, costs));
}

export async function showListing(ctx: Ctx, id: number): Promise<Listing> {
  const [listing] = await withCosts(ctx, [await findListing(ctx, id)]);
  return listing!;
}

/** Full listings for the batch editor; ids of other sellers are left out, like missing ones. */
export async function showAll(ctx: Ctx, ids: number[]): Promise<ListingList> {
  return { list: await withCosts(ctx, await findListings(ctx, ids)) };
}

export async function listByIds(ctx: Ctx, ids: number[]): Promise<ListingRowList> {
  return { list: (await findListings(ctx, ids)).map((l) => toRow(l.row, l.storeAlias)) };
}

// ---------------------------------------------------------------------------------------------
// SKUs

/** SKUs (item or parent) already used by listings of the store, optionally not counting one. */
async function takenSkus(
  db: Executor,
  storeId: number,
  candidates: string[],
  exceptListing?: number,
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const lower = candidates.map((c) => c.toLowerCase());
  const [items, parents] = await Promise.all([
    db
      .select({ sku: listingItems.sku })
      .from(listingItems)
      .where(
        and(
          eq(listingItems.storeId, storeId),
          inArray(listingItems.sku, candidates),
          exceptListing === undefined ? undefined : ne(listingItems.listingId, exceptListing),
        ),
      ),
    db
      .select({ sku: listings.parentSku })
      .from(listings)
      .where(
        and(
          eq(listings.storeId, storeId),
          inArray(listings.parentSku, candidates),
          exceptListing === undefined ? undefined : ne(listings.id, exceptListing),
        ),
      ),
  ]);
  const taken = new Set([...items, ...parents].map((r) => r.sku.toLowerCase()));
  return new Set(candidates.filter((_, i) => taken.has(lower[i]!)));
}

/**
 * Free SKUs in the store for the wanted ones: a taken one gets `-2`, `-3`… (checked against
 * the store and against each other), so listing a product twice or copying never collides.
 */
export async function freeSkus(db: Executor, storeId: number, wanted: string[]): Promise<string[]> {
  const chosen = new Set<string>();
  const result: string[] = [];
  for (const sku of wanted) {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? sku : `${sku}-${n}`;
      if (chosen.has(candidate.toLowerCase())) continue;
      if ((await takenSkus(db, storeId, [candidate])).size > 0) continue;
      chosen.add(candidate.toLowerCase());
      result.push(candidate);
      break;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Create from finished products

interface Texts {
  title?: string;
  bullets?: string[];
  keywords?: string;
  describe?: string;
}

/** Step 4 texts from the chosen templates, placeholders filled with the product's values. */
export async function textsFromTemplates(
  ctx: Ctx,
  choice: ListingTemplateChoice,
  values: PlaceholderValues,
): Promise<Texts> {
  const load = async (id: number | undefined, kind: string) => {
    if (id === undefined) return null;
    const row = await findOwned(ctx, textTemplates, id, 'listings.template_not_found');
    if (row.kind !== kind)
      throw new ValidationError({
        templates: { key: 'listings.template_wrong_kind', params: { id, kind } },
      });
    return renderTemplate(row.content, values).text.trim();
  };
  const [title, five, keywords, describe] = await Promise.all([
    load(choice.goods_item, 'goods-item'),
    load(choice.five_point, 'five-point-describe'),
    load(choice.keyword, 'keyword'),
    load(choice.describe, 'describe'),
  ]);
  return {
    ...(title !== null ? { title: title.slice(0, AMAZON_TITLE_MAX * 2) } : {}),
    ...(five !== null
      ? {
          bullets: five
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
            .slice(0, BULLET_POINT_COUNT),
        }
      : {}),
    ...(keywords !== null ? { keywords } : {}),
    ...(describe !== null ? { describe } : {}),
  };
}

/** A price rule by template id (404 for another seller's), or the plain conversion. */
export async function pricingRule(ctx: Ctx, templateId: number | undefined): Promise<PricingRule> {
  if (templateId === undefined) return NEUTRAL_RULE;
  const row = await findOwned(
    ctx,
    pricingTemplates,
    templateId,
    'listings.pricing_template_not_found',
  );
  return {
    shipping_minor: row.shippingMinor,
    fixed_fee_minor: row.fixedFeeMinor,
    margin_bp: row.marginBp,
    fee_rate_bp: row.feeRateBp,
    rounding: row.rounding,
  };
}

/** The site price in minor units for a CNY amount in fen, by the rule. */
export async function sitePrice(
  ctx: Ctx,
  rule: PricingRule,
  costMinor: number,
  currency: string,
): Promise<number> {
  const rate = await rateToBase(ctx, currency);
  if (!rate)
    throw new ValidationError({
      market_id: { key: 'listings.no_exchange_rate', params: { currency } },
    });
  return priceFor(rule, costMinor, currency, rate.rate).price_minor;
}

const themeOf = (keys: string[]) => keys.map((k) => k.toUpperCase()).join('/');

export async function createListings(
  ctx: ListingCtx,
  input: CreateListingsInput,
): Promise<CreateListingsResult> {
  const store = await findAmazonStore(ctx, input.market_id);
  const site = siteOf(store.marketSiteId);
  const products = await ctx.db
    .select()
    .from(finishedProducts)
    .where(
      and(inArray(finishedProducts.id, input.goods_ids), ownedBy(ctx, finishedProducts.sellerId)),
    );
  const byId = new Map(products.map((p) => [p.id, p]));
  const missing = input.goods_ids.find((id) => !byId.has(id));
  if (missing !== undefined)
    throw new NotFoundError('listings.product_not_found_id', { id: missing });
  const rule = await pricingRule(ctx, input.pricing_template_id);
  const defaults = await getDefaults(ctx, { market_id: store.id });
  const brand = input.brand ?? defaults.brand;
  const [skus, images] = await Promise.all([
    ctx.db
      .select()
      .from(finishedSkus)
      .where(inArray(finishedSkus.productId, input.goods_ids))
      .orderBy(asc(finishedSkus.orderNum), asc(finishedSkus.id)),
    ctx.db
      .select()
      .from(finishedProductImages)
      .where(inArray(finishedProductImages.productId, input.goods_ids))
      .orderBy(asc(finishedProductImages.orderNum), asc(finishedProductImages.id)),
  ]);
  // Prices first (they read rates), then one transaction for the rows.
  const prepared: Array<{
    product: (typeof products)[number];
    own: typeof skus;
    prices: number[];
    texts: Texts;
  }> = [];
  for (const goodsId of input.goods_ids) {
    const product = byId.get(goodsId)!;
    const own = skus.filter((s) => s.productId === goodsId);
    const prices: number[] = [];
    for (const sku of own) {
      prices.push(
        await sitePrice(
          ctx,
          rule,
          input.pricing_template_id ? sku.costMinor : sku.priceMinor,
          site.currency,
        ),
      );
    }
    const first = own[0];
    const values: PlaceholderValues = {
      title: product.title,
      brand,
      color: first?.color,
      size: first?.size,
      sku: first?.skuCode,
      price: prices[0] === undefined ? undefined : String(prices[0] / 100),
    };
    const texts = input.templates ? await textsFromTemplates(ctx, input.templates, values) : {};
    prepared.push({ product, own, prices, texts });
  }
  // Two identical calls at once can pick the same free SKUs; the later one answers 409 with the
  // listing that took them.
  const wantedSkus = prepared.flatMap(({ product, own }) =>
    own.length ? own.map((s) => s.skuCode) : [`FP${product.id}`],
  );
  const existingId = async () => {
    const [taken] = await ctx.db
      .select({ id: listingItems.listingId })
      .from(listingItems)
      .where(and(eq(listingItems.storeId, store.id), inArray(listingItems.sku, wantedSkus)))
      .limit(1);
    return taken?.id ?? null;
  };
  const create = () =>
    withTransaction(ctx, async (tx) => {
      const created: number[] = [];
      for (const { product, own, prices, texts } of prepared) {
        const keys = (['color', 'size'] as const).filter((k) => own.some((s) => s[k] !== ''));
        const isVariation = own.length > 1;
        const wanted = own.length ? own.map((s) => s.skuCode) : [`FP${product.id}`];
        const itemSkus = await freeSkus(tx.db, store.id, wanted);
        const [parentSku] = isVariation
          ? await freeSkus(tx.db, store.id, [`FP${product.id}-P`])
          : [itemSkus[0]!];
        const productImages = images.filter((i) => i.productId === product.id).map((i) => i.url);
        const items = own.length
          ? own.map((s, i) => ({
              finishedSkuId: s.id,
              sku: itemSkus[i]!,
              priceMinor: prices[i]!,
              quantity: 0,
              variation: Object.fromEntries(keys.map((k) => [k, s[k]]).filter(([, v]) => v)),
              image: s.image,
            }))
          : [
              {
                finishedSkuId: null,
                sku: itemSkus[0]!,
                priceMinor: 0,
                quantity: 0,
                variation: {},
                image: null,
              },
            ];
        const [row] = await tx.db
          .insert(listings)
          .values({
            sellerId: sellerIdOf(ctx),
            storeId: store.id,
            siteId: site.id,
            goodsId: product.id,
            currency: site.currency,
            brand,
            manufacturer: defaults.manufacturer || brand,
            handlingTime: defaults.handling_time,
            condition: defaults.condition,
            productType: input.market_category_id ?? defaults.market_category_id,
            isVariation,
            variationTheme: isVariation ? themeOf(keys) : '',
            parentSku: parentSku!,
            showVariationTheme: isVariation ? [...keys] : [],
            title: texts.title ?? product.title.slice(0, AMAZON_TITLE_MAX),
            describe: texts.describe ?? '',
            keywords: texts.keywords ?? '',
            bulletPoints: texts.bullets ?? [],
            images: productImages,
            ...itemSummary(parentSku!, items),
          })
          .returning({ id: listings.id });
        await tx.db.insert(listingItems).values(
          items.map((item, orderNum) => ({
            ...item,
            listingId: row!.id,
            storeId: store.id,
            orderNum,
          })),
        );
        created.push(row!.id);
      }
      return created;
    });
  const ids = await refuseDuplicate(create, {
    constraint: 'listing_items_store_sku_uq',
    key: 'listings.created_twice',
    existingId,
  });
  return { ids };
}

// ---------------------------------------------------------------------------------------------
// Steps

type Step1 = Omit<UpdateStep1Input, 'id'>;
type Step2 = Omit<UpdateStep2Input, 'id'>;
type Step3 = Omit<UpdateStep3Input, 'id'>;
type Step4 = Omit<UpdateStep4Input, 'id'>;

export interface StepPatch {
  step1?: Step1;
  step2?: Step2;
  step3?: Step3;
  step4?: Step4;
}

function prefixed(prefix: string, errors: FieldMessages): FieldMessages {
  if (!prefix) return errors;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}.${k}`, v]));
}

/** Field errors of step 3's items: GTINs, SKUs unique in the listing and in the store. */
async function itemErrors(
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
async function imageErrors(
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
        keywords: s.keywords,
        bulletPoints: s.bullet_points,
        ...(s.images ? { images: s.images } : {}),
      });
    }
    await tx.db.update(listings).set(set).where(eq(listings.id, row.id));
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

export const updateStep1 = (ctx: ListingCtx, { id, ...step1 }: UpdateStep1Input) =>
  saveSteps(ctx, id, { step1 }).then((l) => showLoaded(ctx, l));
export const updateStep2 = (ctx: ListingCtx, { id, ...step2 }: UpdateStep2Input) =>
  saveSteps(ctx, id, { step2 }).then((l) => showLoaded(ctx, l));
export const updateStep3 = (ctx: ListingCtx, { id, ...step3 }: UpdateStep3Input) =>
  saveSteps(ctx, id, { step3 }).then((l) => showLoaded(ctx, l));
export const updateStep4 = (ctx: ListingCtx, { id, ...step4 }: UpdateStep4Input) =>
  saveSteps(ctx, id, { step4 }).then((l) => showLoaded(ctx, l));

/** Each listing saved on its own: one refused never stops or rolls back the others. */
export async function saveStepAll(ctx: ListingCtx, input: StepAllInput): Promise<StepAllResult> {
  const results: StepAllResult['results'] = [];
  for (const { id, ...patch } of input.list) {
    try {
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

/** A draft duplicate in the same store with fresh SKUs (`<sku>-2`…) and no remote state. */
export async function copyListing(ctx: ListingCtx, id: number): Promise<Listing> {
  const { row, items } = await findListing(ctx, id);
  const newId = await withTransaction(ctx, async (tx) => {
    const itemSkus = await freeSkus(
      tx.db,
      row.storeId,
      items.map((i) => i.sku),
    );
    const [parentSku] = row.isVariation
      ? await freeSkus(tx.db, row.storeId, [row.parentSku])
      : [itemSkus[0] ?? row.parentSku];
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
    const [copy] = await tx.db
      .insert(listings)
      .values({
        ...rest,
        status: 'draft',
        changed: false,
        remoteId: null,
        issues: [],
        publishedAt: null,
        parentSku: parentSku!,
        ...itemSummary(
          parentSku!,
          items.map((item, i) => ({ sku: itemSkus[i]!, priceMinor: item.priceMinor })),
        ),
      })
      .returning({ id: listings.id });
    if (items.length) {
      await tx.db.insert(listingItems).values(
        items.map(({ id: _itemId, ...item }, i) => ({
          ...item,
          listingId: copy!.id,
          sku: itemSkus[i]!,
          // A product id belongs to one offer; the copy takes its own at publish.
          productId: '',
        })),
      );
    }
    return copy!.id;
  });
  return showListing(ctx, newId);
}

export { HANDLING_TIME_MAX };
