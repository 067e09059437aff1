import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, count, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { IdInput, ImageUploadFields, MediaBatchResult, UploadedFile } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { files, imageCategories } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { NotFoundError } from '../../errors.ts';
import type { ZipEntry } from '../../http/zip.ts';
import {
  CONTENT_TYPES,
  isPrivateKey,
  newObjectKey,
  platformObjectKey,
  type ObjectStorage,
  type StoredObject,
} from '../../integrations/object-storage.ts';
import { findOwned, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { requireFolder } from './folders.ts';
import { processImage, type ProcessedImage } from './images.ts';
import { reserveStorage } from './quota.ts';

export interface UploadCtx extends Ctx {
  storage: ObjectStorage;
}

export interface UploadInput {
  bytes: Buffer;
  filename: string;
}

export type FileRow = typeof files.$inferSelect;

const MAX_NAME_LENGTH = 200;

/** The client's file name, kept only for display: no directories, no control characters. */
export function displayName(filename: string): string {
  const base = path.posix.basename(filename.replace(/\\/g, '/')).replace(/\p{Cc}/gu, '');
  return base.trim().slice(0, MAX_NAME_LENGTH) || 'upload';
}

export function toUploadedFile(storage: ObjectStorage, row: FileRow): UploadedFile {
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

export type FilePurpose = FileRow['purpose'];

/** Where a stored file belongs: the image space or materials, in a folder or at the top level. */
export interface Placement {
  purpose: FilePurpose;
  folderId: number | null;
}

const IMAGE_SPACE_TOP: Placement = { purpose: 'image', folderId: null };

/**
 * Stores a checked image with its thumbnail within the seller's quota. Either the row and both
 * objects exist afterwards, or none of them does: the objects are written first, then the
 * quota is checked and the row inserted in one transaction, and a refusal removes the objects.
 */
export async function storeImage(
  ctx: UploadCtx,
  image: ProcessedImage,
  originalName: string,
  placement: Placement,
): Promise<FileRow> {
  const sellerId = sellerIdOf(ctx);
  const key = newObjectKey(sellerId, image.ext);
  const thumbKey = newObjectKey(sellerId, 'webp');
  const contentType = CONTENT_TYPES[image.ext];
  const storedBytes = image.data.length + image.thumb.length;
  const stored: string[] = [];
  try {
    await ctx.storage.put(key, image.data, contentType);
    stored.push(key);
    await ctx.storage.put(thumbKey, image.thumb, CONTENT_TYPES.webp);
    stored.push(thumbKey);
    return await withTransaction(ctx, async (tx) => {
      await reserveStorage(tx, storedBytes);
      const [row] = await tx.db
        .insert(files)
        .values({
          sellerId,
          key,
          originalName: displayName(originalName),
          contentType,
          bytes: image.data.length,
          width: image.width,
          height: image.height,
          kind: 'image',
          thumbKey,
          storedBytes,
          purpose: placement.purpose,
          folderId: placement.folderId,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((k) => ctx.storage.delete(k)));
    throw error;
  }
}

/**
 * A parent-catalogue picture an operator uploads: checked and re-encoded like every upload, kept
 * as a platform file (`catalog/<uuid>.<ext>`) outside any seller's quota, which every seller may
 * copy into finished products.
 */
export async function storeCatalogImage(
  ctx: UploadCtx,
  input: UploadInput,
): Promise<{ url: string; width: number; height: number }> {
  const image = await processImage(input.bytes);
  const key = platformObjectKey('catalog', randomUUID(), image.ext);
  await ctx.storage.put(key, image.data, CONTENT_TYPES[image.ext]);
  return { url: ctx.storage.url(key), width: image.width, height: image.height };
}

/** Checks, re-encodes and stores an upload (see `storeImage`). */
export async function uploadFile(
  ctx: UploadCtx,
  input: UploadInput,
  placement: Placement = IMAGE_SPACE_TOP,
): Promise<FileRow> {
  return storeImage(ctx, await processImage(input.bytes), input.filename, placement);
}

export async function uploadImage(
  ctx: UploadCtx,
  input: UploadInput,
  placement: Placement = IMAGE_SPACE_TOP,
): Promise<UploadedFile> {
  return toUploadedFile(ctx.storage, await uploadFile(ctx, input, placement));
}

/** An upload into the image space, at the top level or into one of the seller's categories. */
export async function uploadToImageSpace(
  ctx: UploadCtx,
  input: UploadInput,
  fields: ImageUploadFields,
): Promise<UploadedFile> {
  const folderId = await requireFolder(ctx, imageCategories, fields.category_id);
  return uploadImage(ctx, input, { purpose: 'image', folderId });
}

/** Removes objects whose rows are gone; a failure leaves a trace to sweep, never an error. */
export async function deleteObjects(ctx: UploadCtx, rows: FileRow[]): Promise<void> {
  const keys = rows.flatMap((r) => [r.key, ...(r.thumbKey ? [r.thumbKey] : [])]);
  const results = await Promise.allSettled(keys.map((k) => ctx.storage.delete(k)));
  results.forEach((r, i) => {
    if (r.status === 'rejected')
      ctx.log.warn({ err: r.reason, key: keys[i] }, 'object delete failed');
  });
}

export async function deleteUpload(ctx: UploadCtx, input: IdInput): Promise<null> {
  const row = await findOwned(ctx, files, input.id, 'uploads.file_not_found');
  await ctx.db.delete(files).where(and(eq(files.id, row.id), ownedBy(ctx, files.sellerId)));
  await deleteObjects(ctx, [row]);
  return null;
}

/** The seller's files among `ids` (of `purpose` when given), in no particular order. */
export async function findOwnedFiles(
  ctx: Ctx,
  ids: number[],
  purpose?: FilePurpose,
): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .select()
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        ownedBy(ctx, files.sellerId),
        purpose ? eq(files.purpose, purpose) : undefined,
      ),
    );
}

/** Every requested file in request order, or 404 when any is missing or another seller's. */
export async function requireOwnedFiles(
  ctx: Ctx,
  ids: number[],
  purpose?: FilePurpose,
): Promise<FileRow[]> {
  const byId = new Map((await findOwnedFiles(ctx, ids, purpose)).map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new NotFoundError('uploads.file_not_found_id', { id });
    return row;
  });
}

/** Deletes the seller's files among `ids`, rows first, then their objects; one result per id. */
export async function deleteFiles(
  ctx: UploadCtx,
  ids: number[],
  purpose?: FilePurpose,
): Promise<MediaBatchResult> {
  const unique = [...new Set(ids)];
  const rows = await findOwnedFiles(ctx, unique, purpose);
  if (rows.length > 0) {
    await ctx.db.delete(files).where(
      and(
        inArray(
          files.id,
          rows.map((r) => r.id),
        ),
        ownedBy(ctx, files.sellerId),
      ),
    );
    await deleteObjects(ctx, rows);
  }
  const found = new Set(rows.map((r) => r.id));
  return {
    results: unique.map((id) => ({
      id,
      ok: found.has(id),
      reason: found.has(id) ? null : 'not_found',
    })),
  };
}

/** Rows deleted elsewhere (a folder removed with its contents): their objects go too. */
export async function deleteFileRowsInTx(txCtx: Ctx, rows: FileRow[]): Promise<void> {
  if (rows.length === 0) return;
  await txCtx.db.delete(files).where(
    and(
      inArray(
        files.id,
        rows.map((r) => r.id),
      ),
      ownedBy(txCtx, files.sellerId),
    ),
  );
}

/** Puts the seller's files among `ids` into `folderId`; one result per id. */
export async function moveFiles(
  ctx: Ctx,
  ids: number[],
  placement: Placement,
): Promise<MediaBatchResult> {
  const unique = [...new Set(ids)];
  const moved = await ctx.db
    .update(files)
    .set({ folderId: placement.folderId })
    .where(
      and(
        inArray(files.id, unique),
        ownedBy(ctx, files.sellerId),
        eq(files.purpose, placement.purpose),
      ),
    )
    .returning({ id: files.id });
  const found = new Set(moved.map((r) => r.id));
  return {
    results: unique.map((id) => ({
      id,
      ok: found.has(id),
      reason: found.has(id) ? null : 'not_found',
    })),
  };
}

/** `%`, `_` and `\\` typed by the user are literal characters, not LIKE wildcards. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface FileListQuery {
  /** Absent: every folder; 0: the top level only; an id: that folder only. */
  folderId?: number;
  keyword?: string;
  page: number;
  size: number;
}

/** A page of the seller's files of one purpose, newest first. */
export async function listFiles(
  ctx: Ctx,
  purpose: FilePurpose,
  q: FileListQuery,
): Promise<{ rows: FileRow[]; total: number }> {
  const where = and(
    ownedBy(ctx, files.sellerId),
    eq(files.purpose, purpose),
    q.folderId === undefined
      ? undefined
      : q.folderId === 0
        ? isNull(files.folderId)
        : eq(files.folderId, q.folderId),
    q.keyword ? ilike(files.originalName, containsPattern(q.keyword)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(files).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function readBytes(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
};

/** The display name with an extension that matches the stored bytes, for downloads. */
function downloadName(row: FileRow): string {
  const known = EXTENSIONS[row.contentType] ?? [];
  const ext = path.extname(row.originalName).toLowerCase();
  return known.includes(ext) || known.length === 0
    ? row.originalName
    : `${row.originalName}${known[0]}`;
}

/** Zip entries of the originals, named as the seller knows them. */
export function zipEntriesOf(ctx: UploadCtx, rows: FileRow[]): ZipEntry[] {
  return rows.map((row) => ({
    name: downloadName(row),
    open: async () => (await ctx.storage.get(row.key))?.body ?? null,
  }));
}

/** Objects are served by their unguessable key alone, so product images load without a session. */
export async function readObject(ctx: UploadCtx, key: string): Promise<StoredObject> {
  const object = isPrivateKey(key) ? null : await ctx.storage.get(key);
  if (!object) throw new NotFoundError('uploads.file_not_found');
  return object;
}
