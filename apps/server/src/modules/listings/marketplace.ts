import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { ListingList } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { listings, stores } from '../../db/schema.ts';
import { NotFoundError, ValidationError, type FieldMessage } from '../../errors.ts';
import { findStore, type StoreRow } from '../markets/service.ts';
import { visibleListings } from './rows.ts';
import { showAll } from './show.ts';

/**
 * The marketplaces with listings. A listing's store names its marketplace, so every listing
 * service works for each; the routes of one marketplace (`/api/publish`, `/api/shopify/publish`,
 * `/api/temu/publish`, `/api/shopee/goods`) keep to its stores with these helpers.
 */
export type ListingMarketplace = 'amazon' | 'shopify' | 'temu' | 'shopee';

const CHOOSE_STORE: Record<ListingMarketplace, FieldMessage> = {
  amazon: 'listings.choose_amazon_store',
  shopify: 'listings.choose_shopify_store',
  temu: 'listings.choose_temu_store',
  shopee: 'listings.choose_shopee_store',
};

/** The actor's store by id: 404 for another seller's, 422 for another marketplace's. */
export async function findListingStore(
  ctx: Ctx,
  storeId: number,
  marketplace: ListingMarketplace,
): Promise<StoreRow> {
  const store = await findStore(ctx, storeId);
  if (store.marketplace !== marketplace) {
    throw new ValidationError({ market_id: CHOOSE_STORE[marketplace] });
  }
  return store;
}

/** Listings whose store is of `marketplace`. */
export function ofMarketplace(ctx: Ctx, marketplace: ListingMarketplace): SQL {
  return inArray(
    listings.storeId,
    ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.marketplace, marketplace)),
  );
}

/**
 * 404 unless every id is one of the actor's listings of `marketplace`: another marketplace's
 * listing is as unknown to these routes as another seller's.
 */
export async function assertListingsOf(
  ctx: Ctx,
  ids: number[],
  marketplace: ListingMarketplace,
): Promise<void> {
  const unique = [...new Set(ids)];
  const [found] = await ctx.db
    .select({ n: count() })
    .from(listings)
    .where(
      and(inArray(listings.id, unique), visibleListings(ctx), ofMarketplace(ctx, marketplace)),
    );
  if ((found?.n ?? 0) !== unique.length) throw new NotFoundError('listings.not_found');
}

/** Full listings of `marketplace` by id; other sellers' and other marketplaces' ids are left out. */
export async function showAllOf(
  ctx: Ctx,
  ids: number[],
  marketplace: ListingMarketplace,
): Promise<ListingList> {
  const rows = await ctx.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.id, ids), ofMarketplace(ctx, marketplace)));
  const mine = new Set(rows.map((r) => r.id));
  return showAll(
    ctx,
    ids.filter((id) => mine.has(id)),
  );
}
