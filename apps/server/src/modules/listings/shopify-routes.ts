import {
  CategoryQuery,
  ListingCategoryList,
  ShopifyStepAllInput,
  ShopifyStoreList,
} from '@app/shared';
import { route } from '../../http/route.ts';
import { marketCategories, marketStores } from './market.ts';
import type { MarketplaceListingRoutes } from './marketplace-routes.ts';

/**
 * Shopify listings (spec 7 "Shopify listings", issue 20): the shared listing routes kept to
 * Shopify stores, plus the taxonomy. Taking down (archiving on Shopify) needs the publish
 * permission; deleting the delete permission.
 */
export const SHOPIFY_LISTING_ROUTES: MarketplaceListingRoutes = {
  marketplace: 'shopify',
  name: 'Shopify',
  base: '/api/shopify/publish',
  page: '/goods/shopifyyun',
  tags: ['shopify-publish'],
  downAction: 'publish',
  deleteOne: 'down',
  stores: {
    summary: "The actor's Shopify stores (on, authorized)",
    response: ShopifyStoreList,
    list: marketStores('shopify'),
  },
  stepAll: ShopifyStepAllInput,
  extra(app, { base, tags, can, lctx }) {
    route(
      app,
      {
        method: 'GET',
        url: `${base}/get-category`,
        tags,
        summary: "One level of Shopify's product taxonomy, as the store's shop serves it",
        querystring: CategoryQuery,
        response: ListingCategoryList,
        ...can('info'),
      },
      (_ctx, input, request) => marketCategories(lctx(request), input, 'shopify'),
    );
  },
};
