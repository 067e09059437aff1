import {
  PICTURE_ZIP_MAX_IMAGES,
  type PictureZipBatch,
  type PictureZipInput,
  type PictureZipStarted,
} from '@app/shared';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { ValidationError } from '../../errors.ts';
import {
  keyOfUrl,
  privateObjectKey,
  type ObjectStorage,
  type StoredObject,
} from '../../integrations/object-storage.ts';
import { finishedJobFile } from '../job-files/index.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { requireUser } from '../../tenancy.ts';
import { imagesOf } from '../goods/index.ts';
import { batchImagesOf, recentBatches } from '../listings/index.ts';
import { entryName } from './names.ts';

export const PICTURE_ZIP = 'goods.picture-zip';

const ZipEntryPlan = z.object({
  name: z.string(),
  key: z.string(),
  /** `original`, or the longest side in pixels. */
  size: z.union([z.literal('original'), z.number().int().positive()]),
});
export type ZipEntryPlan = z.infer<typeof ZipEntryPlan>;

/** Everything the job needs is decided here, at the request: it only reads, resizes and writes. */
export const PictureZipPayload = z.object({
  key: z.string(),
  file_name: z.string(),
  entries: z.array(ZipEntryPlan).max(PICTURE_ZIP_MAX_IMAGES),
});
export type PictureZipPayload = z.infer<typeof PictureZipPayload>;

export const downloadUrl = (jobId: string) => `/api/goods/picture-zip/download?job=${jobId}`;

/**
 * Checks the choice (another seller's product or batch is a 404; over 500 images a 422 on the
 * field that took it over) and queues the zip. Only images this server stores are zipped.
 */
export async function startPictureZip(
  ctx: Ctx,
  deps: { jobs: JobRunner; storage: ObjectStorage },
  input: PictureZipInput,
): Promise<PictureZipStarted> {
  const actor = requireUser(ctx);
  const field = input.source === 'goods' ? 'ids' : 'batch_id';
  const items =
    input.source === 'goods'
      ? await imagesOf(ctx, input.ids)
      : await batchImagesOf(ctx, input.batch_id);
  const images = items.flatMap((item) =>
    item.urls
      .map((url) => keyOfUrl(url, deps.storage))
      .filter((key): key is string => key !== null)
      .map((key, index) => ({ item, key, index })),
  );
  if (images.length === 0) throw new ValidationError({ [field]: 'goods.picture_zip_no_images' });
  const sizes = [...new Set(input.sizes)];
  const total = images.length * sizes.length;
  if (total > PICTURE_ZIP_MAX_IMAGES) {
    // One size already too many: fewer items; else fewer sizes.
    const over = images.length > PICTURE_ZIP_MAX_IMAGES ? field : 'sizes';
    const message = {
      key: 'goods.picture_zip_over_limit' as const,
      params: { count: total, max: PICTURE_ZIP_MAX_IMAGES },
    };
    throw new ValidationError({ [over]: message }, message.key, message.params);
  }
  const folders = sizes.length > 1;
  const entries: ZipEntryPlan[] = sizes.flatMap((size) =>
    images.map(({ item, key, index }) => ({
      name: entryName(item, index, key, { naming: input.naming, size, folders }),
      key,
      size: size === 'original' ? ('original' as const) : Number(size),
    })),
  );
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const payload: PictureZipPayload = {
    key: privateObjectKey(actor.sellerId, 'zip'),
    file_name: `pictures-${stamp}.zip`,
    entries,
  };
  const jobId = await deps.jobs.enqueue({
    kind: PICTURE_ZIP,
    sellerId: actor.sellerId,
    payload,
    total: entries.length,
  });
  return { job_id: jobId, images: entries.length };
}

/** The zip of a finished picture-zip job of the actor's seller; anyone else's job is a 404. */
export async function pictureZipFile(
  ctx: Ctx,
  storage: ObjectStorage,
  jobId: string,
): Promise<StoredObject & { name: string }> {
  const { object, payload } = await finishedJobFile(ctx, storage, jobId, {
    name: PICTURE_ZIP,
    payload: PictureZipPayload,
    notFound: 'goods.picture_zip_not_found',
    notReady: 'goods.picture_zip_not_ready',
  });
  return { ...object, name: payload.file_name };
}

export const pictureZipBatches = (ctx: Ctx): Promise<PictureZipBatch[]> => recentBatches(ctx);
