import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import { solid, uploadTo } from '../../../test/media.ts';

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

async function category(seller: SellerFixture, name: string, pid?: number) {
  const res = await post(seller.token, '/api/image/category/create', { name, pid });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; name: string; pid: number | null };
}

async function image(seller: SellerFixture, name: string, categoryId?: number) {
  const png = await solid(40, 40).png().toBuffer();
  const fields: Record<string, string> = categoryId ? { category_id: String(categoryId) } : {};
  const res = await uploadTo(t.app, '/api/common/upload-single', seller.token, png, name, fields);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; url: string };
}

const list = async (seller: SellerFixture, query: Record<string, string> = {}) =>
  call(t.app, 'GET', '/api/image/index', { token: seller.token, query });

describe('image categories', () => {
  it('creates, renames, moves and lists categories as a tree', async () => {
    const seller = await createSeller(t.database.db);
    const shirts = await category(seller, 'Shirts');
    const summer = await category(seller, 'Summer', shirts.id);
    const mugs = await category(seller, '  Mugs ');
    expect(mugs.name).toBe('Mugs');
    const renamed = await post(seller.token, '/api/image/category/update', {
      id: summer.id,
      name: 'Summer 2025',
      pid: mugs.id,
    });
    expect(renamed.body.data).toEqual({ id: summer.id, name: 'Summer 2025', pid: mugs.id });
    const tree = await call(t.app, 'GET', '/api/image/category/index', { token: seller.token });
    expect(tree.body.data).toEqual([
      {
        id: mugs.id,
        name: 'Mugs',
        pid: null,
        children: [{ id: summer.id, name: 'Summer 2025', pid: mugs.id, children: [] }],
      },
      { id: shirts.id, name: 'Shirts', pid: null, children: [] },
    ]);
    const keepParent = await post(seller.token, '/api/image/category/update', {
      id: summer.id,
      name: 'Summer',
    });
    expect(keepParent.body.data.pid).toBe(mugs.id);
  });

  it('refuses a move into itself or below itself with 422 on pid', async () => {
    const top = await category(alice, 'Top');
    const child = await category(alice, 'Child', top.id);
    for (const pid of [top.id, child.id]) {
      const res = await post(alice.token, '/api/image/category/update', {
        id: top.id,
        name: 'Top',
        pid,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data.fields)).toEqual(['pid']);
    }
  });

  it("answers 404 for another seller's category or parent, 422 for a bad name", async () => {
    const theirs = await category(bob, 'Bob only');
    expect(
      (await post(alice.token, '/api/image/category/create', { name: 'x', pid: theirs.id })).status,
    ).toBe(404);
    expect(
      (await post(alice.token, '/api/image/category/update', { id: theirs.id, name: 'x' })).status,
    ).toBe(404);
    expect((await post(alice.token, '/api/image/category/delete', { id: theirs.id })).status).toBe(
      404,
    );
    const blank = await post(alice.token, '/api/image/category/create', { name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.data.field_keys).toEqual({ name: 'validation.required' });
    const long = await post(alice.token, '/api/image/category/create', { name: 'x'.repeat(51) });
    expect(Object.keys(long.body.data.fields)).toEqual(['name']);
  });

  it('deleting a category keeps its images (top level) and lifts its subcategories', async () => {
    const seller = await createSeller(t.database.db);
    const parent = await category(seller, 'Parent');
    const doomed = await category(seller, 'Doomed', parent.id);
    const child = await category(seller, 'Child', doomed.id);
    const img = await image(seller, 'kept.png', doomed.id);
    const res = await post(seller.token, '/api/image/category/delete', { id: doomed.id });
    expect(res.status).toBe(200);
    const tree = await call(t.app, 'GET', '/api/image/category/index', { token: seller.token });
    expect(tree.body.data).toEqual([
      {
        id: parent.id,
        name: 'Parent',
        pid: null,
        children: [{ id: child.id, name: 'Child', pid: parent.id, children: [] }],
      },
    ]);
    const top = await list(seller, { category_id: '0' });
    expect(top.body.data.list.map((i: { id: number }) => i.id)).toEqual([img.id]);
    expect(top.body.data.list[0].category_id).toBeNull();
  });
});

describe('GET /api/image/index', () => {
  it('pages newest first, filters by category (absent = all, 0 = top level) and name', async () => {
    const seller = await createSeller(t.database.db);
    const cat = await category(seller, 'Cat');
    const a = await image(seller, 'Red shirt.png');
    const b = await image(seller, 'blue_shirt.png', cat.id);
    const c = await image(seller, 'mug.png', cat.id);
    const ids = async (query: Record<string, string>) =>
      (await list(seller, query)).body.data.list.map((i: { id: number }) => i.id);
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ category_id: '0' })).toEqual([a.id]);
    expect(await ids({ category_id: String(cat.id) })).toEqual([c.id, b.id]);
    expect(await ids({ keyword: 'SHIRT' })).toEqual([b.id, a.id]);
    expect(await ids({ keyword: '_' })).toEqual([b.id]);
    const page2 = await list(seller, { size: '2', page: '2' });
    expect(page2.body.data.list.map((i: { id: number }) => i.id)).toEqual([a.id]);
    expect(page2.body.data.pagination).toEqual({ page: 2, size: 2, total: 3 });
    expect(page2.body.data.list[0]).toMatchObject({
      original_name: 'Red shirt.png',
      category_id: null,
      createTime: expect.any(Number),
    });
  });

  it("never shows another seller's images and checks its query", async () => {
    const seller = await createSeller(t.database.db);
    await image(bob, 'bob.png');
    expect((await list(seller)).body.data.list).toEqual([]);
    const bad = await list(seller, { page: '0', size: '1000', category_id: '-1' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['category_id', 'page', 'size']);
    expect((await call(t.app, 'GET', '/api/image/index')).status).toBe(401);
  });

  it("refuses an upload into another seller's category", async () => {
    const theirs = await category(bob, 'Theirs');
    const png = await solid(10, 10).png().toBuffer();
    const res = await uploadTo(t.app, '/api/common/upload-single', alice.token, png, 'a.png', {
      category_id: String(theirs.id),
    });
    expect(res.status).toBe(404);
    const bad = await uploadTo(t.app, '/api/common/upload-single', alice.token, png, 'a.png', {
      category_id: 'abc',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['category_id']);
  });
});

describe('image move and delete', () => {
  it("moves the seller's images; another seller's ids are not_found", async () => {
    const seller = await createSeller(t.database.db);
    const cat = await category(seller, 'Target');
    const mine = await image(seller, 'mine.png');
    const theirs = await image(bob, 'theirs.png');
    const res = await post(seller.token, '/api/image/move', {
      ids: [mine.id, theirs.id],
      category_id: cat.id,
    });
    expect(res.body.data.results).toEqual([
      { id: mine.id, ok: true, reason: null },
      { id: theirs.id, ok: false, reason: 'not_found' },
    ]);
    const inCat = await list(seller, { category_id: String(cat.id) });
    expect(inCat.body.data.list.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    const back = await post(seller.token, '/api/image/move', { ids: [mine.id], category_id: null });
    expect(back.body.data.results[0].ok).toBe(true);
    const foreignCat = await category(bob, 'Bob cat');
    expect(
      (await post(seller.token, '/api/image/move', { ids: [mine.id], category_id: foreignCat.id }))
        .status,
    ).toBe(404);
    const bad = await post(seller.token, '/api/image/move', { ids: [] });
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['category_id', 'ids']);
  });

  it('deletes rows and objects, one result per id', async () => {
    const seller = await createSeller(t.database.db);
    const mine = await image(seller, 'gone.png');
    const theirs = await image(bob, 'stays.png');
    const res = await post(seller.token, '/api/image/delete', { ids: [mine.id, theirs.id] });
    expect(res.body.data.results).toEqual([
      { id: mine.id, ok: true, reason: null },
      { id: theirs.id, ok: false, reason: 'not_found' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: mine.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: theirs.url })).statusCode).toBe(200);
    expect((await list(seller)).body.data.list).toEqual([]);
    expect((await post(undefined, '/api/image/delete', { ids: [mine.id] })).status).toBe(401);
    const bad = await post(seller.token, '/api/image/delete', { ids: ['x'] });
    expect(Object.keys(bad.body.data.fields)).toEqual(['ids.0']);
  });
});
