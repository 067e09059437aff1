import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_S3_DEFAULTS } from '@app/sim';
import { startSimStorage } from '../../test/sim-storage.ts';
import { loadConfig } from '../config.ts';
import { newObjectKey } from './object-storage.ts';
import { createS3Storage, S3RequestError, type S3Options } from './s3-storage.ts';
import { createObjectStorage } from './storage.ts';

const aws: S3Options = {
  region: 'eu-west-1',
  bucket: 'shop-files',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  forcePathStyle: false,
};

let clock = Date.now();
let sim: Awaited<ReturnType<typeof startSimStorage>>;
beforeAll(async () => {
  sim = await startSimStorage({ sim: { now: () => new Date(clock) } });
});
afterAll(() => sim?.close());

describe('requests the simulator refuses, as S3 would', () => {
  const refusal = async (storage: Partial<S3Options>) => {
    const other = createS3Storage({ ...sim.options, ...storage });
    return other.put(newObjectKey(1, 'png'), Buffer.from('x'), 'image/png').catch((e) => e);
  };

  it('a wrong secret gets 403 SignatureDoesNotMatch with S3 message', async () => {
    const error = await refusal({ secretAccessKey: 'not-the-secret' });
    expect(error).toBeInstanceOf(S3RequestError);
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(error.message).toMatch(/does not match the signature you provided/);
    expect(sim.sim.simulator.keys(SIM_S3_DEFAULTS.bucket)).toEqual([]);
  });

  it('an unknown key id, region or bucket is refused with its S3 code', async () => {
    expect(await refusal({ accessKeyId: 'AKIDUNKNOWN' })).toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    });
    expect(await refusal({ region: 'eu-west-1' })).toMatchObject({
      code: 'AuthorizationHeaderMalformed',
    });
    expect(await refusal({ bucket: 'no-such-bucket' })).toMatchObject({
      status: 404,
      code: 'NoSuchBucket',
    });
  });
});

describe('presigned uploads', () => {
  it('accepts a PUT of the signed key with the signed content type, only before it expires', async () => {
    const key = newObjectKey(9, 'png');
    const upload = sim.storage.presignPut!(key, 'image/png', 900);
    expect(upload.expiresAt.getTime()).toBeGreaterThan(Date.now() + 899_000);
    const put = (url: string, headers = upload.headers) =>
      fetch(url, { method: upload.method, headers, body: 'png bytes' });

    const wrongType = await put(upload.url, { 'Content-Type': 'text/html' });
    expect(wrongType.status).toBe(403);
    expect(await wrongType.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const otherKey = upload.url.replace(key, newObjectKey(9, 'png'));
    expect((await put(otherKey)).status).toBe(403);

    const ok = await put(upload.url);
    expect(ok.status).toBe(200);
    const stored = await sim.storage.get(key);
    expect(stored).toMatchObject({ size: 9, contentType: 'image/png' });
    stored!.body.destroy();

    clock += 901_000;
    try {
      const late = await put(upload.url);
      expect(late.status).toBe(403);
      expect(await late.text()).toContain('<Message>Request has expired</Message>');
    } finally {
      clock = Date.now();
    }
  });

  it('builds virtual-host URLs on AWS and path-style URLs when forced', () => {
    const key = newObjectKey(1, 'jpg');
    const virtual = new URL(createS3Storage(aws).presignPut!(key, 'image/jpeg', 60).url);
    expect(virtual.origin).toBe('https://shop-files.s3.eu-west-1.amazonaws.com');
    expect(virtual.pathname).toBe(`/${key}`);
    const pathStyle = new URL(
      createS3Storage({
        ...aws,
        endpoint: 'http://minio.local:9000',
        forcePathStyle: true,
      }).presignPut!(key, 'image/jpeg', 60).url,
    );
    expect(pathStyle.origin).toBe('http://minio.local:9000');
    expect(pathStyle.pathname).toBe(`/shop-files/${key}`);
    expect(pathStyle.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(pathStyle.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
  });
});

describe('configuration', () => {
  const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused' };

  it('links objects through /api/files unless S3_PUBLIC_URL is set', () => {
    const key = newObjectKey(1, 'png');
    expect(createS3Storage(aws).url(key)).toBe(`/api/files/${key}`);
    expect(createS3Storage({ ...aws, publicUrl: 'https://cdn.example.com/' }).url(key)).toBe(
      `https://cdn.example.com/${key}`,
    );
  });

  it('uses S3 when S3_BUCKET is set, local disk otherwise', () => {
    expect(createObjectStorage(loadConfig(env)).presignPut).toBeUndefined();
    const s3 = createObjectStorage(
      loadConfig({
        ...env,
        S3_BUCKET: 'shop-files',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(s3.presignPut).toBeTypeOf('function');
  });

  it('refuses S3_BUCKET without both keys', () => {
    expect(() => loadConfig({ ...env, S3_BUCKET: 'shop-files' })).toThrow(
      /S3_ACCESS_KEY_ID: required with S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
  });
});
