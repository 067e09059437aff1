import {
  ExportDownloadQuery,
  permOf,
  PictureZipBatchList,
  PictureZipInput,
  PictureZipStarted,
} from '@app/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { attachment } from '../../http/zip.ts';
import { pictureZipBatches, pictureZipFile, startPictureZip } from './service.ts';

const tags = ['goods'];
const access = { auth: 'user' as const, perm: permOf('/goods/pictureZip', 'export') };

/** The picture-zip page (`/goods/pictureZip`): queue a zip, follow it at /api/jobs/:id, download it. */
export function registerPictureZipRoutes(app: App, deps: AppDeps): void {
  route(
    app,
    {
      method: 'POST',
      url: '/api/goods/picture-zip',
      tags,
      summary:
        "Queue one zip of the images of finished products (`ids`) or of a listing batch's listings (`batch_id`) at each chosen size (longest side, `original` as stored) named `<SKU or title>_<n>`; at most 500 images (422 on the field that goes over); progress at /api/jobs/:id, whose result has the download url",
      body: PictureZipInput,
      response: PictureZipStarted,
      access,
    },
    (ctx, input) => startPictureZip(ctx, deps, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/goods/picture-zip/batches',
      tags,
      summary:
        "The actor's 30 latest listing batches (staff: of their stores), to zip the images of",
      response: PictureZipBatchList,
      access,
    },
    (ctx) => pictureZipBatches(ctx),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/goods/picture-zip/download',
    {
      schema: {
        tags,
        summary:
          "The zip of a finished picture-zip job of the actor's seller (404 for anyone else's; 409 while it runs)",
        querystring: ExportDownloadQuery,
        produces: ['application/zip'],
      },
      config: { access, tokenInQuery: true },
    },
    async (request, reply) => {
      const file = await pictureZipFile(request.ctx, deps.storage, request.query.job);
      return reply
        .type('application/zip')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(file.name))
        .send(file.body);
    },
  );
}
