import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdsInput,
  IdsQuery,
  MaterialDirDestroyInput,
  MaterialDirDestroyResult,
  MaterialDirStoreInput,
  MaterialEditInput,
  MaterialItem,
  MaterialListQuery,
  MaterialMoveInput,
  MaterialPage,
  MaterialUploadFields,
  MediaBatchResult,
  MediaFolder,
  MediaFolderTree,
  permOf,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { streamZip } from '../../http/zip.ts';
import { parseFields, readImageUpload, registerMultipart, uploadCtx } from '../uploads/index.ts';
import {
  destroyMaterialDir,
  destroyMaterials,
  editMaterial,
  listMaterials,
  materialDirTree,
  materialZipEntries,
  moveMaterials,
  storeMaterialDir,
  uploadMaterial,
} from './service.ts';

const can = (action: string, extra: { tokenInQuery?: boolean } = {}): { access: Access } => ({
  access: { auth: 'user', perm: permOf('/goods/materialMmt', action) },
  ...extra,
});
const tags = ['materials'];

export function registerMaterialRoutes(app: App, deps: AppDeps): void {
  void app.register(async (scope) => {
    await registerMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    route(
      r,
      {
        method: 'POST',
        url: '/api/material/upload-single',
        tags,
        summary:
          'Upload one material (multipart field `file`, JPEG/PNG/WebP/GIF up to the `upload.max_mb` parameter, 10 MB at most, PNG transparency kept; optional field `dir_id` before it), within the storage quota (409 when full)',
        consumes: ['multipart/form-data'],
        response: MaterialItem,
        ...can('add'),
      },
      async (ctx, _input, request) => {
        const upload = await readImageUpload(scope, request, ctx);
        const fields = parseFields(MaterialUploadFields, upload.fields);
        return uploadMaterial(uploadCtx(request, deps), upload, fields);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  route(
    r,
    {
      method: 'GET',
      url: '/api/material/dir',
      tags,
      summary: 'The material folders as a tree (id, name, pid, children)',
      response: MediaFolderTree,
      ...can('list'),
    },
    (ctx) => materialDirTree(ctx),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/material/dir-store',
      tags,
      summary:
        'Create a folder (no `id`), or rename one and, with `pid`, move it (never below itself: 422 on `pid`)',
      body: MaterialDirStoreInput,
      response: MediaFolder,
      ...can('update'),
    },
    (ctx, input) => storeMaterialDir(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/material/get-list',
      tags,
      summary:
        'Page the materials, newest first: `dir_id` absent = all, 0 = top level only, an id = that folder; `keyword` matches the name',
      querystring: MaterialListQuery,
      response: MaterialPage,
      ...can('list'),
    },
    (_ctx, input, request) => listMaterials(uploadCtx(request, deps), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/material/edit',
      tags,
      summary: 'Rename a material',
      body: MaterialEditInput,
      response: MaterialItem,
      ...can('update'),
    },
    (_ctx, input, request) => editMaterial(uploadCtx(request, deps), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/material/destory',
      tags,
      summary: 'Delete materials and their stored objects; one result per id',
      body: IdsInput,
      response: MediaBatchResult,
      ...can('delete'),
    },
    (_ctx, input, request) => destroyMaterials(uploadCtx(request, deps), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/material/move',
      tags,
      summary: 'Move materials into a folder (`dir_id: null` = top level); one result per id',
      body: MaterialMoveInput,
      response: MediaBatchResult,
      ...can('move'),
    },
    (ctx, input) => moveMaterials(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/material/dir-destory',
      tags,
      summary:
        'Delete a folder; one holding files or subfolders answers 409 with the counts unless `force` deletes them all',
      body: MaterialDirDestroyInput,
      response: MaterialDirDestroyResult,
      ...can('delete'),
    },
    (_ctx, input, request) => destroyMaterialDir(uploadCtx(request, deps), input),
  );

  r.get(
    '/api/material/download',
    {
      schema: {
        tags,
        summary:
          'A zip of materials `?ids=1,2,3` (originals under their names; repeated names get " (2)"); 404 when any is not the seller\'s',
        querystring: IdsQuery,
        produces: ['application/zip'],
      },
      config: can('download', { tokenInQuery: true }),
    },
    async (request, reply) =>
      streamZip(
        reply,
        'materials.zip',
        await materialZipEntries(uploadCtx(request, deps), request.query),
      ),
  );
}
