import path from 'node:path';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DownloadImagesInput,
  EDITOR_PERM,
  EmptyData,
  IdInput,
  IdsQuery,
  ImageResizeInput,
  ImageUploadFields,
  ModifyImagesSizeInput,
  ModifyImagesSizeResult,
  UploadedFile,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { streamZip } from '../../http/zip.ts';
import { parseFields, readImageUpload, registerMultipart } from './multipart.ts';
import { deleteUpload, readObject, uploadToImageSpace } from './service.ts';
import { uploadCtx } from './upload-ctx.ts';
import { imageZipEntries, modifyImagesSize, resizeToNewImage } from './tools.ts';

const ONE_YEAR = 31_536_000;
const tags = ['common'];
const DOWNLOAD = { or: [EDITOR_PERM, 'goods:materialMmt:download'] };

export function registerUploadRoutes(app: App, deps: AppDeps): void {
  // Encapsulated, so multipart bodies are parsed for these routes only.
  void app.register(async (scope) => {
    await registerMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    route(
      r,
      {
        method: 'POST',
        url: '/api/common/upload-single',
        tags,
        summary:
          'Upload one image (multipart field `file`, JPEG/PNG/WebP/GIF up to the `upload.max_mb` parameter, 10 MB at most; optional field `category_id` before it) into the image space, within the storage quota (409 when full)',
        consumes: ['multipart/form-data'],
        response: UploadedFile,
        access: { auth: 'user' },
        tokenInQuery: true,
      },
      async (ctx, _input, request) => {
        const upload = await readImageUpload(scope, request, ctx);
        const fields = parseFields(ImageUploadFields, upload.fields);
        return uploadToImageSpace(uploadCtx(request, deps), upload, fields);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  route(
    r,
    {
      method: 'POST',
      url: '/api/common/upload-delete',
      tags,
      summary: 'Delete an uploaded file and its thumbnail',
      body: IdInput,
      response: EmptyData,
      access: { auth: 'user', perm: { or: [EDITOR_PERM, 'goods:materialMmt:delete'] } },
    },
    (_ctx, input, request) => deleteUpload(uploadCtx(request, deps), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/common/image-resize-new',
      tags,
      summary:
        "Store a resized copy (sharp; `fit` as in sharp) of one of the seller's images (`file_id`) or of a platform image (`url`), beside the original",
      body: ImageResizeInput,
      response: UploadedFile,
      access: { auth: 'user', perm: EDITOR_PERM },
    },
    (_ctx, input, request) => resizeToNewImage(uploadCtx(request, deps), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/common/modify-images-size',
      tags,
      summary:
        'Store resized copies of several of the seller’s images (originals stay, as listings may link them); one result per id',
      body: ModifyImagesSizeInput,
      response: ModifyImagesSizeResult,
      access: { auth: 'user', perm: EDITOR_PERM },
    },
    (_ctx, input, request) => modifyImagesSize(uploadCtx(request, deps), input),
  );

  r.get(
    '/api/common/download-images',
    {
      schema: {
        tags,
        summary:
          'A zip of the seller\'s images `?ids=1,2,3` (originals, under their names; repeated names get " (2)"); 404 when any is not the seller\'s',
        querystring: IdsQuery,
        produces: ['application/zip'],
      },
      config: { access: { auth: 'user', perm: DOWNLOAD }, tokenInQuery: true },
    },
    async (request, reply) =>
      streamZip(
        reply,
        'images.zip',
        await imageZipEntries(uploadCtx(request, deps), request.query),
      ),
  );

  r.post(
    '/api/common/download-images',
    {
      schema: {
        tags,
        summary:
          "A zip of the seller's images by `ids` or by `urls` of this server; 404 when any is not the seller's",
        body: DownloadImagesInput,
        produces: ['application/zip'],
      },
      config: { access: { auth: 'user', perm: DOWNLOAD } },
    },
    async (request, reply) =>
      streamZip(reply, 'images.zip', await imageZipEntries(uploadCtx(request, deps), request.body)),
  );

  r.get(
    '/api/files/*',
    {
      // File bytes, not an API call: the upload answer links here, so it stays out of the API document.
      schema: { hide: true },
      config: { access: { auth: 'public' } },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const object = await readObject(uploadCtx(request, deps), key);
      // Keys are immutable (a new upload gets a new key), so the object may be cached for good.
      return reply
        .type(object.contentType)
        .header('content-length', object.size)
        .header('cache-control', `public, max-age=${ONE_YEAR}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${path.basename(key)}"`)
        .send(object.body);
    },
  );
}
