import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyData, envelopeOf, IdInput } from '@app/shared';
import type { App, AppDeps } from '../../app.ts';
import { ValidationError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { UploadedFile } from '@app/shared';
import {
  deleteUpload,
  readObject,
  uploadImage,
  type UploadCtx,
  type UploadInput,
} from './service.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ONE_YEAR = 31_536_000;
const tags = ['common'];

const uploadCtx = (request: FastifyRequest, deps: AppDeps): UploadCtx => ({
  ...request.ctx,
  storage: deps.storage,
});

/** The one file of a multipart request, buffered within the size limit. */
async function readUpload(app: FastifyInstance, request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) {
    throw new ValidationError({ file: 'Send the file as multipart/form-data in the field "file"' });
  }
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw new ValidationError({ file: 'A file is required' });
  try {
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw new ValidationError({
        file: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
      });
    }
    throw error;
  }
}

export function registerUploadRoutes(app: App, deps: AppDeps): void {
  // Encapsulated, so multipart bodies are parsed for these routes only.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/common/upload-single',
      {
        schema: {
          tags,
          summary:
            'Upload one image (multipart field `file`, JPEG/PNG/WebP/GIF up to 10 MB); the token may also be sent as `?token=`',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(UploadedFile) },
        },
        config: { access: { auth: 'user' }, tokenInQuery: true },
      },
      async (request) =>
        ok(await uploadImage(uploadCtx(request, deps), await readUpload(scope, request))),
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/common/upload-delete',
    {
      schema: {
        tags,
        summary: 'Delete an uploaded file and its thumbnail',
        body: IdInput,
        response: { 200: envelopeOf(EmptyData) },
      },
      config: { access: { auth: 'user' } },
    },
    async (request) => ok(await deleteUpload(uploadCtx(request, deps), request.body)),
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
