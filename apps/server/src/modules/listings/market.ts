import type {
  CategoryDetailQuery,
  CategoryQuery,
  ListingCategoryDetail,
  ListingCategoryList,
  ListingStoreList,
} from '@app/shared';
import { AppError, ValidationError } from '../../errors.ts';
import { listActiveStores, storeSessionFor } from '../markets/service.ts';
import { attributesOf } from './categories.ts';
import type { ListingCtx } from './context.ts';
import { findListingStore, type ListingMarketplace } from './marketplace.ts';

/**
 * What the Shopify, Temu and Shopee listing routes need beyond the listing services every
 * marketplace shares: their stores, and the category tree and attributes as the store's shop
 * serves them (Shopify's taxonomy, Temu's `bg.local.goods.cats.get` tree and templates,
 * Shopee's get_category and get_attribute_tree).
 */

export const marketStores =
  (marketplace: ListingMarketplace) =>
  async (ctx: ListingCtx): Promise<ListingStoreList> => ({
    list: await listActiveStores(ctx, marketplace),
  });

/** One level of the tree (the top without `parent_id`), filtered by `keyword` on the names. */
export async function marketCategories(
  ctx: ListingCtx,
  q: CategoryQuery,
  marketplace: ListingMarketplace,
): Promise<ListingCategoryList> {
  const store = await findListingStore(ctx, q.market_id, marketplace);
  const { connector, session } = storeSessionFor(ctx, store, { forWrite: false });
  const keyword = q.keyword?.toLowerCase();
  const list = (await connector.listCategories(session, q.parent_id ?? null, ctx.lang))
    .filter((c) => !keyword || c.name.toLowerCase().includes(keyword))
    .map((c) => ({ id: c.id, name: c.name, parent_id: c.parentId, leaf: c.leaf }));
  return { list };
}

/** A leaf category's attributes, required ones first; 422 when the store has no such category. */
export async function marketCategoryAttributes(
  ctx: ListingCtx,
  q: CategoryDetailQuery,
  marketplace: ListingMarketplace,
): Promise<ListingCategoryDetail> {
  const store = await findListingStore(ctx, q.market_id, marketplace);
  const definitions = await attributesOf(ctx, store, q.category_id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 502) {
      throw new ValidationError({ category_id: 'listings.unknown_category' });
    }
    throw error;
  });
  const attributes = definitions
    .map((a) => ({
      name: a.name,
      label: a.label,
      required: a.required,
      type: a.type,
      ...(a.options ? { options: a.options, option_names: a.optionNames ?? a.options } : {}),
    }))
    .sort((a, b) => Number(b.required) - Number(a.required));
  return { id: q.category_id, attributes };
}
