import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq, or } from 'drizzle-orm';
import type {
  DirectUploadContentType,
  OssConfirmInput,
  OssStsInput,
  OssUploadCredentials,
  UploadedFile,
} from '@app/shared';
import { files } from '../../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { isObjectKey, newObjectKey, type ImageExt } from '../../integrations/object-storage.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { imageUploadMaxBytes } from '../uploads/index.ts';
import { uploadImage, type UploadCtx } from '../uploads/service.ts';

/** How long a presigned upload URL stays valid. */
export const DIRECT_UPLOAD_SECONDS = 900;

const EXT_OF: Record<DirectUploadContentType, ImageExt> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

function requireDirectUploads(ctx: UploadCtx): NonNullable<UploadCtx['storage']['presignPut']> {
  if (!ctx.storage.presignPut) throw new ConflictError('uploads.storage_not_configured');
  return ctx.storage.presignPut.bind(ctx.storage);
}

/** A presigned PUT for one new object of the seller's, valid for DIRECT_UPLOAD_SECONDS. */
export function issueUploadCredentials(ctx: UploadCtx, input: OssStsInput): OssUploadCredentials {
  const presignPut = requireDirectUploads(ctx);
  const key = newObjectKey(sellerIdOf(ctx), EXT_OF[input.content_type]);
  const upload = presignPut(key, input.content_type, DIRECT_UPLOAD_SECONDS);
  return {
    key,
    url: upload.url,
    method: upload.method,
    headers: upload.headers,
    expires_in: DIRECT_UPLOAD_SECONDS,
    expires_at: unixSeconds(upload.expiresAt),
  };
}

/**
 * Turns a direct upload into a file: the bytes get the same checks and re-encoding as
 * upload-single and are stored under new keys; the raw object is removed either way, so
 * unchecked bytes never stay.
 */
export async function confirmDirectUpload(
  ctx: UploadCtx,
  input: OssConfirmInput,
): Promise<UploadedFile> {
  requireDirectUploads(ctx);
  const sellerId = sellerIdOf(ctx);
  const notFound = new NotFoundError('uploads.upload_not_found');
  // Another seller's key, or one of an existing file (which the removal would break), is no upload.
  if (!isObjectKey(input.key) || !input.key.startsWith(`${sellerId}/`)) throw notFound;
  const [existing] = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(or(eq(files.key, input.key), eq(files.thumbKey, input.key)))
    .limit(1);
  if (existing) throw notFound;
  const object = await ctx.storage.get(input.key);
  if (!object) throw notFound;
  try {
    const maxBytes = await imageUploadMaxBytes(ctx.db);
    if (object.size > maxBytes) {
      object.body.destroy();
      throw new ValidationError({
        key: { key: 'uploads.file_too_large', params: { mb: maxBytes / 1024 / 1024 } },
      });
    }
    const bytes = await buffer(object.body);
    return await uploadImage(ctx, {
      bytes,
      filename: input.original_name ?? path.posix.basename(input.key),
    });
  } finally {
    await ctx.storage.delete(input.key);
  }
}
