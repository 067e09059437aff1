import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4, as the S3 API reference describes it (header and query forms); the
 * same signature, scoped to `sqs`, reads Amazon's notification queue.
 */

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The credential scope's service; `s3` unless said. */
  service?: string;
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';
const S3 = 's3';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986: every byte but `A-Za-z0-9-._~` percent-encoded, upper-case hex; `/` kept in paths. */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replaceAll('%2F', '/') : encoded;
}

/** `20130524T000000Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

interface Canonical {
  method: string;
  url: URL;
  /** Lower-case names; every one is signed. */
  headers: Record<string, string>;
  payloadHash: string;
}

function canonicalRequest({ method, url, headers, payloadHash }: Canonical): {
  text: string;
  signedHeaders: string;
} {
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const headerLines = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}\n`);
  // S3 signs each path segment encoded once, however the URL spelled it.
  const path = url.pathname
    .split('/')
    .map((s) => uriEncode(decodeURIComponent(s)))
    .join('/');
  const text = [
    method,
    path || '/',
    canonicalQuery(url.searchParams),
    headerLines.join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  return { text, signedHeaders };
}

function scopeOf(credentials: SigV4Credentials, now: Date): string {
  return `${amzDate(now).slice(0, 8)}/${credentials.region}/${credentials.service ?? S3}/aws4_request`;
}

function signature(credentials: SigV4Credentials, now: Date, canonical: string): string {
  const day = amzDate(now).slice(0, 8);
  const stringToSign = [ALGORITHM, amzDate(now), scopeOf(credentials, now), sha256Hex(canonical)];
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [credentials.region, credentials.service ?? S3, 'aws4_request'])
    key = hmac(key, part);
  return createHmac('sha256', key).update(stringToSign.join('\n')).digest('hex');
}

export interface SignInput {
  method: string;
  url: URL;
  /** Extra headers to sign and send (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  credentials: SigV4Credentials;
  now?: Date;
}

/** The headers to send, `authorization` included. */
export function signHeaders(input: SignInput): Record<string, string> {
  const now = input.now ?? new Date();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {}))
    headers[name.toLowerCase()] = value;
  headers.host = input.url.host;
  headers['x-amz-date'] = amzDate(now);
  headers['x-amz-content-sha256'] = input.payloadHash;
  const { text, signedHeaders } = canonicalRequest({ ...input, headers });
  const sig = signature(input.credentials, now, text);
  const credential = `${input.credentials.accessKeyId}/${scopeOf(input.credentials, now)}`;
  headers.authorization = `${ALGORITHM} Credential=${credential}, SignedHeaders=${signedHeaders}, Signature=${sig}`;
  // fetch sets Host from the URL itself.
  delete headers.host;
  return headers;
}

export interface PresignInput {
  method: string;
  url: URL;
  /** Headers the caller must send exactly as given (e.g. content-type). */
  headers?: Record<string, string>;
  expiresInSeconds: number;
  credentials: SigV4Credentials;
  now?: Date;
}

/** A URL carrying its own signature in the query (`X-Amz-*`), valid for `expiresInSeconds`. */
export function presignUrl(input: PresignInput): URL {
  const now = input.now ?? new Date();
  const headers: Record<string, string> = { host: input.url.host };
  for (const [name, value] of Object.entries(input.headers ?? {}))
    headers[name.toLowerCase()] = value;
  const url = new URL(input.url);
  url.searchParams.set('X-Amz-Algorithm', ALGORITHM);
  url.searchParams.set(
    'X-Amz-Credential',
    `${input.credentials.accessKeyId}/${scopeOf(input.credentials, now)}`,
  );
  url.searchParams.set('X-Amz-Date', amzDate(now));
  url.searchParams.set('X-Amz-Expires', String(input.expiresInSeconds));
  url.searchParams.set('X-Amz-SignedHeaders', Object.keys(headers).sort().join(';'));
  const { text } = canonicalRequest({
    method: input.method,
    url,
    headers,
    payloadHash: UNSIGNED_PAYLOAD,
  });
  url.searchParams.set('X-Amz-Signature', signature(input.credentials, now, text));
  return url;
}
