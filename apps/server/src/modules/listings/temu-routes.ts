import {
  CategoryDetailQuery,
  CategoryQuery,
  ListingCategoryDetail,
  ListingCategoryList,
  ListingStoreList,
  MarketStepAllInput,
} from '@app/shared';
import { route } from '../../http/route.ts';
import { marketCategories, marketCategoryAttributes, marketStores } from './market.ts';
import type { MarketplaceListingRoutes } from './marketplace-routes.ts';

/**
 * Temu listings (spec 7 "Temu listings and purchase orders", issue 20): the shared listing
 * routes kept to Temu stores, plus Temu's category tree and each leaf's template (required
 * attributes and their values). Taking down (off shelf on Temu) needs the publish permission.
 */
export const TEMU_LISTING_ROUTES: MarketplaceListingRoutes = {
  marketplace: 'temu',
  name: 'Temu',
  base: '/api/temu/publish',
  page: '/goods/temuyun',
  tags: ['temu-publish'],
  downAction: 'publish',
  deleteOne: 'down',
  stores: {
    summary: "The actor's Temu stores (on, authorized)",
    response: ListingStoreList,
    list: marketStores('temu'),
  },
  stepAll: MarketStepAllInput,
  extra(app, { base, tags, can, lctx }) {
    route(
      app,
      {
        method: 'GET',
        url: `${base}/get-category-by-market-new`,
        tags,
        summary:
          "One level of the store's Temu category tree (usable categories only), searched by `keyword`",
        querystring: CategoryQuery,
        response: ListingCategoryList,
        ...can('info'),
      },
      (_ctx, input, request) => marketCategories(lctx(request), input, 'temu'),
    );
    route(
      app,
      {
        method: 'GET',
        url: `${base}/get-category-attribute`,
        tags,
        summary: "A leaf category's template: its attributes, required ones first",
        querystring: CategoryDetailQuery,
        response: ListingCategoryDetail,
        ...can('info'),
      },
      (_ctx, input, request) => marketCategoryAttributes(lctx(request), input, 'temu'),
    );
  },
};
