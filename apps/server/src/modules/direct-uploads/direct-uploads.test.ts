import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_S3_DEFAULTS } from '@app/sim';
import { createOperator, createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import { startSimStorage } from '../../../test/sim-storage.ts';

let local: TestApp;
let s3: TestApp;
let sim: Awaited<ReturnType<typeof startSimStorage>>;
let alice: SellerFixture;
let bob: SellerFixture;

beforeAll(async () => {
  sim = await startSimStorage();
  const s3Config = {
    S3_BUCKET: sim.options.bucket,
    S3_ENDPOINT: sim.options.endpoint,
    S3_ACCESS_KEY_ID: sim.options.accessKeyId,
    S3_SECRET_ACCESS_KEY: sim.options.secretAccessKey,
    S3_FORCE_PATH_STYLE: true,
  };
  [local, s3] = await Promise.all([
    buildTestApp(),
    buildTestApp({ storage: sim.storage, config: s3Config }),
  ]);
  alice = await createSeller(s3.database.db);
  bob = await createSeller(s3.database.db);
});
afterAll(async () => {
  await Promise.all([local?.close(), s3?.close()]);
  await sim?.close();
});

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const sts = (token: string, body: unknown = { content_type: 'image/png' }, app = s3.app) =>
  call(app, 'POST', '/api/common/get-oss-sts', { token, body });
const confirm = (token: string, body: unknown) =>
  call(s3.app, 'POST', '/api/common/oss-confirm', { token, body });
const putTo = (url: string, headers: Record<string, string>, body: Uint8Array | string) =>
  fetch(url, { method: 'PUT', headers, body });
const rawKeys = () => sim.sim.simulator.keys(SIM_S3_DEFAULTS.bucket);

/** Credentials issued to alice, with `bytes` already uploaded to them. */
async function uploaded(bytes: Buffer | string, token = alice.token) {
  const { body } = await sts(token);
  const res = await putTo(body.data.url, body.data.headers, new Uint8Array(Buffer.from(bytes)));
  expect(res.status).toBe(200);
  return body.data.key as string;
}

describe('without S3-compatible storage', () => {
  it('answers 409 "not configured" to both calls', async () => {
    const seller = await createSeller(local.database.db);
    const res = await sts(seller.token, undefined, local.app);
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('uploads.storage_not_configured');
    const confirmed = await call(local.app, 'POST', '/api/common/oss-confirm', {
      token: seller.token,
      body: { key: `${seller.sellerId}/2025/01/00000000-0000-4000-8000-000000000000.png` },
    });
    expect(confirmed.status).toBe(409);
  });
});

describe('get-oss-sts', () => {
  it('issues a presigned PUT for a new key of the seller, valid 900 s', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await sts(alice.token, { content_type: 'image/webp' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.key).toMatch(new RegExp(`^${alice.sellerId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.webp$`));
    expect(data).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/webp' },
      expires_in: 900,
    });
    expect(data.expires_at).toBeGreaterThanOrEqual(before + 900);
    expect(data.expires_at).toBeLessThanOrEqual(before + 902);
    const url = new URL(data.url);
    expect(url.origin + url.pathname).toBe(`${sim.sim.url}/${SIM_S3_DEFAULTS.bucket}/${data.key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect((await sts(alice.token)).body.data.key).not.toBe(data.key);
  });

  it('gives a URL the storage accepts a PUT on, and refuses once tampered', async () => {
    const { body } = await sts(alice.token);
    const { url, headers, key } = body.data;
    const tampered = url.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_: string, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    );
    const refused = await putTo(tampered, headers, 'bytes');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(rawKeys()).not.toContain(key);

    expect((await putTo(url, headers, 'bytes')).status).toBe(200);
    expect(rawKeys()).toContain(key);
  });

  it('lets the web app connect to the bucket (CSP connect-src)', async () => {
    const csp = async (app: TestApp) =>
      String(
        (await app.app.inject({ method: 'GET', url: '/api/health' })).headers[
          'content-security-policy'
        ],
      );
    expect(await csp(s3)).toContain(`connect-src 'self' ${new URL(sim.sim.url).origin}`);
    expect(await csp(local)).toContain("connect-src 'self';");
  });

  it('refuses other content types with 422 naming the field', async () => {
    for (const body of [{}, { content_type: 'image/svg+xml' }, { content_type: 'text/html' }]) {
      const res = await sts(alice.token, body);
      expect(res.status).toBe(422);
      expect(res.body.data.fields).toHaveProperty('content_type');
    }
  });

  it('needs a seller user (401 without a token, 403 for an operator)', async () => {
    const operator = await createOperator(s3.database.db);
    for (const send of [sts, (token: string) => confirm(token, { key: 'x' })]) {
      expect((await send('')).status).toBe(401);
      expect((await send(operator.token)).status).toBe(403);
    }
  });
});

describe('oss-confirm', () => {
  it('registers the checked, re-encoded image as a file and removes the raw object', async () => {
    const key = await uploaded(await png());
    const res = await confirm(alice.token, { key, original_name: 'shoe.png' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      width: 64,
      height: 48,
      content_type: 'image/png',
      original_name: 'shoe.png',
    });
    expect(res.body.data.url).not.toContain(key);
    expect(rawKeys()).not.toContain(key);
    const served = await s3.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);

    expect((await confirm(alice.token, { key })).status).toBe(404);
  });

  it('refuses bytes that are not an image with 422 and removes them', async () => {
    const key = await uploaded('<html><script>alert(1)</script></html>');
    const res = await confirm(alice.token, { key });
    expect(res.status).toBe(422);
    expect(rawKeys()).not.toContain(key);
  });

  it("answers 404 for another seller's upload, an existing file's key and a missing object", async () => {
    const key = await uploaded(await png());
    expect((await confirm(bob.token, { key })).status).toBe(404);
    expect(rawKeys()).toContain(key);

    const file = (await confirm(alice.token, { key })).body.data;
    const fileKey = file.url.replace('/api/files/', '');
    expect((await confirm(alice.token, { key: fileKey })).status).toBe(404);
    const still = await s3.app.inject({ method: 'GET', url: file.url });
    expect(still.statusCode).toBe(200);

    const never = `${alice.sellerId}/2025/01/00000000-0000-4000-8000-000000000000.png`;
    expect((await confirm(alice.token, { key: never })).status).toBe(404);
    expect((await confirm(alice.token, { key: '../../etc/passwd' })).status).toBe(404);
  });

  it('refuses an empty key with 422', async () => {
    const res = await confirm(alice.token, {});
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toHaveProperty('key');
  });
});
