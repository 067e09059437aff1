import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { uploadTo } from './media.ts';

let t: TestApp;
let op: { token: string };
let seller: SellerFixture;
beforeAll(async () => {
  t = await buildTestApp();
  op = await createOperator(t.database.db);
  seller = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const setUploadLimit = async (mb: number) => {
  const res = await call(t.app, 'POST', '/api/sys/param/update', {
    token: op.token,
    body: {
      key: 'upload.max_mb',
      name: 'params.upload.max_mb',
      dataType: 'number',
      value: `${mb}`,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('parameters read at run time', () => {
  it('the next image upload after a change of upload.max_mb meets the new limit, named in the 422', async () => {
    // Noise does not compress: about 1.5 MB of PNG.
    const side = 720;
    const png = await sharp(randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(1024 * 1024);
    expect(png.length).toBeLessThan(2 * 1024 * 1024);
    const upload = () =>
      uploadTo(t.app, '/api/common/upload-single', seller.token, png, 'noise.png');

    await setUploadLimit(1);
    const refused = await upload();
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields.file).toBe('文件超过 1 MB');

    await setUploadLimit(2);
    const taken = await upload();
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  it('refuses a limit outside the server’s bounds with 422 on the value', async () => {
    const res = await call(t.app, 'POST', '/api/sys/param/update', {
      token: op.token,
      body: { key: 'upload.max_mb', name: 'params.upload.max_mb', dataType: 'number', value: '50' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields)).toEqual(['value']);
  });
});
