import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { IdInput } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { files } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import {
  CONTENT_TYPES,
  newObjectKey,
  type ObjectStorage,
  type StoredObject,
} from '../../integrations/object-storage.ts';
import { findOwned, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { processImage } from './images.ts';
import type { UploadedFile } from '@app/shared';

export interface UploadCtx extends Ctx {
  storage: ObjectStorage;
}

export interface UploadInput {
  bytes: Buffer;
  filename: string;
}

const MAX_NAME_LENGTH = 200;

/** The client's file name, kept only for display: no directories, no control characters. */
function displayName(filename: string): string {
  const base = path.posix.basename(filename.replace(/\\/g, '/')).replace(/\p{Cc}/gu, '');
  return base.trim().slice(0, MAX_NAME_LENGTH) || 'upload';
}

function toUploadedFile(storage: ObjectStorage, row: typeof files.$inferSelect): UploadedFile {
  return {
    id: row.id,
    url: storage.url(row.key),
    thumb_url: row.thumbKey ? storage.url(row.thumbKey) : null,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    content_type: row.contentType,
    original_name: row.originalName,
  };
}

/**
 * Checks, re-encodes and stores an image with its thumbnail. Either the row and both objects
 * exist afterwards, or none of them does.
 */
export async function uploadImage(ctx: UploadCtx, input: UploadInput): Promise<UploadedFile> {
  const sellerId = sellerIdOf(ctx);
  const image = await processImage(input.bytes);
  const key = newObjectKey(sellerId, image.ext);
  const thumbKey = newObjectKey(sellerId, 'webp');
  const contentType = CONTENT_TYPES[image.ext];
  const stored: string[] = [];
  try {
    await ctx.storage.put(key, image.data, contentType);
    stored.push(key);
    await ctx.storage.put(thumbKey, image.thumb, CONTENT_TYPES.webp);
    stored.push(thumbKey);
    const [row] = await ctx.db
      .insert(files)
      .values({
        sellerId,
        key,
        originalName: displayName(input.filename),
        contentType,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        kind: 'image',
        thumbKey,
      })
      .returning();
    return toUploadedFile(ctx.storage, row!);
  } catch (error) {
    await Promise.allSettled(stored.map((k) => ctx.storage.delete(k)));
    throw error;
  }
}

export async function deleteUpload(ctx: UploadCtx, input: IdInput): Promise<null> {
  const row = await findOwned(ctx, files, input.id, 'File');
  await ctx.db.delete(files).where(and(eq(files.id, row.id), ownedBy(ctx, files.sellerId)));
  const keys = [row.key, ...(row.thumbKey ? [row.thumbKey] : [])];
  const results = await Promise.allSettled(keys.map((k) => ctx.storage.delete(k)));
  for (const r of results) {
    // The row is gone, so the object is unreachable from the app; leave a trace to sweep it.
    if (r.status === 'rejected')
      ctx.log.warn({ err: r.reason, fileId: row.id }, 'object delete failed');
  }
  return null;
}

/** Objects are served by their unguessable key alone, so product images load without a session. */
export async function readObject(ctx: UploadCtx, key: string): Promise<StoredObject> {
  const object = await ctx.storage.get(key);
  if (!object) throw new NotFoundError('File not found');
  return object;
}
