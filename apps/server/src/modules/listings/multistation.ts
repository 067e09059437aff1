import { and, eq, inArray } from 'drizzle-orm';
import {
  AMAZON_TITLE_MAX,
  BULLET_POINT_COUNT,
  BULLET_POINT_MAX,
  LISTING_DESCRIBE_MAX,
  LISTING_KEYWORDS_MAX,
  type MultistationCreateInput,
  type MultistationCreateResult,
  type MultistationItemPrice,
  type MultistationPriceInput,
  type MultistationPrices,
  type MultistationShow1,
  type MultistationShow3,
  type MultistationTarget,
  type MultistationTargets,
  type MultistationTargetsInput,
  type MultistationTextCheck,
  type MultistationTexts,
  type MultistationTextsInput,
  type ListingStatus,
  type Store,
  type TranslateInput,
  type TranslateResult,
  fromMinor,
  minorDigits,
} from '@app/shared';
import { finishedSkus, listingCopies, listingItems, listings } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { ConflictError, ValidationError, type FieldMessages } from '../../errors.ts';
import {
  sameLanguage,
  TranslatorError,
  type Translator,
} from '../../integrations/translator/index.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { findStore, listAmazonStores, siteOf } from '../markets/service.ts';
import { divide, parseDecimal, priceFor, rateToBase, toDecimal } from '../templates/index.ts';
import { forbiddenWordCheck } from './compliance.ts';
import type { ListingCtx } from './context.ts';
import { findListing, itemSummary, type LoadedListing } from './rows.ts';
import { pricingRule, sitePrice } from './pricing.ts';
import { freeSkus } from './skus.ts';

/** Listing work plus the configured translator (null when none is configured). */
export type MultistationCtx = ListingCtx & { translator: Translator | null };

/**
 * A copy may be rewritten by another run while nothing of it is on Amazon: a draft, or a
 * first publish that failed (a failed republish keeps its remote id and stays untouched).
 */
const rewritable = (copy: { status: ListingStatus; remoteId: string | null }) =>
  copy.remoteId === null && (copy.status === 'draft' || copy.status === 'failed');

interface Source {
  listing: LoadedListing;
  region: string;
  language: string;
  currency: string;
}

async function loadSource(ctx: ListingCtx, id: number): Promise<Source> {
  const listing = await findListing(ctx, id);
  const site = siteOf(listing.row.siteId);
  return { listing, region: site.region, language: site.language, currency: site.currency };
}

/** Existing copies of the source, by target store. */
async function copiesOf(ctx: ListingCtx, sourceId: number) {
  const rows = await ctx.db
    .select({
      storeId: listingCopies.storeId,
      copyId: listingCopies.copyId,
      status: listings.status,
      remoteId: listings.remoteId,
    })
    .from(listingCopies)
    .innerJoin(listings, eq(listings.id, listingCopies.copyId))
    .where(and(eq(listingCopies.sourceId, sourceId), ownedBy(ctx, listingCopies.sellerId)));
  return new Map(rows.map((r) => [r.storeId, r]));
}

const toTarget = (
  store: Store,
  copy: { copyId: number; status: ListingStatus } | undefined,
): MultistationTarget => ({
  market_id: store.id,
  alias: store.alias,
  site_id: store.site.id,
  site_code: store.site.code,
  site_name: store.site.name,
  site_name_zh: store.site.nameZh,
  currency: store.site.currency,
  language: store.site.language,
  copy: copy ? { listing_id: copy.copyId, status: copy.status } : null,
});

/** The actor's on, authorized Amazon stores of the source's region, the source's own left out. */
async function selectableTargets(ctx: ListingCtx, source: Source): Promise<MultistationTarget[]> {
  const [groups, copies] = await Promise.all([
    listAmazonStores(ctx),
    copiesOf(ctx, source.listing.row.id),
  ]);
  return groups
    .filter((g) => g.region === source.region)
    .flatMap((g) => g.stores)
    .filter((s) => s.id !== source.listing.row.storeId)
    .map((s) => toTarget(s, copies.get(s.id)));
}

export async function showTargets(ctx: ListingCtx, id: number): Promise<MultistationShow1> {
  const source = await loadSource(ctx, id);
  const { row, items, storeAlias } = source.listing;
  const site = siteOf(row.siteId);
  return {
    source: {
      id: row.id,
      title: row.title,
      status: row.status,
      market_id: row.storeId,
      alias: storeAlias,
      site_code: site.code,
      region: source.region,
      currency: row.currency,
      language: source.language,
      items: items.map((i) => ({
        id: i.id,
        sku: i.sku,
        price_minor: i.priceMinor,
        variation: i.variation,
      })),
    },
    targets: await selectableTargets(ctx, source),
  };
}

/**
 * The chosen targets in the order given: another seller's store (or one not assigned to this
 * staff user) is a 404 as everywhere; an own store that cannot take the copy is a 422.
 */
async function chosenTargets(
  ctx: ListingCtx,
  source: Source,
  marketIds: number[],
  field = 'market_ids',
): Promise<MultistationTarget[]> {
  const selectable = new Map((await selectableTargets(ctx, source)).map((t) => [t.market_id, t]));
  const errors: FieldMessages = {};
  const chosen: MultistationTarget[] = [];
  const seen = new Set<number>();
  for (const [i, marketId] of marketIds.entries()) {
    const target = selectable.get(marketId);
    if (seen.has(marketId)) errors[`${field}.${i}`] = 'listings.site_chosen_twice';
    seen.add(marketId);
    if (target) {
      chosen.push(target);
      continue;
    }
    const store = await findStore(ctx, marketId);
    errors[`${field}.${i}`] =
      store.id === source.listing.row.storeId
        ? 'listings.own_store'
        : store.marketplace !== 'amazon' || siteOf(store.marketSiteId).region !== source.region
          ? { key: 'listings.choose_region_site', params: { region: source.region } }
          : 'listings.store_unavailable';
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return chosen;
}

export async function checkTargets(
  ctx: ListingCtx,
  input: MultistationTargetsInput,
): Promise<MultistationTargets> {
  const source = await loadSource(ctx, input.id);
  return { targets: await chosenTargets(ctx, source, input.market_ids) };
}

// ---------------------------------------------------------------------------------------------
// Prices

/** Source currency units per unit of `target`, through the CNY rates, kept to ten places. */
async function crossRate(ctx: ListingCtx, from: string, to: string): Promise<string> {
  if (from === to) return '1';
  const [a, b] = await Promise.all([rateToBase(ctx, from), rateToBase(ctx, to)]);
  if (!a || !b)
    throw new ValidationError({
      market_ids: { key: 'listings.no_exchange_rate', params: { currency: !a ? from : to } },
    });
  const rate = toDecimal(divide(parseDecimal(b.rate), parseDecimal(a.rate)), 0, 10);
  return rate.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * Each item's price on each target: with a pricing template, the template applied to the
 * finished SKU's cost (as creating a listing does); otherwise, or for items without a
 * finished SKU, the source price converted at the exchange rate and rounded by the template's
 * rule (to the cent without one).
 */
export async function planPrices(
  ctx: ListingCtx,
  input: MultistationPriceInput,
): Promise<MultistationPrices> {
  const source = await loadSource(ctx, input.id);
  const targets = await chosenTargets(ctx, source, input.market_ids);
  const rule = await pricingRule(ctx, input.pricing_template_id);
  const { items } = source.listing;
  const skuIds = items.flatMap((i) => (i.finishedSkuId === null ? [] : [i.finishedSkuId]));
  const costs = new Map(
    skuIds.length && input.pricing_template_id !== undefined
      ? (
          await ctx.db
            .select({ id: finishedSkus.id, costMinor: finishedSkus.costMinor })
            .from(finishedSkus)
            .where(inArray(finishedSkus.id, skuIds))
        ).map((s) => [s.id, s.costMinor])
      : [],
  );
  // priceFor reads the amount as two-digit minor units: a zero-digit source (JPY) is scaled up,
  // a three-digit one (KWD) rounded to the cent.
  const scale = 10 ** (2 - minorDigits(source.currency));
  const conversion = {
    ...rule,
    shipping_minor: 0,
    fixed_fee_minor: 0,
    margin_bp: 0,
    fee_rate_bp: 0,
  };
  const sites: MultistationPrices['sites'] = [];
  for (const target of targets) {
    const rate = await crossRate(ctx, source.currency, target.currency);
    const prices: MultistationItemPrice[] = [];
    for (const item of items) {
      const cost = item.finishedSkuId === null ? undefined : costs.get(item.finishedSkuId);
      const plan =
        cost !== undefined
          ? { basis: 'template' as const, minor: await sitePrice(ctx, rule, cost, target.currency) }
          : {
              basis: 'converted' as const,
              minor: priceFor(
                conversion,
                Math.round(item.priceMinor * scale),
                target.currency,
                rate,
              ).price_minor,
            };
      prices.push({
        item_id: item.id,
        sku: item.sku,
        source_price_minor: item.priceMinor,
        price_minor: plan.minor,
        price: fromMinor(plan.minor, target.currency),
        basis: plan.basis,
      });
    }
    sites.push({ market_id: target.market_id, currency: target.currency, rate, items: prices });
  }
  return { sites };
}

// ---------------------------------------------------------------------------------------------
// Texts

const sourceTexts = ({ row }: LoadedListing): MultistationTexts => ({
  title: row.title,
  describe: row.describe,
  custom_describe: row.customDescribe,
  keywords: row.keywords,
  bullet_points: row.bulletPoints,
});

/** Translations can run longer than the source; cut them to what the editor accepts. */
const fitted = (t: MultistationTexts): MultistationTexts => ({
  title: t.title.slice(0, AMAZON_TITLE_MAX * 2),
  describe: t.describe.slice(0, LISTING_DESCRIBE_MAX * 5),
  custom_describe: t.custom_describe.slice(0, LISTING_DESCRIBE_MAX * 5),
  keywords: t.keywords.slice(0, LISTING_KEYWORDS_MAX * 4),
  bullet_points: t.bullet_points
    .slice(0, BULLET_POINT_COUNT)
    .map((b) => b.slice(0, BULLET_POINT_MAX)),
});

function requireTranslator(ctx: MultistationCtx): Translator {
  if (!ctx.translator) {
    throw new TranslatorError('listings.no_translator', 'unavailable');
  }
  return ctx.translator;
}

async function translateTexts(
  translator: Translator,
  texts: MultistationTexts,
  source: string,
  target: string,
): Promise<MultistationTexts> {
  const flat = [
    texts.title,
    texts.describe,
    texts.custom_describe,
    texts.keywords,
    ...texts.bullet_points,
  ];
  const [title, describe, customDescribe, keywords, ...bullets] = await translator.translate(
    flat,
    source,
    target,
  );
  return fitted({
    title: title!,
    describe: describe!,
    custom_describe: customDescribe!,
    keywords: keywords!,
    bullet_points: bullets,
  });
}

/** Forbidden-word hits of texts in a store, as the editor reports them. */
async function hitsIn(ctx: ListingCtx, storeId: number, texts: MultistationTexts) {
  const check = await forbiddenWordCheck(ctx, storeId);
  return check({
    title: texts.title,
    bullets: texts.bullet_points,
    description: texts.describe,
    keywords: texts.keywords,
  });
}

/**
 * The source's texts for each target: unchanged where the site speaks the source's language,
 * machine-translated (once per language) where it does not, with forbidden-word hits.
 */
export async function translatedTexts(
  ctx: MultistationCtx,
  input: MultistationTargetsInput,
): Promise<MultistationShow3> {
  const source = await loadSource(ctx, input.id);
  const targets = await chosenTargets(ctx, source, input.market_ids);
  const original = sourceTexts(source.listing);
  const byLanguage = new Map<string, Promise<MultistationTexts>>();
  const sites: MultistationShow3['sites'] = [];
  for (const target of targets) {
    const translated = !sameLanguage(source.language, target.language);
    let texts = original;
    if (translated) {
      const key = target.language.toLowerCase();
      if (!byLanguage.has(key)) {
        byLanguage.set(
          key,
          translateTexts(requireTranslator(ctx), original, source.language, target.language),
        );
      }
      texts = await byLanguage.get(key)!;
    }
    sites.push({
      market_id: target.market_id,
      language: target.language,
      translated,
      texts,
      hits: await hitsIn(ctx, target.market_id, texts),
    });
  }
  return { sites };
}

export async function checkTexts(
  ctx: ListingCtx,
  input: MultistationTextsInput,
): Promise<MultistationTextCheck> {
  const source = await loadSource(ctx, input.id);
  await chosenTargets(
    ctx,
    source,
    input.sites.map((s) => s.market_id),
    'sites',
  );
  const sites: MultistationTextCheck['sites'] = [];
  for (const site of input.sites) {
    sites.push({ market_id: site.market_id, hits: await hitsIn(ctx, site.market_id, site) });
  }
  return { sites };
}

// ---------------------------------------------------------------------------------------------
// Create

/**
 * One draft per target: the source's basics, attributes, variations and images with the given
 * prices and texts. A store that already holds a copy of the source gets that draft rewritten
 * (same id), unless the copy has been sent to Amazon (409 naming the sites; nothing is written).
 * The source row is locked so two runs for one source queue instead of both inserting.
 */
export async function createCopies(
  ctx: ListingCtx,
  input: MultistationCreateInput,
): Promise<MultistationCreateResult> {
  const source = await loadSource(ctx, input.id);
  const targets = await chosenTargets(
    ctx,
    source,
    input.sites.map((s) => s.market_id),
    'sites',
  );
  const errors: FieldMessages = {};
  input.sites.forEach((site, i) => {
    const given = new Set(site.items.map((it) => it.item_id));
    if (source.listing.items.some((it) => !given.has(it.id))) {
      errors[`sites.${i}.items`] = 'listings.price_every_item';
    }
    if (site.items.some((it) => !source.listing.items.some((s) => s.id === it.item_id))) {
      errors[`sites.${i}.items`] = 'listings.item_not_in_listing';
    }
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);

  return withTransaction(ctx, async (tx) => {
    const { row, items } = await findListing(tx, input.id, { lock: true });
    const copies = await copiesOf({ ...ctx, db: tx.db }, row.id);
    const live = targets.filter((t) => {
      const copy = copies.get(t.market_id);
      return copy && !rewritable(copy);
    });
    if (live.length) {
      throw new ConflictError(
        'listings.already_copied',
        { sites: live.map((t) => t.site_code).join(', ') },
        { market_ids: live.map((t) => t.market_id) },
      );
    }
    const results: MultistationCreateResult['results'] = [];
    for (const [i, site] of input.sites.entries()) {
      const target = targets[i]!;
      const existing = copies.get(target.market_id);
      const [before] = existing
        ? await tx.db.select().from(listings).where(eq(listings.id, existing.copyId))
        : [];
      if (existing) {
        await tx.db.delete(listingItems).where(eq(listingItems.listingId, existing.copyId));
        // Its own parent SKU must count as free when the SKUs are chosen again.
        await tx.db.update(listings).set({ parentSku: '' }).where(eq(listings.id, existing.copyId));
      }
      const itemSkus = await freeSkus(
        tx.db,
        target.market_id,
        items.map((it) => it.sku),
      );
      const [parentSku] = row.isVariation
        ? await freeSkus(tx.db, target.market_id, [row.parentSku])
        : [itemSkus[0] ?? row.parentSku];
      const price = new Map(site.items.map((it) => [it.item_id, it.price_minor]));
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      const values = {
        ...rest,
        storeId: target.market_id,
        siteId: target.site_id,
        currency: target.currency,
        status: 'draft' as const,
        changed: false,
        remoteId: null,
        issues: [],
        publishedAt: null,
        parentSku: parentSku!,
        title: site.title,
        describe: site.describe,
        customDescribe: site.custom_describe,
        keywords: site.keywords,
        bulletPoints: site.bullet_points,
        ...itemSummary(
          parentSku!,
          items.map((it, n) => ({ sku: itemSkus[n]!, priceMinor: price.get(it.id)! })),
        ),
      };
      let copyId: number;
      if (existing) {
        copyId = existing.copyId;
        const [after] = await tx.db
          .update(listings)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(listings.id, copyId))
          .returning();
        await recordAudit(tx, { object: 'listing', id: copyId, before: before!, after: after! });
      } else {
        const [created] = await tx.db.insert(listings).values(values).returning();
        copyId = created!.id;
        await recordAudit(tx, { object: 'listing', id: copyId, before: null, after: created! });
        await tx.db.insert(listingCopies).values({
          sellerId: sellerIdOf(ctx),
          sourceId: row.id,
          storeId: target.market_id,
          copyId,
        });
      }
      if (items.length) {
        await tx.db.insert(listingItems).values(
          items.map(({ id: itemId, ...item }, n) => ({
            ...item,
            listingId: copyId,
            storeId: target.market_id,
            sku: itemSkus[n]!,
            priceMinor: price.get(itemId)!,
            // The same product carries the same UPC/EAN on every Amazon site.
          })),
        );
      }
      results.push({ market_id: target.market_id, listing_id: copyId, created: !existing });
    }
    return { results };
  });
}

// ---------------------------------------------------------------------------------------------
// Editor translation

export async function translateForEditor(
  ctx: MultistationCtx,
  input: TranslateInput,
): Promise<TranslateResult> {
  const translator = requireTranslator(ctx);
  const texts =
    input.source !== 'auto' && sameLanguage(input.source, input.target)
      ? input.texts
      : await translator.translate(input.texts, input.source, input.target);
  return { texts, provider: translator.name };
}
