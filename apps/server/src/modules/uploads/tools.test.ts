import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import { solid, unzip, uploadTo } from '../../../test/media.ts';
import { platformObjectKey } from '../../integrations/object-storage.ts';

let t: TestApp;
let alice: SellerFixture;
let bob: SellerFixture;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createSeller(t.database.db);
  bob = await createSeller(t.database.db);
});
afterAll(() => t?.close());

async function upload(seller: SellerFixture, name: string, width = 400, height = 300) {
  const png = await solid(width, height).png().toBuffer();
  const { status, body } = await uploadTo(
    t.app,
    '/api/common/upload-single',
    seller.token,
    png,
    name,
  );
  expect(status).toBe(200);
  return body.data as { id: number; url: string; thumb_url: string; bytes: number };
}

const fetchBytes = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

describe('POST /api/common/image-resize-new', () => {
  it("stores a resized copy of the seller's image beside it, original untouched", async () => {
    const original = await upload(alice, 'shirt.png');
    const res = await call(t.app, 'POST', '/api/common/image-resize-new', {
      token: alice.token,
      body: { file_id: original.id, width: 200, height: 200 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      width: 200,
      height: 200,
      original_name: 'shirt_200x200.png',
      content_type: 'image/png',
    });
    expect(res.body.data.id).not.toBe(original.id);
    const meta = await sharp(await fetchBytes(res.body.data.url)).metadata();
    expect([meta.width, meta.height]).toEqual([200, 200]);
    const kept = await sharp(await fetchBytes(original.url)).metadata();
    expect([kept.width, kept.height]).toEqual([400, 300]);
  });

  it('resizes by URL with `inside` keeping the aspect ratio, also from a platform image', async () => {
    const own = await upload(alice, 'wide.png', 800, 400);
    const byUrl = await call(t.app, 'POST', '/api/common/image-resize-new', {
      token: alice.token,
      body: { url: `http://shop.example${own.url}`, width: 400, height: 400, fit: 'inside' },
    });
    expect(byUrl.status).toBe(200);
    expect([byUrl.body.data.width, byUrl.body.data.height]).toEqual([400, 200]);

    const key = platformObjectKey('demo', 'tools-test-shirt', 'png');
    await t.storage.put(key, await solid(100, 100).png().toBuffer(), 'image/png');
    const demo = await call(t.app, 'POST', '/api/common/image-resize-new', {
      token: bob.token,
      body: { url: t.storage.url(key), width: 50, height: 60 },
    });
    expect(demo.status).toBe(200);
    expect(demo.body.data).toMatchObject({
      width: 50,
      height: 60,
      original_name: 'tools-test-shirt_50x60.png',
    });
  });

  it("answers 404 for another seller's image by id or URL, and for unknown URLs", async () => {
    const own = await upload(alice, 'mine.png');
    for (const body of [
      { file_id: own.id },
      { url: own.url },
      { url: '/api/files/demo/no-such-picture.png' },
      { url: 'https://elsewhere.example/x.png' },
    ]) {
      const res = await call(t.app, 'POST', '/api/common/image-resize-new', {
        token: bob.token,
        body: { ...body, width: 10, height: 10 },
      });
      expect({ body, status: res.status }).toEqual({ body, status: 404 });
    }
  });

  it('checks its input and needs a token', async () => {
    const bad = await call(t.app, 'POST', '/api/common/image-resize-new', {
      token: alice.token,
      body: { file_id: 1, width: 0, height: 99999, fit: 'stretch' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['fit', 'height', 'width']);
    const neither = await call(t.app, 'POST', '/api/common/image-resize-new', {
      token: alice.token,
      body: { width: 10, height: 10 },
    });
    expect(neither.status).toBe(422);
    expect(neither.body.data.field_keys).toEqual({ file_id: 'validation.either_required' });
    const anonymous = await call(t.app, 'POST', '/api/common/image-resize-new', {
      body: { file_id: 1, width: 10, height: 10 },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/common/modify-images-size', () => {
  it('answers one result per id; another seller’s id is not_found and the rest still resize', async () => {
    const a = await upload(alice, 'a.png');
    const b = await upload(alice, 'b.png', 300, 300);
    const foreign = await upload(bob, 'theirs.png');
    const res = await call(t.app, 'POST', '/api/common/modify-images-size', {
      token: alice.token,
      body: { ids: [a.id, foreign.id, b.id], width: 120, height: 100, fit: 'fill' },
    });
    expect(res.status).toBe(200);
    const results = res.body.data.results;
    expect(results.map((r: { id: number; ok: boolean }) => [r.id, r.ok])).toEqual([
      [a.id, true],
      [foreign.id, false],
      [b.id, true],
    ]);
    expect(results[1]).toMatchObject({ reason: 'not_found', file: null });
    expect(results[0].file).toMatchObject({
      width: 120,
      height: 100,
      original_name: 'a_120x100.png',
    });

    const bad = await call(t.app, 'POST', '/api/common/modify-images-size', {
      token: alice.token,
      body: { ids: [], width: 10 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['height', 'ids']);
  });
});

describe('/api/common/download-images', () => {
  it('zips the originals under their names, suffixing repeated names', async () => {
    const one = await upload(alice, 'logo.png');
    const two = await upload(alice, 'logo.png', 100, 100);
    const three = await upload(alice, 'LOGO.png', 50, 50);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/common/download-images?ids=${one.id},${two.id},${three.id}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="images.zip"/);
    const entries = unzip(res.rawPayload);
    expect(Object.keys(entries)).toEqual(['logo.png', 'logo (2).png', 'LOGO (3).png']);
    expect(entries['logo (2).png']!.equals(await fetchBytes(two.url))).toBe(true);
  });

  it('takes the token in the query (a plain download link) and URLs by POST', async () => {
    const one = await upload(alice, 'linked.png');
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/common/download-images?ids=${one.id}&token=${alice.token}`,
    });
    expect(link.statusCode).toBe(200);
    expect(Object.keys(unzip(link.rawPayload))).toEqual(['linked.png']);

    const byUrl = await t.app.inject({
      method: 'POST',
      url: '/api/common/download-images',
      payload: { urls: [one.url] },
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(byUrl.statusCode).toBe(200);
    expect(Object.keys(unzip(byUrl.rawPayload))).toEqual(['linked.png']);
  });

  it("answers 404 when any image is another seller's, 422 on bad ids, 401 without a token", async () => {
    const own = await upload(alice, 'x.png');
    const theirs = await upload(bob, 'y.png');
    const mixed = await call(t.app, 'GET', '/api/common/download-images', {
      token: alice.token,
      query: { ids: `${own.id},${theirs.id}` },
    });
    expect(mixed.status).toBe(404);
    const byUrl = await call(t.app, 'POST', '/api/common/download-images', {
      token: alice.token,
      body: { urls: [theirs.url] },
    });
    expect(byUrl.status).toBe(404);
    const bad = await call(t.app, 'GET', '/api/common/download-images', {
      token: alice.token,
      query: { ids: 'a,b' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['ids']);
    const empty = await call(t.app, 'POST', '/api/common/download-images', {
      token: alice.token,
      body: {},
    });
    expect(empty.status).toBe(422);
    expect(
      (await call(t.app, 'GET', '/api/common/download-images', { query: { ids: `${own.id}` } }))
        .status,
    ).toBe(401);
  });
});
