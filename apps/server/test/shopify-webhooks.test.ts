import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_SHOPIFY_DEFAULTS, webhookHmac } from '@app/sim';
import { listings, notifications, orders, purchaseOrders, stores } from '../src/db/schema.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';

/**
 * Shopify webhooks (issue 20): subscribed at authorization, delivered by the simulator when a
 * buyer orders, verified by HMAC over the raw body, each one syncing its own order at once;
 * the product, uninstall and mandatory privacy topics.
 */
const SHOP = 'hooked-shop.myshopify.com';
const start = Date.now();
let clock = start;
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let storeId: number;
const delivered: Array<{ topic: string; status: number; gid: string }> = [];

beforeAll(async () => {
  h = await startSimHarness({
    now: () => new Date(clock),
    // A day of history, then a buyer every minute from the test's start.
    orders: {
      historyDays: 1,
      historyEveryMinutes: 240,
      live: { since: new Date(start), everyMinutes: 1 },
    },
    // The app under test is not listening on a port: Shopify's POSTs go through inject.
    deliverWebhook: async (url, init) => {
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: init.headers as Record<string, string>,
        payload: init.body as string,
      });
      const headers = init.headers as Record<string, string>;
      const body = JSON.parse(String(init.body)) as { admin_graphql_api_id: string };
      delivered.push({
        topic: headers['x-shopify-topic']!,
        status: res.statusCode,
        gid: body.admin_graphql_api_id,
      });
      return { status: res.statusCode };
    },
  });
  t = await h.app({ jobs: true, sleep: async () => {} });
  seller = await createSeller(t.database.db);
  storeId = await authorize();
});
afterAll(() => h?.close());

/** The whole install: consent link, the simulator's Install, our callback. */
async function authorize(): Promise<number> {
  const link = await call(t.app, 'POST', '/api/market/get-authorization-url', {
    token: seller.token,
    body: { market_site_id: 101, shop: SHOP },
  });
  const page = await (await fetch(link.body.data.url)).text();
  const install = /<a[^>]*href="([^"]*)"[^>]*>Install<\/a>/.exec(page)![1]!.replace(/&amp;/g, '&');
  const consent = await fetch(new URL(install, link.body.data.url), { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
  const target = new URL(res.headers.location as string, 'http://app.test');
  return Number(target.searchParams.get('authorized'));
}

/** A delivery as Shopify makes it, signed with `secret` (the app's unless a test says). */
function post(topic: string, body: unknown, secret: string = SIM_SHOPIFY_DEFAULTS.apiSecret) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': SHOP,
      'x-shopify-hmac-sha256': webhookHmac(raw, secret),
    },
    payload: raw,
  });
}

const storeOrders = () => t.database.db.select().from(orders).where(eq(orders.storeId, storeId));

async function waitForOrder(remoteId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.remoteId, remoteId)));
    if (row) return row;
    if (Date.now() > until) throw new Error(`order ${remoteId} never arrived`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Shopify webhooks', () => {
  it('subscribes at authorization, and a new order is on the desk seconds after Shopify tells', async () => {
    expect(storeId).toBeGreaterThan(0);
    // What the shop held at install is not delivered: nothing changed since.
    expect(await h.sims.shopify.deliverEvents!()).toBe(0);
    expect(await storeOrders()).toHaveLength(0);

    // Three minutes: the simulator puts each minute's buyer at a random second of its slot,
    // so only a window holding a whole slot is sure to hold an order.
    clock += 181_000;
    const placed = Date.now();
    const sent = await h.sims.shopify.deliverEvents!();
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(delivered.at(-1)).toMatchObject({ topic: 'orders/create', status: 200 });
    const newest = await waitForOrder(delivered.at(-1)!.gid);
    const seconds = (Date.now() - placed) / 1000;
    // The simulator looks every 5 s; what our side adds is measured here.
    console.info(`webhook delivery to order on the desk: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(55);
    expect(newest.sellerId).toBe(seller.sellerId);
    // Only the orders Shopify told of, each synced on its own: the scheduled sync reads the rest.
    for (const event of delivered) await waitForOrder(event.gid);
    expect(await storeOrders()).toHaveLength(sent);
  });

  it('refuses a wrong or missing signature with 401 and changes nothing', async () => {
    const before = (await storeOrders()).length;
    const forged = await post('orders/create', { id: 1 }, 'not-the-app-secret');
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create' },
      payload: '{"id":1}',
    });
    expect(unsigned.statusCode).toBe(401);
    // The same JSON re-serialized differently is not what was signed.
    const raw = '{"id": 1}';
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-shop-domain': SHOP,
        'x-shopify-hmac-sha256': webhookHmac('{"id":1}', SIM_SHOPIFY_DEFAULTS.apiSecret),
      },
      payload: raw,
    });
    expect(tampered.statusCode).toBe(401);
    expect(await storeOrders()).toHaveLength(before);
  });

  it('customers/data_request finds the buyer’s orders and tells the seller; customers/redact erases them', async () => {
    const [order] = await storeOrders();
    expect(order!.address).not.toBeNull();
    const id = Number(order!.remoteId!.split('/').at(-1));
    const asked = await post('customers/data_request', {
      shop_domain: SHOP,
      customer: { id: 77, email: 'buyer@example.com' },
      orders_requested: [id],
      data_request: { id: 9 },
    });
    expect(asked.statusCode).toBe(200);
    const [told] = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.sellerId, seller.sellerId), eq(notifications.kind, 'privacy_request')),
      );
    expect(told).toMatchObject({
      messageKey: 'notifications.privacy_request',
      params: { customer: 'buyer@example.com', orders: order!.number, shop: SHOP },
    });

    // The purchase order bought for it keeps a copy of the address from checkout.
    const [purchase] = await t.database.db
      .insert(purchaseOrders)
      .values({
        sellerId: seller.sellerId,
        number: `PO-REDACT-${order!.id}`,
        amountMinor: 1_000,
        address: { name: 'Buyer', phone: '555', address1: '1 Main St', country_code: 'US' },
      })
      .returning();
    await t.database.db
      .update(orders)
      .set({ purchaseOrderId: purchase!.id })
      .where(eq(orders.id, order!.id));
    const erased = await post('customers/redact', {
      shop_domain: SHOP,
      customer: { id: 77 },
      orders_to_redact: [id],
    });
    expect(erased.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after!.address).toBeNull();
    // The order itself stays for the seller's books.
    expect(after!.total).toBe(order!.total);
    const [bought] = await t.database.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, purchase!.id));
    expect(bought).toMatchObject({ address: null, amountMinor: 1_000 });
  });

  it('shop/redact erases every buyer of the shop', async () => {
    clock += 181_000; // new buyers (a whole slot, as above)
    expect(await h.sims.shopify.deliverEvents!()).toBeGreaterThanOrEqual(1);
    await waitForOrder(delivered.at(-1)!.gid);
    expect((await storeOrders()).some((o) => o.address !== null)).toBe(true);
    expect((await post('shop/redact', { shop_domain: SHOP })).statusCode).toBe(200);
    expect((await storeOrders()).every((o) => o.address === null)).toBe(true);
  });

  it('products/update moves the listing; app/uninstalled marks the store revoked', async () => {
    const product = 'gid://shopify/Product/424242';
    const [listing] = await t.database.db
      .insert(listings)
      .values({
        sellerId: seller.sellerId,
        storeId,
        siteId: 101,
        currency: 'USD',
        parentSku: 'HOOK-1',
        title: 'Hooked tee',
        status: 'published',
        remoteId: product,
      })
      .returning();
    await post('products/update', {
      id: 424242,
      admin_graphql_api_id: product,
      status: 'archived',
    });
    const [down] = await t.database.db.select().from(listings).where(eq(listings.id, listing!.id));
    expect(down!.status).toBe('taken_down');
    await post('products/update', { id: 424242, admin_graphql_api_id: product, status: 'active' });
    const [up] = await t.database.db.select().from(listings).where(eq(listings.id, listing!.id));
    expect(up!.status).toBe('published');

    expect((await post('app/uninstalled', { id: 1, domain: SHOP })).statusCode).toBe(200);
    const [store] = await t.database.db.select().from(stores).where(eq(stores.id, storeId));
    expect(store!.authStatus).toBe('revoked');
    // A revoked store's order events sync nothing.
    const res = await post('orders/create', {
      id: 999,
      admin_graphql_api_id: 'gid://shopify/Order/999',
    });
    expect(res.statusCode).toBe(200);
  });
});
