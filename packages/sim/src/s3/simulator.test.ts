import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Simulator, type RunningS3Simulator } from './server.ts';
import { verifySignature, type SignedRequest } from './signature.ts';

// The worked examples of the S3 API reference, checked by the simulator's own verifier.
const credentials = [
  {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
];
const region = 'us-east-1';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const signedAt = Date.UTC(2013, 4, 24);
const at = (ms: number) => new Date(signedAt + ms);

const referenceGet: SignedRequest = {
  method: 'GET',
  path: '/test.txt',
  query: '',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
    authorization:
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
      'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
      'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  },
};

const referencePresigned: SignedRequest = {
  method: 'GET',
  path: '/test.txt',
  query:
    'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
    '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
    '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
  headers: { host: 'examplebucket.s3.amazonaws.com' },
};

const verify = (request: SignedRequest, now = at(60_000), creds = credentials) =>
  verifySignature(request, { credentials: creds, region, now });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('SigV4 verification', () => {
  it('accepts the reference Authorization-header request and hashes the payload it claims', () => {
    expect(verify(referenceGet)).toEqual({ payloadHash: EMPTY_SHA256 });
  });

  it('refuses a changed signed header, a wrong secret and a stale date', () => {
    const changed = { ...referenceGet, headers: { ...referenceGet.headers, range: 'bytes=0-99' } };
    expect(refusal(() => verify(changed))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const wrongSecret = [{ ...credentials[0]!, secretAccessKey: 'other' }];
    expect(refusal(() => verify(referenceGet, at(0), wrongSecret))).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(refusal(() => verify(referenceGet, at(16 * 60_000)))).toMatchObject({
      code: 'RequestTimeTooSkewed',
    });
  });

  it('accepts the reference presigned URL until it expires, and not tampered', () => {
    expect(verify(referencePresigned, at(86_399_000))).toEqual({ payloadHash: null });
    expect(refusal(() => verify(referencePresigned, at(86_401_000)))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Request has expired',
    });
    const longer = referencePresigned.query.replace('X-Amz-Expires=86400', 'X-Amz-Expires=604800');
    expect(refusal(() => verify({ ...referencePresigned, query: longer }))).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    const otherObject = { ...referencePresigned, path: '/other.txt' };
    expect(refusal(() => verify(otherObject))).toMatchObject({ code: 'SignatureDoesNotMatch' });
  });
});

describe('the HTTP simulator', () => {
  let sim: RunningS3Simulator;
  beforeAll(async () => (sim = await startS3Simulator()));
  afterAll(() => sim?.close());

  it('refuses anonymous requests with an S3 XML error', async () => {
    const res = await fetch(`${sim.url}/seller-hub/1/2025/01/a.png`, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<Code>AccessDenied</Code>');
    expect(xml).toContain('<Resource>/seller-hub/1/2025/01/a.png</Resource>');
    expect(sim.simulator.keys('seller-hub')).toEqual([]);
  });

  it('answers CORS preflights so browsers can PUT to presigned URLs', async () => {
    const res = await fetch(`${sim.url}/seller-hub/1/2025/01/a.png`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:9000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:9000');
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
  });
});
