import {
  CategoryTree,
  CollInput,
  CollListQuery,
  CollResult,
  FavouriteIds,
  IdsInput,
  ParentLibrarySearchInfo,
  ParentProductDetail,
  ParentProductListQuery,
  ParentProductPage,
  ParentProductShowQuery,
  SkuList,
  SkuListQuery,
  permOf,
} from '@app/shared';
import type { App } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import {
  categoryTree,
  collect,
  favouriteIds,
  listFavourites,
  listParentProducts,
  listParentSkus,
  parentLibrarySearchInfo,
  showParentProduct,
} from './service.ts';

/** The parent library is browsable without signing in: the public /products pages read it. */
const browse: { access: Access } = { access: { auth: 'public' } };
const onPage = (page: string, action: string): { access: Access } => ({
  access: { auth: 'user', perm: permOf(page, action) },
});
const tags = ['goods-library'];

export function registerGoodsLibraryRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/goods-library/category/tree',
      tags,
      summary: 'Category tree of the parent library',
      response: CategoryTree,
      ...browse,
    },
    (ctx) => categoryTree(ctx),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/goods-library/index',
      tags,
      summary: 'Search and page the parent library',
      body: ParentProductListQuery,
      response: ParentProductPage,
      ...browse,
    },
    (ctx, input) => listParentProducts(ctx, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/goods-library/show',
      tags,
      summary: 'A parent product with its images, print areas and SKUs',
      querystring: ParentProductShowQuery,
      response: ParentProductDetail,
      ...browse,
    },
    (ctx, input) => showParentProduct(ctx, input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/goods-library/sku-list',
      tags,
      summary: "A parent product's SKUs",
      body: SkuListQuery,
      response: SkuList,
      ...browse,
    },
    (ctx, input) => listParentSkus(ctx, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/goods-library/search-info',
      tags,
      summary: 'Filters the parent library offers: categories and cost range',
      response: ParentLibrarySearchInfo,
      ...browse,
    },
    (ctx) => parentLibrarySearchInfo(ctx),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/goods-library/coll',
      tags,
      summary: 'Favourite a parent product, or forget it with coll: false (idempotent)',
      body: CollInput,
      response: CollResult,
      ...onPage('/goods/productHouse', 'coll'),
    },
    (ctx, input) => collect(ctx, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/goods-library/get-coll-list',
      tags,
      summary: "The seller's favourite parent products, newest favourite first",
      querystring: CollListQuery,
      response: ParentProductPage,
      ...onPage('/goods/MyPorductHowse', 'list'),
    },
    (ctx, input) => listFavourites(ctx, input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/goods-library/all-is-offten',
      tags,
      summary: 'Which of these parent products the seller has favourited',
      body: IdsInput,
      response: FavouriteIds,
      ...onPage('/goods/productHouse', 'list'),
    },
    (ctx, input) => favouriteIds(ctx, input),
  );
}
