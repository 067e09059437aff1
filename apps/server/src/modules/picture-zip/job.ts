import { once } from 'node:events';
import { buffer } from 'node:stream/consumers';
import archiver from 'archiver';
import sharp from 'sharp';
import type { PictureZipResult } from '@app/shared';
import { uniqueNames } from '../../http/zip.ts';
import type { ObjectStorage } from '../../integrations/object-storage.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { downloadUrl, PictureZipPayload, type ZipEntryPlan } from './service.ts';

/**
 * One entry's bytes: the stored object as it is, or redrawn with its longest side at the size
 * (enlarged too: the sizes are what marketplaces ask for, e.g. Amazon's 1,000 px for zoom), in
 * its own format. Null when the object is gone or is not a readable image.
 */
async function entryBody(
  storage: ObjectStorage,
  entry: ZipEntryPlan,
): Promise<NodeJS.ReadableStream | Buffer | null> {
  const object = await storage.get(entry.key);
  if (!object) return null;
  if (entry.size === 'original') return object.body;
  // One image at a time is held, never the zip.
  const bytes = await buffer(object.body);
  try {
    return await sharp(bytes, { animated: false })
      .rotate()
      .resize({ width: entry.size, height: entry.size, fit: 'inside' })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The picture-zip job: entries one after another into a stored (not deflated: images are
 * compressed already) zip that streams into object storage as it is written.
 */
export async function runPictureZip(
  deps: { storage: ObjectStorage },
  job: JobContext,
): Promise<PictureZipResult> {
  const payload = PictureZipPayload.parse(job.payload);
  const total = payload.entries.length;
  const names = uniqueNames(payload.entries.map((e) => e.name));
  const archive = archiver('zip', { store: true });
  const stored = deps.storage.putStream(payload.key, archive, 'application/zip');
  // A storage failure ends the wait for the current entry instead of leaving it hanging.
  const storageFailed = stored.then(
    () => new Promise<never>(() => {}),
    (error: unknown) => Promise.reject(error),
  );
  let missing = 0;
  try {
    await job.progress(0, total, { key: 'jobs.progress.zipping', params: { done: 0, total } });
    for (const [i, entry] of payload.entries.entries()) {
      job.signal.throwIfAborted();
      const body = await Promise.race([entryBody(deps.storage, entry), storageFailed]);
      if (body) {
        const added = once(archive, 'entry');
        archive.append(body as Buffer, { name: names[i]! });
        await Promise.race([added, storageFailed]);
      } else {
        missing += 1;
        job.log.warn({ key: entry.key }, 'picture zip: image missing or unreadable');
      }
      const done = i + 1;
      await job.progress(done, total, { key: 'jobs.progress.zipping', params: { done, total } });
    }
    await archive.finalize();
    const bytes = await stored;
    return {
      url: downloadUrl(job.jobId),
      file_name: payload.file_name,
      images: total - missing,
      missing,
      bytes,
    };
  } catch (error) {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    await stored.catch(() => undefined);
    throw error;
  }
}
