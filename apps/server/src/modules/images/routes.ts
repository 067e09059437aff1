import {
  DilatationInput,
  EmptyData,
  IdInput,
  IdsInput,
  ImageCategoryCreateInput,
  ImageCategoryUpdateInput,
  ImageListQuery,
  ImageMoveInput,
  ImagePage,
  MediaBatchResult,
  MediaFolder,
  MediaFolderTree,
  permOf,
  StorageSpace,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { dilateStorage, storageSpace, uploadCtx } from '../uploads/index.ts';
import {
  createImageCategory,
  deleteImageCategory,
  deleteImages,
  imageCategoryTree,
  listImages,
  moveImages,
  updateImageCategory,
} from './service.ts';

/**
 * The spec has no image page, and the image space is the same storage the materials page
 * shows (with its quota), so its calls need that page's permissions.
 */
const can = (action: string): { access: Access } => ({
  access: { auth: 'user', perm: permOf('/goods/materialMmt', action) },
});
const tags = ['images'];

export function registerImageRoutes(app: App, deps: AppDeps): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/image/index',
      tags,
      summary:
        'Page the image space, newest first: `category_id` absent = all images, 0 = top level only, an id = that category; `keyword` matches the file name',
      querystring: ImageListQuery,
      response: ImagePage,
      ...can('list'),
    },
    (_ctx, input, request) => listImages(uploadCtx(request, deps), input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/image/delete',
      tags,
      summary: 'Delete images and their stored objects; one result per id',
      body: IdsInput,
      response: MediaBatchResult,
      ...can('delete'),
    },
    (_ctx, input, request) => deleteImages(uploadCtx(request, deps), input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/image/move',
      tags,
      summary: 'Move images into a category (`category_id: null` = top level); one result per id',
      body: ImageMoveInput,
      response: MediaBatchResult,
      ...can('move'),
    },
    (ctx, input) => moveImages(ctx, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/image/category/index',
      tags,
      summary: 'The image categories as a tree (id, name, pid, children)',
      response: MediaFolderTree,
      ...can('list'),
    },
    (ctx) => imageCategoryTree(ctx),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/image/category/create',
      tags,
      summary: 'Create an image category, at the top level or under `pid`',
      body: ImageCategoryCreateInput,
      response: MediaFolder,
      ...can('add'),
    },
    (ctx, input) => createImageCategory(ctx, input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/image/category/update',
      tags,
      summary:
        'Rename an image category and, with `pid`, move it (never below itself: 422 on `pid`)',
      body: ImageCategoryUpdateInput,
      response: MediaFolder,
      ...can('update'),
    },
    (ctx, input) => updateImageCategory(ctx, input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/image/category/delete',
      tags,
      summary:
        'Delete an image category; its images move to the top level and its subcategories up to its parent',
      body: IdInput,
      response: EmptyData,
      ...can('delete'),
    },
    (ctx, input) => deleteImageCategory(ctx, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/image/space',
      tags,
      summary:
        'Storage used by the seller (images, thumbnails and materials) and the quota (default plus bought)',
      response: StorageSpace,
      ...can('list'),
    },
    (ctx) => storageSpace(ctx),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/image/space/dilatation',
      tags,
      summary:
        'Grow the storage quota by `steps` of 1 GiB (1–100); free until payments charge the balance for it',
      body: DilatationInput,
      response: StorageSpace,
      ...can('add'),
    },
    (ctx, input) => dilateStorage(ctx, input),
  );
}
