import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../http.ts';
import { SIM_AMAZON_DEFAULTS, type MarketSimulator } from '../market.ts';
import { checkResponse } from './model-check.ts';
import { createAmazonSimulator } from './server.ts';

const US = 'ATVPDKIKX0DER';
const SELLER = 'A3SIMSELLER0001';
const START = Date.UTC(2025, 5, 1, 12);
let clock = START;
const now = () => new Date(clock);

let sim: MarketSimulator;
let running: RunningSimulator;
let token: string;
const dir = mkdtempSync(join(tmpdir(), 'amazon-sim-'));
const stateFile = join(dir, 'amazon.json');

beforeAll(async () => {
  sim = createAmazonSimulator({ basePath: '/__sim/amazon', now, stateFile });
  running = await startSimulator(sim);
});
afterAll(async () => {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  clock = START;
  sim.faults.clear();
  token = sim.grant(SELLER, 'US').accessToken;
});

const base = () => `${running.url}/__sim/amazon`;

async function api(
  method: string,
  path: string,
  options: { query?: Record<string, string>; body?: unknown; token?: string | null } = {},
) {
  const url = new URL(`${base()}${path}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  const access = options.token === undefined ? token : options.token;
  if (access) headers['x-amz-access-token'] = access;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

async function lwa(
  form: Record<string, string>,
  contentType = 'application/x-www-form-urlencoded',
) {
  const res = await fetch(`${base()}/auth/o2/token`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new URLSearchParams(form).toString(),
  });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, json, cache: res.headers.get('cache-control') };
}

const credentials = {
  client_id: SIM_AMAZON_DEFAULTS.clientId,
  client_secret: SIM_AMAZON_DEFAULTS.clientSecret,
};

describe('LWA token endpoint', () => {
  it('refuses bad client credentials, a bad refresh token and a JSON body in the OAuth2 shape', async () => {
    const refresh = sim.grant(SELLER, 'US').refreshToken!;
    // LWA's own texts: jlevers/selling-partner-api#602, amzn/selling-partner-api-models#921.
    expect(
      await lwa({
        grant_type: 'refresh_token',
        refresh_token: refresh,
        ...credentials,
        client_secret: 'x',
      }),
    ).toMatchObject({
      status: 401,
      json: { error: 'invalid_client', error_description: 'Client authentication failed' },
    });
    expect(
      await lwa({ grant_type: 'refresh_token', refresh_token: `${refresh}x`, ...credentials }),
    ).toMatchObject({
      status: 400,
      json: {
        error: 'invalid_grant',
        error_description: 'The request has an invalid grant parameter : refresh_token',
      },
    });
    expect(
      await lwa(
        { grant_type: 'refresh_token', refresh_token: refresh, ...credentials },
        'application/json',
      ),
    ).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
  });

  it('exchanges a refresh token for an Atza| access token that is not cached', async () => {
    const refresh = sim.grant(SELLER, 'US').refreshToken!;
    const res = await lwa({ grant_type: 'refresh_token', refresh_token: refresh, ...credentials });
    expect(res.status).toBe(200);
    expect(res.cache).toBe('no-store');
    expect(res.json).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(res.json.access_token).toMatch(/^Atza\|/);
    expect(res.json.refresh_token).toMatch(/^Atzr\|/);
  });
});

describe('consent page', () => {
  const consent = (query: Record<string, string>, path = 'consent') =>
    fetch(`${base()}/apps/authorize/${path}?${new URLSearchParams(query)}`, { redirect: 'manual' });
  const good = {
    application_id: SIM_AMAZON_DEFAULTS.appId,
    state: 'csrf-1',
    redirect_uri: 'https://app.example/cb?from=amazon',
  };

  it('refuses an unknown application_id or a missing redirect_uri', async () => {
    expect((await consent({ ...good, application_id: 'amzn1.sellerapps.app.other' })).status).toBe(
      400,
    );
    const { redirect_uri: _omitted, ...noRedirect } = good;
    expect((await consent(noRedirect)).status).toBe(400);
  });

  it('shows the app with Authorize and Deny, and redirects with the callback parameters', async () => {
    const page = await (await consent(good)).text();
    expect(page).toContain('Authorize Seller Hub');
    expect(page).toMatch(/value="authorize"/);
    expect(page).toMatch(/value="deny"/);

    const yes = await consent(
      { ...good, selling_partner_id: SELLER, decision: 'authorize' },
      'confirm',
    );
    expect(yes.status).toBe(302);
    const back = new URL(yes.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://app.example/cb');
    expect(back.searchParams.get('from')).toBe('amazon');
    expect(back.searchParams.get('state')).toBe('csrf-1');
    expect(back.searchParams.get('selling_partner_id')).toBe(SELLER);
    const code = back.searchParams.get('spapi_oauth_code')!;
    const grant = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: good.redirect_uri,
      ...credentials,
    };
    expect((await lwa({ ...grant, redirect_uri: 'https://evil.example/cb' })).status).toBe(400);
    expect((await lwa(grant)).status).toBe(200);
    // A code is good once.
    expect((await lwa(grant)).json).toMatchObject({ error: 'invalid_grant' });

    const no = await consent({ ...good, decision: 'deny' }, 'confirm');
    const denied = new URL(no.headers.get('location')!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('csrf-1');
    expect(denied.searchParams.has('spapi_oauth_code')).toBe(false);
  });

  it('lets a code expire after five minutes (reference 1.4)', async () => {
    const yes = await consent(
      { ...good, selling_partner_id: SELLER, decision: 'authorize' },
      'confirm',
    );
    const code = new URL(yes.headers.get('location')!).searchParams.get('spapi_oauth_code')!;
    clock += 301_000;
    const res = await lwa({
      grant_type: 'authorization_code',
      code,
      redirect_uri: good.redirect_uri,
      ...credentials,
    });
    expect(res.json).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('SP-API token check', () => {
  const search = (access: string | null) =>
    api('GET', `/listings/2021-08-01/items/${SELLER}`, {
      query: { marketplaceIds: US },
      token: access,
    });

  it('answers 403 Unauthorized for a missing, tampered, expired or foreign token', async () => {
    const denied = { code: 'Unauthorized', message: 'Access to requested resource is denied.' };
    const missing = await search(null);
    expect(missing.status).toBe(403);
    expect(missing.json.errors[0]).toEqual({
      ...denied,
      details: 'Access token is missing in the request header.',
    });
    expect(missing.headers.get('x-amzn-requestid')).toMatch(/[0-9a-f-]{36}/);
    expect((await search(`${token.slice(0, -2)}xx`)).json.errors[0]).toEqual({
      ...denied,
      details: 'The access token you provided is revoked, malformed or invalid.',
    });
    clock += 3601_000;
    expect((await search(token)).json.errors[0]).toEqual({
      ...denied,
      details: 'The access token you provided has expired.',
    });
    clock = START;
    const other = await api('GET', '/listings/2021-08-01/items/A1OTHERSELLER', {
      query: { marketplaceIds: US },
    });
    expect(other.status).toBe(403);
    expect((await search(token)).status).toBe(200);
  });

  it('keeps accepting its tokens after a restart', async () => {
    const restarted = createAmazonSimulator({ basePath: '/__sim/amazon', now, stateFile });
    const again = await startSimulator(restarted);
    try {
      const res = await fetch(
        `${again.url}/__sim/amazon/listings/2021-08-01/items/${SELLER}?marketplaceIds=${US}`,
        {
          headers: { 'x-amz-access-token': token },
        },
      );
      expect(res.status).toBe(200);
    } finally {
      await again.close();
    }
  });
});

describe('faults', () => {
  it('answers a queued 429 with the ErrorList throttle body, then serves normally', async () => {
    sim.faults.failNext({ status: 429 });
    const throttled = await api('GET', '/definitions/2020-09-01/productTypes', {
      query: { marketplaceIds: US },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.json.errors[0].code).toBe('QuotaExceeded');
    expect(throttled.headers.get('x-amzn-ratelimit-limit')).toBe('5');
    const ok = await api('GET', '/definitions/2020-09-01/productTypes', {
      query: { marketplaceIds: US },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.productTypes.map((p: { name: string }) => p.name)).toEqual([
      'SHIRT',
      'HAT',
      'MUG',
      'BAG',
    ]);
  });

  it('answers a queued 503 with ServiceUnavailable', async () => {
    sim.faults.failNext({ status: 503 });
    const res = await api('GET', ORDERS, { query: { marketplaceIds: US } });
    expect(res.status).toBe(503);
    expect(res.json.errors[0].code).toBe('ServiceUnavailable');
  });
});

const ORDERS = '/orders/2026-01-01/orders';

describe('orders 2026-01-01', () => {
  const since = new Date(START - 3 * 86_400_000).toISOString();
  const ALL = 'BUYER,RECIPIENT,PROCEEDS,FULFILLMENT,PACKAGES';
  type Order = {
    orderId: string;
    lastUpdatedTime: string;
    fulfillment?: { fulfillmentStatus: string };
    orderItems: Array<{ orderItemId: string; quantityOrdered: number }>;
  };

  it('refuses a request without marketplaceIds, with both date filters or unknown includedData', async () => {
    const none = await api('GET', ORDERS, { query: { lastUpdatedAfter: since } });
    expect(none.status).toBe(400);
    expect(none.json.errors[0].code).toBe('InvalidInput');
    expect(checkResponse('searchOrders', 400, none.json)).toEqual([]);
    const both = await api('GET', ORDERS, {
      query: { marketplaceIds: US, lastUpdatedAfter: since, createdAfter: since },
    });
    expect(both.status).toBe(400);
    const mixed = await api('GET', ORDERS, {
      query: { marketplaceIds: US, createdAfter: since, lastUpdatedBefore: since },
    });
    expect(mixed.status).toBe(400);
    const data = await api('GET', ORDERS, {
      query: { marketplaceIds: US, createdAfter: since, includedData: 'ADDRESS' },
    });
    expect(data.json.errors[0].message).toContain('includedData');
    const missing = await api('GET', `${ORDERS}/111-1111111-1111111`);
    expect(missing.status).toBe(404);
    expect(checkResponse('getOrder', 404, missing.json)).toEqual([]);
  });

  it('pages with paginationToken over the orders one big page holds, each as the model has it', async () => {
    const all = await api('GET', ORDERS, {
      query: { marketplaceIds: US, lastUpdatedAfter: since, includedData: ALL },
    });
    expect(all.status).toBe(200);
    expect(checkResponse('searchOrders', 200, all.json)).toEqual([]);
    const expected = all.json.orders.map((o: Order) => o.orderId);
    expect(expected.length).toBeGreaterThan(15);
    expect(all.json.pagination).toBeUndefined();
    expect(all.json.lastUpdatedBefore).toBe(new Date(START).toISOString().replace('.000', ''));
    const seen: string[] = [];
    let next: string | undefined;
    let pages = 0;
    do {
      const res = await api('GET', ORDERS, {
        query: {
          marketplaceIds: US,
          lastUpdatedAfter: since,
          maxResultsPerPage: '5',
          ...(next ? { paginationToken: next } : {}),
        },
      });
      expect(checkResponse('searchOrders', 200, res.json)).toEqual([]);
      expect(res.json.orders.length).toBeLessThanOrEqual(5);
      seen.push(...res.json.orders.map((o: Order) => o.orderId));
      next = res.json.pagination?.nextToken;
      pages++;
    } while (next);
    expect(pages).toBe(Math.ceil(expected.length / 5));
    expect(seen).toEqual(expected);
    const dates = all.json.orders.map((o: Order) => o.lastUpdatedTime);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((d: string) => d >= since.replace(/\.\d{3}Z$/, 'Z'))).toBe(true);
  });

  it('sends only the datasets asked for', async () => {
    const bare = await api('GET', ORDERS, { query: { marketplaceIds: US, createdAfter: since } });
    const order = bare.json.orders[0];
    expect(Object.keys(order).sort()).toEqual(
      ['createdTime', 'lastUpdatedTime', 'orderId', 'orderItems', 'salesChannel']
        .concat(order.programs ? ['programs'] : [])
        .sort(),
    );
    expect(order.orderItems[0].product.sellerSku).toBeTruthy();
    expect(order.orderItems[0].fulfillment).toBeUndefined();
  });

  it('gives buyer name, street and phone only to an app with the PII role', async () => {
    const query = {
      marketplaceIds: US,
      lastUpdatedAfter: since,
      fulfillmentStatuses: 'UNSHIPPED',
      includedData: ALL,
    };
    const withRole = await api('GET', ORDERS, { query });
    const address = withRole.json.orders[0].recipient.deliveryAddress;
    expect(address).toMatchObject({ name: expect.any(String), addressLine1: expect.any(String) });
    expect(address.phone).toBeTruthy();
    expect(withRole.json.orders[0].buyer.buyerName).toBe(address.name);

    const plain = createAmazonSimulator({ basePath: '/__sim/amazon', now, roles: [] });
    const server = await startSimulator(plain);
    try {
      const url = new URL(`${server.url}/__sim/amazon${ORDERS}`);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      const res = await fetch(url, {
        headers: { 'x-amz-access-token': plain.grant(SELLER, 'US').accessToken },
      });
      const body = (await res.json()) as { orders: Array<Record<string, any>> };
      expect(checkResponse('searchOrders', 200, body)).toEqual([]);
      const same = body.orders[0]!;
      expect(same.orderId).toBe(withRole.json.orders[0].orderId);
      expect(same.buyer).toBeUndefined();
      expect(same.recipient.deliveryAddress).toEqual({
        city: address.city,
        stateOrRegion: address.stateOrRegion,
        postalCode: address.postalCode,
        countryCode: 'US',
        addressType: 'RESIDENTIAL',
      });
    } finally {
      await server.close();
    }
  });

  it('confirms a shipment with v0 shipmentConfirmation, which getOrder then shows', async () => {
    const list = await api('GET', ORDERS, {
      query: {
        marketplaceIds: US,
        lastUpdatedAfter: since,
        fulfillmentStatuses: 'UNSHIPPED',
        fulfilledBy: 'MERCHANT',
        includedData: 'FULFILLMENT',
      },
    });
    const order: Order = list.json.orders[0];
    expect(order.fulfillment!.fulfillmentStatus).toBe('UNSHIPPED');
    const item = order.orderItems[0]!;
    const confirm = (detail: Record<string, unknown>) =>
      api('POST', `/orders/v0/orders/${order.orderId}/shipmentConfirmation`, {
        body: {
          marketplaceId: US,
          packageDetail: {
            packageReferenceId: '1',
            carrierCode: 'UPS',
            trackingNumber: '1Z999',
            shipDate: new Date(START).toISOString(),
            orderItems: [{ orderItemId: item.orderItemId, quantity: item.quantityOrdered }],
            ...detail,
          },
        },
      });
    const wrongCarrier = await confirm({ carrierCode: 'PIGEON' });
    expect(wrongCarrier.status).toBe(400);
    expect(wrongCarrier.json.errors[0]).toMatchObject({ code: 'InvalidInput' });
    expect((await confirm({ carrierCode: 'Other' })).status).toBe(400);
    expect((await confirm({})).status).toBe(204);
    // The same package again is a retry: accepted, nothing more shipped.
    expect((await confirm({})).status).toBe(204);
    const reused = await confirm({ trackingNumber: '1Z000' });
    expect(reused.status).toBe(400);
    expect(reused.json.errors[0].message).toContain('packageReferenceId 1');
    const after = await api('GET', `${ORDERS}/${order.orderId}`, {
      query: { includedData: 'FULFILLMENT,PACKAGES' },
    });
    expect(checkResponse('getOrder', 200, after.json)).toEqual([]);
    const ordered = order.orderItems.reduce((n, i) => n + i.quantityOrdered, 0);
    expect(after.json.order.fulfillment.fulfillmentStatus).toBe(
      ordered === item.quantityOrdered ? 'SHIPPED' : 'PARTIALLY_SHIPPED',
    );
    expect(after.json.order.packages[0]).toMatchObject({
      packageReferenceId: '1',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      packageItems: [{ orderItemId: item.orderItemId, quantity: item.quantityOrdered }],
    });
  });

  it('no longer serves the Orders v0 reads', async () => {
    const res = await api('GET', '/orders/v0/orders', { query: { MarketplaceIds: US } });
    expect(res.status).toBe(404);
  });
});

describe('finances v0', () => {
  const events = (orderId: string, query: Record<string, string> = {}) =>
    api('GET', `/finances/v0/orders/${orderId}/financialEvents`, { query });

  it('posts a shipped order’s fees hours after it ships, consistent with its items', async () => {
    const list = await api('GET', ORDERS, {
      query: {
        marketplaceIds: US,
        lastUpdatedAfter: new Date(START - 10 * 86_400_000).toISOString(),
        fulfillmentStatuses: 'SHIPPED',
        includedData: 'FULFILLMENT',
      },
    });
    const orders: Array<Record<string, any>> = list.json.orders;
    const posted = orders.find((o) => START - Date.parse(o.lastUpdatedTime) > 5 * 3_600_000)!;
    const res = await events(posted.orderId);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amzn-ratelimit-limit')).toBe('0.5');
    const [event] = res.json.payload.FinancialEvents.ShipmentEventList;
    expect(event.AmazonOrderId).toBe(posted.orderId);
    const amazon = posted.fulfillment.fulfilledBy === 'AMAZON';
    for (const item of event.ShipmentItemList) {
      const line = posted.orderItems.find(
        (i: { orderItemId: string }) => i.orderItemId === item.OrderItemId,
      );
      const principal =
        Math.round(line.product.price.unitPrice.amount * 100) * item.QuantityShipped;
      expect(Math.round(item.ItemChargeList[0].ChargeAmount.CurrencyAmount * 100)).toBe(principal);
      const fees = item.ItemFeeList.map((f: { FeeAmount: { CurrencyAmount: number } }) =>
        Math.round(f.FeeAmount.CurrencyAmount * 100),
      );
      // A 15% referral fee, plus FBA's per-unit fee when Amazon fulfils.
      expect(fees).toEqual(
        [-Math.round(principal * 0.15)].concat(amazon ? [-322 * item.QuantityShipped] : []),
      );
    }
    const fresh = orders.find((o) => START - Date.parse(o.lastUpdatedTime) < 4 * 3_600_000);
    if (fresh) {
      expect((await events(fresh.orderId)).json.payload.FinancialEvents.ShipmentEventList).toEqual(
        [],
      );
    }
  });

  it('answers no events for an unknown order, 400 for a bad page size, 403 without the role', async () => {
    const unknown = await events('111-0000000-0000000');
    expect(unknown.status).toBe(200);
    expect(unknown.json.payload.FinancialEvents.ShipmentEventList).toEqual([]);
    expect((await events('111-0000000-0000000', { MaxResultsPerPage: '101' })).status).toBe(400);
    const plain = createAmazonSimulator({ basePath: '/__sim/amazon', now, roles: [] });
    const server = await startSimulator(plain);
    try {
      const res = await fetch(
        `${server.url}/__sim/amazon/finances/v0/orders/111-0000000-0000000/financialEvents`,
        { headers: { 'x-amz-access-token': plain.grant(SELLER, 'US').accessToken } },
      );
      expect(res.status).toBe(403);
      expect(((await res.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
        'Unauthorized',
      );
    } finally {
      await server.close();
    }
  });
});

describe('FBA inventory v1', () => {
  const SUMMARIES = '/fba/inventory/v1/summaries';

  it('sums each SKU as the model has it, and refuses a request without its granularity', async () => {
    const query = {
      details: 'true',
      granularityType: 'Marketplace',
      granularityId: US,
      marketplaceIds: US,
    };
    const res = await api('GET', SUMMARIES, { query });
    expect(res.status).toBe(200);
    expect(checkResponse('getInventorySummaries', 200, res.json)).toEqual([]);
    const summaries = res.json.payload.inventorySummaries;
    expect(summaries.length).toBeGreaterThan(0);
    for (const s of summaries) {
      const d = s.inventoryDetails;
      const parts = [
        d.fulfillableQuantity,
        d.inboundWorkingQuantity,
        d.inboundShippedQuantity,
        d.inboundReceivingQuantity,
        d.reservedQuantity.totalReservedQuantity,
        d.unfulfillableQuantity.totalUnfulfillableQuantity,
      ];
      expect(parts.every((n: number) => Number.isInteger(n) && n >= 0)).toBe(true);
      expect(s.totalQuantity).toBe(parts.reduce((a: number, b: number) => a + b, 0));
    }
    const bare = await api('GET', SUMMARIES, { query: { ...query, details: 'false' } });
    expect(bare.json.payload.inventorySummaries[0].inventoryDetails).toBeUndefined();
    const bad = await api('GET', SUMMARIES, { query: { ...query, granularityType: 'Store' } });
    expect(bad.status).toBe(400);
    expect(checkResponse('getInventorySummaries', 400, bad.json)).toEqual([]);
  });
});

describe('listings', () => {
  const put = (
    sku: string,
    attributes: Record<string, unknown>,
    query: Record<string, string> = {},
  ) =>
    api('PUT', `/listings/2021-08-01/items/${SELLER}/${encodeURIComponent(sku)}`, {
      query: { marketplaceIds: US, ...query },
      body: { productType: 'MUG', requirements: 'LISTING', attributes },
    });

  it('reports missing and invalid attributes as issues with their attribute names', async () => {
    const res = await put('MUG-1', {
      item_name: [{ value: 'Mug', marketplace_id: US }],
      capacity: [{ value: 'big', unit: 'ounces' }],
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('INVALID');
    const issues = res.json.issues as Array<{ code: string; attributeNames: string[] }>;
    expect(issues).toContainEqual(
      expect.objectContaining({
        code: '90220',
        message: "'brand' is required but not supplied.",
        severity: 'ERROR',
        attributeNames: ['brand'],
      }),
    );
    expect(issues.find((i) => i.attributeNames[0] === 'capacity')?.code).toBe('90244');
    expect(
      (
        await api('GET', `/listings/2021-08-01/items/${SELLER}/MUG-1`, {
          query: { marketplaceIds: US },
        })
      ).status,
    ).toBe(404);
  });

  it('answers the static sandbox SKUs in VALIDATION_PREVIEW mode (reference 1.1)', async () => {
    const valid = await put('VALIDATION_VALID', {}, { mode: 'VALIDATION_PREVIEW' });
    expect(valid.json).toMatchObject({ status: 'VALID', issues: [] });
    const invalid = await put('VALIDATION_INVALID', {}, { mode: 'VALIDATION_PREVIEW' });
    expect(invalid.json.status).toBe('INVALID');
    expect(invalid.json.issues[0].attributeNames).toEqual(['condition_type']);
  });

  it('pages searchListingsItems with pageToken and keeps listings in the state file', async () => {
    const attributes = (n: number) => ({
      item_name: [{ value: `Mug ${n}` }],
      brand: [{ value: 'Acme' }],
      product_description: [{ value: 'A mug' }],
      bullet_point: [{ value: 'Ceramic' }],
      condition_type: [{ value: 'new_new' }],
      capacity: [{ value: 11, unit: 'ounces' }],
      purchasable_offer: [
        { currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 12.5 }] }] },
      ],
      fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 3 }],
      main_product_image_locator: [{ media_location: 'https://img.example/m.jpg' }],
    });
    for (const n of [1, 2, 3])
      expect((await put(`MUG-${n}`, attributes(n))).json.status).toBe('ACCEPTED');
    const skus: string[] = [];
    let pageToken: string | undefined;
    do {
      const res = await api('GET', `/listings/2021-08-01/items/${SELLER}`, {
        query: { marketplaceIds: US, pageSize: '2', ...(pageToken ? { pageToken } : {}) },
      });
      expect(res.json.numberOfResults).toBe(3);
      skus.push(...res.json.items.map((i: { sku: string }) => i.sku));
      pageToken = res.json.pagination.nextToken;
    } while (pageToken);
    expect(skus).toEqual(['MUG-1', 'MUG-2', 'MUG-3']);

    const reloaded = createAmazonSimulator({ now, stateFile });
    const again = await startSimulator(reloaded);
    try {
      const res = await fetch(
        `${again.url}/listings/2021-08-01/items/${SELLER}/MUG-2?marketplaceIds=${US}`,
        {
          headers: { 'x-amz-access-token': token },
        },
      );
      const item = (await res.json()) as { summaries: unknown[] };
      expect(item.summaries[0]).toMatchObject({
        itemName: 'Mug 2',
        status: ['BUYABLE', 'DISCOVERABLE'],
      });
    } finally {
      await again.close();
    }

    const labels = await api('POST', '/inbound/fba/2024-03-20/items/labels', {
      body: {
        marketplaceId: US,
        labelType: 'STANDARD_FORMAT',
        mskuQuantities: [{ msku: 'MUG-1', quantity: 2 }],
      },
    });
    const pdf = Buffer.from(
      await (await fetch(labels.json.documentDownloads[0].uri)).arrayBuffer(),
    ).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('MUG-1');
  });
});
