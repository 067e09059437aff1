import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { bumpRevision, MENUS_REVISION } from '../src/db/revisions.ts';
import { menus } from '../src/db/schema.ts';
import { createOperator, createSeller } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

// "A fast wire": compressed answers, long-lived hashed assets, one round trip per request.

const ASSET = 'assets/app-3f9a1c.js';
const assetSource = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function addTestRoutes(app: App): void {
  app.get(
    '/api/test/held',
    { config: { access: { auth: 'user', perm: 'goods:collect:list' } } },
    async () => ({ code: 0, data: null, message: 'success' }),
  );
  app.get('/api/test/big', { config: { access: { auth: 'public' } } }, async () => ({
    code: 0,
    data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })),
    message: 'success',
  }));
}

let t: TestApp;
let webDist: string;
let seller: { token: string };
let operator: { token: string };

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
    fs.writeFileSync(path.join(webDist, file), text);
    // What the web build's precompress plugin writes beside each file.
    fs.writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text));
  };
  write('index.html', `<!doctype html><title>Seller Hub</title><div id="root"></div>`);
  write(ASSET, assetSource);
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
  t = await buildTestApp({ config: { WEB_DIST: webDist }, setup: addTestRoutes });
  seller = await createSeller(t.database.db);
  operator = await createOperator(t.database.db);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('sends the precompressed brotli or gzip file the client accepts, else the plain one', async () => {
    const br = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(assetSource);

    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(assetSource);

    const plain = await get(`/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetSource);
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    const asset = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/newOrder', '/', '/favicon.svg', '/app-config.js']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const page = await get('/newOrder', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('compresses JSON over 1 KB and leaves small answers alone', async () => {
    const big = await get('/api/test/big', { 'accept-encoding': 'br, gzip' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).data).toHaveLength(200);
    const gz = await get('/api/test/big', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data).toHaveLength(200);

    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(0);
  });

  it('sends the same security headers on every answer', async () => {
    const a = await get('/api/health');
    const b = await get('/newOrder');
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'referrer-policy',
    ]) {
      expect(a.headers[name], name).toBeTruthy();
      expect(b.headers[name], name).toBe(a.headers[name]);
    }
    expect(a.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('get-menu', () => {
  const menu = (token: string, headers: Record<string, string> = {}) =>
    get('/api/get-menu', { authorization: `Bearer ${token}`, ...headers });

  it('answers 304 to the version the client holds and the same bytes in every encoding', async () => {
    const plain = await menu(seller.token);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('application/json');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(plain.json().data.perms).toContain('goods:collect:list');

    const br = await menu(seller.token, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const held = await menu(seller.token, { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload.length).toBe(0);

    const admin = await menu(operator.token);
    expect(admin.headers.etag).not.toBe(etag);
    expect(admin.json().data.perms).not.toContain('goods:collect:list');
  });

  it('changes its version and content when the menus change', async () => {
    const before = await menu(seller.token);
    const [top] = await t.database.db
      .insert(menus)
      .values({ scope: 'seller', name: 'Wire test page', type: 1, router: '/wire-test' })
      .returning();
    await bumpRevision(t.database.db, MENUS_REVISION);
    const after = await menu(seller.token, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.menus.map((m: { id: number }) => m.id)).toContain(top!.id);
  });
});

describe('database round trips', () => {
  /** Queries sent to the database while `run` runs (pg pool or PGlite: both go through `query`). */
  async function queriesDuring(run: () => Promise<unknown>): Promise<number> {
    const { $client: client } = t.database.db as unknown as {
      $client: { query: (...args: unknown[]) => unknown };
    };
    const spy = vi.spyOn(client, 'query');
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('costs one query for the session, permission checks and a cached get-menu included', async () => {
    const auth = { authorization: `Bearer ${seller.token}` };
    await get('/api/get-menu', auth); // fills this process's menu cache
    expect(await queriesDuring(() => get('/api/get-menu', auth))).toBe(1);
    expect(await queriesDuring(() => get('/api/test/held', auth))).toBe(1);
    expect((await call(t.app, 'GET', '/api/test/held', { token: seller.token })).status).toBe(200);
  });
});
