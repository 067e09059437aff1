import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers under 1 KB are sent as they are: the framing saves nothing and the CPU is not free.
 * Brotli at quality 4 compresses a JSON page about as well as gzip -6 in a fraction of
 * brotli's default (11) time, which would cost milliseconds per answer.
 */
const THRESHOLD = 1024;
const BROTLI_QUALITY = 4;

type Encoding = 'br' | 'gzip';

/**
 * Compresses dynamic answers (JSON, the SPA fallback) with br or gzip as the client accepts.
 * The built web app's files are precompressed at build time and served as they are
 * (`registerWebApp`); a reply that already carries a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

/** The encoding to answer with, from `Accept-Encoding` (br preferred, `q=0` refuses). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * A JSON answer serialized once and compressed at most once per encoding, with its ETag. The
 * body is kept as UTF-8 bytes: a string answer would be measured and encoded again on every
 * send (42 KB for the menu tree).
 */
export interface CachedJson {
  readonly etag: string;
  readonly body: Buffer;
  readonly encoded: Partial<Record<Encoding, Buffer>>;
}

export function cachedJson(body: string, etag: string): CachedJson {
  return { body: Buffer.from(body, 'utf8'), etag, encoded: {} };
}

function encode(encoding: Encoding, body: Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body);
}

/**
 * Sends a cached answer: 304 when the client already holds this version (`If-None-Match`),
 * else the stored bytes, compressed once per encoding instead of once per request.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
): FastifyReply {
  void reply.header('etag', cached.etag).header('vary', 'accept-encoding');
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim() === cached.etag)) {
    return reply.code(304).send();
  }
  void reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || cached.body.length < THRESHOLD) return reply.send(cached.body);
  const bytes = (cached.encoded[encoding] ??= encode(encoding, cached.body));
  return reply.header('content-encoding', encoding).send(bytes);
}
