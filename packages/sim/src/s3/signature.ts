import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from './errors.ts';

/**
 * Checks AWS Signature Version 4 the way S3 does, from the request as it arrived: the
 * Authorization header form and the presigned-URL (query) form. Written apart from the
 * server's signer on purpose, so a mistake in one is caught by the other.
 */

export interface SimCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  method: string;
  /** Raw path as sent, percent-encoded. */
  path: string;
  /** Raw query string without `?`. */
  query: string;
  headers: IncomingHttpHeaders;
}

export interface Verified {
  /** What the body must hash to (hex), or null when the payload is unsigned. */
  payloadHash: string | null;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED = 'UNSIGNED-PAYLOAD';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_EXPIRES = 7 * 24 * 3600;

function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const decode = (value: string): string => decodeURIComponent(value.replace(/\+/g, '%20'));

function queryPairs(query: string): [string, string][] {
  if (!query) return [];
  return query.split('&').map((pair) => {
    const at = pair.indexOf('=');
    return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
  });
}

/** `20130524T000000Z` → Date, or null when malformed. */
function parseAmzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function expectedSignature(
  secret: string,
  scope: { day: string; region: string; service: string },
  amzDate: string,
  canonicalRequest: string,
): string {
  const scopeText = `${scope.day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [
    ALGORITHM,
    amzDate,
    scopeText,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key = hmac(`AWS4${secret}`, scope.day);
  for (const part of [scope.region, scope.service, 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

function canonical(
  request: SignedRequest,
  signedHeaders: string[],
  payloadHash: string,
  dropQuery?: string,
): string {
  const path = request.path
    .split('/')
    .map((s) => encode(decode(s)))
    .join('/');
  const query = queryPairs(request.query)
    .filter(([k]) => k !== dropQuery)
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headerLines = signedHeaders.map((name) => {
    const value = headerValue(request.headers, name);
    if (value === undefined) {
      throw new S3Error(403, 'AccessDenied', `Signed header ${name} is missing from the request`);
    }
    return `${name}:${value.trim().replace(/\s+/g, ' ')}\n`;
  });
  return [
    request.method,
    path || '/',
    query,
    headerLines.join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

interface Parsed {
  accessKeyId: string;
  scope: { day: string; region: string; service: string };
  amzDate: string;
  signedHeaders: string[];
  signature: string;
}

function parseCredential(credential: string): Pick<Parsed, 'accessKeyId' | 'scope'> {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The credential scope is malformed');
  }
  const [accessKeyId, day, region, service] = parts as [string, string, string, string];
  return { accessKeyId, scope: { day, region, service } };
}

function parseHeaderAuth(authorization: string, headers: IncomingHttpHeaders): Parsed {
  if (!authorization.startsWith(`${ALGORITHM} `)) {
    throw new S3Error(
      400,
      'InvalidArgument',
      'Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is supported',
    );
  }
  const fields = new Map(
    authorization
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((f) => f.trim().split('=', 2) as [string, string]),
  );
  const credential = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  const amzDate = headerValue(headers, 'x-amz-date');
  if (!credential || !signedHeaders || !signature || !amzDate) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; Credential, SignedHeaders, Signature and x-amz-date are required',
    );
  }
  return {
    ...parseCredential(credential),
    amzDate,
    signedHeaders: signedHeaders.split(';'),
    signature,
  };
}

function parseQueryAuth(params: Map<string, string>, now: Date): Parsed {
  const get = (name: string) => params.get(name);
  if (get('X-Amz-Algorithm') !== ALGORITHM) {
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Algorithm must be AWS4-HMAC-SHA256',
    );
  }
  const credential = get('X-Amz-Credential');
  const amzDate = get('X-Amz-Date');
  const expires = Number(get('X-Amz-Expires'));
  const signedHeaders = get('X-Amz-SignedHeaders');
  const signature = get('X-Amz-Signature');
  if (!credential || !amzDate || !signedHeaders || !signature || !Number.isInteger(expires)) {
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature are required',
    );
  }
  if (expires < 1 || expires > MAX_EXPIRES) {
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Expires must be between 1 and 604800 seconds',
    );
  }
  const signedAt = parseAmzDate(amzDate);
  if (!signedAt)
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Date is malformed');
  if (now.getTime() > signedAt.getTime() + expires * 1000) {
    throw new S3Error(403, 'AccessDenied', 'Request has expired');
  }
  return {
    ...parseCredential(credential),
    amzDate,
    signedHeaders: signedHeaders.split(';'),
    signature,
  };
}

/** Throws S3Error as S3 would answer (SQS answers the same codes); returns what the body must hash to. */
export function verifySignature(
  request: SignedRequest,
  opts: {
    credentials: SimCredentials[];
    region: string;
    now: Date;
    /** The credential scope's service: `s3` unless said (the SQS queue says `sqs`). */
    service?: string;
  },
): Verified {
  const service = opts.service ?? 's3';
  const authorization = headerValue(request.headers, 'authorization');
  const params = new Map(queryPairs(request.query));
  const presigned = params.has('X-Amz-Signature');
  if (!authorization && !presigned) {
    throw new S3Error(403, 'AccessDenied', 'Anonymous access is not allowed');
  }
  const parsed = authorization
    ? parseHeaderAuth(authorization, request.headers)
    : parseQueryAuth(params, opts.now);

  const known = opts.credentials.find((c) => c.accessKeyId === parsed.accessKeyId);
  if (!known) {
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  const signedAt = parseAmzDate(parsed.amzDate);
  if (!signedAt || parsed.amzDate.slice(0, 8) !== parsed.scope.day) {
    throw new S3Error(
      403,
      'AccessDenied',
      'The date of the credential scope does not match X-Amz-Date',
    );
  }
  if (parsed.scope.region !== opts.region) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${parsed.scope.region}' is wrong; expecting '${opts.region}'`,
    );
  }
  if (parsed.scope.service !== service || !parsed.signedHeaders.includes('host')) {
    throw new S3Error(
      403,
      'AccessDenied',
      `The credential must be for ${service} and sign the host header`,
    );
  }
  if (authorization && Math.abs(opts.now.getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }

  let payloadHash = UNSIGNED;
  if (authorization) {
    const claimed = headerValue(request.headers, 'x-amz-content-sha256');
    if (!claimed) {
      throw new S3Error(
        400,
        'InvalidRequest',
        'Missing required header for this request: x-amz-content-sha256',
      );
    }
    if (claimed.startsWith('STREAMING-')) {
      throw new S3Error(501, 'NotImplemented', 'Chunked (streaming) uploads are not implemented');
    }
    if (claimed !== UNSIGNED && !/^[0-9a-f]{64}$/.test(claimed)) {
      throw new S3Error(
        400,
        'InvalidArgument',
        'x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256 hash',
      );
    }
    payloadHash = claimed;
  }

  const text = canonical(
    request,
    parsed.signedHeaders,
    payloadHash,
    presigned && !authorization ? 'X-Amz-Signature' : undefined,
  );
  const expected = expectedSignature(known.secretAccessKey, parsed.scope, parsed.amzDate, text);
  const given = Buffer.from(parsed.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return { payloadHash: payloadHash === UNSIGNED ? null : payloadHash };
}
