import { marketSiteById, type MarketSiteInfo } from '@app/shared';
import { createShopifySimulator, SIM_SHOPIFY_DEFAULTS, startSimulator } from '@app/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError, type ListingInput } from '../connector.ts';
import type { FetchLike } from '../http.ts';
import {
  losingFirstAnswer,
  marketplaceError,
  recordingSession,
} from '../../../../test/connector-fixtures.ts';
import { memoryBuckets } from '../rate-buckets.ts';
import {
  createShopifyConnector,
  type ShopifyConnector,
  type ShopifySettings,
} from './connector.ts';
import * as operations from './operations.ts';
import { callbackHmac, webhookHmac } from './signing.ts';

const SHOP = 'demo-store.myshopify.com';
const REDIRECT = 'https://app.example.com/market/callback';
const site = marketSiteById(101) as MarketSiteInfo;
const usd = (amount: string) => ({ amount, currency: 'USD' });

/** Simulated time shared by connector and simulator; the connector's sleeps move it forward. */
class Clock {
  ms = Date.parse('2025-06-02T12:00:00Z');
  slept: number[] = [];
  now = () => new Date(this.ms);
  sleep = async (ms: number) => {
    this.slept.push(ms);
    this.ms += ms;
  };
}

/** Remembers the requested cost Shopify (the simulator) reported per operation. */
function costRecorder(costs: Map<string, number>): FetchLike {
  return async (input, init) => {
    const res = await fetch(input, init);
    const name = /"query":"(?:query|mutation) (\w+)/.exec(String(init?.body ?? ''))?.[1];
    const json = (await res
      .clone()
      .json()
      .catch(() => null)) as {
      extensions?: { cost?: { requestedQueryCost?: number } };
    } | null;
    const cost = json?.extensions?.cost?.requestedQueryCost;
    if (name && cost !== undefined) costs.set(name, cost);
    return res;
  };
}

const SCOPES =
  'read_products,write_products,read_locations,read_orders,write_fulfillments,' +
  'read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders';

async function setup(simOptions: Parameters<typeof createShopifySimulator>[0] = {}) {
  const clock = new Clock();
  const sim = createShopifySimulator({ now: clock.now, ...simOptions });
  const running = await startSimulator(sim);
  const costs = new Map<string, number>();
  const settings: ShopifySettings = {
    ...SIM_SHOPIFY_DEFAULTS,
    scopes: SCOPES,
    apiVersion: '2026-01',
    shopOrigin: (shop) => `${running.url}/${shop}`,
    shopPublicOrigin: (shop) => `${running.url}/${shop}`,
    sandbox: true,
    now: clock.now,
  };
  const http = {
    sleep: clock.sleep,
    fetch: costRecorder(costs),
    retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 60_000 },
  };
  const connector = createShopifyConnector(settings, http);
  return { clock, sim, running, connector, settings, http, costs };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Seller's browser: open the consent page, press Install, return the callback query. */
async function consent(t: Setup, connector: ShopifyConnector = t.connector) {
  const url = connector.authorizeUrl({ site, state: 'nonce-1', redirectUri: REDIRECT, shop: SHOP });
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('Install Seller Hub');
  const href = /id="install" href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const answer = await fetch(new URL(href, url), { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  return Object.fromEntries(location.searchParams) as Record<string, string>;
}

async function authorize(t: Setup) {
  const query = await consent(t);
  const auth = await t.connector.completeAuthorization({ site, query, redirectUri: REDIRECT });
  return recordingSession(site, auth);
}

const tee: ListingInput = {
  sku: 'TEE-1',
  title: 'Classic Tee',
  description: 'Soft cotton tee.\n\nPre-shrunk.',
  bulletPoints: ['100% cotton', 'Machine washable'],
  keywords: ['tee', 'cotton'],
  brand: 'Acme',
  categoryId: 'gid://shopify/TaxonomyCategory/aa-1-13-8',
  attributes: {},
  imageUrls: ['https://cdn.example.com/tee.jpg'],
  price: usd('19.99'),
  quantity: 10,
  weightGrams: 180,
  variants: [
    {
      sku: 'TEE-1-BLK-M',
      price: usd('19.99'),
      quantity: 4,
      options: { Color: 'Black', Size: 'M' },
      imageUrls: [],
    },
    {
      sku: 'TEE-1-WHT-L',
      price: usd('21.50'),
      quantity: 6,
      options: { Color: 'White', Size: 'L' },
      imageUrls: [],
    },
  ],
};

describe('Shopify connector against the simulator', () => {
  let t: Setup;
  let session: ReturnType<typeof recordingSession>;

  beforeAll(async () => {
    t = await setup({ accessTokenTtlSeconds: 600, bulkOrderLines: 12 });
    session = await authorize(t);
  });
  afterAll(() => t.running.close());

  it('authorizes through the consent page and the HMAC-signed callback', async () => {
    const query = await consent(t);
    expect(Object.keys(query).sort()).toEqual([
      'code',
      'hmac',
      'host',
      'shop',
      'state',
      'timestamp',
    ]);
    expect(query).toMatchObject({ shop: SHOP, state: 'nonce-1' });
    const auth = await t.connector.completeAuthorization({ site, query, redirectUri: REDIRECT });
    expect(auth.account).toBe(SHOP);
    expect(auth.accessToken).toMatch(/^shpat_/);
    expect(auth.refreshToken).toMatch(/^shprt_/);
    expect(auth.accessTokenExpiresAt).toBe(Math.floor(t.clock.ms / 1000) + 600);
    expect(auth.extra.scope).toBe(SCOPES);
    await t.connector.checkAuthorization(recordingSession(site, auth));
  });

  it('builds an offline-token authorize URL and needs the shop domain', () => {
    const url = new URL(
      t.connector.authorizeUrl({ site, state: 's', redirectUri: REDIRECT, shop: SHOP }),
    );
    expect(url.pathname).toBe(`/${SHOP}/admin/oauth/authorize`);
    expect([...url.searchParams.keys()]).toEqual(['client_id', 'scope', 'redirect_uri', 'state']);
    expect(() => t.connector.authorizeUrl({ site, state: 's', redirectUri: REDIRECT })).toThrow(
      MarketplaceError,
    );
  });

  it('refuses a tampered callback, a stale timestamp and a denied install', async () => {
    const query = await consent(t);
    const tampered = await marketplaceError(
      t.connector.completeAuthorization({
        site,
        query: { ...query, state: 'other' },
        redirectUri: REDIRECT,
      }),
    );
    expect(tampered).toMatchObject({ kind: 'auth', code: 'invalid_hmac' });

    t.clock.ms += 91_000;
    const stale = await marketplaceError(
      t.connector.completeAuthorization({ site, query, redirectUri: REDIRECT }),
    );
    expect(stale).toMatchObject({ kind: 'auth', code: 'stale_timestamp' });

    const denied = await marketplaceError(
      t.connector.completeAuthorization({
        site,
        query: { error: 'access_denied', state: 'x' },
        redirectUri: REDIRECT,
      }),
    );
    expect(denied.code).toBe('access_denied');
  });

  it("surfaces Shopify's codes for bad credentials, a bad code and a bad token", async () => {
    const otherKey = createShopifyConnector({ ...t.settings, apiKey: 'not-our-app' }, t.http);
    const query = await consent(t);
    const badClient = await marketplaceError(
      otherKey.completeAuthorization({ site, query, redirectUri: REDIRECT }),
    );
    expect(badClient).toMatchObject({ kind: 'auth', code: 'invalid_client', httpStatus: 400 });

    const page = await fetch(
      otherKey.authorizeUrl({ site, state: 's', redirectUri: REDIRECT, shop: SHOP }),
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Could not find Shopify API application');

    const forged: Record<string, string> = { ...query, code: 'code_forged' };
    forged.hmac = callbackHmac(forged, SIM_SHOPIFY_DEFAULTS.apiSecret);
    const badCode = await marketplaceError(
      t.connector.completeAuthorization({ site, query: forged, redirectUri: REDIRECT }),
    );
    expect(badCode).toMatchObject({ kind: 'auth', code: 'invalid_request' });

    const badToken = await marketplaceError(
      t.connector.checkAuthorization(
        recordingSession(site, {
          ...session.auth,
          accessToken: 'shpat_forged',
          refreshToken: null,
        }),
      ),
    );
    expect(badToken).toMatchObject({ kind: 'auth', code: '401', httpStatus: 401 });
    expect(badToken.message).toContain('Invalid API key or access token');
  });

  it('refreshes an expired access token and saves it first', async () => {
    const fresh = await authorize(t);
    t.clock.ms += 700_000;
    await t.connector.checkAuthorization(fresh);
    expect(fresh.saved).toHaveLength(1);
    expect(fresh.saved[0]!.accessToken).not.toBe(null);
    expect(fresh.auth.accessToken).toBe(fresh.saved[0]!.accessToken);
    expect(fresh.auth.accessTokenExpiresAt).toBe(Math.floor(t.clock.ms / 1000) + 600);

    // A token the store thinks is valid but Shopify refuses (401) is refreshed once and retried.
    t.clock.ms += 700_000;
    fresh.auth = { ...fresh.auth, accessTokenExpiresAt: Math.floor(t.clock.ms / 1000) + 3600 };
    await t.connector.checkAuthorization(fresh);
    expect(fresh.saved).toHaveLength(2);
    session = fresh;
  });

  it('retries a 429 and a 500, then gives up with rate_limit', async () => {
    t.sim.faults.failNext({ status: 429 });
    t.sim.faults.failNext({ status: 500 });
    const before = t.clock.slept.length;
    await t.connector.checkAuthorization(session);
    expect(t.clock.slept.slice(before)[0]).toBe(1000);
    expect(t.clock.slept.length - before).toBe(2);

    t.sim.faults.failNext({ status: 429 }, 4);
    const error = await marketplaceError(t.connector.checkAuthorization(session));
    expect(error).toMatchObject({ kind: 'rate_limit', code: 'THROTTLED', httpStatus: 429 });
  });

  it('browses the taxonomy and reads category attributes', async () => {
    const roots = await t.connector.listCategories(session, null);
    expect(roots.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Apparel & Accessories', 'Home & Garden']),
    );
    expect(roots.every((c) => c.parentId === null && !c.leaf)).toBe(true);
    const home = roots.find((c) => c.name === 'Home & Garden')!;
    const kitchen = (await t.connector.listCategories(session, home.id)).find(
      (c) => c.name === 'Kitchen & Dining',
    )!;
    expect(kitchen.parentId).toBe(home.id);
    const tableware = (await t.connector.listCategories(session, kitchen.id))[0]!;
    const drinkware = (await t.connector.listCategories(session, tableware.id))[0]!;
    const mugs = (await t.connector.listCategories(session, drinkware.id)).find(
      (c) => c.name === 'Mugs',
    )!;
    expect(mugs.leaf).toBe(true);

    const attributes = await t.connector.categoryAttributes(session, mugs.id);
    expect(attributes).toContainEqual(
      expect.objectContaining({
        name: 'Material',
        type: 'enum',
        required: false,
        options: expect.arrayContaining(['Ceramic']),
      }),
    );
    expect(attributes).toContainEqual(
      expect.objectContaining({ name: 'Capacity', type: 'number' }),
    );
    const missing = await marketplaceError(
      t.connector.categoryAttributes(session, 'gid://shopify/TaxonomyCategory/zz-404'),
    );
    expect(missing.kind).toBe('not_found');
  });

  it('publishes with productSet, reads the state, updates in place and archives', async () => {
    const published = await t.connector.publish(session, tee);
    expect(published.status).toBe('live');
    expect(published.remoteId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    const ref = { sku: tee.sku, remoteId: published.remoteId };
    expect((await t.connector.listingState(session, ref)).status).toBe('live');

    const republished = await t.connector.publish(session, {
      ...tee,
      title: 'Classic Tee v2',
      remoteId: published.remoteId,
    });
    expect(republished.remoteId).toBe(published.remoteId);

    const { products } = await t.connector.listProducts(session, { query: 'sku:TEE-1-WHT-L' });
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      id: published.remoteId,
      title: 'Classic Tee v2',
      status: 'ACTIVE',
    });
    expect(products[0]!.variants).toEqual([
      expect.objectContaining({ sku: 'TEE-1-BLK-M', price: '19.99', inventoryQuantity: 4 }),
      expect.objectContaining({ sku: 'TEE-1-WHT-L', price: '21.50', inventoryQuantity: 6 }),
    ]);

    await t.connector.takeDown(session, ref);
    expect((await t.connector.listingState(session, ref)).status).toBe('inactive');
    const gone = { sku: 'X', remoteId: 'gid://shopify/Product/999999' };
    expect((await t.connector.listingState(session, gone)).status).toBe('not_found');
    expect((await marketplaceError(t.connector.takeDown(session, gone))).kind).toBe('not_found');
  });

  it("lists a variant's image among the product's files, as Shopify requires", async () => {
    const image = 'https://cdn.example.com/tee-white.jpg';
    const withImage = {
      ...tee,
      sku: 'TEE-2',
      variants: tee.variants!.map((v, i) => ({
        ...v,
        sku: `TEE-2-${i}`,
        imageUrls: i === 1 ? [image] : [],
      })),
    };
    const result = await t.connector.publish(session, withImage);
    expect(result).toMatchObject({ status: 'live', issues: [] });
  });

  it('never resends a create whose answer was lost: it finds the product by SKU first', async () => {
    // The first create reaches Shopify, which makes the product; its answer never arrives.
    const losing = losingFirstAnswer((_, body) => body.includes('mutation ProductSet'));
    const connector = createShopifyConnector(t.settings, { ...t.http, fetch: losing.fetch });
    const result = await connector.publish(session, {
      ...tee,
      sku: 'TEE-3',
      variants: [{ ...tee.variants![0]!, sku: 'TEE-3-BLK-M' }],
    });
    expect(result.status).toBe('live');
    expect(losing.sent()).toBe(2);
    const { products } = await t.connector.listProducts(session, { query: 'sku:TEE-3-BLK-M' });
    expect(products.map((p) => p.id)).toEqual([result.remoteId]);

    // A 500 on a create is not retried blindly either: the look-up decides.
    t.sim.faults.failNext({ status: 500 });
    const again = await t.connector.publish(session, {
      ...tee,
      sku: 'TEE-3',
      variants: [{ ...tee.variants![0]!, sku: 'TEE-3-BLK-M' }],
    });
    expect(again.remoteId).toBe(result.remoteId);
  });

  it('publishes a single-SKU listing as the default variant', async () => {
    const single = await t.connector.publish(session, {
      ...tee,
      sku: 'MUG-1',
      title: 'Mug',
      variants: undefined,
      price: usd('12.50'),
    });
    expect(single.status).toBe('live');
    const { products } = await t.connector.listProducts(session, { query: 'sku:MUG-1' });
    expect(products[0]!.variants).toEqual([
      expect.objectContaining({ sku: 'MUG-1', price: '12.50', inventoryQuantity: 10 }),
    ]);
  });

  it("returns Shopify's userErrors as issues with their fields", async () => {
    const result = await t.connector.publish(session, {
      ...tee,
      title: ' ',
      variants: [tee.variants![0]!, { ...tee.variants![0]!, sku: 'DUP' }],
    });
    expect(result.status).toBe('invalid');
    expect(result.issues).toContainEqual(
      expect.objectContaining({ code: 'BLANK', fields: ['input.title'], severity: 'error' }),
    );
    expect(result.issues).toContainEqual(
      expect.objectContaining({
        code: 'INVALID_VARIANT',
        fields: ['input.variants.1.optionValues'],
      }),
    );
  });

  it('pages through orders changed in the last 30 days', async () => {
    const since = new Date(t.clock.ms - 30 * 86_400_000);
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    let last = 0;
    do {
      const page = await t.connector.fetchOrders(session, { updatedAfter: since, cursor });
      for (const order of page.orders) {
        expect(seen.has(order.remoteId)).toBe(false);
        seen.add(order.remoteId);
        expect(order.updatedAt.getTime()).toBeGreaterThanOrEqual(last);
        last = order.updatedAt.getTime();
      }
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.size).toBeGreaterThan(400);

    const recent = await t.connector.fetchOrders(session, {
      updatedAfter: new Date(t.clock.ms - 86_400_000),
    });
    expect(recent.orders.length).toBeGreaterThan(0);
    const order = recent.orders[0]!;
    expect(order.total.currency).toBe('USD');
    expect(order.total.amount).toMatch(/^\d+\.\d{2}$/);
    expect(order.fulfillmentChannel).toBe('MFN');
    expect(order.address?.countryCode).toBe('US');
    // A SKU the shop sells (its active products), or the demo SKUs of a shop without any.
    expect(order.items[0]!.sku).toMatch(/^(TEE-\d|MUG-1|DEMO)/);
    const statuses = new Set(recent.orders.map((o) => o.status));
    expect([...statuses].every((s) => ['unshipped', 'shipped', 'canceled'].includes(s))).toBe(true);
  });

  it('ships an order with fulfillmentCreate and tracking, partially then in full', async () => {
    const { orders } = await t.connector.fetchOrders(session, {
      updatedAfter: new Date(t.clock.ms - 86_400_000),
    });
    const open = orders.find(
      (o) =>
        o.status === 'unshipped' &&
        o.remoteStatus.startsWith('PAID') &&
        o.items.some((i) => i.quantity > 1),
    )!;
    expect(open).toBeDefined();
    const line = open.items.find((i) => i.quantity > 1)!;
    const tracking = { company: 'UPS', number: '1Z999AA10123456784' };

    const partial = await t.connector.createFulfillment(session, {
      orderId: open.remoteId,
      tracking,
      lines: [{ sku: line.sku, quantity: 1 }],
    });
    expect(partial.fulfillmentId).toMatch(/^gid:\/\/shopify\/Fulfillment\/\d+$/);
    expect(partial.status).toBe('SUCCESS');
    const afterPartial = await t.connector.fetchOrders(session, {
      updatedAfter: new Date(t.clock.ms),
    });
    const partiallyShipped = afterPartial.orders.find((o) => o.remoteId === open.remoteId)!;
    expect(partiallyShipped.status).toBe('partially_shipped');
    expect(partiallyShipped.items.find((i) => i.sku === line.sku)!.quantityShipped).toBe(1);

    await t.connector.createFulfillment(session, { orderId: open.remoteId, tracking });
    const afterAll = await t.connector.fetchOrders(session, { updatedAfter: new Date(t.clock.ms) });
    expect(afterAll.orders.find((o) => o.remoteId === open.remoteId)!.status).toBe('shipped');

    const nothingLeft = await marketplaceError(
      t.connector.createFulfillment(session, { orderId: open.remoteId, tracking }),
    );
    expect(nothingLeft.kind).toBe('validation');
  });

  it('confirms a shipment once: a retried push finds the fulfillment by its tracking number', async () => {
    const { orders } = await t.connector.fetchOrders(session, {
      updatedAfter: new Date(t.clock.ms - 86_400_000),
    });
    const open = orders.find((o) => o.status === 'unshipped' && o.remoteStatus.startsWith('PAID'))!;
    const pkg = {
      reference: '41',
      carrier: 'Yanwen',
      trackingNumber: 'UG123456789YP',
      shippedAt: new Date(t.clock.ms),
      items: open.items.map((i) => ({
        remoteItemId: i.remoteItemId,
        sku: i.sku,
        quantity: i.quantity,
      })),
    };
    const [first] = await t.connector.confirmShipment(session, open, [pkg]);
    expect(first!.remoteId).toMatch(/^gid:\/\/shopify\/Fulfillment\/\d+$/);
    const [again] = await t.connector.confirmShipment(session, open, [pkg]);
    expect(again).toEqual(first);
    const after = await t.connector.fetchOrders(session, { updatedAfter: new Date(t.clock.ms) });
    expect(after.orders.find((o) => o.remoteId === open.remoteId)!.status).toBe('shipped');
    const unknown = await marketplaceError(
      t.connector.confirmShipment(session, { remoteId: 'gid://shopify/Order/1' }, [pkg]),
    );
    expect(unknown.kind).toBe('not_found');
    const cancelled = orders.find((o) => o.status === 'canceled');
    if (cancelled) {
      const refused = await marketplaceError(
        t.connector.confirmShipment(session, cancelled, [
          { ...pkg, trackingNumber: 'UG000000001YP' },
        ]),
      );
      expect(refused).toMatchObject({ kind: 'validation', code: 'ORDER_CANCELLED' });
    }
  });

  it('never resends a fulfillmentCreate whose answer was lost: the retried push finds it', async () => {
    const { orders } = await t.connector.fetchOrders(session, {
      updatedAfter: new Date(t.clock.ms - 86_400_000),
    });
    const open = orders.filter(
      (o) => o.status === 'unshipped' && o.remoteStatus.startsWith('PAID'),
    );
    const order = open[open.length - 1]!;
    // The create reaches Shopify, which makes the fulfillment; its answer never arrives.
    const losing = losingFirstAnswer((_, body) => body.includes('mutation FulfillmentCreate'));
    const connector = createShopifyConnector(t.settings, { ...t.http, fetch: losing.fetch });
    const pkg = {
      reference: '42',
      carrier: 'Yanwen',
      trackingNumber: 'UG223456789YP',
      shippedAt: new Date(t.clock.ms),
      items: order.items.map((i) => ({
        remoteItemId: i.remoteItemId,
        sku: i.sku,
        quantity: i.quantity,
      })),
    };
    // Sent again at once, the create would find nothing left to fulfil and be refused.
    const lost = await marketplaceError(connector.confirmShipment(session, order, [pkg]));
    expect(lost.kind).toBe('unavailable');
    expect(losing.sent()).toBe(1);
    const [retried] = await connector.confirmShipment(session, order, [pkg]);
    expect(retried!.remoteId).toMatch(/^gid:\/\/shopify\/Fulfillment\/\d+$/);
    expect(losing.sent()).toBe(1);
    expect(
      t.sim.shipments(SHOP).filter((s) => s.trackingNumber === pkg.trackingNumber),
    ).toHaveLength(1);
  });

  it('is refused with ACCESS_DENIED when the store never granted the fulfillment-order scopes', async () => {
    const narrow = createShopifyConnector(
      { ...t.settings, scopes: 'read_products,read_orders,write_fulfillments' },
      t.http,
    );
    const query = await consent(t, narrow);
    const auth = await narrow.completeAuthorization({ site, query, redirectUri: REDIRECT });
    const narrowSession = recordingSession(site, auth);
    const { orders } = await narrow.fetchOrders(narrowSession, {
      updatedAfter: new Date(t.clock.ms - 86_400_000),
    });
    const denied = await marketplaceError(
      narrow.confirmShipment(narrowSession, orders[0]!, [
        {
          reference: '1',
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
          shippedAt: new Date(t.clock.ms),
          items: [],
        },
      ]),
    );
    expect(denied).toMatchObject({ kind: 'auth', code: 'ACCESS_DENIED' });
    expect(denied.reason).toContain('merchant_managed_fulfillment_orders');
  });

  it('reads every line of an order with more than one page of them', async () => {
    const sizes = Array.from({ length: 12 }, (_, i) => `S${i + 1}`);
    await t.connector.publish(session, {
      ...tee,
      sku: 'BULK',
      variants: sizes.map((size) => ({
        sku: `BULK-${size}`,
        price: usd('5.00'),
        quantity: 100,
        options: { Size: size },
        imageUrls: [],
      })),
    });
    const orders = [];
    let cursor: string | null = null;
    do {
      const page = await t.connector.fetchOrders(session, {
        updatedAfter: new Date(t.clock.ms - 30 * 86_400_000),
        cursor,
      });
      orders.push(...page.orders);
      cursor = page.nextCursor;
    } while (cursor);
    const bulk = orders.filter((o) => o.items.length > operations.ORDER_LINES);
    expect(bulk.length).toBeGreaterThan(0);
    for (const order of bulk) {
      expect(new Set(order.items.map((i) => i.remoteItemId)).size).toBe(order.items.length);
    }
  });

  it('needs read_locations to publish, and ACCESS_DENIED is not taken for an expired token', async () => {
    const narrow = createShopifyConnector(
      { ...t.settings, scopes: 'read_products,write_products' },
      t.http,
    );
    const query = await consent(t, narrow);
    const auth = await narrow.completeAuthorization({ site, query, redirectUri: REDIRECT });
    const narrowSession = recordingSession(site, auth);
    const denied = await marketplaceError(narrow.publish(narrowSession, { ...tee, sku: 'TEE-9' }));
    expect(denied).toMatchObject({ kind: 'auth', code: 'ACCESS_DENIED' });
    expect(denied.reason).toContain('read_locations');
    // No refresh and retry: a new token would carry the same scopes.
    expect(narrowSession.saved).toHaveLength(0);
  });

  it('reads one order by id, subscribes the shop to its webhooks and checks their HMAC', async () => {
    const since = new Date(t.clock.ms - 86_400_000);
    const { orders } = await t.connector.fetchOrders(session, { updatedAfter: since });
    expect(await t.connector.fetchOrder!(session, orders[0]!.remoteId)).toEqual(orders[0]);
    expect(await t.connector.fetchOrder!(session, 'gid://shopify/Order/987654321')).toBeNull();
    await t.connector.subscribeEvents!(session, 'https://app.example.com/api/webhooks/shopify');
    const raw = Buffer.from('{"id":1}');
    const hmac = webhookHmac(raw, t.settings.apiSecret);
    expect(t.connector.verifyWebhook(raw, hmac)).toBe(true);
    expect(t.connector.verifyWebhook(Buffer.from('{"id": 1}'), hmac)).toBe(false);
    expect(t.connector.verifyWebhook(raw, undefined)).toBe(false);
  });

  it("declares each operation's cost as Shopify calculates it", () => {
    const declared = Object.values(operations).filter(
      (o): o is operations.Operation => typeof o === 'object' && 'cost' in o,
    );
    const used = declared.filter((o) => t.costs.has(o.name));
    expect(used.length).toBe(declared.length);
    for (const op of used)
      expect({ [op.name]: op.cost }).toEqual({ [op.name]: t.costs.get(op.name) });
  });
});

describe('Shopify connector under cost throttling', () => {
  let t: Setup;
  let session: ReturnType<typeof recordingSession>;

  beforeAll(async () => {
    t = await setup({ throttle: { maximumAvailable: 1000, restoreRate: 50 } });
    session = await authorize(t);
  });
  afterAll(() => t.running.close());

  it('paces the next call from the throttle status instead of being throttled', async () => {
    const since = new Date(t.clock.ms - 30 * 86_400_000);
    const first = await t.connector.fetchOrders(session, { updatedAfter: since });
    t.clock.slept = [];
    await t.connector.fetchOrders(session, { updatedAfter: since, cursor: first.nextCursor });
    // 903 points requested, the bucket holds less after the first page: wait for the refill.
    expect(t.clock.slept).toHaveLength(1);
    expect(t.clock.slept[0]).toBeGreaterThan(0);
  });

  it('paces a second process on the shop bucket they share instead of being throttled', async () => {
    const shared = memoryBuckets();
    const sent: string[] = [];
    const http = {
      ...t.http,
      buckets: shared,
      fetch: (async (input, init) => {
        sent.push(String(init?.body ?? ''));
        return t.http.fetch(input, init);
      }) satisfies FetchLike,
    };
    const [a, b] = [
      createShopifyConnector(t.settings, http),
      createShopifyConnector(t.settings, http),
    ];
    const since = new Date(t.clock.ms - 30 * 86_400_000);
    await a.fetchOrders(session, { updatedAfter: since });
    t.clock.slept = [];
    sent.length = 0;
    const page = await b.fetchOrders(session, { updatedAfter: since });
    expect(page.orders.length).toBe(operations.ORDERS_PAGE_SIZE);
    // One request, after waiting for the refill the first process's answer reported.
    expect(sent).toHaveLength(1);
    expect(t.clock.slept).toHaveLength(1);
    expect(t.clock.slept[0]).toBeGreaterThan(0);
  });

  it('retries a THROTTLED answer after the delay the cost extension implies', async () => {
    // A second connector has no throttle status yet, so it is throttled by Shopify.
    const other = createShopifyConnector(t.settings, t.http);
    const since = new Date(t.clock.ms - 30 * 86_400_000);
    await t.connector.fetchOrders(session, { updatedAfter: since });
    t.clock.slept = [];
    const page = await other.fetchOrders(session, { updatedAfter: since });
    expect(page.orders.length).toBe(operations.ORDERS_PAGE_SIZE);
    expect(t.clock.slept).toHaveLength(1);
    const delay = t.clock.slept[0]!;
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThanOrEqual(Math.ceil((operations.ORDERS.cost / 50) * 1000));
  });
});
