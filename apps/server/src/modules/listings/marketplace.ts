import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { listings, stores } from '../../db/schema.ts';
import { NotFoundError, ValidationError, type FieldMessage } from '../../errors.ts';
import { findStore, type StoreRow } from '../markets/service.ts';
import { visibleListings } from './rows.ts';

/**
 * The marketplaces with listings. A listing's store names its marketplace, so every listing
 * service works for each; the routes of one marketplace (`/api/publish`, `/api/shopify/publish`)
 * keep to its stores with these helpers.
 */
export type ListingMarketplace = 'amazon' | 'shopify';

const CHOOSE_STORE: Record<ListingMarketplace, FieldMessage> = {
  amazon: 'listings.choose_amazon_store',
  shopify: 'listings.choose_shopify_store',
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
