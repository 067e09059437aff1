import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, startSimulator } from '../http.ts';
import { errorXml, S3Error } from './errors.ts';
import { verifySignature, type SimCredentials } from './signature.ts';

/** The keys `npm run sim` and the tests use unless told otherwise; never valid anywhere real. */
export const SIM_S3_DEFAULTS = {
  region: 'us-east-1',
  bucket: 'seller-hub',
  accessKeyId: 'SIMACCESSKEY000000',
  secretAccessKey: 'sim-secret-access-key-not-for-real-use',
} as const;

export interface S3SimulatorOptions {
  region?: string;
  buckets?: string[];
  credentials?: SimCredentials[];
  /** Clock for signature dates and expiry. */
  now?: () => Date;
  /** Prefix when the simulator shares a server, e.g. `/__sim/s3`; signatures still cover the full path. */
  basePath?: string;
  maxObjectBytes?: number;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3Simulator {
  /** Node request handler, for mounting in another server. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Keys held in a bucket, for tests. */
  keys(bucket: string): string[];
}

/** The body, or S3's own answer when it is over the object size limit. */
async function readObjectBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  try {
    return await readBody(req, limit);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw new S3Error(
      400,
      'EntityTooLarge',
      'Your proposed upload exceeds the maximum allowed size',
    );
  }
}

/**
 * An in-memory S3: path-style PutObject, GetObject, HeadObject and DeleteObject with SigV4
 * checked on every request (Authorization header or presigned query), errors as S3's XML.
 */
export function createS3Simulator(options: S3SimulatorOptions = {}): S3Simulator {
  const region = options.region ?? SIM_S3_DEFAULTS.region;
  const credentials = options.credentials ?? [
    {
      accessKeyId: SIM_S3_DEFAULTS.accessKeyId,
      secretAccessKey: SIM_S3_DEFAULTS.secretAccessKey,
    },
  ];
  const now = options.now ?? (() => new Date());
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  const maxObjectBytes = options.maxObjectBytes ?? 64 * 1024 * 1024;
  const buckets = new Map<string, Map<string, StoredObject>>(
    (options.buckets ?? [SIM_S3_DEFAULTS.bucket]).map((b) => [b, new Map()]),
  );

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const rawPath = q < 0 ? target : target.slice(0, q);
    const query = q < 0 ? '' : target.slice(q + 1);
    // Browsers upload straight to the bucket with presigned URLs, so CORS is open as a bucket
    // CORS rule allowing the app's origin would be.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-expose-headers', 'ETag, x-amz-request-id');
    if (method === 'OPTIONS') {
      res.writeHead(200, {
        'access-control-allow-methods': 'GET, PUT, HEAD, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '3000',
      });
      res.end();
      return;
    }
    if (basePath && !rawPath.startsWith(`${basePath}/`)) {
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const { payloadHash } = verifySignature(
      { method, path: rawPath, query, headers: req.headers },
      { credentials, region, now: now() },
    );
    const [bucketName = '', ...keyParts] = rawPath.slice(basePath.length + 1).split('/');
    const bucket = buckets.get(decodeURIComponent(bucketName));
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(keyParts.join('/'));
    if (!key) throw new S3Error(501, 'NotImplemented', 'Only object operations are implemented');

    switch (method) {
      case 'PUT': {
        if (req.headers['content-length'] === undefined) {
          throw new S3Error(
            411,
            'MissingContentLength',
            'You must provide the Content-Length HTTP header.',
          );
        }
        const body = await readObjectBody(req, maxObjectBytes);
        if (payloadHash && createHash('sha256').update(body).digest('hex') !== payloadHash) {
          throw new S3Error(
            400,
            'XAmzContentSHA256Mismatch',
            "The provided 'x-amz-content-sha256' header does not match what was computed.",
          );
        }
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        bucket.set(key, {
          body,
          contentType: req.headers['content-type'] ?? 'application/octet-stream',
          etag,
          lastModified: now(),
        });
        res.writeHead(200, { etag, 'content-length': 0 });
        res.end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const object = bucket.get(key);
        if (!object) {
          if (method === 'HEAD') {
            res.writeHead(404);
            res.end();
            return;
          }
          throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        }
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
        });
        res.end(method === 'GET' ? object.body : undefined);
        return;
      }
      case 'DELETE':
        bucket.delete(key);
        res.writeHead(204);
        res.end();
        return;
      default:
        throw new S3Error(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
    }
  }

  return {
    handle(req, res) {
      const requestId = randomBytes(8).toString('hex').toUpperCase();
      res.setHeader('x-amz-request-id', requestId);
      serve(req, res).catch((error: unknown) => {
        const s3 =
          error instanceof S3Error
            ? error
            : new S3Error(
                500,
                'InternalError',
                'We encountered an internal error. Please try again.',
              );
        // The body may be unread after an early refusal; drop it rather than keep the socket busy.
        req.resume();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const resource = (req.url ?? '/').split('?')[0]!;
        res.writeHead(s3.status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : errorXml(s3, resource, requestId));
      });
    },
    keys(bucket) {
      return [...(buckets.get(bucket)?.keys() ?? [])];
    },
  };
}

export interface RunningS3Simulator {
  /** Endpoint for S3 clients (path-style), e.g. `http://127.0.0.1:9100`. */
  url: string;
  simulator: S3Simulator;
  close(): Promise<void>;
}

/** Serves a simulator on its own port (0 = any free port). */
export async function startS3Simulator(
  options: S3SimulatorOptions & { port?: number; host?: string } = {},
): Promise<RunningS3Simulator> {
  const simulator = createS3Simulator(options);
  const running = await startSimulator(simulator, { port: options.port, host: options.host });
  return {
    url: `${running.url}${options.basePath ?? ''}`,
    simulator,
    close: running.close,
  };
}
