import { marketSiteById } from '@app/shared';
import {
  createAmazonSimulator,
  SIM_AMAZON_DEFAULTS,
  startSimulator,
  type MarketSimulator,
  type RunningSimulator,
} from '@app/sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MarketplaceError, type ListingInput, type StoreAuth } from '../connector.ts';
import type { FetchLike } from '../http.ts';
import { marketplaceError, recordingSession } from '../../../../test/connector-fixtures.ts';
import { createAmazonConnector, type AmazonConnector, type AmazonSettings } from './connector.ts';
import { packageDetailOf } from './shipment.ts';

// Contract tests: the real connector against the Amazon simulator over real HTTP.
const US = marketSiteById(1)!;
const SELLER = 'A3SIMSELLER0001';
const START = Date.UTC(2025, 5, 1, 12);
let simClock = START;
let clientClock = START;

let sim: MarketSimulator;
let running: RunningSimulator;
let noPiiSim: MarketSimulator;
let noPiiRunning: RunningSimulator;
let requests: Array<{ url: string; method: string; headers: Headers }> = [];
const recordingFetch: FetchLike = async (input, init) => {
  requests.push({ url: input, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
  return fetch(input, init);
};

function connector(
  overrides: Partial<AmazonSettings> = {},
  server: () => RunningSimulator = () => running,
): AmazonConnector {
  const base = `${server().url}/amazon`;
  return createAmazonConnector(
    {
      ...SIM_AMAZON_DEFAULTS,
      beta: false,
      lwaTokenUrl: `${base}/auth/o2/token`,
      consentOrigin: () => base,
      apiOrigin: () => base,
      sandbox: true,
      ordersPageSize: 4,
      now: () => new Date(clientClock),
      ...overrides,
    },
    {
      fetch: recordingFetch,
      sleep: async () => {},
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1 },
    },
  );
}

const grantedSession = (account = SELLER) => {
  const grant = sim.grant(account, 'US');
  return recordingSession(US, { ...grant });
};

beforeAll(async () => {
  sim = createAmazonSimulator({
    basePath: '/amazon',
    now: () => new Date(simClock),
    accessTokenTtlSeconds: 900,
  });
  running = await startSimulator(sim);
  // The same Amazon for an app registered without the PII role.
  noPiiSim = createAmazonSimulator({
    basePath: '/amazon',
    now: () => new Date(simClock),
    roles: [],
  });
  noPiiRunning = await startSimulator(noPiiSim);
});
afterAll(async () => {
  await running.close();
  await noPiiRunning.close();
});
beforeEach(() => {
  simClock = START;
  clientClock = START;
  requests = [];
  sim.faults.clear();
});

async function authorize(amazon: AmazonConnector): Promise<StoreAuth> {
  const redirectUri = 'https://hub.example/api/market/callback/amazon';
  const url = amazon.authorizeUrl({ site: US, state: 'st-42', redirectUri });
  const consent = new URL(url);
  expect(consent.pathname).toBe('/amazon/apps/authorize/consent');
  expect(consent.searchParams.get('application_id')).toBe(SIM_AMAZON_DEFAULTS.appId);
  expect(consent.searchParams.get('state')).toBe('st-42');
  expect(consent.searchParams.has('version')).toBe(false);
  const page = await (await fetch(url)).text();
  expect(page).toContain('Authorize Seller Hub');
  // The seller presses Authorize: the page's form submits to `confirm`.
  const confirm = new URL('confirm', url);
  consent.searchParams.forEach((v, k) => confirm.searchParams.set(k, v));
  confirm.searchParams.set('selling_partner_id', SELLER);
  confirm.searchParams.set('decision', 'authorize');
  const answer = await fetch(confirm, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(redirectUri);
  return amazon.completeAuthorization({
    site: US,
    query: Object.fromEntries(callback.searchParams),
    redirectUri,
  });
}

describe('authorization', () => {
  it('goes through consent, callback and code exchange to a StoreAuth', async () => {
    const auth = await authorize(connector());
    expect(auth).toMatchObject({
      account: SELLER,
      accessTokenExpiresAt: START / 1000 + 900,
      extra: { region: 'NA' },
    });
    expect(auth.accessToken).toMatch(/^Atza\|/);
    expect(auth.refreshToken).toMatch(/^Atzr\|/);
    const token = requests.find((r) => r.url.endsWith('/auth/o2/token'))!;
    expect(token.method).toBe('POST');
    expect(token.headers.get('content-type')).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    await connector().checkAuthorization(recordingSession(US, auth));
  });

  it('adds version=beta for a draft app', () => {
    const url = connector({ beta: true }).authorizeUrl({
      site: US,
      state: 's',
      redirectUri: 'https://x.example/cb',
    });
    expect(new URL(url).searchParams.get('version')).toBe('beta');
  });

  it('surfaces a denied consent and bad app credentials as auth errors with the LWA code', async () => {
    const denied = await marketplaceError(
      connector().completeAuthorization({
        site: US,
        query: { error: 'access_denied', state: 's' },
        redirectUri: 'https://x.example/cb',
      }),
    );
    expect(denied).toMatchObject({ kind: 'auth', code: 'access_denied' });
    const bad = await marketplaceError(authorize(connector({ clientSecret: 'wrong' })));
    expect(bad).toBeInstanceOf(MarketplaceError);
    expect(bad).toMatchObject({ kind: 'auth', code: 'invalid_client', httpStatus: 401 });
    expect(bad.message).toContain('Client authentication failed');
  });

  it('refuses a forged access token with SP-API Unauthorized', async () => {
    const session = recordingSession(US, {
      ...sim.grant(SELLER, 'US'),
      accessToken: 'Atza|forged',
      refreshToken: null,
    });
    const refused = await marketplaceError(connector().listCategories(session, null));
    expect(refused).toMatchObject({ kind: 'auth', code: 'Unauthorized', httpStatus: 403 });
    expect(refused.message).toContain('revoked, malformed or invalid');
  });

  it('refreshes an access token before it expires and saves it first', async () => {
    const session = grantedSession();
    const old = session.auth.accessToken;
    simClock = clientClock = START + 899_000;
    await connector().listCategories(session, null);
    expect(session.saved).toHaveLength(1);
    expect(session.saved[0]!.accessToken).not.toBe(old);
    expect(session.saved[0]!.accessTokenExpiresAt).toBe((START + 899_000) / 1000 + 900);
    expect(session.auth.accessToken).toBe(session.saved[0]!.accessToken);
  });

  it('refreshes and retries when Amazon says the token expired although the clock disagreed', async () => {
    const session = grantedSession();
    simClock = START + 1000_000;
    const categories = await connector().listCategories(session, null);
    expect(categories).toHaveLength(4);
    expect(session.saved).toHaveLength(1);
    const api = requests.filter((r) => r.url.includes('/definitions/'));
    expect(api).toHaveLength(2);
    expect(api[1]!.headers.get('x-amz-access-token')).toBe(session.saved[0]!.accessToken);
  });
});

describe('requests', () => {
  it('carry the LWA token, x-amz-date and a user-agent, and no SigV4 Authorization', async () => {
    await connector().listCategories(grantedSession(), null);
    const call = requests.find((r) => r.url.includes('/definitions/2020-09-01/productTypes'))!;
    expect(new URL(call.url).searchParams.get('marketplaceIds')).toBe('ATVPDKIKX0DER');
    expect(call.headers.get('x-amz-access-token')).toMatch(/^Atza\|/);
    expect(call.headers.get('x-amz-date')).toBe('20250601T120000Z');
    expect(call.headers.get('user-agent')).toMatch(/^SellerHub\/1\.0 \(Language=/);
    expect(call.headers.has('authorization')).toBe(false);
  });

  it('retries a 429 QuotaExceeded and succeeds', async () => {
    sim.faults.failNext({ status: 429 }, 2);
    const categories = await connector().listCategories(grantedSession(), null);
    expect(categories.map((c) => c.id)).toEqual(['SHIRT', 'HAT', 'MUG', 'BAG']);
    expect(requests.filter((r) => r.url.includes('/definitions/'))).toHaveLength(3);
  });

  it('gives up on a 429 that outlasts the retries as rate_limit with Amazon code', async () => {
    sim.faults.failNext({ status: 429 }, 3);
    const throttled = await marketplaceError(connector().listCategories(grantedSession(), null));
    expect(throttled).toMatchObject({ kind: 'rate_limit', code: 'QuotaExceeded', httpStatus: 429 });
  });

  it('maps a 503 after retries to unavailable', async () => {
    sim.faults.failNext({ status: 503 }, 3);
    const down = await marketplaceError(connector().listCategories(grantedSession(), null));
    expect(down).toMatchObject({ kind: 'unavailable', code: 'ServiceUnavailable' });
  });
});

describe('categories', () => {
  it('lists product types as a flat list of leaves', async () => {
    const amazon = connector();
    const session = grantedSession();
    expect(await amazon.listCategories(session, null)).toContainEqual({
      id: 'MUG',
      name: 'Mug',
      parentId: null,
      leaf: true,
    });
    expect(await amazon.listCategories(session, 'MUG')).toEqual([]);
  });

  it('reads the required attributes from the downloaded product type schema', async () => {
    const amazon = connector();
    const session = grantedSession();
    const shirt = await amazon.categoryAttributes(session, 'SHIRT');
    expect(shirt.map((a) => a.name).sort()).toEqual(['color', 'department', 'size']);
    expect(shirt.find((a) => a.name === 'department')).toMatchObject({
      type: 'enum',
      required: true,
      options: ['mens', 'womens', 'unisex-adult', 'boys', 'girls'],
      optionNames: ['Men', 'Women', 'Unisex Adult', 'Boys', 'Girls'],
    });
    const mug = await amazon.categoryAttributes(session, 'MUG');
    expect(mug).toEqual([{ name: 'capacity', label: 'Capacity', required: true, type: 'number' }]);
    expect(requests.some((r) => r.url.includes('/product-type-schemas/MUG.json'))).toBe(true);
    // Labels come in the reader's locale when Amazon localizes them.
    const zh = await amazon.categoryAttributes(session, 'MUG', 'zh-CN');
    expect(zh).toEqual([{ name: 'capacity', label: '容量', required: true, type: 'number' }]);
    // So do the names of an enum's choices; the codes a listing sends stay the same.
    const zhShirt = await amazon.categoryAttributes(session, 'SHIRT', 'zh-CN');
    expect(zhShirt.find((a) => a.name === 'department')).toMatchObject({
      label: '适用人群',
      options: ['mens', 'womens', 'unisex-adult', 'boys', 'girls'],
      optionNames: ['男士', '女士', '男女通用（成人）', '男童', '女童'],
    });
    const types = await amazon.listCategories(session, null, 'zh-CN');
    expect(types.find((c) => c.id === 'MUG')?.name).toBe('马克杯');
    expect(await marketplaceError(amazon.categoryAttributes(session, 'NOPE'))).toMatchObject({
      kind: 'not_found',
    });
  });
});

const tee: ListingInput = {
  sku: 'TEE-1',
  title: 'Cotton Tee',
  description: 'A soft cotton tee.',
  bulletPoints: ['100% cotton'],
  keywords: ['tee'],
  brand: 'Acme',
  categoryId: 'SHIRT',
  attributes: { department: 'unisex-adult' },
  imageUrls: ['https://img.example/tee.jpg'],
  price: { amount: '19.99', currency: 'USD' },
  quantity: 10,
  variants: [
    {
      sku: 'TEE-1-BLK-M',
      price: { amount: '19.99', currency: 'USD' },
      quantity: 4,
      options: { Color: 'Black', Size: 'M' },
      imageUrls: [],
    },
    {
      sku: 'TEE-1-WHT-L',
      price: { amount: '21.00', currency: 'USD' },
      quantity: 0,
      options: { Color: 'White', Size: 'L' },
      imageUrls: [],
    },
  ],
};

describe('listings', () => {
  it('publishes a variation family, reports it live and takes all of it down', async () => {
    const amazon = connector();
    const session = grantedSession();
    const published = await amazon.publish(session, tee);
    expect(published).toMatchObject({ status: 'accepted', issues: [] });
    expect(published.remoteId).toMatch(/^B0[0-9A-Z]{8}$/);
    const puts = requests
      .filter((r) => r.method === 'PUT')
      .map((r) => decodeURIComponent(new URL(r.url).pathname.split('/').pop()!));
    expect(puts).toEqual(['TEE-1', 'TEE-1-BLK-M', 'TEE-1-WHT-L']);

    expect(await amazon.listingState(session, { sku: 'TEE-1', remoteId: null })).toEqual({
      remoteId: published.remoteId,
      status: 'live',
      issues: [],
    });
    const listed = await amazon.searchListings(session, { pageSize: 2 });
    expect(listed.total).toBe(3);
    const rest = await amazon.searchListings(session, {
      pageSize: 2,
      pageToken: listed.nextPageToken,
    });
    expect([...listed.items, ...rest.items].map((i) => i.sku)).toEqual([
      'TEE-1',
      'TEE-1-BLK-M',
      'TEE-1-WHT-L',
    ]);
    expect(rest.nextPageToken).toBeNull();

    await amazon.takeDown(session, { sku: 'TEE-1', remoteId: published.remoteId });
    for (const sku of ['TEE-1', 'TEE-1-BLK-M', 'TEE-1-WHT-L']) {
      expect((await amazon.listingState(session, { sku, remoteId: null })).status).toBe(
        'not_found',
      );
    }
    // Taking down what is gone is not an error.
    await amazon.takeDown(session, { sku: 'TEE-1', remoteId: null });
  });

  it('returns Amazon issues with their attribute names for an invalid listing', async () => {
    const result = await connector().publish(grantedSession(), {
      ...tee,
      sku: 'TEE-2',
      attributes: {},
      variants: undefined,
    });
    expect(result.status).toBe('invalid');
    expect(result.issues.map((i) => i.fields[0]).sort()).toEqual(['color', 'department', 'size']);
    expect(result.issues[0]).toMatchObject({ code: '90220', severity: 'error' });
  });

  it('validates without storing, and patches an attribute', async () => {
    const amazon = connector();
    const session = grantedSession();
    const single: ListingInput = {
      ...tee,
      sku: 'TEE-3',
      variants: undefined,
      attributes: { department: 'mens', color: 'Red', size: 'S' },
    };
    expect(await amazon.validateListing(session, single)).toEqual({ valid: true, issues: [] });
    expect((await amazon.listingState(session, { sku: 'TEE-3', remoteId: null })).status).toBe(
      'not_found',
    );
    expect(
      await amazon.validateListing(session, { ...single, sku: 'VALIDATION_INVALID' }),
    ).toMatchObject({
      valid: false,
      issues: [{ code: '90220', fields: ['condition_type'] }],
    });

    await amazon.publish(session, single);
    const patched = await amazon.patchListing(session, 'TEE-3', 'SHIRT', [
      {
        op: 'replace',
        path: '/attributes/item_name',
        value: [{ value: 'Red Tee', language_tag: 'en_US', marketplace_id: US.remoteId }],
      },
    ]);
    expect(patched.status).toBe('accepted');
    const listed = await amazon.searchListings(session);
    expect(listed.items.find((i) => i.sku === 'TEE-3')?.itemName).toBe('Red Tee');
    const broken = await amazon.patchListing(session, 'TEE-3', 'SHIRT', [
      { op: 'delete', path: '/attributes/brand' },
    ]);
    expect(broken).toMatchObject({ status: 'invalid', issues: [{ fields: ['brand'] }] });
  });
});

describe('orders', () => {
  // A seller with nothing published buys from the simulator's demo catalogue of three SKUs.
  const BUYER_SHOP = 'A2ORDERSELLER01';
  it('pages searchOrders (2026-01-01) with its paginationToken, every item and the address in the page', async () => {
    const amazon = connector();
    const session = grantedSession(BUYER_SHOP);
    const updatedAfter = new Date(START - 2 * 86_400_000);
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    const orders = [];
    do {
      const page = await amazon.fetchOrders(session, { updatedAfter, cursor });
      expect(page.orders.length).toBeLessThanOrEqual(4);
      for (const order of page.orders) seen.add(order.remoteId);
      orders.push(...page.orders);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.size).toBe(orders.length);
    for (const order of orders) {
      expect(order.updatedAt.getTime()).toBeGreaterThanOrEqual(updatedAfter.getTime());
      expect(order.items.length).toBeGreaterThan(0);
      if (order.status !== 'unconfirmed') {
        expect(order.total.amount).toMatch(/^\d+\.\d{2}$/);
        expect(order.address).toMatchObject({ name: expect.any(String), countryCode: 'US' });
        expect(order.address?.line1).toBeTruthy();
        expect(order.address?.phone).toBeTruthy();
      }
    }
    // One call a page: no per-order reads, and nothing left of Orders v0.
    const calls = requests.filter((r) => r.url.includes('/orders/'));
    expect(calls.every((r) => new URL(r.url).pathname === '/amazon/orders/2026-01-01/orders')).toBe(
      true,
    );
    expect(calls).toHaveLength(pages);
    const second = new URL(calls[1]!.url).searchParams;
    expect(second.get('paginationToken')).toBeTruthy();
    expect(second.get('includedData')).toBe('RECIPIENT,FULFILLMENT,PROCEEDS');
  });

  it('reads headers first and each order in full with getOrder, as the order desk does', async () => {
    const amazon = connector({ ordersPageSize: 100 });
    const session = grantedSession(BUYER_SHOP);
    const { orders } = await amazon.fetchOrders(session, {
      updatedAfter: new Date(START - 86_400_000),
      headersOnly: true,
    });
    const paid = orders.find((o) => o.status === 'unshipped')!;
    expect(paid).toMatchObject({ items: [], address: null, itemsPending: true });
    expect(paid.total.amount).toMatch(/^\d+\.\d{2}$/);
    const details = await amazon.fetchOrderDetails!(session, paid.remoteId);
    expect(details.items.length).toBeGreaterThan(0);
    expect(details.items[0]).toMatchObject({ quantityShipped: 0, lineTotal: { currency: 'USD' } });
    expect(details.address?.line1).toBeTruthy();
    const get = requests.find((r) => r.url.includes(`/orders/2026-01-01/orders/${paid.remoteId}`))!;
    expect(new URL(get.url).searchParams.get('includedData')).toBe(
      'RECIPIENT,FULFILLMENT,PROCEEDS',
    );
    const missing = await marketplaceError(
      amazon.fetchOrderDetails!(session, '111-1111111-1111111'),
    );
    expect(missing).toMatchObject({ kind: 'not_found', httpStatus: 404 });
  });

  it('keeps an order without name, street and phone when the app lacks the PII role', async () => {
    const amazon = connector({ ordersPageSize: 100 }, () => noPiiRunning);
    const session = recordingSession(US, { ...noPiiSim.grant(BUYER_SHOP, 'US') });
    const { orders } = await amazon.fetchOrders(session, {
      updatedAfter: new Date(START - 86_400_000),
    });
    const paid = orders.filter((o) => o.status !== 'unconfirmed');
    expect(paid.length).toBeGreaterThan(0);
    for (const order of paid) {
      expect(order.items.length).toBeGreaterThan(0);
      expect(order.address).toMatchObject({ name: '', line1: '', phone: '', countryCode: 'US' });
      expect(order.address?.postalCode).toBeTruthy();
    }
  });

  it('reads a shipped order’s fees from Finances v0, null while none are posted', async () => {
    const amazon = connector({ ordersPageSize: 100 });
    const session = grantedSession(BUYER_SHOP);
    const { orders } = await amazon.fetchOrders(session, {
      updatedAfter: new Date(START - 3 * 86_400_000),
    });
    const shipped = orders.find(
      (o) => o.status === 'shipped' && START - o.updatedAt.getTime() > 5 * 3_600_000,
    )!;
    const fees = await amazon.fetchOrderFees!(session, shipped.remoteId);
    // The simulator's 15% referral fee per line, and 3.22 a unit when Amazon fulfils.
    const fba = shipped.fulfillmentChannel === 'AFN' ? 322 : 0;
    const cents = shipped.items.reduce(
      (n, i) =>
        n + Math.round(Math.round(Number(i.lineTotal.amount) * 100) * 0.15) + fba * i.quantity,
      0,
    );
    expect(fees).toEqual({ amount: (cents / 100).toFixed(2), currency: 'USD' });
    const call = requests.find((r) => r.url.includes('/finances/v0/orders/'))!;
    expect(new URL(call.url).pathname).toBe(
      `/amazon/finances/v0/orders/${shipped.remoteId}/financialEvents`,
    );
    const open = orders.find((o) => o.status === 'unshipped')!;
    expect(await amazon.fetchOrderFees!(session, open.remoteId)).toBeNull();
    expect(await amazon.fetchOrderFees!(session, '111-1111111-1111111')).toBeNull();
  });

  it('paces the fee reads to their usage plan: a burst of 30, then one every two seconds', async () => {
    const waits: number[] = [];
    const amazon = createAmazonConnector(
      {
        ...SIM_AMAZON_DEFAULTS,
        beta: false,
        lwaTokenUrl: `${running.url}/amazon/auth/o2/token`,
        consentOrigin: () => `${running.url}/amazon`,
        apiOrigin: () => `${running.url}/amazon`,
        sandbox: true,
        now: () => new Date(clientClock),
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    const session = grantedSession(BUYER_SHOP);
    for (let i = 0; i < 31; i++) await amazon.fetchOrderFees!(session, '111-1111111-1111111');
    expect(waits).toEqual([2000]);
  });

  it('confirms a shipment, after which the order reads shipped; a retry confirms nothing twice', async () => {
    const amazon = connector({ ordersPageSize: 100 });
    const session = grantedSession(BUYER_SHOP);
    const { orders } = await amazon.fetchOrders(session, {
      updatedAfter: new Date(START - 2 * 86_400_000),
    });
    const order = orders.find((o) => o.status === 'unshipped' && o.fulfillmentChannel === 'MFN')!;
    const pkg = {
      reference: '1',
      carrier: 'USPS',
      trackingNumber: '9400100000000000000000',
      shippedAt: new Date(START),
      items: order.items.map((i) => ({
        remoteItemId: i.remoteItemId,
        sku: i.sku,
        quantity: i.quantity,
      })),
    };
    expect(await amazon.confirmShipment(session, order, [pkg])).toEqual([
      { reference: '1', remoteId: null },
    ]);
    const sent = requests.filter((r) => r.url.endsWith('/shipmentConfirmation'));
    expect(sent.map((r) => r.method)).toEqual(['POST']);
    // The answer was lost: the same package again is accepted and ships nothing more.
    await amazon.confirmShipment(session, order, [pkg]);
    simClock = clientClock = START + 60_000;
    const after = await amazon.fetchOrders(session, { updatedAfter: new Date(START) });
    expect(after.orders.find((o) => o.remoteId === order.remoteId)).toMatchObject({
      status: 'shipped',
      remoteStatus: 'SHIPPED',
    });
    const again = await marketplaceError(
      amazon.confirmShipment(session, order, [
        { ...pkg, reference: '2', trackingNumber: '1', items: [{ ...pkg.items[0]!, quantity: 1 }] },
      ]),
    );
    expect(again).toMatchObject({ kind: 'validation', code: 'InvalidInput' });
  });

  it('refuses an unknown order, a cancelled one, a carrier code Amazon does not list and too many items', async () => {
    const amazon = connector({ ordersPageSize: 100 });
    const session = grantedSession('A2ORDERSELLER02');
    const orders = [];
    let cursor: string | null = null;
    do {
      const page = await amazon.fetchOrders(session, {
        updatedAfter: new Date(START - 20 * 86_400_000),
        cursor,
      });
      orders.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor);
    const open = orders.find((o) => o.status === 'unshipped' && o.fulfillmentChannel === 'MFN')!;
    const cancelled = orders.find((o) => o.status === 'canceled')!;
    const pkgOf = (items: typeof open.items, carrier = 'USPS') => ({
      reference: '7',
      carrier,
      trackingNumber: '9400100000000000000001',
      shippedAt: new Date(START),
      items: items.map((i) => ({ remoteItemId: i.remoteItemId, sku: i.sku, quantity: i.quantity })),
    });
    const missing = await marketplaceError(
      amazon.confirmShipment(session, { remoteId: '111-1111111-1111111' }, [pkgOf(open.items)]),
    );
    expect(missing).toMatchObject({ kind: 'not_found', httpStatus: 404 });
    const refused = await marketplaceError(
      amazon.confirmShipment(session, cancelled, [pkgOf(cancelled.items)]),
    );
    expect(refused).toMatchObject({ kind: 'validation', code: 'InvalidInput' });
    expect(refused.reason).toContain('CANCELLED');
    // An unlisted carrier goes as Other with its name, which Amazon accepts.
    expect(packageDetailOf(pkgOf(open.items, 'Speedy Mule'))).toMatchObject({
      carrierCode: 'Other',
      carrierName: 'Speedy Mule',
    });
    const tooMany = await marketplaceError(
      amazon.confirmShipment(session, open, [
        pkgOf(open.items.map((i) => ({ ...i, quantity: i.quantity + 1 }))),
      ]),
    );
    expect(tooMany.reason).toContain('Invalid quantity');
  });
});
