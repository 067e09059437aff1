import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import type { ObjectStorage } from '../../integrations/object-storage.ts';
import { uploadImage, type UploadCtx } from './service.ts';

let t: TestApp;
let alice: SellerFixture;
let bob: SellerFixture;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createSeller(t.database.db);
  bob = await createSeller(t.database.db);
});
afterAll(() => t?.close());

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

async function multipart(bytes: Buffer, filename: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), filename);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

async function upload(
  bytes: Buffer,
  filename: string,
  opts: { token?: string; inQuery?: boolean; field?: string } = {},
) {
  const token = opts.token ?? alice.token;
  const { payload, headers } = await multipart(bytes, filename, opts.field);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/common/upload-single',
    query: opts.inQuery ? { token } : undefined,
    payload,
    headers: { ...headers, ...(opts.inQuery ? {} : { authorization: `Bearer ${token}` }) },
  });
  return { status: res.statusCode, body: res.json() };
}

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

/** A PNG whose header claims `width` x `height` and carries no pixel data. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/common/upload-single', () => {
  it('stores a PNG, serves it with safe headers and a ≤400px webp thumbnail', async () => {
    const png = await solid(800, 600).png().toBuffer();
    const { status, body } = await upload(png, 'Red shirt.png');
    expect(status).toBe(200);
    const file = body.data;
    expect(file).toMatchObject({
      width: 800,
      height: 600,
      content_type: 'image/png',
      original_name: 'Red shirt.png',
    });
    expect(file.url).toMatch(
      new RegExp(`^/api/files/${alice.sellerId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$`),
    );

    const served = await fetchFile(file.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="${file.url.split('/').pop()}"`,
    );
    expect(served.rawPayload.length).toBe(file.bytes);
    const servedMeta = await sharp(served.rawPayload).metadata();
    expect([servedMeta.format, servedMeta.width, servedMeta.height]).toEqual(['png', 800, 600]);
    const [servedPixels, sentPixels] = await Promise.all([
      sharp(served.rawPayload).raw().toBuffer(),
      sharp(png).raw().toBuffer(),
    ]);
    expect(servedPixels.equals(sentPixels)).toBe(true);

    const thumb = await fetchFile(file.thumb_url);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta.format).toBe('webp');
    expect([thumbMeta.width, thumbMeta.height]).toEqual([400, 300]);
  });

  it('re-encodes a JPEG upright and without its EXIF metadata', async () => {
    const jpeg = await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { status, body } = await upload(jpeg, 'C:\\photos\\side.jpg');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      width: 200,
      height: 300,
      content_type: 'image/jpeg',
      original_name: 'side.jpg',
    });
    const served = await fetchFile(body.data.url);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      'jpeg',
      200,
      300,
      undefined,
      undefined,
    ]);
  });

  it('accepts the token as ?token= on this route only', async () => {
    const gif = await solid(20, 10).gif().toBuffer();
    const { status, body } = await upload(gif, 'tiny.gif', { inQuery: true });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ content_type: 'image/gif', width: 20, height: 10 });

    const elsewhere = await call(t.app, 'GET', '/api/common/get-user-info', {
      query: { token: alice.token },
    });
    expect(elsewhere.status).toBe(401);
    expect((await upload(gif, 'tiny.gif', { token: 'not-a-token', inQuery: true })).status).toBe(
      401,
    );
  });

  it('refuses files whose bytes are not JPEG, PNG, WebP or GIF', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(512, 1)]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [bytes, name] of [
      [exe, 'photo.png'],
      [svg, 'logo.svg'],
    ] as const) {
      const { status, body } = await upload(bytes, name);
      expect({ name, status }).toEqual({ name, status: 422 });
      expect(body.data.field_keys).toEqual({ file: 'uploads.unsupported_type' });
    }
  });

  it('refuses a damaged image of a known type', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const { status, body } = await upload(png.subarray(0, 40), 'cut.png');
    expect(status).toBe(422);
    expect(body.data.field_keys.file).toBe('uploads.image_unreadable');
  });

  it('refuses a file over 10 MB, naming the limit', async () => {
    const big = Buffer.concat([
      await solid(10, 10).png().toBuffer(),
      Buffer.alloc(10 * 1024 * 1024),
    ]);
    const { status, body } = await upload(big, 'big.png');
    expect(status).toBe(422);
    expect(body.data.field_keys.file).toBe('uploads.file_too_large');
    expect(body.data.fields.file).toBe('文件超过 10 MB');
  });

  it('refuses an image whose header declares more than 40 megapixels before decoding it', async () => {
    const { status, body } = await upload(pngHeader(100_000, 100_000), 'bomb.png');
    expect(status).toBe(422);
    expect(body.data.field_keys.file).toBe('uploads.image_too_many_pixels');
  });

  it('asks for a multipart field named file', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const wrongField = await upload(png, 'a.png', { field: 'image' });
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.data.field_keys.file).toBe('common.file_required');
    const json = await call(t.app, 'POST', '/api/common/upload-single', {
      token: alice.token,
      body: { file: 'x' },
    });
    expect(json.status).toBe(422);
    expect(Object.keys(json.body.data.fields)).toEqual(['file']);
  });

  it('needs a seller user', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const { payload, headers } = await multipart(png, 'a.png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/upload-single',
      payload,
      headers,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/common/upload-delete', () => {
  it("deletes the row and both objects; another seller's id is not found", async () => {
    const png = await solid(50, 50).png().toBuffer();
    const { body } = await upload(png, 'del.png');
    const { id, url, thumb_url } = body.data;

    const foreign = await call(t.app, 'POST', '/api/common/upload-delete', {
      token: bob.token,
      body: { id },
    });
    expect(foreign.status).toBe(404);
    expect((await fetchFile(url)).statusCode).toBe(200);

    const own = await call(t.app, 'POST', '/api/common/upload-delete', {
      token: alice.token,
      body: { id },
    });
    expect(own.status).toBe(200);
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect((await fetchFile(thumb_url)).statusCode).toBe(404);

    const again = await call(t.app, 'POST', '/api/common/upload-delete', {
      token: alice.token,
      body: { id },
    });
    expect(again.status).toBe(404);
  });
});

describe('GET /api/files/*', () => {
  it('answers 404 for unknown and malformed keys', async () => {
    for (const url of [
      `/api/files/${alice.sellerId}/2025/01/00000000-0000-0000-0000-000000000000.png`,
      '/api/files/../../etc/passwd',
      '/api/files/%2e%2e/%2e%2e/package.json',
      '/api/files/',
    ]) {
      expect((await fetchFile(url)).statusCode, url).toBe(404);
    }
  });
});

describe('uploadImage', () => {
  /** Local storage that records what it holds and can be made to fail on a given put. */
  function trackingStorage(failOnPut?: number) {
    const held = new Set<string>();
    let puts = 0;
    const storage: ObjectStorage = {
      async put(key) {
        puts += 1;
        if (puts === failOnPut) throw new Error('disk full');
        held.add(key);
      },
      async putStream() {
        throw new Error('not used');
      },
      async get() {
        return null;
      },
      async delete(key) {
        held.delete(key);
      },
      url: (key) => `/api/files/${key}`,
    };
    return { storage, held };
  }

  const ctxFor = (sellerId: number, storage: ObjectStorage): UploadCtx => ({
    db: t.database.db,
    actor: {
      kind: 'user',
      userId: alice.userId,
      sellerId,
      isBoss: true,
      sessionId: 0,
      token: '',
      expiresAt: new Date(Date.now() + 60_000),
    },
    log: t.app.log,
    ip: '127.0.0.1',
    lang: 'zh-CN' as const,
    storage,
  });

  it('leaves nothing stored when the thumbnail cannot be written', async () => {
    const { storage, held } = trackingStorage(2);
    const png = await solid(30, 30).png().toBuffer();
    await expect(
      uploadImage(ctxFor(alice.sellerId, storage), { bytes: png, filename: 'a.png' }),
    ).rejects.toThrow('disk full');
    expect([...held]).toEqual([]);
  });

  it('leaves nothing stored when the row cannot be written', async () => {
    const { storage, held } = trackingStorage();
    const png = await solid(30, 30).png().toBuffer();
    await expect(
      uploadImage(ctxFor(2_000_000_000, storage), { bytes: png, filename: 'a.png' }),
    ).rejects.toThrow();
    expect([...held]).toEqual([]);
  });
});
