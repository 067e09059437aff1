import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import { solid, unzip, uploadTo } from '../../../test/media.ts';

let t: TestApp;
let alice: SellerFixture;
let bob: SellerFixture;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createSeller(t.database.db);
  bob = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const post = (token: string | undefined, url: string, body: unknown) =>
  call(t.app, 'POST', url, { token, body });

async function dir(seller: SellerFixture, name: string, pid?: number) {
  const res = await post(seller.token, '/api/material/dir-store', { name, pid });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; name: string; pid: number | null };
}

async function material(seller: SellerFixture, name: string, dirId?: number) {
  const png = await solid(60, 40, { alpha: true }).png().toBuffer();
  const fields: Record<string, string> = dirId ? { dir_id: String(dirId) } : {};
  const res = await uploadTo(t.app, '/api/material/upload-single', seller.token, png, name, fields);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; url: string; dir_id: number | null };
}

const listIds = async (seller: SellerFixture, query: Record<string, string> = {}) =>
  (
    await call(t.app, 'GET', '/api/material/get-list', { token: seller.token, query })
  ).body.data.list.map((m: { id: number }) => m.id);

describe('material folders', () => {
  it('creates, renames and moves folders with dir-store and lists them as a tree', async () => {
    const seller = await createSeller(t.database.db);
    const logos = await dir(seller, 'Logos');
    const old = await dir(seller, 'Old', logos.id);
    const art = await dir(seller, 'Art');
    const moved = await post(seller.token, '/api/material/dir-store', {
      id: old.id,
      name: 'Archive',
      pid: art.id,
    });
    expect(moved.body.data).toEqual({ id: old.id, name: 'Archive', pid: art.id });
    const tree = await call(t.app, 'GET', '/api/material/dir', { token: seller.token });
    expect(tree.body.data).toEqual([
      {
        id: art.id,
        name: 'Art',
        pid: null,
        children: [{ id: old.id, name: 'Archive', pid: art.id, children: [] }],
      },
      { id: logos.id, name: 'Logos', pid: null, children: [] },
    ]);
    const cycle = await post(seller.token, '/api/material/dir-store', {
      id: art.id,
      name: 'Art',
      pid: old.id,
    });
    expect(cycle.status).toBe(422);
    expect(Object.keys(cycle.body.data.fields)).toEqual(['pid']);
  });

  it("answers 404 for another seller's folder and 422 for a missing name", async () => {
    const theirs = await dir(bob, 'Bob');
    expect(
      (await post(alice.token, '/api/material/dir-store', { id: theirs.id, name: 'x' })).status,
    ).toBe(404);
    expect(
      (await post(alice.token, '/api/material/dir-store', { name: 'x', pid: theirs.id })).status,
    ).toBe(404);
    expect((await post(alice.token, '/api/material/dir-destory', { id: theirs.id })).status).toBe(
      404,
    );
    const bad = await post(alice.token, '/api/material/dir-store', { name: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.field_keys).toEqual({ name: 'validation.required' });
    expect((await call(t.app, 'GET', '/api/material/dir')).status).toBe(401);
  });

  it('refuses to delete a non-empty folder with 409 and the counts; force deletes it all', async () => {
    const seller = await createSeller(t.database.db);
    const top = await dir(seller, 'Top');
    const sub = await dir(seller, 'Sub', top.id);
    const a = await material(seller, 'a.png', top.id);
    const b = await material(seller, 'b.png', sub.id);
    const outside = await material(seller, 'outside.png');

    const refused = await post(seller.token, '/api/material/dir-destory', { id: top.id });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual({ folders: 1, files: 2 });

    const forced = await post(seller.token, '/api/material/dir-destory', {
      id: top.id,
      force: true,
    });
    expect(forced.status).toBe(200);
    expect(forced.body.data).toEqual({ folders: 2, files: 2 });
    expect(await listIds(seller)).toEqual([outside.id]);
    for (const gone of [a, b]) {
      expect((await t.app.inject({ method: 'GET', url: gone.url })).statusCode).toBe(404);
    }
    const tree = await call(t.app, 'GET', '/api/material/dir', { token: seller.token });
    expect(tree.body.data).toEqual([]);

    const empty = await dir(seller, 'Empty');
    const plain = await post(seller.token, '/api/material/dir-destory', { id: empty.id });
    expect(plain.body.data).toEqual({ folders: 1, files: 0 });
  });
});

describe('POST /api/material/upload-single', () => {
  it('stores a PNG with its transparency into a folder', async () => {
    const folder = await dir(alice, 'Transparent');
    const m = await material(alice, 'logo.png', folder.id);
    expect(m.dir_id).toBe(folder.id);
    const served = await t.app.inject({ method: 'GET', url: m.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.hasAlpha, meta.channels]).toEqual(['png', true, 4]);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(128);
  });

  it("refuses another seller's folder (404), a bad dir_id or file (422) and no token (401)", async () => {
    const theirs = await dir(bob, 'Bob upload');
    const png = await solid(10, 10).png().toBuffer();
    const url = '/api/material/upload-single';
    expect(
      (await uploadTo(t.app, url, alice.token, png, 'a.png', { dir_id: String(theirs.id) })).status,
    ).toBe(404);
    const bad = await uploadTo(t.app, url, alice.token, png, 'a.png', { dir_id: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['dir_id']);
    const text = await uploadTo(t.app, url, alice.token, Buffer.from('hello'), 'a.png');
    expect(text.body.data.field_keys).toEqual({ file: 'uploads.unsupported_type' });
    expect((await uploadTo(t.app, url, undefined, png, 'a.png')).status).toBe(401);
  });
});

describe('material list, edit, move and destory', () => {
  it('lists by folder and name, renames, moves and deletes with per-item results', async () => {
    const seller = await createSeller(t.database.db);
    const folder = await dir(seller, 'F');
    const a = await material(seller, 'alpha.png');
    const b = await material(seller, 'beta.png', folder.id);
    expect(await listIds(seller)).toEqual([b.id, a.id]);
    expect(await listIds(seller, { dir_id: '0' })).toEqual([a.id]);
    expect(await listIds(seller, { dir_id: String(folder.id) })).toEqual([b.id]);
    expect(await listIds(seller, { keyword: 'ALP' })).toEqual([a.id]);

    const renamed = await post(seller.token, '/api/material/edit', {
      id: a.id,
      name: ' Gamma.png ',
    });
    expect(renamed.body.data).toMatchObject({ id: a.id, original_name: 'Gamma.png' });
    expect(await listIds(seller, { keyword: 'gamma' })).toEqual([a.id]);

    const theirs = await material(bob, 'theirs.png');
    const moved = await post(seller.token, '/api/material/move', {
      ids: [a.id, theirs.id],
      dir_id: folder.id,
    });
    expect(moved.body.data.results).toEqual([
      { id: a.id, ok: true, reason: null },
      { id: theirs.id, ok: false, reason: 'not_found' },
    ]);
    expect(await listIds(seller, { dir_id: '0' })).toEqual([]);

    const destroyed = await post(seller.token, '/api/material/destory', { ids: [b.id, theirs.id] });
    expect(destroyed.body.data.results).toEqual([
      { id: b.id, ok: true, reason: null },
      { id: theirs.id, ok: false, reason: 'not_found' },
    ]);
    expect(await listIds(seller)).toEqual([a.id]);
    expect((await t.app.inject({ method: 'GET', url: theirs.url })).statusCode).toBe(200);
  });

  it('answers 404 / 422 / 401 for edit and move', async () => {
    const theirs = await material(bob, 'x.png');
    expect(
      (await post(alice.token, '/api/material/edit', { id: theirs.id, name: 'y' })).status,
    ).toBe(404);
    const blank = await post(alice.token, '/api/material/edit', { id: theirs.id, name: ' ' });
    expect(blank.body.data.field_keys).toEqual({ name: 'validation.required' });
    const foreignDir = await dir(bob, 'Bob dir');
    const mine = await material(alice, 'mine.png');
    expect(
      (await post(alice.token, '/api/material/move', { ids: [mine.id], dir_id: foreignDir.id }))
        .status,
    ).toBe(404);
    expect((await post(undefined, '/api/material/destory', { ids: [mine.id] })).status).toBe(401);
    // An image-space file is not a material.
    const png = await solid(10, 10).png().toBuffer();
    const img = await uploadTo(t.app, '/api/common/upload-single', alice.token, png, 'img.png');
    const notMaterial = await post(alice.token, '/api/material/destory', {
      ids: [img.body.data.id],
    });
    expect(notMaterial.body.data.results[0]).toMatchObject({ ok: false, reason: 'not_found' });
  });
});

describe('GET /api/material/download', () => {
  it('zips originals under their names with " (2)" for repeats', async () => {
    const a = await material(alice, 'design.png');
    const b = await material(alice, 'design.png');
    const c = await material(alice, '图案.png');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/material/download?ids=${a.id},${b.id},${c.id}&token=${alice.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="materials.zip"; filename*=UTF-8''materials.zip`,
    );
    const entries = unzip(res.rawPayload);
    expect(Object.keys(entries)).toEqual(['design.png', 'design (2).png', '图案.png']);
    const original = await t.app.inject({ method: 'GET', url: c.url });
    expect(entries['图案.png']!.equals(original.rawPayload)).toBe(true);
  });

  it("answers 404 when any id is another seller's, 422 on bad ids, 401 without a token", async () => {
    const mine = await material(alice, 'm.png');
    const theirs = await material(bob, 't.png');
    const get = (query: Record<string, string>, token?: string) =>
      call(t.app, 'GET', '/api/material/download', { token, query });
    expect((await get({ ids: `${mine.id},${theirs.id}` }, alice.token)).status).toBe(404);
    const bad = await get({ ids: '' }, alice.token);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['ids']);
    expect((await get({ ids: `${mine.id}` })).status).toBe(401);
  });
});
