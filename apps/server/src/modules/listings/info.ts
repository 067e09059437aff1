import { and, desc, eq, ne } from 'drizzle-orm';
import {
  AMAZON_TITLE_MAX,
  BULLET_POINT_COUNT,
  LISTING_CONDITIONS,
  MAIN_IMAGE_MIN_PX,
  type AmazonStoreGroup,
  type ListingDefaults,
  type ListingInfo,
  type ListingInfoQuery,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { listings } from '../../db/schema.ts';
import { ownedBy } from '../../tenancy.ts';
import { listAmazonStores, siteOf } from '../markets/service.ts';
import { findAmazonStore } from './categories.ts';
import type { ListingCtx } from './context.ts';
import { findListingStore, type ListingMarketplace } from './marketplace.ts';

/** Common Amazon variation themes; a product type's definition narrows them at publish. */
const VARIATION_THEMES = ['COLOR', 'SIZE', 'COLOR/SIZE', 'SIZE/COLOR'];

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
export async function getDefaults(
  ctx: ListingCtx,
  q: ListingInfoQuery,
  marketplace: ListingMarketplace = 'amazon',
): Promise<ListingDefaults> {
  const store = await findListingStore(ctx, q.market_id, marketplace);
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
