import { and, inArray } from 'drizzle-orm';
import type {
  CategoryQuery,
  ListingCategoryList,
  ListingList,
  ShopifyStoreList,
} from '@app/shared';
import { listings } from '../../db/schema.ts';
import { listActiveStores, storeSessionFor } from '../markets/service.ts';
import type { ListingCtx } from './context.ts';
import { findListingStore, ofMarketplace } from './marketplace.ts';
import { showAll } from './show.ts';

/**
 * What `/api/shopify/publish/*` needs beyond the listing services every marketplace shares:
 * the Shopify stores, the taxonomy, and reads kept to Shopify listings.
 */

export const shopifyStores = async (ctx: ListingCtx): Promise<ShopifyStoreList> => ({
  list: await listActiveStores(ctx, 'shopify'),
});

/**
 * One level of Shopify's product taxonomy (the top level without `parent_id`), filtered by
 * `keyword` on the names. Asked of the store's shop: the taxonomy comes with the Admin API.
 */
export async function shopifyCategories(
  ctx: ListingCtx,
  q: CategoryQuery,
): Promise<ListingCategoryList> {
  const store = await findListingStore(ctx, q.market_id, 'shopify');
  const { connector, session } = storeSessionFor(ctx, store, { forWrite: false });
  const keyword = q.keyword?.toLowerCase();
  const list = (await connector.listCategories(session, q.parent_id ?? null, ctx.lang))
    .filter((c) => !keyword || c.name.toLowerCase().includes(keyword))
    .map((c) => ({ id: c.id, name: c.name, parent_id: c.parentId, leaf: c.leaf }));
  return { list };
}

/** Full Shopify listings by id; other sellers' and other marketplaces' ids are left out. */
export async function showAllShopify(ctx: ListingCtx, ids: number[]): Promise<ListingList> {
  const rows = await ctx.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.id, ids), ofMarketplace(ctx, 'shopify')));
  const mine = new Set(rows.map((r) => r.id));
  return showAll(
    ctx,
    ids.filter((id) => mine.has(id)),
  );
}
