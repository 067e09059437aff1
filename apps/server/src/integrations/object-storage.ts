import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type ImageExt = 'jpg' | 'png' | 'webp' | 'gif';

export const CONTENT_TYPES: Record<ImageExt, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** Where stored bytes live; keys are made by `newObjectKey` or `platformObjectKey`, never taken from a client. */
export interface ObjectStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores what `body` yields as it comes, for files too big to hold (a picture zip); resolves
   * with the stored size once the object is whole, and stores nothing when `body` fails.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** `null` when there is no such object (or the key is not one this server makes). */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The path the browser fetches the object from. */
  url(key: string): string;
  /** Only stores the browser can upload to directly (S3) have it; local disk has none. */
  presignPut?(key: string, contentType: string, expiresInSeconds: number): PresignedUpload;
}

/** A request the browser may send until `expiresAt` to store the object of one key. */
export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Signed, so they must be sent exactly so. */
  headers: Record<string, string>;
  expiresAt: Date;
}

const KEY_PATTERN =
  /^\d{1,19}\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif)$/;

/**
 * Top-level folders of files the platform publishes itself (demo pictures, the operators'
 * catalogue pictures, the design tool's mockups and print files); none is a number, so none is
 * a seller's upload.
 */
export type PlatformFolder = 'demo' | 'catalog' | 'design';
const PLATFORM_FOLDERS: PlatformFolder[] = ['demo', 'catalog', 'design'];

/** Lower-case words joined by single hyphens: no dots or slashes, so no `..` and no extra level. */
const PLATFORM_KEY_PATTERN = new RegExp(
  `^(?:${PLATFORM_FOLDERS.join('|')})/[a-z0-9]+(?:-[a-z0-9]+)*\\.(?:jpg|png|webp|gif)$`,
);

/** Files only their seller may download, through a route that checks the session (exports, imports). */
const PRIVATE_KEY_PATTERN =
  /^private\/\d{1,19}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(xlsx|csv|zip)$/;
export type PrivateExt = 'xlsx' | 'csv' | 'zip';
export const isPrivateKey = (key: string): boolean => PRIVATE_KEY_PATTERN.test(key);
/** `private/<sellerId>/<uuid>.<ext>`; never served by `/api/files/`. */
export const privateObjectKey = (sellerId: number, ext: PrivateExt): string =>
  `private/${sellerId}/${randomUUID()}.${ext}`;

export function isObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key) || PLATFORM_KEY_PATTERN.test(key) || isPrivateKey(key);
}

/**
 * The object key behind a URL this server handed out: `/api/files/<key>` (absolute or not) or,
 * given the storage, its public URL (`S3_PUBLIC_URL`); null for any other URL, so a URL from
 * elsewhere is never read as one of our objects.
 */
export function keyOfUrl(url: string, storage?: Pick<ObjectStorage, 'url'>): string | null {
  const base = storage?.url('');
  if (base && base !== FILES_URL_PREFIX && url.startsWith(base)) {
    const key = url.slice(base.length);
    return isObjectKey(key) ? key : null;
  }
  let key: string;
  try {
    const pathname = new URL(url, 'http://local').pathname;
    if (!pathname.startsWith(FILES_URL_PREFIX)) return null;
    key = decodeURIComponent(pathname.slice(FILES_URL_PREFIX.length));
  } catch {
    return null;
  }
  return isObjectKey(key) ? key : null;
}

/** `<folder>/<name>.<ext>` for platform files (the demo catalogue's pictures); public like every object. */
export function platformObjectKey(folder: PlatformFolder, name: string, ext: ImageExt): string {
  const key = `${folder}/${name}.${ext}`;
  if (!PLATFORM_KEY_PATTERN.test(key)) throw new Error(`Invalid object key: ${key}`);
  return key;
}

/** `<sellerId>/<yyyy>/<mm>/<uuid>.<ext>`: unguessable, so serving by key needs no session. */
export function newObjectKey(sellerId: number, ext: ImageExt, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${sellerId}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${ext}`;
}

const PRIVATE_TYPES: Record<PrivateExt, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

export function contentTypeOf(key: string): string {
  const ext = path.extname(key).slice(1);
  if (ext in PRIVATE_TYPES) return PRIVATE_TYPES[ext as PrivateExt];
  return CONTENT_TYPES[ext as ImageExt];
}

export const FILES_URL_PREFIX = '/api/files/';

/** Files under `<root>`; the key pattern admits no `..` or absolute path, so nothing escapes it. */
export function createLocalStorage(root: string): ObjectStorage {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    if (!isObjectKey(key)) throw new Error(`Invalid object key: ${key}`);
    return path.join(base, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a reader never sees a half-written object.
      const partial = `${file}.${randomUUID()}.part`;
      try {
        await fs.writeFile(partial, bytes, { flag: 'wx' });
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async putStream(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        const { size } = await fs.stat(partial);
        await fs.rename(partial, file);
        return size;
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      if (!isObjectKey(key)) return null;
      const file = fileOf(key);
      let size: number;
      try {
        size = (await fs.stat(file)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return { body: createReadStream(file), size, contentType: contentTypeOf(key) };
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    url(key) {
      return FILES_URL_PREFIX + key;
    },
  };
}
