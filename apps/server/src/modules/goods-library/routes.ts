import {
  CategoryTree,
  envelopeOf,
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
import type { App } from '../../app.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import {
  categoryTree,
  listParentProducts,
  listParentSkus,
  parentLibrarySearchInfo,
  showParentProduct,
} from './service.ts';

/** Browsing the shared parent library is one permission: the productHouse page's `list`. */
const browse: { access: Access } = {
  access: { auth: 'user', perm: permOf('/goods/productHouse', 'list') },
};
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
}
