import {
  CategoryDetailQuery,
  CategoryQuery,
  Listing,
  ListingBatchStarted,
  ListingCategoryDetail,
  ListingCategoryList,
  ListingStoreList,
  MarketStepAllInput,
  ShopeeStatusInput,
  ShopeeStep1Input,
  ShopeeStep2Input,
  ShopeeStep3Input,
  ShopeeStep4Input,
  ShopeeSyncInput,
  ShopeeSyncResult,
} from '@app/shared';
import { route } from '../../http/route.ts';
import { marketCategories, marketCategoryAttributes, marketStores } from './market.ts';
import type { MarketplaceListingRoutes } from './marketplace-routes.ts';
import {
  updateShopeeStatus,
  updateShopeeStep1,
  updateShopeeStep2,
  updateShopeeStep3,
  updateShopeeStep4,
} from './shopee.ts';
import { syncShopeeItems } from './shopee-sync.ts';

/**
 * Shopee goods (spec 7 "Shopee", spec 4 status and synchronisation, issue 20): the shared
 * listing routes kept to Shopee stores (`delete` deletes here), plus the category tree, the
 * attribute tree, the four editor steps, `update-status` (list / unlist) and `synchro`.
 */
export const SHOPEE_LISTING_ROUTES: MarketplaceListingRoutes = {
  marketplace: 'shopee',
  name: 'Shopee',
  base: '/api/shopee/goods',
  page: '/goods/shopeeyun',
  tags: ['shopee-goods'],
  downAction: 'publish',
  deleteOne: 'delete',
  stores: {
    summary: "The actor's Shopee shops (on, authorized)",
    response: ListingStoreList,
    list: marketStores('shopee'),
  },
  stepAll: MarketStepAllInput,
  extra(app, { base, tags, can, lctx, own }) {
    const one = (input: { id: number }) => [input.id];
    route(
      app,
      {
        method: 'GET',
        url: `${base}/get-category`,
        tags,
        summary: "One level of the shop's Shopee categories (get_category), searched by `keyword`",
        querystring: CategoryQuery,
        response: ListingCategoryList,
        ...can('info'),
      },
      (_ctx, input, request) => marketCategories(lctx(request), input, 'shopee'),
    );
    route(
      app,
      {
        method: 'GET',
        url: `${base}/get-attribute`,
        tags,
        summary: "A leaf category's attribute tree (get_attribute_tree), mandatory ones first",
        querystring: CategoryDetailQuery,
        response: ListingCategoryDetail,
        ...can('info'),
      },
      (_ctx, input, request) => marketCategoryAttributes(lctx(request), input, 'shopee'),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/update/step1`,
        tags,
        summary: 'Save step 1 (brand and days to ship)',
        body: ShopeeStep1Input,
        response: Listing,
        ...can('update'),
      },
      own(one, updateShopeeStep1),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/update/step2`,
        tags,
        summary: 'Save step 2 (category and attributes, checked against its attribute tree)',
        body: ShopeeStep2Input,
        response: Listing,
        ...can('update'),
      },
      own(one, updateShopeeStep2),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/update/step3`,
        tags,
        summary: 'Save step 3 (price, stock, item_sku, tier_variation, variation)',
        body: ShopeeStep3Input,
        response: Listing,
        ...can('update'),
      },
      own(one, updateShopeeStep3),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/update/step4`,
        tags,
        summary: 'Save step 4 (name, description, logistics, weight, package sizes)',
        body: ShopeeStep4Input,
        response: Listing,
        ...can('update'),
      },
      own(one, updateShopeeStep4),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/update-status`,
        tags,
        summary: 'List (NORMAL) or unlist (UNLIST) items on Shopee, as a batch job',
        body: ShopeeStatusInput,
        response: ListingBatchStarted,
        ...can('publish'),
      },
      own((input: { ids: number[] }) => input.ids, updateShopeeStatus),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/synchro`,
        tags,
        summary: "Pull the shop's items into the listing table, matched by SKU",
        body: ShopeeSyncInput,
        response: ShopeeSyncResult,
        ...can('sync'),
      },
      (_ctx, input, request) => syncShopeeItems(lctx(request), input),
    );
  },
};
