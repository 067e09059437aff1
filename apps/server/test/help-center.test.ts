import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpRevision, MENUS_REVISION } from '../src/db/revisions.ts';
import { menus } from '../src/db/schema.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;
let op: { token: string };
let seller: SellerFixture;
let other: SellerFixture;
beforeAll(async () => {
  t = await buildTestApp();
  op = await createOperator(t.database.db);
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
});
afterAll(() => t?.close());

type Opts = Parameters<typeof call>[3];
const sys = (method: 'GET' | 'POST', path: string, opts: Opts = {}) =>
  call(t.app, method, `/api/sys/article/${path}`, { token: op.token, ...opts });
const list = (query: Record<string, string>, lang = 'zh-CN') =>
  call(t.app, 'GET', '/api/common/get-article-list', {
    query,
    headers: { 'accept-language': lang },
  });
type Summary = { id: number; slug: string; title: string; summary: string };
const slugs = (res: Awaited<ReturnType<typeof list>>) =>
  res.body.data.list.map((a: Summary) => a.slug);

describe('the help center for readers', () => {
  it('lists 15 published articles in six categories, in the reader’s language, without a token', async () => {
    const zh = await list({});
    expect(zh.status, JSON.stringify(zh.body)).toBe(200);
    expect(zh.body.data.pagination.total).toBe(15);
    expect(zh.body.data.categories).toHaveLength(6);
    expect(zh.body.data.list[0]).toMatchObject({ slug: 'getting-started' });
    expect(zh.body.data.list[0].title).toMatch(/授权店铺/);
    const en = await list({}, 'en');
    expect(en.body.data.list[0].title).toBe(
      'Five steps from your first store to your first shipment',
    );
    expect(en.body.data.categories[0].name).toBe('Getting started');
  });

  it('finds "授权" and "FBA" in either language, and narrows by category', async () => {
    const authorize = slugs(await list({ keyword: '授权' }));
    expect(authorize).toEqual(
      expect.arrayContaining([
        'authorize-amazon',
        'authorize-shopify',
        'authorize-temu',
        'authorize-shopee',
      ]),
    );
    const fba = slugs(await list({ keyword: 'FBA' }, 'en'));
    expect(fba[0]).toBe('fba-shipments');
    expect(slugs(await list({ keyword: 'fba 货件' }))).toContain('fba-shipments');
    expect(slugs(await list({ keyword: 'no such words anywhere' }))).toEqual([]);
    const stores = (await list({})).body.data.categories.find(
      (c: { name: string }) => c.name === '店铺授权',
    );
    const inStores = await list({ category_id: String(stores.id) });
    expect(inStores.body.data.pagination.total).toBe(4);
  });

  it('shows an article by slug as safe HTML, and keeps one vote per user', async () => {
    const res = await call(t.app, 'GET', '/api/common/article-info', {
      query: { slug: 'authorize-amazon' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.body_html).toContain('<ol>');
    expect(res.body.data).toMatchObject({ helpful_yes: 0, helpful_no: 0, my_vote: null });
    const vote = (token: string, helpful: boolean) =>
      call(t.app, 'POST', '/api/common/article-vote', {
        token,
        body: { id: res.body.data.id, helpful },
      });
    expect((await vote(seller.token, true)).body.data).toEqual({
      helpful_yes: 1,
      helpful_no: 0,
      my_vote: true,
    });
    // Voting again changes the vote rather than adding one.
    expect((await vote(seller.token, false)).body.data).toEqual({
      helpful_yes: 0,
      helpful_no: 1,
      my_vote: false,
    });
    expect((await vote(other.token, true)).body.data).toMatchObject({
      helpful_yes: 1,
      helpful_no: 1,
    });
    const mine = await call(t.app, 'GET', '/api/common/article-info', {
      token: seller.token,
      query: { id: String(res.body.data.id) },
    });
    expect(mine.body.data.my_vote).toBe(false);
    // Operators are not readers who vote; anonymous visitors must sign in.
    expect((await vote(op.token, true)).status).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/common/article-vote', { body: { id: 1, helpful: true } }))
        .status,
    ).toBe(401);
  });

  it('answers bad input 422 and unknown or unpublished articles 404', async () => {
    const none = await call(t.app, 'GET', '/api/common/article-info', { query: {} });
    expect(none.status).toBe(422);
    expect(none.body.data.fields).toHaveProperty('id');
    expect((await list({ page: '0' })).status).toBe(422);
    const missing = await call(t.app, 'GET', '/api/common/article-info', {
      query: { slug: 'nothing-here' },
    });
    expect(missing.status).toBe(404);
    const badVote = await call(t.app, 'POST', '/api/common/article-vote', {
      token: seller.token,
      body: { id: 1, helpful: 'yes' },
    });
    expect(badVote.status).toBe(422);
    expect(badVote.body.data.fields).toHaveProperty('helpful');
    expect(
      (
        await call(t.app, 'POST', '/api/common/article-vote', {
          token: seller.token,
          body: { id: 999999, helpful: true },
        })
      ).status,
    ).toBe(404);
  });
});

describe('operators write the help center', () => {
  let categoryId: number;
  let articleId: number;

  it('adds a category and a draft that readers cannot find until it is published', async () => {
    const category = await sys('POST', 'category-add', {
      body: { name_zh: '测试分类', name_en: 'Test category', sort: 99 },
    });
    expect(category.status, JSON.stringify(category.body)).toBe(200);
    categoryId = category.body.data.id;
    const added = await sys('POST', 'add', {
      body: {
        category_id: categoryId,
        slug: 'returns-policy',
        title_zh: '退货政策说明',
        title_en: 'Returns policy',
        body_zh: '买家退货时，**请**联系客服。<script>alert(1)</script> [x](javascript:alert(1))',
        body_en: 'Contact support for returns.',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    articleId = added.body.data.id;
    expect(added.body.data.published).toBe(false);
    expect(slugs(await list({ keyword: '退货政策' }))).toEqual([]);

    const published = await sys('POST', 'update', { body: { id: articleId, published: true } });
    expect(published.body.data).toMatchObject({ published: true, title_en: 'Returns policy' });
    expect(slugs(await list({ keyword: '退货政策' }))).toEqual(['returns-policy']);
    const detail = await call(t.app, 'GET', '/api/common/article-info', {
      query: { slug: 'returns-policy' },
    });
    const html: string = detail.body.data.body_html;
    expect(html).toContain('<strong>请</strong>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript:');

    const page = await sys('GET', 'page', { query: { category_id: String(categoryId) } });
    expect(page.body.data.list.map((a: { slug: string }) => a.slug)).toEqual(['returns-policy']);
    expect((await sys('GET', 'info', { query: { id: String(articleId) } })).body.data.body_en).toBe(
      'Contact support for returns.',
    );
    const cats = await sys('GET', 'category-list');
    expect(cats.body.data.list.find((c: { id: number }) => c.id === categoryId).count).toBe(1);
  });

  it('refuses a taken slug 409, a non-empty category delete 409, bad fields 422', async () => {
    const dup = await sys('POST', 'update', { body: { id: articleId, slug: 'authorize-amazon' } });
    expect(dup.status).toBe(409);
    expect((await sys('POST', 'category-delete', { body: { ids: [categoryId] } })).status).toBe(
      409,
    );
    for (const [path, body, field] of [
      [
        'add',
        {
          category_id: categoryId,
          slug: 'Bad Slug',
          title_zh: 'a',
          title_en: 'a',
          body_zh: '',
          body_en: '',
        },
        'slug',
      ],
      [
        'add',
        { category_id: 999999, slug: 'x', title_zh: 'a', title_en: 'a', body_zh: '', body_en: '' },
        'category_id',
      ],
      ['update', { id: articleId, title_en: '' }, 'title_en'],
      ['update', { id: articleId, published: 'yes' }, 'published'],
      ['category-add', { name_zh: '', name_en: 'x' }, 'name_zh'],
      ['category-update', { id: categoryId, sort: -1 }, 'sort'],
    ] as const) {
      const res = await sys('POST', path, { body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.body.data.fields).toHaveProperty(field);
    }
  });

  it('answers unknown ids 404', async () => {
    expect((await sys('GET', 'info', { query: { id: '999999' } })).status).toBe(404);
    expect((await sys('POST', 'update', { body: { id: 999999, sort: 1 } })).status).toBe(404);
    expect((await sys('POST', 'delete', { body: { ids: [999999] } })).status).toBe(404);
    expect((await sys('POST', 'category-update', { body: { id: 999999, sort: 1 } })).status).toBe(
      404,
    );
    expect((await sys('POST', 'category-delete', { body: { ids: [999999] } })).status).toBe(404);
  });

  it('deletes the article, then its empty category', async () => {
    expect((await sys('POST', 'delete', { body: { ids: [articleId] } })).body.data.deleted).toBe(1);
    expect((await sys('POST', 'category-delete', { body: { ids: [categoryId] } })).status).toBe(
      200,
    );
    expect(slugs(await list({ keyword: '退货政策' }))).toEqual([]);
  });

  it('answers seller tokens 403 and an operator without sys:article:delete 403', async () => {
    for (const [method, path] of [
      ['GET', 'page'],
      ['GET', 'category-list'],
      ['POST', 'add'],
      ['POST', 'delete'],
    ] as const) {
      expect(
        (await sys(method, path, { token: seller.token, body: method === 'POST' ? {} : undefined }))
          .status,
        path,
      ).toBe(403);
    }
    await t.database.db.delete(menus).where(eq(menus.perms, 'sys:article:delete'));
    await bumpRevision(t.database.db, MENUS_REVISION);
    expect((await sys('POST', 'delete', { body: { ids: [1] } })).status).toBe(403);
    expect((await sys('GET', 'page')).status).toBe(200);
  });
});
