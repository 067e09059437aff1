import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOperator, createSeller } from './fixtures.ts';
import { apiOperations, type ApiOperation } from './openapi-operations.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

interface Operation {
  description?: string;
  requestBody?: { content?: Record<string, { schema?: { required?: string[] } }> };
  parameters?: Array<{ in: string; required?: boolean }>;
}

let t: TestApp;
let tokens: Record<string, string | undefined>;
let operations: ApiOperation<Operation>[];

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    Anyone: undefined,
    "A seller's signed-in user": (await createSeller(t.database.db)).token,
    'Any signed-in user or operator': (await createSeller(t.database.db)).token,
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

it('every endpoint with required input answers 422 naming the fields, never 500', async () => {
  const withInput = operations.filter(
    ({ op }) =>
      (op.requestBody?.content?.['application/json']?.schema?.required?.length ?? 0) > 0 ||
      (op.parameters ?? []).some((p) => p.required && (p.in === 'query' || p.in === 'path')),
  );
  expect(withInput.length).toBeGreaterThan(20);
  for (const { method, url, op } of withInput) {
    const res = await call(t.app, method, url.replace('{id}', 'not-a-uuid'), {
      token: tokenFor(op),
      ...(method === 'POST' ? { body: { unexpected: 1 } } : {}),
      ip: '10.9.9.9',
    });
    expect({ url, status: res.status }).toEqual({ url, status: 422 });
    expect(Object.keys(res.body.data.fields).length, url).toBeGreaterThan(0);
  }
});

it('every non-public endpoint answers 401 without a token', async () => {
  for (const { method, url, op } of operations) {
    if (tokenFor(op) === undefined) continue;
    const res = await call(
      t.app,
      method,
      url.replace('{id}', '00000000-0000-0000-0000-000000000000'),
      {
        ...(method === 'POST' ? { body: {} } : {}),
      },
    );
    expect({ url, status: res.status, code: res.body.code }).toEqual({
      url,
      status: 401,
      code: 401,
    });
  }
});
