import {
  CategoryTree,
  CollInput,
  CollListQuery,
  CollResult,
  envelopeOf,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/goods-library/category/tree',
    {
      schema: {
        tags,
        summary: 'Category tree of the parent library',
        response: { 200: envelopeOf(CategoryTree) },
      },
      config: browse,
    },
    async (request) => ok(await categoryTree(request.ctx)),
  );

  r.post(
    '/api/goods-library/index',
    {
      schema: {
        tags,
        summary: 'Search and page the parent library',
        body: ParentProductListQuery,
        response: { 200: envelopeOf(ParentProductPage) },
      },
      config: browse,
    },
    async (request) => ok(await listParentProducts(request.ctx, request.body)),
  );

  r.get(
    '/api/goods-library/show',
    {
      schema: {
        tags,
        summary: 'A parent product with its images, print areas and SKUs',
        querystring: ParentProductShowQuery,
        response: { 200: envelopeOf(ParentProductDetail) },
      },
      config: browse,
    },
    async (request) => ok(await showParentProduct(request.ctx, request.query)),
  );

  r.post(
    '/api/goods-library/sku-list',
    {
      schema: {
        tags,
        summary: "A parent product's SKUs",
        body: SkuListQuery,
        response: { 200: envelopeOf(SkuList) },
      },
      config: browse,
    },
    async (request) => ok(await listParentSkus(request.ctx, request.body)),
  );

  r.get(
    '/api/goods-library/search-info',
    {
      schema: {
        tags,
        summary: 'Filters the parent library offers: categories and cost range',
        response: { 200: envelopeOf(ParentLibrarySearchInfo) },
      },
      config: browse,
    },
    async (request) => ok(await parentLibrarySearchInfo(request.ctx)),
  );

  r.post(
    '/api/goods-library/coll',
    {
      schema: {
        tags,
        summary: 'Favourite a parent product, or forget it with coll: false (idempotent)',
        body: CollInput,
        response: { 200: envelopeOf(CollResult) },
      },
      config: onPage('/goods/productHouse', 'coll'),
    },
    async (request) => ok(await collect(request.ctx, request.body)),
  );

  r.get(
    '/api/goods-library/get-coll-list',
    {
      schema: {
        tags,
        summary: "The seller's favourite parent products, newest favourite first",
        querystring: CollListQuery,
        response: { 200: envelopeOf(ParentProductPage) },
      },
      config: onPage('/goods/MyPorductHowse', 'list'),
    },
    async (request) => ok(await listFavourites(request.ctx, request.query)),
  );

  r.post(
    '/api/goods-library/all-is-offten',
    {
      schema: {
        tags,
        summary: 'Which of these parent products the seller has favourited',
        body: IdsInput,
        response: { 200: envelopeOf(FavouriteIds) },
      },
      config: onPage('/goods/productHouse', 'list'),
    },
    async (request) => ok(await favouriteIds(request.ctx, request.body)),
  );
}
