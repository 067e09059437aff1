import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createSeller } from './fixtures.ts';
import { apiOperations, type ApiOperation } from './openapi-operations.ts';
import { buildTestApp, type TestApp } from './helper.ts';

interface Operation {
  description?: string;
}

let t: TestApp;
let tokens: Record<string, string | undefined>;
let operations: ApiOperation<Operation>[];

beforeAll(async () => {
  t = await buildTestApp();
  const seller = (await createSeller(t.database.db)).token;
  tokens = {
    Anyone: undefined,
    "A seller's signed-in user": seller,
    'Any signed-in user or operator': seller,
    'A platform operator': (await createOperator(t.database.db)).token,
  };
  operations = await apiOperations<Operation>(t.app);
});
afterAll(() => t?.close());

function tokenFor(op: Operation): string | undefined {
  const who = /^Access: ([^,.]+)/.exec(op.description ?? '')?.[1];
  if (!who || !(who in tokens)) throw new Error(`unknown access in "${op.description}"`);
  return tokens[who];
}

const id = (url: string) => url.replace('{id}', '00000000-0000-0000-0000-000000000000');

describe('answers to a signed-in actor', () => {
  it('every authenticated GET answer says Cache-Control: no-store', async () => {
    const gets = operations.filter(({ method, op }) => method === 'GET' && tokenFor(op));
    expect(gets.length).toBeGreaterThan(50);
    for (const { url, op } of gets) {
      const res = await t.app.inject({
        method: 'GET',
        url: id(url),
        headers: { authorization: `Bearer ${tokenFor(op)}` },
      });
      expect({ url, cache: res.headers['cache-control'] }).toEqual({
        url,
        cache: expect.stringContaining('no-store'),
      });
    }
  });

  it('a public route says no-store only when a token came with the request', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/getconfig' });
    expect(anonymous.headers['cache-control']).toBeUndefined();
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/getconfig',
      headers: { authorization: `Bearer ${tokens["A seller's signed-in user"]}` },
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/save-user-name',
      headers: { authorization: `Bearer ${tokens["A seller's signed-in user"]}` },
      payload: { name: 'Renamed' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['cache-control']).toBe('no-store');
  });
});

describe('?token=', () => {
  /** Downloads a browser opens as a link, and the spec's upload URL (spec 7). */
  const TAKES_QUERY_TOKEN = [
    'GET /api/common/download-images',
    'GET /api/cw-order/export-download',
    'GET /api/cw-order/import-template',
    // The picture zip downloads like the order export, in a new tab.
    'GET /api/goods/picture-zip/download',
    'GET /api/material/download',
    // The operator's pick list and print files open as downloads in a new tab.
    'GET /api/sys/production/pick-list',
    'GET /api/sys/production/print-files',
    'POST /api/common/upload-single',
  ];

  it('is documented on exactly the routes that accept it', () => {
    const documented = operations
      .filter(({ op }) => op.description?.includes('`?token=`'))
      .map(({ method, url }) => `${method} ${url}`)
      .sort();
    expect(documented).toEqual(TAKES_QUERY_TOKEN);
  });

  it('is refused (401) everywhere else', async () => {
    for (const { method, url, op } of operations) {
      const token = tokenFor(op);
      if (!token || TAKES_QUERY_TOKEN.includes(`${method} ${url}`)) continue;
      const res = await t.app.inject({
        method,
        url: id(url),
        query: { token },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });
});
