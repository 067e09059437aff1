import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/http/deps.ts';
import { ConflictError, ValidationError } from '../src/errors.ts';
import type { MessageKey } from '../src/i18n/messages.ts';
import { createOperator, createSeller } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

const SECRET = 'hunter2-db-password';

/** Test-only routes: a crash, typed errors, and access rules not tied to any feature module. */
function addTestRoutes(app: App): void {
  const pub = { config: { access: { auth: 'public' as const } } };
  app.get('/api/test/boom', pub, async () => {
    throw new Error(`connection to postgres://app:${SECRET}@db failed`);
  });
  app.get('/api/test/conflict', pub, async () => {
    throw new ConflictError('finance.order_already_paid');
  });
  app.get('/api/test/unkeyed', pub, async () => {
    // What a cast around the type check would let through: a key no catalogue has.
    throw new ConflictError('orders.no_such_message' as MessageKey);
  });
  app.get('/api/test/duplicate', pub, async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'files_key_uq',
    });
  });
  app.get('/api/test/invalid', pub, async () => {
    throw new ValidationError({
      'items.0.qty': { key: 'validation.too_small', params: { min: 1 } },
    });
  });
  app.post('/api/test/echo', pub, async (request) => ({
    code: 0,
    data: request.body,
    message: 'success',
  }));
  app.get('/api/test/user', { config: { access: { auth: 'user' } } }, async () => ({
    code: 0,
    data: null,
    message: 'success',
  }));
  app.get(
    '/api/test/held',
    { config: { access: { auth: 'user', perm: 'goods:collect:list' } } },
    async () => ({
      code: 0,
      data: null,
      message: 'success',
    }),
  );
  app.get(
    '/api/test/combined',
    { config: { access: { auth: 'user', perm: { and: ['goods:collect:list', 'nope:missing'] } } } },
    async () => ({
      code: 0,
      data: null,
      message: 'success',
    }),
  );
}

let t: TestApp;
let web: TestApp;
let webDist: string;
let seller: { token: string };
let operator: { token: string };

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Seller Hub</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app");');

  [t, web] = await Promise.all([
    buildTestApp({ setup: addTestRoutes }),
    buildTestApp({ config: { WEB_DIST: webDist, ROUTER_MODE: 'hash', SITE_NAME: 'Test Hub' } }),
  ]);
  seller = await createSeller(t.database.db);
  operator = await createOperator(t.database.db);
});
afterAll(async () => {
  await Promise.all([t?.close(), web?.close()]);
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('error envelope', () => {
  it('answers an unknown /api path with a 404 envelope', async () => {
    for (const app of [t.app, web.app]) {
      const { status, body } = await call(app, 'GET', '/api/nope');
      expect(status).toBe(404);
      expect(body).toMatchObject({ code: 404, key: 'common.route_not_found', data: null });
      expect(body.message).toContain('/api/nope');
    }
    const post = await call(t.app, 'POST', '/api/nope/deeper', { body: { a: 1 } });
    expect(post.status).toBe(404);
    expect(post.body.code).toBe(404);
  });

  it('hides an unexpected error behind a 500 with the request id', async () => {
    const { status, body, res } = await call(t.app, 'GET', '/api/test/boom');
    expect(status).toBe(500);
    expect(body.code).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    expect(body.data).toEqual({ request_id: requestId });
    expect(body.message).toContain(String(requestId));
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('postgres://');
    expect(res.body).not.toMatch(/\bat .+\.ts:\d+/);
    expect(res.body).not.toContain('stack');
  });

  it('maps typed errors and bad input to their statuses', async () => {
    const conflict = await call(t.app, 'GET', '/api/test/conflict');
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      code: 409,
      key: 'finance.order_already_paid',
      data: null,
      message: '订单已支付',
    });

    const invalid = await call(t.app, 'GET', '/api/test/invalid');
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({
      code: 422,
      key: 'validation.invalid_input',
      data: {
        fields: { 'items.0.qty': '不能小于 1' },
        field_keys: { 'items.0.qty': 'validation.too_small' },
      },
    });

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({
      code: 422,
      key: 'common.malformed_json',
      data: { field_keys: { _: 'common.malformed_json' } },
    });
  });

  it('answers an error whose key no catalogue has as a 500, so a test sees it', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/test/unkeyed');
    expect(status).toBe(500);
    expect(body.key).toBe('common.internal');
  });

  it('answers an unexpected unique violation with 409 and no constraint name', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/test/duplicate', {
      headers: { 'accept-language': 'en' },
    });
    expect(status).toBe(409);
    expect(body).toEqual({
      code: 409,
      key: 'common.duplicate',
      data: null,
      message: 'This record already exists',
    });
  });

  it('refuses to build an app with a route that does not declare config.access', async () => {
    await expect(
      buildTestApp({
        setup: (app) => {
          app.get('/api/test/undeclared', async () => ({
            code: 0,
            data: null,
            message: 'success',
          }));
        },
      }),
    ).rejects.toThrow(/does not declare config\.access/);
  });
});

describe('access control', () => {
  it('answers 401 without a token or with an unknown one', async () => {
    for (const token of [undefined, 'not-a-real-token-0123456789']) {
      const { status, body } = await call(t.app, 'GET', '/api/get-menu', { token });
      expect(status).toBe(401);
      expect(body).toMatchObject({ code: 401, key: 'auth.session_expired', data: null });
    }
    const malformedHeader = await call(t.app, 'GET', '/api/get-menu', {
      headers: { authorization: 'Basic abc' },
    });
    expect(malformedHeader.status).toBe(401);
  });

  it('answers 403 when the actor kind does not match the route', async () => {
    const sellerOnSys = await call(t.app, 'GET', '/api/sys/menu/list', { token: seller.token });
    expect(sellerOnSys.status).toBe(403);
    expect(sellerOnSys.body.code).toBe(403);
    const operatorOnUser = await call(t.app, 'GET', '/api/test/user', { token: operator.token });
    expect(operatorOnUser.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/test/user', { token: seller.token })).status).toBe(200);
  });

  it('checks declared permissions against the perms from the menu tree', async () => {
    expect((await call(t.app, 'GET', '/api/test/held', { token: seller.token })).status).toBe(200);
    const missing = await call(t.app, 'GET', '/api/test/combined', { token: seller.token });
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ code: 403, data: null });
  });

  it('serves get-menu with directories, pages, permissions and perms', async () => {
    const { body } = await call(t.app, 'GET', '/api/get-menu', { token: seller.token });
    const types = new Set(body.data.menus.map((m: { type: number }) => m.type));
    expect(types).toEqual(new Set([0, 1, 2]));
    expect(body.data.perms).toContain('goods:collect:list');
  });
});

describe('headers', () => {
  it('sends the security headers on API and page responses', async () => {
    for (const [app, url] of [
      [t.app, '/api/health'],
      [web.app, '/goods/collect'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const hsts = String(res.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeTruthy();
    }
  });

  it('echoes a well-formed x-request-id and replaces a malformed one', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-12345678');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps CORS off by default', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('web app serving', () => {
  it('serves /app-config.js from the configuration', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    const assigned = /window\.__APP_CONFIG__ = (.*);/.exec(res.body)?.[1];
    expect(JSON.parse(assigned!)).toEqual({ routerMode: 'hash', siteName: 'Test Hub' });
    const defaults = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(defaults.body).toContain('"routerMode":"history"');
  });

  it('falls back to index.html for page paths only', async () => {
    for (const url of ['/goods/collect', '/home/index?tab=1', '/']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');

    for (const url of ['/missing.js', '/assets/missing.css', '/api/nope']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, data: null });
    }
    const post = await web.app.inject({ method: 'POST', url: '/goods/collect' });
    expect(post.statusCode).toBe(404);
  });

  it('answers page paths with 404 when no web build is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/goods/collect' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('lists the API routes with their tags at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/get-menu',
        '/api/sys/menu/list',
        '/api/sys/menu/page',
        '/api/sys/menu/info',
        '/api/sys/menu/add',
        '/api/sys/menu/update',
        '/api/sys/menu/delete',
        '/api/jobs/{id}',
      ]),
    );
    expect(doc.paths['/api/sys/menu/add'].post.tags).toEqual(['menus']);
    expect(doc.paths['/api/get-menu'].get.responses['200']).toBeDefined();
    expect(paths).not.toContain('/api/health');
  });
});
