import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type {
  DownloadImagesInput,
  ImageResizeInput,
  ModifyImagesSizeInput,
  ModifyImagesSizeResult,
  UploadedFile,
} from '@app/shared';
import { files } from '../../db/schema.ts';
import { AppError, NotFoundError, reasonText } from '../../errors.ts';
import type { ZipEntry } from '../../http/zip.ts';
import type { Ctx } from '../../context.ts';
import { keyOfUrl, type ObjectStorage } from '../../integrations/object-storage.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import sharp from 'sharp';
import { resizeImage, THUMB_SIZE, type ProcessedImage, type ResizeTarget } from './images.ts';
import {
  readBytes,
  requireOwnedFiles,
  storeImage,
  toUploadedFile,
  zipEntriesOf,
  type FileRow,
  type Placement,
  type UploadCtx,
} from './service.ts';

/**
 * Platform files (the demo catalogue's pictures and those operators upload to the catalogue) may
 * be copied by any seller; nothing else is shared.
 */
export const isPlatformKey = (key: string) => key.startsWith('demo/') || key.startsWith('catalog/');

/**
 * The URLs among `urls` that are not the seller's to use: neither a file it stored, nor one of
 * its design tool's outputs (`design/<seller>-…`), nor a platform file. Anything else (another
 * seller's upload, a URL from elsewhere) must not reach its products or listings, whose image
 * zips and marketplace uploads would otherwise serve it.
 */
export async function foreignUrls(
  ctx: Ctx,
  urls: string[],
  storage?: Pick<ObjectStorage, 'url'>,
): Promise<Set<string>> {
  const keyOf = new Map<string, string>();
  const foreign = new Set<string>();
  const designPrefix = `design/${sellerIdOf(ctx)}-`;
  for (const url of new Set(urls)) {
    const key = keyOfUrl(url, storage);
    if (key === null) foreign.add(url);
    else if (!isPlatformKey(key) && !key.startsWith(designPrefix)) keyOf.set(url, key);
  }
  if (keyOf.size === 0) return foreign;
  const owned = await ctx.db
    .select({ key: files.key })
    .from(files)
    .where(and(inArray(files.key, [...keyOf.values()]), ownedBy(ctx, files.sellerId)));
  const ownedKeys = new Set(owned.map((r) => r.key));
  for (const [url, key] of keyOf) if (!ownedKeys.has(key)) foreign.add(url);
  return foreign;
}

async function ownedFileByKey(ctx: UploadCtx, key: string): Promise<FileRow | null> {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.key, key), ownedBy(ctx, files.sellerId)))
    .limit(1);
  return row ?? null;
}

export interface ImageSource {
  bytes: Buffer;
  name: string;
  placement: Placement;
  /** Where the source is served, for a before/after view. */
  url: string;
}

/**
 * The image a tool works on: one of the seller's files (`file_id`), or an image URL of this
 * server the seller may use (their file, their design output, a platform picture). A copy
 * stays beside its original; a copy of anything else lands at the top of the image space.
 */
export async function readImageSource(
  ctx: UploadCtx,
  input: { file_id?: number; url?: string },
): Promise<ImageSource> {
  let row: FileRow | null = null;
  let key: string | null = null;
  if (input.file_id !== undefined) {
    row = (await requireOwnedFiles(ctx, [input.file_id]))[0]!;
    key = row.key;
  } else {
    key = keyOfUrl(input.url!, ctx.storage);
    if (key && (await foreignUrls(ctx, [input.url!], ctx.storage)).has(input.url!)) key = null;
    if (key && !isPlatformKey(key)) row = await ownedFileByKey(ctx, key);
  }
  const bytes = key ? await readBytes(ctx.storage, key) : null;
  if (!key || !bytes) throw new NotFoundError('uploads.image_not_found');
  return {
    bytes,
    name: row?.originalName ?? path.basename(key),
    placement: row
      ? { purpose: row.purpose, folderId: row.folderId }
      : { purpose: 'image', folderId: null },
    url: ctx.storage.url(key),
  };
}

/** A picture a tool made from a checked one: stored with its thumbnail like an upload. */
export async function storeDerivedImage(
  ctx: UploadCtx,
  image: Omit<ProcessedImage, 'thumb'>,
  name: string,
  placement: Placement,
): Promise<UploadedFile> {
  const thumb = await sharp(image.data)
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return toUploadedFile(ctx.storage, await storeImage(ctx, { ...image, thumb }, name, placement));
}

/** `shirt.png` resized to 800x600 is `shirt_800x600.png`. */
function resizedName(name: string, target: ResizeTarget): string {
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)}_${target.width}x${target.height}${ext}`;
}

async function storeResized(
  ctx: UploadCtx,
  source: ImageSource,
  target: ResizeTarget,
): Promise<UploadedFile> {
  const image = await resizeImage(source.bytes, target);
  const row = await storeImage(ctx, image, resizedName(source.name, target), source.placement);
  return toUploadedFile(ctx.storage, row);
}

/** A new image, resized from one of the seller's images or a platform image, within the quota. */
export async function resizeToNewImage(
  ctx: UploadCtx,
  input: ImageResizeInput,
): Promise<UploadedFile> {
  return storeResized(ctx, await readImageSource(ctx, input), input);
}

/**
 * Resized copies of several images, each beside its original. Originals stay untouched, since
 * listings and products may link their URLs. One result per id; a failure never stops the rest.
 */
export async function modifyImagesSize(
  ctx: UploadCtx,
  input: ModifyImagesSizeInput,
): Promise<ModifyImagesSizeResult> {
  const ids = [...new Set(input.ids)];
  const results: ModifyImagesSizeResult['results'] = [];
  // One at a time: each decodes a full image, and the quota is checked per copy.
  for (const id of ids) {
    try {
      const file = await storeResized(
        ctx,
        await readImageSource(ctx, { ...input, file_id: id }),
        input,
      );
      results.push({ id, ok: true, reason: null, file });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const reason = error instanceof NotFoundError ? 'not_found' : reasonText(error, ctx.lang);
      results.push({ id, ok: false, reason, file: null });
    }
  }
  return { results };
}

/** Zip entries for the seller's images named by id or by URL; 404 when any is not theirs. */
export async function imageZipEntries(
  ctx: UploadCtx,
  input: DownloadImagesInput,
): Promise<ZipEntry[]> {
  const rows = input.ids ? await requireOwnedFiles(ctx, input.ids) : [];
  if (input.urls) {
    const keys = input.urls.map((url) => {
      const key = keyOfUrl(url);
      if (!key) throw new NotFoundError('uploads.image_not_found_url', { url });
      return key;
    });
    const found = await ctx.db
      .select()
      .from(files)
      .where(and(inArray(files.key, keys), ownedBy(ctx, files.sellerId)));
    const byKey = new Map(found.map((r) => [r.key, r]));
    for (const [i, key] of keys.entries()) {
      const row = byKey.get(key);
      if (!row) throw new NotFoundError('uploads.image_not_found_url', { url: input.urls[i]! });
      rows.push(row);
    }
  }
  return zipEntriesOf(ctx, rows);
}
