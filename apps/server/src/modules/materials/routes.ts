import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
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
import type { App, AppDeps } from '../../app.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { streamZip } from '../../http/zip.ts';
import { parseFields, readUpload, registerMultipart } from '../uploads/multipart.ts';
import { uploadCtx } from '../uploads/upload-ctx.ts';
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
    r.post(
      '/api/material/upload-single',
      {
        schema: {
          tags,
          summary:
            'Upload one material (multipart field `file`, JPEG/PNG/WebP/GIF up to 10 MB, PNG transparency kept; optional field `dir_id` before it), within the storage quota (409 when full)',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(MaterialItem) },
        },
        config: can('add'),
      },
      async (request) => {
        const upload = await readUpload(scope, request);
        const fields = parseFields(MaterialUploadFields, upload.fields);
        return ok(await uploadMaterial(uploadCtx(request, deps), upload, fields));
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/material/dir',
    {
      schema: {
        tags,
        summary: 'The material folders as a tree (id, name, pid, children)',
        response: { 200: envelopeOf(MediaFolderTree) },
      },
      config: can('list'),
    },
    async (request) => ok(await materialDirTree(request.ctx)),
  );

  r.post(
    '/api/material/dir-store',
    {
      schema: {
        tags,
        summary:
          'Create a folder (no `id`), or rename one and, with `pid`, move it (never below itself: 422 on `pid`)',
        body: MaterialDirStoreInput,
        response: { 200: envelopeOf(MediaFolder) },
      },
      config: can('update'),
    },
    async (request) => ok(await storeMaterialDir(request.ctx, request.body)),
  );

  r.get(
    '/api/material/get-list',
    {
      schema: {
        tags,
        summary:
          'Page the materials, newest first: `dir_id` absent = all, 0 = top level only, an id = that folder; `keyword` matches the name',
        querystring: MaterialListQuery,
        response: { 200: envelopeOf(MaterialPage) },
      },
      config: can('list'),
    },
    async (request) => ok(await listMaterials(uploadCtx(request, deps), request.query)),
  );

  r.post(
    '/api/material/edit',
    {
      schema: {
        tags,
        summary: 'Rename a material',
        body: MaterialEditInput,
        response: { 200: envelopeOf(MaterialItem) },
      },
      config: can('update'),
    },
    async (request) => ok(await editMaterial(uploadCtx(request, deps), request.body)),
  );

  r.post(
    '/api/material/destory',
    {
      schema: {
        tags,
        summary: 'Delete materials and their stored objects; one result per id',
        body: IdsInput,
        response: { 200: envelopeOf(MediaBatchResult) },
      },
      config: can('delete'),
    },
    async (request) => ok(await destroyMaterials(uploadCtx(request, deps), request.body)),
  );

  r.post(
    '/api/material/move',
    {
      schema: {
        tags,
        summary: 'Move materials into a folder (`dir_id: null` = top level); one result per id',
        body: MaterialMoveInput,
        response: { 200: envelopeOf(MediaBatchResult) },
      },
      config: can('move'),
    },
    async (request) => ok(await moveMaterials(request.ctx, request.body)),
  );

  r.post(
    '/api/material/dir-destory',
    {
      schema: {
        tags,
        summary:
          'Delete a folder; one holding files or subfolders answers 409 with the counts unless `force` deletes them all',
        body: MaterialDirDestroyInput,
        response: { 200: envelopeOf(MaterialDirDestroyResult) },
      },
      config: can('delete'),
    },
    async (request) => ok(await destroyMaterialDir(uploadCtx(request, deps), request.body)),
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
