import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../http.ts';
import { SIM_SHOPIFY_DEFAULTS } from '../market.ts';
import { createMarketplaceSimulators } from '../marketplaces.ts';
import { requestedCost } from './schema.ts';
import { createShopifySimulator, type ShopifySimOptions } from './server.ts';
import { signCallback } from './signing.ts';

const SHOP = 'sim-test.myshopify.com';
const { apiKey, apiSecret } = SIM_SHOPIFY_DEFAULTS;
const START = Date.parse('2025-06-02T12:00:00Z');

async function start(options: ShopifySimOptions = {}) {
  const clock = { ms: START };
  const sim = createShopifySimulator({ now: () => new Date(clock.ms), ...options });
  const running = await startSimulator(sim);
  const base = `${running.url}/${SHOP}/admin`;
  const token = async (body: Record<string, string>) => {
    const res = await fetch(`${base}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: apiKey, client_secret: apiSecret, ...body }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const graphql = async (
    accessToken: string,
    query: string,
    variables: Record<string, unknown> = {},
  ) => {
    const res = await fetch(`${base}/api/2025-07/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  /** A token granted at the simulator's current time, so tests that move the clock stay authorized. */
  const access = () => sim.grant(SHOP, 'GLOBAL').accessToken;
  return { clock, sim, running, base, token, graphql, access };
}

type Sim = Awaited<ReturnType<typeof start>>;

const ORDERS = `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor } nodes { id updatedAt }
  }
}`;

describe('Shopify simulator signing', () => {
  it('signs callbacks like the documented example', () => {
    // Shopify OAuth docs example, secret "hush" (same vector as the connector's signing test).
    const params = {
      code: '0907a61c0c8d55e99db179b68161bc00',
      shop: 'some-shop.myshopify.com',
      timestamp: '1337178173',
    };
    expect(signCallback(params, 'hush')).toBe(
      '4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20',
    );
  });
});

describe('Shopify simulator OAuth', () => {
  let s: Sim;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.running.close());

  const authorizeUrl = (extra: Record<string, string> = {}) =>
    `${s.base}/oauth/authorize?${new URLSearchParams({
      client_id: apiKey,
      scope: 'read_products,write_products',
      redirect_uri: 'https://app.example.com/cb',
      state: 'st',
      ...extra,
    })}`;

  it('shows a consent page and redirects with a signed callback', async () => {
    const page = await fetch(authorizeUrl());
    const html = await page.text();
    expect(html).toContain('id="install"');
    expect(html).toContain('id="cancel"');
    expect(html).toContain('<li>write_products</li>');

    const approved = await fetch(authorizeUrl({ decision: 'approve' }), { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location')!);
    const params = Object.fromEntries(callback.searchParams);
    expect(params).toMatchObject({ shop: SHOP, state: 'st', timestamp: String(START / 1000) });
    const { hmac, ...signed } = params;
    expect(hmac).toBe(signCallback(signed, apiSecret));

    const denied = await fetch(authorizeUrl({ decision: 'deny' }), { redirect: 'manual' });
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe(
      'access_denied',
    );
  });

  it('refuses an unknown app or a missing redirect_uri', async () => {
    expect((await fetch(authorizeUrl({ client_id: 'nope' }))).status).toBe(400);
    expect((await fetch(authorizeUrl({ redirect_uri: 'not-a-url' }))).status).toBe(400);
  });

  it('exchanges a code for expiring tokens and refreshes them', async () => {
    const approved = await fetch(authorizeUrl({ decision: 'approve' }), { redirect: 'manual' });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;

    expect((await s.token({ code, client_secret: 'wrong' })).body.error).toBe('invalid_client');
    expect((await s.token({ code: 'code_bogus' })).body.error).toBe('invalid_request');

    const offline = await s.token({ code });
    expect(offline.status).toBe(200);
    expect(Object.keys(offline.body).sort()).toEqual(['access_token', 'scope']);

    const expiring = await s.token({ code, expiring: '1' });
    expect(expiring.body).toMatchObject({
      scope: 'read_products,write_products',
      expires_in: 3600,
    });
    const refreshed = await s.token({
      grant_type: 'refresh_token',
      refresh_token: String(expiring.body.refresh_token),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toMatch(/^shprt_/);
    const refused = await s.token({ grant_type: 'refresh_token', refresh_token: 'shprt_x' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('Shopify simulator Admin GraphQL', () => {
  let s: Sim;
  beforeAll(async () => {
    s = await start({
      accessTokenTtlSeconds: 60,
      throttle: { maximumAvailable: 1000, restoreRate: 50 },
    });
  });
  afterAll(() => s.running.close());

  it('answers 401 for a missing, forged, expired or other-shop token', async () => {
    const query = '{ shop { name myshopifyDomain } }';
    const expected = {
      status: 401,
      body: {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      },
    };
    expect(await s.graphql('', query)).toMatchObject(expected);
    expect(await s.graphql('shpat_forged', query)).toMatchObject(expected);
    const other = s.sim.grant('another.myshopify.com', 'GLOBAL').accessToken;
    expect(await s.graphql(other, query)).toMatchObject(expected);
    const access = s.access();
    const ok = await s.graphql(access, query);
    expect(ok.body.data.shop.myshopifyDomain).toBe(SHOP);
    expect(ok.headers.get('x-shopify-api-version')).toBe('2025-07');

    s.clock.ms += 61_000;
    expect(await s.graphql(access, query)).toMatchObject(expected);
  });

  it('reports syntax and schema errors the GraphQL way', async () => {
    const syntax = await s.graphql(s.access(), '{ shop { name }');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors[0].message).toMatch(/Syntax Error/);
    const unknown = await s.graphql(s.access(), '{ shop { nope } }');
    expect(unknown.body.errors[0].message).toContain('Cannot query field "nope"');
    const badVariable = await s.graphql(s.access(), ORDERS, { first: 'ten' });
    expect(badVariable.body.errors[0].message).toContain('$first');
    expect(badVariable.body.errors[0].extensions.code).toBe('INVALID_VARIABLE');
  });

  it('calculates query cost and refuses a query over the single-query limit', async () => {
    const doc = parse(
      '{ products(first: 10) { pageInfo { hasNextPage } nodes { id variants(first: 5) { nodes { id } } } } }',
    );
    // Reference 2.3: connection = 2 + first × node cost; objects 1; scalars 0.
    expect(requestedCost(doc.definitions[0] as OperationDefinitionNode, {})).toBe(
      2 + 1 + 10 * (1 + 2 + 5),
    );
    const mutation = parse(
      'mutation { productUpdate(product: { id: "x" }) { userErrors { message } } }',
    );
    expect(requestedCost(mutation.definitions[0] as OperationDefinitionNode, {})).toBe(10);

    const big = await s.graphql(
      s.access(),
      '{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }',
    );
    expect(big.body.errors[0].extensions).toMatchObject({
      code: 'MAX_COST_EXCEEDED',
      maxCost: 1000,
    });
  });

  it('throttles with a leaky bucket and restores at the restore rate', async () => {
    s.clock.ms += 60_000;
    const costly = (first: number) =>
      s.graphql(s.access(), ORDERS, { first, query: null, after: null });
    const first = await costly(250);
    expect(first.body.extensions.cost).toMatchObject({
      requestedQueryCost: 253,
      throttleStatus: { maximumAvailable: 1000, restoreRate: 50 },
    });
    // Each call reserves 253 and is refunded to its actual cost (the orders it returned).
    let answer = first;
    for (let i = 0; i < 10 && !answer.body.errors; i++) answer = await costly(250);
    expect(answer.body.errors[0].extensions.code).toBe('THROTTLED');
    expect(answer.body.extensions.cost.actualQueryCost).toBe(null);
    const available = answer.body.extensions.cost.throttleStatus.currentlyAvailable;
    expect(available).toBeLessThan(253);

    s.clock.ms += Math.ceil(((253 - available) / 50) * 1000);
    expect((await costly(250)).body.data.orders.nodes).toHaveLength(250);
  });

  it('throttles exactly when the requested cost is more than the bucket holds', async () => {
    s.clock.ms += 60_000;
    const costly = (first: number) =>
      s.graphql(s.access(), ORDERS, { first, query: null, after: null });
    let answer = await costly(250);
    while (!answer.body.errors) answer = await costly(250);
    // Refill to exactly 100 points (50 a second, 20 ms a point; the clock stands still).
    const available = answer.body.extensions.cost.throttleStatus.currentlyAvailable;
    s.clock.ms += (100 - available) * 20;
    const over = await costly(98);
    expect(over.body.extensions.cost).toMatchObject({
      requestedQueryCost: 101,
      actualQueryCost: null,
      throttleStatus: { currentlyAvailable: 100 },
    });
    expect(over.body.errors[0].extensions.code).toBe('THROTTLED');
    const exact = await costly(97);
    expect(exact.body.extensions.cost.requestedQueryCost).toBe(100);
    expect(exact.body.data.orders.nodes).toHaveLength(97);
  });

  it('keeps the bucket of the plan it is given: Plus restores 1,000 points a second', async () => {
    const sim = createMarketplaceSimulators({ shopifyPlan: 'plus', now: () => new Date(START) });
    const running = await startSimulator(sim.shopify);
    try {
      const res = await fetch(`${running.url}/shopify/${SHOP}/admin/api/2025-07/graphql.json`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-access-token': sim.shopify.grant(SHOP, 'GLOBAL').accessToken,
        },
        body: JSON.stringify({ query: '{ shop { name } }' }),
      });
      const body = (await res.json()) as any;
      expect(body.extensions.cost.throttleStatus).toMatchObject({
        maximumAvailable: 20_000,
        restoreRate: 1000,
      });
    } finally {
      await running.close();
    }
  });

  it('pages orders by cursor in updated order and honours updated_at filters', async () => {
    s.clock.ms += 60_000;
    const since = new Date(s.clock.ms - 10 * 86_400_000).toISOString();
    const ids: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const { body } = await s.graphql(s.access(), ORDERS, {
        first: 50,
        after,
        query: `updated_at:>='${since}'`,
      });
      const page = body.data.orders;
      for (const node of page.nodes) {
        expect(node.updatedAt >= since).toBe(true);
        ids.push(node.id);
      }
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await s.graphql(s.access(), ORDERS, {
      first: 250,
      query: `updated_at:>='${since}'`,
    });
    expect(all.body.data.orders.nodes.map((n: { id: string }) => n.id)).toEqual(ids);
  });

  it('answers injected faults with Shopify-shaped bodies', async () => {
    s.sim.faults.failNext({ status: 429 });
    const throttled = await s.graphql(s.access(), '{ shop { name } }');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(throttled.body.errors[0].extensions.code).toBe('THROTTLED');
    s.sim.faults.failNext({ status: 503 });
    expect((await s.graphql(s.access(), '{ shop { name } }')).status).toBe(503);
    expect((await s.graphql(s.access(), '{ shop { name } }')).status).toBe(200);
  });

  it("upserts by productSet's identifier and wants a variant's file among the files", async () => {
    const SET = `mutation ($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
      productSet(identifier: $identifier, input: $input) { product { id handle } userErrors { code field message } }
    }`;
    const input = (file: string | null, files: string[]) => ({
      title: 'Framed print',
      files: files.map((originalSource) => ({ originalSource, contentType: 'IMAGE' })),
      productOptions: [{ name: 'Size', values: [{ name: 'A4' }] }],
      variants: [
        {
          optionValues: [{ optionName: 'Size', name: 'A4' }],
          sku: 'PRINT-A4',
          price: '9.00',
          ...(file ? { file: { originalSource: file, contentType: 'IMAGE' } } : {}),
        },
      ],
    });
    const img = 'https://cdn.example.com/a4.jpg';
    const refused = await s.graphql(s.access(), SET, { input: input(img, []) });
    expect(refused.body.data.productSet.userErrors).toEqual([
      expect.objectContaining({
        code: 'INVALID_VARIANT',
        field: ['input', 'variants', '0', 'file'],
      }),
    ]);
    const byHandle = { handle: 'framed-print-x' };
    const made = await s.graphql(s.access(), SET, {
      identifier: byHandle,
      input: input(img, [img]),
    });
    const product = made.body.data.productSet.product;
    expect(product.handle).toBe('framed-print-x');
    const again = await s.graphql(s.access(), SET, {
      identifier: byHandle,
      input: input(null, []),
    });
    expect(again.body.data.productSet.product.id).toBe(product.id);
    const byId = await s.graphql(s.access(), SET, {
      identifier: { id: product.id },
      input: input(null, []),
    });
    expect(byId.body.data.productSet.product.id).toBe(product.id);
    const missing = await s.graphql(s.access(), SET, {
      identifier: { id: 'gid://shopify/Product/1' },
      input: input(null, []),
    });
    expect(missing.body.data.productSet.userErrors[0].code).toBe('PRODUCT_DOES_NOT_EXIST');
  });

  it('refuses fields outside the granted scopes with ACCESS_DENIED', async () => {
    // A token whose grant lacks read_locations: consent hands out the scopes asked for.
    const approved = await fetch(
      `${s.base}/oauth/authorize?${new URLSearchParams({
        client_id: apiKey,
        scope: 'read_products,write_products',
        redirect_uri: 'https://app.example.com/cb',
        state: 'st',
        decision: 'approve',
      })}`,
      { redirect: 'manual' },
    );
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    const limited = String((await s.token({ code })).body.access_token);
    const denied = await s.graphql(limited, '{ location { id } }');
    expect(denied.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
    expect(denied.body.errors[0].message).toContain('read_locations');
    expect(denied.body.data.location).toBeNull();
    const allowed = await s.graphql(s.access(), '{ location { id } }');
    expect(allowed.body.data.location.id).toMatch(/^gid:\/\/shopify\/Location\//);
  });

  it('routes only known shops, versions and paths', async () => {
    const post = (path: string) => fetch(`${s.running.url}${path}`, { method: 'POST', body: '{}' });
    expect((await post(`/not_a_shop/admin/api/2025-07/graphql.json`)).status).toBe(404);
    expect((await post(`/${SHOP}/admin/api/2025-13/graphql.json`)).status).toBe(404);
    expect((await post(`/${SHOP}/admin/products.json`)).status).toBe(404);
  });
});

describe('Shopify simulator state', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shopify-sim-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps products and accepts its tokens across a restart', async () => {
    const stateFile = join(dir, 'shopify.json');
    const first = await start({ stateFile });
    const access = first.access();
    const created = await first.graphql(
      access,
      `mutation ($input: ProductSetInput!) { productSet(input: $input) { product { id } userErrors { field message } } }`,
      {
        input: {
          title: 'Kept',
          productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
          variants: [
            {
              optionValues: [{ optionName: 'Title', name: 'Default Title' }],
              sku: 'KEEP-1',
              price: '5.00',
            },
          ],
        },
      },
    );
    const id = created.body.data.productSet.product.id;
    await first.running.close();

    const second = await start({ stateFile });
    const read = await second.graphql(
      access,
      'query ($id: ID!) { product(id: $id) { title variants(first: 5) { nodes { sku } } } }',
      { id },
    );
    expect(read.body.data.product).toEqual({
      title: 'Kept',
      variants: { nodes: [{ sku: 'KEEP-1' }] },
    });
    await second.running.close();
  });
});
