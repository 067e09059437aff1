import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import {
  LISTING_STATUSES,
  marketSiteById,
  type Listing,
  type ListingItem,
  type ListingRow,
  type ListingStatus,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { listingItems, listings, stores } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy, storeViewOf } from '../../tenancy.ts';
import { visibleStores } from '../markets/service.ts';
import { unixSeconds } from '../../time.ts';

export type ListingDbRow = typeof listings.$inferSelect;
export type ItemDbRow = typeof listingItems.$inferSelect;

/** A listing row with its items (in order) and its store's alias. */
export interface LoadedListing {
  row: ListingDbRow;
  items: ItemDbRow[];
  storeAlias: string;
}

/** Item id → its finished SKU's cost in the listing's currency (see `itemCosts`). */
export type ItemCosts = ReadonlyMap<number, number>;

const unixOrNull = (d: Date | null) => (d ? unixSeconds(d) : null);

export const toItem = (item: ItemDbRow, costs: ItemCosts = new Map()): ListingItem => ({
  id: item.id,
  finished_sku_id: item.finishedSkuId,
  sku: item.sku,
  price_minor: item.priceMinor,
  quantity: item.quantity,
  variation: item.variation,
  product_id: item.productId,
  image: item.image,
  cost_minor: costs.get(item.id) ?? null,
});

export function toListing(
  { row, items, storeAlias }: LoadedListing,
  costs: ItemCosts = new Map(),
): Listing {
  const site = marketSiteById(row.siteId);
  return {
    id: row.id,
    goods_id: row.goodsId,
    status: row.status,
    changed: row.changed,
    remote_id: row.remoteId,
    issues: row.issues,
    currency: row.currency,
    site_id: row.siteId,
    site_code: site?.code ?? '',
    store_alias: storeAlias,
    market_id: row.storeId,
    manufacturer: row.manufacturer,
    mfrPart_number: row.mfrPartNumber,
    brand: row.brand,
    condition: row.condition,
    condition_note: row.conditionNote,
    market_category_id: row.productType,
    launch_date: unixOrNull(row.launchDate),
    handling_time: row.handlingTime,
    attributes: row.attributes,
    is_variation: row.isVariation,
    variation_theme: row.variationTheme,
    parent_sku: row.parentSku,
    show_variation_theme: row.showVariationTheme,
    items: items.map((item) => toItem(item, costs)),
    title: row.title,
    describe: row.describe,
    custom_describe: row.customDescribe,
    keywords: row.keywords,
    bullet_points: row.bulletPoints,
    images: row.images,
    created_at: unixSeconds(row.createdAt),
    updated_at: unixSeconds(row.updatedAt),
    published_at: unixOrNull(row.publishedAt),
  };
}

export function toRow(row: ListingDbRow, storeAlias: string): ListingRow {
  return {
    id: row.id,
    goods_id: row.goodsId,
    title: row.title,
    main_image: row.images[0] ?? null,
    market_id: row.storeId,
    store_alias: storeAlias,
    site_code: marketSiteById(row.siteId)?.code ?? '',
    currency: row.currency,
    status: row.status,
    changed: row.changed,
    remote_id: row.remoteId,
    parent_sku: row.parentSku,
    market_category_id: row.productType,
    sku_count: row.skuCount,
    price_min_minor: row.priceMinMinor,
    price_max_minor: row.priceMaxMinor,
    issue_count: row.issues.length,
    created_at: unixSeconds(row.createdAt),
    updated_at: unixSeconds(row.updatedAt),
    published_at: unixOrNull(row.publishedAt),
  };
}

export const emptyCounts = (): Record<ListingStatus, number> =>
  Object.fromEntries(LISTING_STATUSES.map((s) => [s, 0])) as Record<ListingStatus, number>;

/** Listings with items and store aliases, in the order of `ids`; missing ids are left out. */
export async function loadListings(db: Executor, rows: ListingDbRow[]): Promise<LoadedListing[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, aliases] = await Promise.all([
    db
      .select()
      .from(listingItems)
      .where(inArray(listingItems.listingId, ids))
      .orderBy(asc(listingItems.listingId), asc(listingItems.orderNum), asc(listingItems.id)),
    db
      .select({ id: stores.id, alias: stores.alias })
      .from(stores)
      .where(inArray(stores.id, [...new Set(rows.map((r) => r.storeId))])),
  ]);
  const byListing = new Map<number, ItemDbRow[]>();
  for (const item of items) {
    const list = byListing.get(item.listingId) ?? [];
    list.push(item);
    byListing.set(item.listingId, list);
  }
  const alias = new Map(aliases.map((a) => [a.id, a.alias]));
  return rows.map((row) => ({
    row,
    items: byListing.get(row.id) ?? [],
    storeAlias: alias.get(row.storeId) ?? '',
  }));
}

/**
 * The actor's listings: the seller's, and for staff only those of the stores assigned to
 * them (as orders and stores are), so a staff user's list, reads and edits stop at the same
 * line. Jobs act with the boss's view.
 */
export function visibleListings(ctx: Ctx): SQL {
  const owned = ownedBy(ctx, listings.sellerId);
  if (storeViewOf(ctx).isBoss) return owned;
  return and(
    owned,
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(stores)
        .where(and(eq(stores.id, listings.storeId), visibleStores(ctx))),
    ),
  )!;
}

/** The actor's listing by id (404 for another seller's), with items. */
export async function findListing(
  ctx: Ctx,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<LoadedListing> {
  const query = ctx.db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), visibleListings(ctx)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('listings.not_found');
  return (await loadListings(ctx.db, [row]))[0]!;
}

/** The actor's listings among `ids`, in that order; unknown and foreign ids are left out. */
export async function findListings(ctx: Ctx, ids: number[]): Promise<LoadedListing[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(listings)
    .where(and(inArray(listings.id, ids), visibleListings(ctx)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return loadListings(
    ctx.db,
    ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
  );
}

/** The list columns kept from the items: SKU text, count and price range. */
export function itemSummary(
  parentSku: string,
  items: Array<{ sku: string; priceMinor: number }>,
): Pick<ListingDbRow, 'skuText' | 'skuCount' | 'priceMinMinor' | 'priceMaxMinor'> {
  const prices = items.map((i) => i.priceMinor);
  return {
    skuText: [parentSku, ...items.map((i) => i.sku)].join(' ').toLowerCase(),
    skuCount: items.length,
    priceMinMinor: prices.length ? Math.min(...prices) : 0,
    priceMaxMinor: prices.length ? Math.max(...prices) : 0,
  };
}
