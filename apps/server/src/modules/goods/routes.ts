import path from 'node:path';
import {
  BatchAddCartInput,
  BatchAddCartResult,
  BatchResult,
  CheckUsedResult,
  EmptyData,
  envelopeOf,
  FinishedProductCreate,
  FinishedProductDetail,
  FinishedProductListQuery,
  FinishedProductPage,
  FinishedProductUpdate,
  FinishedSku,
  FinishedTitleSave,
  GoodsMergeInput,
  GoodsTypeNum,
  IdInput,
  IdQuery,
  IdsInput,
  IdsQuery,
  JoinPlatformInput,
  permOf,
  type PermRequirement,
  RelativeDeleteInput,
  RelativeInput,
  RelativeListQuery,
  RelativePage,
} from '@app/shared';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { streamZip, type ZipEntry } from '../../http/zip.ts';
import { keyOfUrl, type ObjectStorage } from '../../integrations/object-storage.ts';
import { batchAddCart } from './cart.ts';
import { duplicateProduct, joinParents, saveProduct } from './create.ts';
import { batchDelete, checkUsed, deleteProduct } from './delete.ts';
import { joinPlatform, mergeProducts, saveTitle, updateProduct } from './edit.ts';
import { goodsTypeNum, listOwnProducts, listSharedProducts } from './list.ts';
import { listRelated, relate, unrelate } from './relations.ts';
import { imagesOf, listProductSkus, showProduct, type ProductImages } from './show.ts';

const mine = (action: string) => permOf('/goods/collect', action);
const library = (action: string) => permOf('/goods/productHouseG', action);
const access = (perm: PermRequirement): { access: Access } => ({
  access: { auth: 'user', perm },
});
const tags = ['goods'];

/** Letters and digits of a title, hyphen-joined, for folder names inside the zip. */
function slug(title: string): string {
  return (
    title
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'product'
  );
}

function zipEntries(storage: ObjectStorage, products: ProductImages[]): ZipEntry[] {
  return products.flatMap((p) =>
    p.urls.flatMap((url, i) => {
      const key = keyOfUrl(url, storage);
      if (key === null) return [];
      const ext = path.extname(key) || '.bin';
      return [
        {
          name: `${p.id}-${slug(p.title)}/${i + 1}${ext}`,
          open: async () => (await storage.get(key))?.body ?? null,
        },
      ];
    }),
  );
}

export function registerGoodsRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/goods/goods-index',
    {
      schema: {
        tags,
        summary: 'Search and page the private finished-goods library (keyset paging via cursor)',
        body: FinishedProductListQuery,
        response: { 200: envelopeOf(FinishedProductPage) },
      },
      config: access(mine('list')),
    },
    async (request) => ok(await listOwnProducts(request.ctx, request.body)),
  );

  r.get(
    '/api/goods/index',
    {
      schema: {
        tags,
        summary: 'Search and page the shared finished-goods library',
        querystring: FinishedProductListQuery,
        response: { 200: envelopeOf(FinishedProductPage) },
      },
      config: access(library('list')),
    },
    async (request) => ok(await listSharedProducts(request.ctx, request.query)),
  );

  r.get(
    '/api/goods/show',
    {
      schema: {
        tags,
        summary: 'An own or shared finished product with SKUs and images',
        querystring: IdQuery,
        response: { 200: envelopeOf(FinishedProductDetail) },
      },
      config: access({ or: [mine('info'), library('info')] }),
    },
    async (request) => ok(await showProduct(request.ctx, request.query, 'readable')),
  );

  r.post(
    '/api/goods/goods-show',
    {
      schema: {
        tags,
        summary: 'An own finished product, for the edit screen',
        body: IdInput,
        response: { 200: envelopeOf(FinishedProductDetail) },
      },
      config: access(mine('info')),
    },
    async (request) => ok(await showProduct(request.ctx, request.body, 'own')),
  );

  r.post(
    '/api/goods/goods-save',
    {
      schema: {
        tags,
        summary: 'Create a finished product from a parent product; omitted parts come from it',
        body: FinishedProductCreate,
        response: { 200: envelopeOf(FinishedProductDetail) },
      },
      config: access(mine('add')),
    },
    async (request) => ok(await saveProduct(request.ctx, request.body, deps.storage)),
  );

  r.post(
    '/api/goods/update',
    {
      schema: {
        tags,
        summary: 'Replace title, tags, SKUs and images of an own finished product',
        body: FinishedProductUpdate,
        response: { 200: envelopeOf(FinishedProductDetail) },
      },
      config: access(mine('update')),
    },
    async (request) => ok(await updateProduct(request.ctx, request.body, deps.storage)),
  );

  r.post(
    '/api/goods/goods-sku-list',
    {
      schema: {
        tags,
        summary: "An own or shared finished product's SKUs",
        body: IdInput,
        response: { 200: envelopeOf(z.array(FinishedSku)) },
      },
      config: access({ or: [mine('info'), library('info')] }),
    },
    async (request) => ok(await listProductSkus(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/goods-title-save',
    {
      schema: {
        tags,
        summary: 'Rename an own finished product',
        body: FinishedTitleSave,
        response: { 200: envelopeOf(FinishedProductDetail) },
      },
      config: access(mine('update')),
    },
    async (request) => ok(await saveTitle(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/goods-merge',
    {
      schema: {
        tags,
        summary:
          'Merge own products of one parent product into the first (409 naming a product of another parent)',
        body: GoodsMergeInput,
        response: { 200: envelopeOf(FinishedProductDetail) },
      },
      config: access(mine('update')),
    },
    async (request) => ok(await mergeProducts(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/join-platfrom',
    {
      schema: {
        tags,
        summary: 'Share own products to the shared library, or withdraw them (shared: false)',
        body: JoinPlatformInput,
        response: { 200: envelopeOf(BatchResult) },
      },
      config: access(mine('update')),
    },
    async (request) => ok(await joinPlatform(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/batch-add-cart',
    {
      schema: {
        tags,
        summary: 'Add every SKU of own products, or the given own SKUs, to the cart',
        body: BatchAddCartInput,
        response: { 200: envelopeOf(BatchAddCartResult) },
      },
      config: access(mine('add-cart')),
    },
    async (request) => ok(await batchAddCart(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/batch-delete',
    {
      schema: {
        tags,
        summary: 'Delete own products; each used or unknown one is reported and skipped',
        body: IdsInput,
        response: { 200: envelopeOf(BatchResult) },
      },
      config: access(mine('delete')),
    },
    async (request) => ok(await batchDelete(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/delete',
    {
      schema: {
        tags,
        summary: 'Delete an own product (409 while it is used)',
        body: IdInput,
        response: { 200: envelopeOf(EmptyData) },
      },
      config: access(mine('delete')),
    },
    async (request) => ok(await deleteProduct(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/duplicate',
    {
      schema: {
        tags,
        summary:
          'Copy an own product, or take a shared product into the private library, with new SKU codes',
        body: IdInput,
        response: { 200: envelopeOf(FinishedProductDetail) },
      },
      config: access({ or: [mine('duplicate'), library('join')] }),
    },
    async (request) => ok(await duplicateProduct(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/relative',
    {
      schema: {
        tags,
        summary: 'Relate own products to one own product',
        body: RelativeInput,
        response: { 200: envelopeOf(EmptyData) },
      },
      config: access(permOf('/goods/relativeGoods', 'add')),
    },
    async (request) => ok(await relate(request.ctx, request.body)),
  );

  r.post(
    '/api/goods/relative-delete',
    {
      schema: {
        tags,
        summary: 'Remove a relation between two own products',
        body: RelativeDeleteInput,
        response: { 200: envelopeOf(EmptyData) },
      },
      config: access(permOf('/goods/relativeGoods', 'delete')),
    },
    async (request) => ok(await unrelate(request.ctx, request.body)),
  );

  r.get(
    '/api/goods/relative-list',
    {
      schema: {
        tags,
        summary: "The seller's related-product pairs, optionally of one product",
        querystring: RelativeListQuery,
        response: { 200: envelopeOf(RelativePage) },
      },
      config: access(permOf('/goods/relativeGoods', 'list')),
    },
    async (request) => ok(await listRelated(request.ctx, request.query)),
  );

  r.post(
    '/api/goods/get-goods-type-num',
    {
      schema: {
        tags,
        summary: "Counts of the seller's finished products, shared and per source",
        response: { 200: envelopeOf(GoodsTypeNum) },
      },
      config: access(mine('list')),
    },
    async (request) => ok(await goodsTypeNum(request.ctx)),
  );

  r.get(
    '/api/goods/goods-img-download',
    {
      schema: {
        tags,
        summary:
          'A zip of the images of own or shared products, one folder `<id>-<title>` per product',
        querystring: IdsQuery,
        produces: ['application/zip'],
      },
      config: access({ or: [mine('list'), library('list')] }),
    },
    async (request, reply) => {
      const products = await imagesOf(request.ctx, request.query.ids);
      return streamZip(reply, 'goods-images.zip', zipEntries(deps.storage, products));
    },
  );

  r.post(
    '/api/goods-library/join',
    {
      schema: {
        tags: ['goods-library'],
        summary: 'One finished product per parent product, with its SKUs at the default markup',
        body: IdsInput,
        response: { 200: envelopeOf(BatchResult) },
      },
      config: access(permOf('/goods/productHouse', 'join')),
    },
    async (request) => ok(await joinParents(request.ctx, request.body)),
  );

  r.get(
    '/api/goods-library/check-used',
    {
      schema: {
        tags: ['goods-library'],
        summary: 'Where own finished products are used (listings, orders, cart items)',
        querystring: IdsQuery,
        response: { 200: envelopeOf(CheckUsedResult) },
      },
      config: access(mine('list')),
    },
    async (request) => ok(await checkUsed(request.ctx, request.query.ids)),
  );
}
