import path from 'node:path';
import {
  BatchAddCartInput,
  BatchAddCartResult,
  BatchResult,
  CheckUsedResult,
  EmptyData,
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
import { route } from '../../http/route.ts';
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

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/goods-index',
      tags,
      summary: 'Search and page the private finished-goods library (keyset paging via cursor)',
      body: FinishedProductListQuery,
      response: FinishedProductPage,
      ...access(mine('list')),
    },
    (ctx, input) => listOwnProducts(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/goods/index',
      tags,
      summary: 'Search and page the shared finished-goods library',
      querystring: FinishedProductListQuery,
      response: FinishedProductPage,
      ...access(library('list')),
    },
    (ctx, input) => listSharedProducts(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/goods/show',
      tags,
      summary: 'An own or shared finished product with SKUs and images',
      querystring: IdQuery,
      response: FinishedProductDetail,
      ...access({ or: [mine('info'), library('info')] }),
    },
    (ctx, input) => showProduct(ctx, input, 'readable'),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/goods-show',
      tags,
      summary: 'An own finished product, for the edit screen',
      body: IdInput,
      response: FinishedProductDetail,
      ...access(mine('info')),
    },
    (ctx, input) => showProduct(ctx, input, 'own'),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/goods-save',
      tags,
      summary: 'Create a finished product from a parent product; omitted parts come from it',
      body: FinishedProductCreate,
      response: FinishedProductDetail,
      ...access(mine('add')),
    },
    (ctx, input) => saveProduct(ctx, input, deps.storage),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/update',
      tags,
      summary: 'Replace title, tags, SKUs and images of an own finished product',
      body: FinishedProductUpdate,
      response: FinishedProductDetail,
      ...access(mine('update')),
    },
    (ctx, input) => updateProduct(ctx, input, deps.storage),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/goods-sku-list',
      tags,
      summary: "An own or shared finished product's SKUs",
      body: IdInput,
      response: z.array(FinishedSku),
      ...access({ or: [mine('info'), library('info')] }),
    },
    (ctx, input) => listProductSkus(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/goods-title-save',
      tags,
      summary: 'Rename an own finished product',
      body: FinishedTitleSave,
      response: FinishedProductDetail,
      ...access(mine('update')),
    },
    (ctx, input) => saveTitle(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/goods-merge',
      tags,
      summary:
        'Merge own products of one parent product into the first (409 naming a product of another parent)',
      body: GoodsMergeInput,
      response: FinishedProductDetail,
      ...access(mine('update')),
    },
    (ctx, input) => mergeProducts(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/join-platfrom',
      tags,
      summary: 'Share own products to the shared library, or withdraw them (shared: false)',
      body: JoinPlatformInput,
      response: BatchResult,
      ...access(mine('update')),
    },
    (ctx, input) => joinPlatform(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/batch-add-cart',
      tags,
      summary: 'Add every SKU of own products, or the given own SKUs, to the cart',
      body: BatchAddCartInput,
      response: BatchAddCartResult,
      ...access(mine('add-cart')),
    },
    (ctx, input) => batchAddCart(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/batch-delete',
      tags,
      summary: 'Delete own products; each used or unknown one is reported and skipped',
      body: IdsInput,
      response: BatchResult,
      ...access(mine('delete')),
    },
    (ctx, input) => batchDelete(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/delete',
      tags,
      summary: 'Delete an own product (409 while it is used)',
      body: IdInput,
      response: EmptyData,
      ...access(mine('delete')),
    },
    (ctx, input) => deleteProduct(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/duplicate',
      tags,
      summary:
        'Copy an own product, or take a shared product into the private library, with new SKU codes',
      body: IdInput,
      response: FinishedProductDetail,
      ...access({ or: [mine('duplicate'), library('join')] }),
    },
    (ctx, input) => duplicateProduct(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/relative',
      tags,
      summary: 'Relate own products to one own product',
      body: RelativeInput,
      response: EmptyData,
      ...access(permOf('/goods/relativeGoods', 'add')),
    },
    (ctx, input) => relate(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/relative-delete',
      tags,
      summary: 'Remove a relation between two own products',
      body: RelativeDeleteInput,
      response: EmptyData,
      ...access(permOf('/goods/relativeGoods', 'delete')),
    },
    (ctx, input) => unrelate(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/goods/relative-list',
      tags,
      summary: "The seller's related-product pairs, optionally of one product",
      querystring: RelativeListQuery,
      response: RelativePage,
      ...access(permOf('/goods/relativeGoods', 'list')),
    },
    (ctx, input) => listRelated(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods/get-goods-type-num',
      tags,
      summary: "Counts of the seller's finished products, shared and per source",
      response: GoodsTypeNum,
      ...access(mine('list')),
    },
    (ctx) => goodsTypeNum(ctx),
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

  route(
    r,
    {
      method: 'POST',
      url: '/api/goods-library/join',
      tags: ['goods-library'],
      summary: 'One finished product per parent product, with its SKUs at the default markup',
      body: IdsInput,
      response: BatchResult,
      ...access(permOf('/goods/productHouse', 'join')),
    },
    (ctx, input) => joinParents(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/goods-library/check-used',
      tags: ['goods-library'],
      summary: 'Where own finished products are used (listings, orders, cart items)',
      querystring: IdsQuery,
      response: CheckUsedResult,
      ...access(mine('list')),
    },
    (ctx, input) => checkUsed(ctx, input.ids),
  );
}
