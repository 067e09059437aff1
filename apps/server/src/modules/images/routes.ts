import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DilatationInput,
  EmptyData,
  envelopeOf,
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
import { ok } from '../../http/envelope.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/image/index',
    {
      schema: {
        tags,
        summary:
          'Page the image space, newest first: `category_id` absent = all images, 0 = top level only, an id = that category; `keyword` matches the file name',
        querystring: ImageListQuery,
        response: { 200: envelopeOf(ImagePage) },
      },
      config: can('list'),
    },
    async (request) => ok(await listImages(uploadCtx(request, deps), request.query)),
  );

  r.post(
    '/api/image/delete',
    {
      schema: {
        tags,
        summary: 'Delete images and their stored objects; one result per id',
        body: IdsInput,
        response: { 200: envelopeOf(MediaBatchResult) },
      },
      config: can('delete'),
    },
    async (request) => ok(await deleteImages(uploadCtx(request, deps), request.body)),
  );

  r.post(
    '/api/image/move',
    {
      schema: {
        tags,
        summary: 'Move images into a category (`category_id: null` = top level); one result per id',
        body: ImageMoveInput,
        response: { 200: envelopeOf(MediaBatchResult) },
      },
      config: can('move'),
    },
    async (request) => ok(await moveImages(request.ctx, request.body)),
  );

  r.get(
    '/api/image/category/index',
    {
      schema: {
        tags,
        summary: 'The image categories as a tree (id, name, pid, children)',
        response: { 200: envelopeOf(MediaFolderTree) },
      },
      config: can('list'),
    },
    async (request) => ok(await imageCategoryTree(request.ctx)),
  );

  r.post(
    '/api/image/category/create',
    {
      schema: {
        tags,
        summary: 'Create an image category, at the top level or under `pid`',
        body: ImageCategoryCreateInput,
        response: { 200: envelopeOf(MediaFolder) },
      },
      config: can('add'),
    },
    async (request) => ok(await createImageCategory(request.ctx, request.body)),
  );

  r.post(
    '/api/image/category/update',
    {
      schema: {
        tags,
        summary:
          'Rename an image category and, with `pid`, move it (never below itself: 422 on `pid`)',
        body: ImageCategoryUpdateInput,
        response: { 200: envelopeOf(MediaFolder) },
      },
      config: can('update'),
    },
    async (request) => ok(await updateImageCategory(request.ctx, request.body)),
  );

  r.post(
    '/api/image/category/delete',
    {
      schema: {
        tags,
        summary:
          'Delete an image category; its images move to the top level and its subcategories up to its parent',
        body: IdInput,
        response: { 200: envelopeOf(EmptyData) },
      },
      config: can('delete'),
    },
    async (request) => ok(await deleteImageCategory(request.ctx, request.body)),
  );

  r.get(
    '/api/image/space',
    {
      schema: {
        tags,
        summary:
          'Storage used by the seller (images, thumbnails and materials) and the quota (default plus bought)',
        response: { 200: envelopeOf(StorageSpace) },
      },
      config: can('list'),
    },
    async (request) => ok(await storageSpace(request.ctx)),
  );

  r.post(
    '/api/image/space/dilatation',
    {
      schema: {
        tags,
        summary:
          'Grow the storage quota by `steps` of 1 GiB (1–100); free until payments charge the balance for it',
        body: DilatationInput,
        response: { 200: envelopeOf(StorageSpace) },
      },
      config: can('add'),
    },
    async (request) => ok(await dilateStorage(request.ctx, request.body)),
  );
}
