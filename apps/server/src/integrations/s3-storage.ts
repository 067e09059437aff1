import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  contentTypeOf,
  FILES_URL_PREFIX,
  isObjectKey,
  type ObjectStorage,
  type PresignedUpload,
} from './object-storage.ts';
import { presignUrl, sha256Hex, signHeaders, uriEncode, type SigV4Credentials } from './sigv4.ts';

export interface S3Options {
  /** e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9100`; default: AWS for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
  /** Objects are linked at `<publicUrl>/<key>` instead of being streamed through the server. */
  publicUrl?: string;
  requestTimeoutMs?: number;
}

/** An S3 error answer, with the `<Code>` and `<Message>` of its XML body. */
export class S3RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`S3 ${code}: ${message}`);
    this.name = 'S3RequestError';
  }
}

function xmlField(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

async function errorOf(res: Response): Promise<S3RequestError> {
  const xml = await res.text().catch(() => '');
  return new S3RequestError(
    res.status,
    xmlField(xml, 'Code') ?? `HTTP${res.status}`,
    xmlField(xml, 'Message') ?? res.statusText,
  );
}

/** Where the bucket's objects live: `<endpoint>/<bucket>` path-style, else `<bucket>.<endpoint host>`. */
export function s3BucketUrl(
  options: Pick<S3Options, 'endpoint' | 'region' | 'bucket' | 'forcePathStyle'>,
): string {
  const url = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const basePath = url.pathname.replace(/\/$/, '');
  if (options.forcePathStyle) return `${url.origin}${basePath}/${uriEncode(options.bucket)}`;
  url.hostname = `${options.bucket}.${url.hostname}`;
  return `${url.origin}${basePath}`;
}

/** S3-compatible storage (AWS S3, MinIO, R2, the simulator in packages/sim) over fetch with SigV4. */
export function createS3Storage(options: S3Options): ObjectStorage {
  const credentials: SigV4Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
  };
  const timeout = options.requestTimeoutMs ?? 30_000;
  const publicUrl = options.publicUrl?.replace(/\/$/, '');
  const bucketUrl = s3BucketUrl(options);

  const objectUrl = (key: string): URL => {
    if (!isObjectKey(key)) throw new Error(`Invalid object key: ${key}`);
    return new URL(`${bucketUrl}/${uriEncode(key, true)}`);
  };

  const send = (method: string, url: URL, body?: Buffer, headers: Record<string, string> = {}) =>
    fetch(url, {
      method,
      headers: signHeaders({
        method,
        url,
        headers,
        payloadHash: sha256Hex(body ?? ''),
        credentials,
      }),
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeout),
    });

  return {
    async put(key, bytes, contentType) {
      const res = await send('PUT', objectUrl(key), bytes, { 'content-type': contentType });
      if (!res.ok) throw await errorOf(res);
      await res.body?.cancel();
    },
    async putStream(key, body, contentType) {
      // A single PUT must name its length and payload hash up front, so the stream is spooled
      // to a temporary file (hashed on the way) and sent from there: disk, never memory.
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3-put-'));
      try {
        const file = path.join(dir, 'body');
        const hash = createHash('sha256');
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        });
        await pipeline(body, hashing, createWriteStream(file));
        const { size } = await fs.stat(file);
        const url = objectUrl(key);
        const headers = { 'content-type': contentType, 'content-length': String(size) };
        const res = await fetch(url, {
          method: 'PUT',
          headers: signHeaders({
            method: 'PUT',
            url,
            headers,
            payloadHash: hash.digest('hex'),
            credentials,
          }),
          body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
          duplex: 'half',
          signal: AbortSignal.timeout(timeout),
        });
        if (!res.ok) throw await errorOf(res);
        await res.body?.cancel();
        return size;
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    async get(key) {
      if (!isObjectKey(key)) return null;
      const res = await send('GET', objectUrl(key));
      if (res.status === 404) {
        const error = await errorOf(res);
        if (error.code === 'NoSuchKey') return null;
        throw error;
      }
      if (!res.ok || !res.body) throw await errorOf(res);
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        size: Number(res.headers.get('content-length')),
        contentType: res.headers.get('content-type') ?? contentTypeOf(key),
      };
    },
    async delete(key) {
      const res = await send('DELETE', objectUrl(key));
      // S3 answers 204 whether or not the object existed.
      if (!res.ok) throw await errorOf(res);
      await res.body?.cancel();
    },
    url(key) {
      return publicUrl ? `${publicUrl}/${key}` : FILES_URL_PREFIX + key;
    },
    presignPut(key, contentType, expiresInSeconds): PresignedUpload {
      const headers = { 'Content-Type': contentType };
      const now = new Date();
      const url = presignUrl({
        method: 'PUT',
        url: objectUrl(key),
        headers,
        expiresInSeconds,
        credentials,
        now,
      });
      return {
        url: url.toString(),
        method: 'PUT',
        headers,
        expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
      };
    },
  };
}
