import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CatalogImage,
  CategoryTree,
  Factory,
  IdInput,
  IdQuery,
  permOf,
  type PermRequirement,
  SysCategoryInput,
  SysCategoryUpdate,
  SysFactoryInput,
  SysFactoryUpdate,
  SysGoodsDetail,
  SysGoodsInput,
  SysGoodsPage,
  SysGoodsQuery,
  SysGoodsUpdate,
  SysStatusInput,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { categoryTree } from '../goods-library/index.ts';
import { listFactories } from '../production/index.ts';
import {
  readImageUpload,
  registerMultipart,
  storeCatalogImage,
  uploadCtx,
} from '../uploads/index.ts';
import { addCategory, deleteCategory, updateCategory } from './categories.ts';
import { addFactory, updateFactory } from './factories.ts';
import { addGoods, goodsInfo, pageGoods, setGoodsStatus, updateGoods } from './service.ts';

const PAGE = '/sys/goods';
/** The operator's permissions on the parent catalogue (`sys:goods:<action>`, seeded with the menu). */
export const GOODS_PERMS = {
  page: permOf(PAGE, 'page'),
  list: permOf(PAGE, 'list'),
  info: permOf(PAGE, 'info'),
  add: permOf(PAGE, 'add'),
  update: permOf(PAGE, 'update'),
  delete: permOf(PAGE, 'delete'),
} as const;

const can = (perm: PermRequirement): { access: Access } => ({ access: { auth: 'admin', perm } });
const tags = ['sys/goods'];

/** `/api/sys/goods/*`: parent products with SKUs, pictures and print areas; factories. */
export function registerSysGoodsRoutes(app: App, deps: AppDeps): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/goods/page',
      tags,
      summary: 'Every parent product (switched-off ones too) by keyword, category, status, factory',
      querystring: SysGoodsQuery,
      response: SysGoodsPage,
      ...can(GOODS_PERMS.page),
    },
    (ctx, input) => pageGoods(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/goods/info',
      tags,
      summary: 'One parent product with its SKUs, pictures and print areas',
      querystring: IdQuery,
      response: SysGoodsDetail,
      ...can(GOODS_PERMS.info),
    },
    (ctx, input) => goodsInfo(ctx, input.id),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/goods/add',
      tags,
      summary: 'Create a parent product with its SKUs and pictures; on: sellers see it at once',
      body: SysGoodsInput,
      response: SysGoodsDetail,
      ...can(GOODS_PERMS.add),
    },
    (ctx, input) => addGoods(ctx, input, deps.storage),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/goods/update',
      tags,
      summary: 'Rewrite a parent product; SKUs left out are switched off, never deleted',
      body: SysGoodsUpdate,
      response: SysGoodsDetail,
      ...can(GOODS_PERMS.update),
    },
    (ctx, input) => updateGoods(ctx, input, deps.storage),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/goods/status',
      tags,
      summary: 'Switch a parent product off (hidden from sellers) or on again',
      body: SysStatusInput,
      response: SysGoodsDetail,
      ...can(GOODS_PERMS.update),
    },
    (ctx, input) => setGoodsStatus(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/goods/categories',
      tags,
      summary: 'The category tree products are filed under',
      response: CategoryTree,
      ...can(GOODS_PERMS.list),
    },
    (ctx) => categoryTree(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/goods/category-add',
      tags,
      summary: 'Add a category under a parent (null: top level); answers the tree',
      body: SysCategoryInput,
      response: CategoryTree,
      ...can(GOODS_PERMS.add),
    },
    (ctx, input) => addCategory(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/goods/category-update',
      tags,
      summary: 'Rename, move (not under itself) or reorder a category; answers the tree',
      body: SysCategoryUpdate,
      response: CategoryTree,
      ...can(GOODS_PERMS.update),
    },
    (ctx, input) => updateCategory(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/goods/category-delete',
      tags,
      summary:
        'Delete a category without subcategories or products (409 naming how many products use it)',
      body: IdInput,
      response: CategoryTree,
      ...can(GOODS_PERMS.delete),
    },
    (ctx, input) => deleteCategory(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/goods/factories',
      tags,
      summary: 'The factories and warehouses a product can be produced at',
      response: z.array(Factory),
      ...can(GOODS_PERMS.list),
    },
    (ctx) => listFactories(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/goods/factory-add',
      tags,
      summary: 'Add a factory or warehouse (unique code)',
      body: SysFactoryInput,
      response: Factory,
      ...can(GOODS_PERMS.add),
    },
    (ctx, input) => addFactory(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/goods/factory-update',
      tags,
      summary: 'Rename a factory or change its code',
      body: SysFactoryUpdate,
      response: Factory,
      ...can(GOODS_PERMS.update),
    },
    (ctx, input) => updateFactory(ctx, input),
  );
  // Encapsulated, so multipart bodies are parsed for this route only.
  void app.register(async (scope) => {
    await registerMultipart(scope);
    route(
      scope.withTypeProvider<ZodTypeProvider>(),
      {
        method: 'POST',
        url: '/api/sys/goods/upload',
        tags,
        summary:
          'Upload a catalogue picture (multipart field `file`, JPEG/PNG/WebP/GIF up to the `upload.max_mb` parameter, 10 MB at most), re-encoded and shared with every seller',
        consumes: ['multipart/form-data'],
        response: CatalogImage,
        ...can({ or: [GOODS_PERMS.add, GOODS_PERMS.update] }),
      },
      async (ctx, _input, request) =>
        storeCatalogImage(uploadCtx(request, deps), await readImageUpload(scope, request, ctx)),
    );
  });
}
