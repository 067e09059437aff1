import { sitesOf } from '@app/shared';
import {
  createShopeeSimulator,
  SIM_SHOPEE_DEFAULTS,
  startSimulator,
  type MarketSimulator,
  type RunningSimulator,
} from '@app/sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ListingInput } from '../connector.ts';
import {
  losingFirstAnswer,
  marketplaceError,
  recordingSession,
} from '../../../../test/connector-fixtures.ts';
import { createShopeeConnector, type ShopeeConnector } from './connector.ts';

// The real connector against its simulator over HTTP (reference section 3).
const site = sitesOf('shopee').find((s) => s.code === 'SG')!;
const SHOP_ID = '322300222';
const ACCESS_TTL = 600;
// A 1×1 PNG, enough for the media space's format check.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let clock = new Date('2026-03-01T00:00:00Z');
let sim: MarketSimulator;
let api: RunningSimulator;
let images: RunningSimulator;
let connector: ShopeeConnector;

const connectorWith = (partnerKey: string = SIM_SHOPEE_DEFAULTS.partnerKey) =>
  createShopeeConnector(
    {
      partnerId: SIM_SHOPEE_DEFAULTS.partnerId,
      partnerKey,
      apiOrigin: () => api.url,
      publicOrigin: () => api.url,
      sandbox: true,
      now: () => clock,
      documentPollMs: 0,
    },
    { sleep: async () => {}, retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5 } },
  );

const granted = () => recordingSession(site, sim.grant(SHOP_ID, 'SG'));

beforeAll(async () => {
  sim = createShopeeSimulator({ now: () => clock, accessTokenTtlSeconds: ACCESS_TTL });
  api = await startSimulator(sim);
  images = await startSimulator({
    handle: (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    },
  });
  connector = connectorWith();
});

afterAll(async () => {
  await api.close();
  await images.close();
});

beforeEach(() => {
  clock = new Date('2026-03-01T00:00:00Z');
  sim.faults.clear();
});

describe('authorization (reference 3.3, 3.4)', () => {
  it('goes through the consent page and exchanges the single-use code', async () => {
    const url = connector.authorizeUrl({
      site,
      state: 'csrf-1',
      redirectUri: 'http://app.test/cb',
    });
    expect(url).toMatch(
      /\/api\/v2\/shop\/auth_partner\?partner_id=2001887&timestamp=\d+&sign=[0-9a-f]{64}&redirect=/,
    );
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain('Seller Hub');
    expect(html).toMatch(/value="authorize">Authorize/);
    expect(html).toMatch(/value="deny">Deny/);

    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      form.set(name!, value!.replace(/&amp;/g, '&'));
    }
    form.set('region', 'SG');
    form.set('decision', 'authorize');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const decided = await fetch(`${api.url}${action}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(decided.status).toBe(302);
    const callback = new URL(decided.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe('http://app.test/cb');
    const query = Object.fromEntries(callback.searchParams);
    expect(query).toMatchObject({ state: 'csrf-1', shop_id: SHOP_ID, code: expect.any(String) });

    const auth = await connector.completeAuthorization({
      site,
      query,
      redirectUri: 'http://app.test/cb',
    });
    expect(auth).toMatchObject({ account: SHOP_ID, extra: { region: 'SG' } });
    expect(auth.accessTokenExpiresAt).toBe(clock.getTime() / 1000 + ACCESS_TTL);
    await connector.checkAuthorization(recordingSession(site, auth));

    const reused = await marketplaceError(
      connector.completeAuthorization({ site, query, redirectUri: 'http://app.test/cb' }),
    );
    expect(reused).toMatchObject({ kind: 'auth', code: 'error_auth' });
  });

  it('reports a denial (no code) as auth', async () => {
    const error = await marketplaceError(
      connector.completeAuthorization({
        site,
        query: { state: 'x' },
        redirectUri: 'http://app.test/cb',
      }),
    );
    expect(error.kind).toBe('auth');
  });

  it('surfaces error_sign when the partner key is wrong', async () => {
    const error = await marketplaceError(
      connectorWith('not-the-key').checkAuthorization(granted()),
    );
    expect(error).toMatchObject({ kind: 'validation', code: 'error_sign' });
    expect(error.message).toContain('Wrong sign.');
  });

  it('refreshes an access token the marketplace calls expired and saves the new one first', async () => {
    const session = granted();
    const before = session.auth;
    // The stored expiry claims more time than the token has, so the refresh follows Shopee's answer.
    session.auth = { ...before, accessTokenExpiresAt: before.accessTokenExpiresAt! + 86_400 };
    clock = new Date(clock.getTime() + (ACCESS_TTL + 1) * 1000);
    await connector.checkAuthorization(session);
    expect(session.saved).toHaveLength(1);
    expect(session.saved[0]!.accessToken).not.toBe(before.accessToken);
    expect(session.saved[0]!.refreshToken).not.toBe(before.refreshToken);
    expect(session.auth).toBe(session.saved[0]);

    // Refresh tokens are single-use (reference 3.4).
    const stale = recordingSession(site, { ...before, accessTokenExpiresAt: 0 });
    expect(await marketplaceError(connector.checkAuthorization(stale))).toMatchObject({
      kind: 'auth',
      code: 'error_auth',
    });
  });
});

describe('throttling', () => {
  it('retries a 429 and a throttle answered with HTTP 200, then succeeds', async () => {
    sim.faults.failNext({ status: 429 });
    sim.faults.failNext({
      status: 200,
      body: { error: 'error_rate_limit', message: 'Too many requests.' },
    });
    const roots = await connector.listCategories(granted(), null);
    expect(roots.map((c) => c.name)).toEqual(['Women Clothes', 'Mobile & Gadgets']);
  });

  it('gives up with rate_limit and Shopee’s code after the retries', async () => {
    sim.faults.failNext({ status: 429 }, 4);
    const error = await marketplaceError(connector.listCategories(granted(), null));
    expect(error).toMatchObject({ kind: 'rate_limit', code: 'error_rate_limit', httpStatus: 429 });
  });
});

describe('categories and attributes (reference 3.6)', () => {
  it('walks the tree by parent and maps the attribute tree', async () => {
    const session = granted();
    const children = await connector.listCategories(session, '100002');
    expect(children).toEqual([
      { id: '100021', name: 'Phone Cases', parentId: '100002', leaf: true },
      { id: '100022', name: 'Cables & Chargers', parentId: '100002', leaf: true },
    ]);
    const attributes = await connector.categoryAttributes(session, '100021');
    expect(attributes[0]).toEqual({
      name: '4990',
      label: 'Material',
      required: true,
      type: 'enum',
      options: ['Cotton', 'Polyester', 'Silicone', 'Leather'],
    });
  });
});

describe('listings (reference 3.6)', () => {
  const variant = (sku: string, amount: string, options: Record<string, string>) => ({
    sku,
    price: { amount, currency: 'SGD' },
    quantity: 5,
    options,
    imageUrls: [],
  });
  const listing = (): ListingInput => ({
    sku: 'CASE-1',
    title: 'Silicone case',
    description: 'Soft case.',
    bulletPoints: ['Drop tested'],
    keywords: [],
    brand: '',
    categoryId: '100021',
    attributes: { Material: 'Silicone', 4992: ['iPhone 15', 'iPhone 16'] },
    imageUrls: [`${images.url}/case.png`],
    price: { amount: '12.90', currency: 'SGD' },
    quantity: 10,
    weightGrams: 120,
    variants: [
      variant('CASE-1-BLK-S', '12.90', { Color: 'Black', Size: 'S' }),
      variant('CASE-1-RED-M', '13.50', { Color: 'Red', Size: 'M' }),
    ],
  });

  it('publishes with an uploaded image and variants, reads the state, updates and takes it down', async () => {
    const session = granted();
    const result = await connector.publish(session, listing());
    expect(result).toMatchObject({ status: 'live', issues: [] });
    const ref = { sku: 'CASE-1', remoteId: result.remoteId };
    expect(await connector.listingState(session, ref)).toEqual({
      remoteId: result.remoteId,
      status: 'live',
      issues: [],
    });
    const itemId = Number(result.remoteId);
    const models = await connector.modelList(session, itemId);
    expect(models.tier_variation.map((t) => t.name)).toEqual(['Color', 'Size']);
    expect(models.model.map((m) => [m.model_sku, m.tier_index])).toEqual([
      ['CASE-1-BLK-S', [0, 0]],
      ['CASE-1-RED-M', [1, 1]],
    ]);

    // Republish: a new price, a new combination of known options (add_model) and a new option.
    const again = { ...listing(), remoteId: result.remoteId };
    again.variants = [
      variant('CASE-1-BLK-S', '12.90', { Color: 'Black', Size: 'S' }),
      variant('CASE-1-RED-M', '14.00', { Color: 'Red', Size: 'M' }),
      variant('CASE-1-BLK-M', '12.90', { Color: 'Black', Size: 'M' }),
      variant('CASE-1-BLU-S', '12.90', { Color: 'Blue', Size: 'S' }),
    ];
    const updated = await connector.publish(session, again);
    expect(updated).toMatchObject({
      status: 'live',
      remoteId: result.remoteId,
      issues: [{ code: 'new_variation_option', severity: 'warning', fields: ['tier_variation'] }],
    });
    const after = await connector.modelList(session, itemId);
    expect(
      after.model.map((m) => [m.model_sku, m.tier_index, m.price_info[0]!.original_price]),
    ).toEqual([
      ['CASE-1-BLK-S', [0, 0], 12.9],
      ['CASE-1-RED-M', [1, 1], 14],
      ['CASE-1-BLK-M', [0, 1], 12.9],
    ]);

    await connector.takeDown(session, ref);
    expect((await connector.listingState(session, ref)).status).toBe('inactive');
    const listed = await connector.listItems(session, {
      offset: 0,
      pageSize: 10,
      status: ['UNLIST'],
    });
    expect(listed.item.map((i) => String(i.item_id))).toContain(result.remoteId);
  });

  it('updates price and stock of a single item and reports refused fields as issues', async () => {
    const session = granted();
    const single = {
      ...listing(),
      sku: 'CABLE-1',
      categoryId: '100022',
      attributes: {},
      variants: undefined,
    };
    const result = await connector.publish(session, single);
    expect(result.status).toBe('live');
    const republished = await connector.publish(session, {
      ...single,
      remoteId: result.remoteId,
      price: { amount: '9.99', currency: 'SGD' },
    });
    expect(republished).toMatchObject({ status: 'live', issues: [] });
    expect(
      await connector.updatePrice(session, Number(result.remoteId), [
        { model_id: 5, original_price: 1 },
      ]),
    ).toEqual([
      expect.objectContaining({ code: 'update_price_failed', fields: ['original_price'] }),
    ]);

    const invalid = await connector.publish(session, { ...single, weightGrams: undefined });
    expect(invalid).toMatchObject({
      status: 'invalid',
      remoteId: null,
      issues: [{ code: 'product.error_param', severity: 'error', fields: ['weight'] }],
    });
    const missingAttribute = await connector.publish(session, { ...listing(), attributes: {} });
    expect(missingAttribute.issues[0]!.fields).toEqual(['attribute_list']);
  });
});

describe('orders (reference 3.7)', () => {
  it('pages through 15-day windows with Shopee cursors, without gaps or repeats', async () => {
    const session = granted();
    const updatedAfter = new Date(clock.getTime() - 16 * 86_400_000);
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await connector.fetchOrders(session, { updatedAfter, cursor });
      pages++;
      for (const order of page.orders) {
        expect(seen.has(order.remoteId)).toBe(false);
        seen.add(order.remoteId);
        expect(order.updatedAt.getTime()).toBeGreaterThanOrEqual(updatedAfter.getTime() - 1000);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    // One order every 30 minutes on average over 16 days, give or take.
    expect(seen.size).toBeGreaterThan(600);
  });

  it('maps status, items, address and money as decimal strings', async () => {
    const page = await connector.fetchOrders(granted(), {
      updatedAfter: new Date(clock.getTime() - 3 * 86_400_000),
    });
    const order = page.orders[0]!;
    expect(order.total.currency).toBe('SGD');
    expect(order.total.amount).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(order.items[0]).toMatchObject({
      quantity: expect.any(Number),
      lineTotal: { currency: 'SGD' },
    });
    expect(order.address?.countryCode).toBe('SG');
    const statuses = new Map(page.orders.map((o) => [o.remoteStatus, o.status]));
    for (const [remote, status] of statuses) {
      expect(
        {
          READY_TO_SHIP: 'unshipped',
          SHIPPED: 'shipped',
          COMPLETED: 'shipped',
          UNPAID: 'unconfirmed',
          CANCELLED: 'canceled',
        }[remote],
      ).toBe(status);
    }
  });

  it('reads a completed order’s fees from its escrow (get_escrow_detail)', async () => {
    const session = granted();
    const page = await connector.fetchOrders(session, {
      updatedAfter: new Date(clock.getTime() - 3 * 86_400_000),
    });
    const completed = page.orders.find((o) => o.remoteStatus === 'COMPLETED')!;
    expect(connector.feesFinalStatuses).toEqual(['COMPLETED']);
    const fees = await connector.fetchOrderFees(session, completed.remoteId);
    // The simulator's 6% + 2% + 2% of the items, each rounded to the cent.
    const cents = completed.items.reduce(
      (n, i) => n + Math.round(Number(i.lineTotal.amount) * 100),
      0,
    );
    const fee = (percent: number) => Math.round((cents * percent) / 100);
    expect(fees).toEqual({
      amount: ((fee(6) + fee(2) + fee(2)) / 100).toFixed(2),
      currency: 'SGD',
    });
    await expect(connector.fetchOrderFees(session, 'NOPE')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('confirms a shipment with our tracking number once; a retry reads it back', async () => {
    const session = granted();
    const page = await connector.fetchOrders(session, {
      updatedAfter: new Date(clock.getTime() - 86_400_000),
    });
    const ready = page.orders.filter((o) => o.remoteStatus === 'READY_TO_SHIP');
    const order = ready.at(-1)!;
    const pkg = {
      reference: '3',
      carrier: 'Cainiao',
      trackingNumber: 'LP00123456789012',
      shippedAt: clock,
      items: order.items.map((i) => ({
        remoteItemId: i.remoteItemId,
        sku: i.sku,
        quantity: i.quantity,
      })),
    };
    expect(await connector.confirmShipment(session, order, [pkg])).toEqual([
      { reference: '3', remoteId: 'LP00123456789012' },
    ]);
    expect(await connector.confirmShipment(session, order, [pkg])).toEqual([
      { reference: '3', remoteId: 'LP00123456789012' },
    ]);
    const other = await marketplaceError(
      connector.confirmShipment(session, order, [{ ...pkg, trackingNumber: 'LP00000000000001' }]),
    );
    expect(other).toMatchObject({ kind: 'validation', code: 'logistics.invalid_error' });
    const missing = await marketplaceError(
      connector.confirmShipment(session, { remoteId: '000000NOSUCH' }, [pkg]),
    );
    expect(missing.kind).toBe('not_found');
  });

  it('never resends a ship_order whose answer was lost: the retried push reads it back', async () => {
    const session = granted();
    const page = await connector.fetchOrders(session, {
      updatedAfter: new Date(clock.getTime() - 86_400_000),
    });
    const order = page.orders.filter((o) => o.remoteStatus === 'READY_TO_SHIP').at(-2)!;
    // Shopee arranges the shipment; its answer never arrives.
    const losing = losingFirstAnswer((url) => url.includes('/logistics/ship_order'));
    const losingConnector = createShopeeConnector(
      {
        partnerId: SIM_SHOPEE_DEFAULTS.partnerId,
        partnerKey: SIM_SHOPEE_DEFAULTS.partnerKey,
        apiOrigin: () => api.url,
        publicOrigin: () => api.url,
        sandbox: true,
        now: () => clock,
      },
      {
        sleep: async () => {},
        retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5 },
        fetch: losing.fetch,
      },
    );
    const pkg = {
      reference: '4',
      carrier: 'Cainiao',
      trackingNumber: 'LP00223456789012',
      shippedAt: clock,
      items: order.items.map((i) => ({
        remoteItemId: i.remoteItemId,
        sku: i.sku,
        quantity: i.quantity,
      })),
    };
    // Sent again at once, ship_order would be refused for an order already arranged.
    const lost = await marketplaceError(losingConnector.confirmShipment(session, order, [pkg]));
    expect(lost.kind).toBe('unavailable');
    expect(losing.sent()).toBe(1);
    expect(await losingConnector.confirmShipment(session, order, [pkg])).toEqual([
      { reference: '4', remoteId: 'LP00223456789012' },
    ]);
    expect(losing.sent()).toBe(1);
  });

  it('ships an order and downloads its label as a PDF after polling', async () => {
    const session = granted();
    const page = await connector.fetchOrders(session, {
      updatedAfter: new Date(clock.getTime() - 86_400_000),
    });
    const order = page.orders.find((o) => o.remoteStatus === 'READY_TO_SHIP')!;
    const ref = { order_sn: order.remoteId };
    const parameter = await connector.shippingParameter(session, ref);
    const address = parameter.pickup!.address_list[0]!;
    await connector.shipOrder(session, {
      ...ref,
      pickup: {
        address_id: address.address_id,
        pickup_time_id: address.time_slot_list![0]!.pickup_time_id,
      },
    });
    const { tracking_number } = await connector.trackingNumber(session, ref);
    expect(tracking_number).toMatch(/^SPX/);

    const [param] = await connector.shippingDocumentParameter(session, [ref]);
    expect(param!.suggest_shipping_document_type).toBe('THERMAL_AIR_WAYBILL');
    await expect(
      connector.downloadShippingDocument(session, 'THERMAL_AIR_WAYBILL', [ref]),
    ).rejects.toMatchObject({
      code: 'logistics.shipping_document_should_print_first',
    });
    await connector.createShippingDocument(session, [
      { ...ref, shipping_document_type: 'THERMAL_AIR_WAYBILL' },
    ]);
    const ready = await connector.waitForShippingDocuments(session, [ref]);
    expect(ready[0]!.status).toBe('READY');
    const pdf = await connector.downloadShippingDocument(session, 'THERMAL_AIR_WAYBILL', [ref]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(tracking_number);

    const shipped = await connector.fetchOrders(session, {
      updatedAfter: new Date(clock.getTime() - 1000),
    });
    expect(shipped.orders.find((o) => o.remoteId === order.remoteId)).toMatchObject({
      remoteStatus: 'PROCESSED',
      status: 'unshipped',
    });
  });
});

describe('order note and packages', () => {
  it('sets a note with set_note and reads the package of an order', async () => {
    const session = granted();
    const page = await connector.fetchOrders(session, {
      updatedAfter: new Date(clock.getTime() - 86_400_000),
    });
    const sn = page.orders[0]!.remoteId;
    await connector.setNote(session, sn, 'handle with care');
    const [detail] = await connector.orderPackages(session, [sn]);
    expect(detail!.order_sn).toBe(sn);
    expect(detail!.package_list![0]!.package_number).toMatch(/^OFG/);
    const refused = await marketplaceError(connector.setNote(session, 'NOPE', 'x'));
    expect(refused.code).toBe('error_not_found');
  });
});

describe('first mile (reference 3.9)', () => {
  it('generates, binds and unbinds a first-mile tracking number', async () => {
    const session = granted();
    const unbound = await connector.unboundFirstMileOrders(session, { cursor: '', pageSize: 5 });
    expect(unbound.order_list).toHaveLength(5);
    expect(unbound.more).toBe(true);
    const channel = (await connector.firstMileChannels(session, 'CN')).find(
      (c) => c.shipment_method === 'pickup',
    )!;
    const [number] = await connector.generateFirstMileTrackingNumbers(session, '2026-03-01', 1);
    const orders = unbound.order_list.slice(0, 2).map((o) => ({ order_sn: o.order_sn }));
    const bound = await connector.bindFirstMile(session, {
      first_mile_tracking_number: number!,
      shipment_method: 'pickup',
      region: 'CN',
      logistics_channel_id: channel.logistics_channel_id,
      order_list: orders,
    });
    expect(bound.order_list.every((o) => !o.fail_error)).toBe(true);
    const after = await connector.unboundFirstMileOrders(session, { cursor: '', pageSize: 100 });
    expect(after.order_list.map((o) => o.order_sn)).not.toContain(orders[0]!.order_sn);
    expect((await connector.trackingNumber(session, orders[0]!)).first_mile_tracking_number).toBe(
      number,
    );

    const again = await marketplaceError(
      connector.bindFirstMile(session, {
        first_mile_tracking_number: number!,
        shipment_method: 'pickup',
        region: 'CN',
        logistics_channel_id: channel.logistics_channel_id,
        order_list: orders,
      }),
    );
    expect(again.code).toBe('firstmile.batch_api_all_failed');

    await connector.unbindFirstMile(session, {
      first_mile_tracking_number: number!,
      order_list: [orders[0]!],
    });
    const restored = await connector.unboundFirstMileOrders(session, { cursor: '', pageSize: 100 });
    expect(restored.order_list.map((o) => o.order_sn)).toContain(orders[0]!.order_sn);
  });
});
