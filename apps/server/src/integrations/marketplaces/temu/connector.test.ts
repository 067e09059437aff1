import { marketSiteById } from '@app/shared';
import {
  createTemuSimulator,
  SIM_TEMU_DEFAULTS,
  startSimulator,
  type RunningSimulator,
} from '@app/sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ListingInput,
  type MarketOrder,
  type StoreAuth,
  type StoreSession,
} from '../connector.ts';
import { marketplaceError, recordingSession } from '../../../../test/connector-fixtures.ts';
import { createTemuConnector, type TemuConnector, type TemuSettings } from './connector.ts';

const site = marketSiteById(301)!;
/** Sim clock, moved by the expiry test; kept near real time because the connector signs real time. */
let clock = Date.now();
const TOKEN_TTL = 120;
const sim = createTemuSimulator({ now: () => new Date(clock), accessTokenTtlSeconds: TOKEN_TTL });
let running: RunningSimulator;
let sleeps: number[];

const connectorWith = (overrides: Partial<TemuSettings> = {}): TemuConnector =>
  createTemuConnector(
    {
      ...SIM_TEMU_DEFAULTS,
      gatewayUrl: () => `${running.url}/openapi/router`,
      authorizePageUrl: () => `${running.url}/authorize`,
      sandbox: true,
      orderPageSize: 5,
      ...overrides,
    },
    // No client-side pace (http.test.ts covers it): the waits counted here are the retries'.
    { sleep: async (ms) => void sleeps.push(ms), requestsPerSecond: 0 },
  );
let temu: TemuConnector;

function sessionOf(mallId: string): StoreSession & { saved: StoreAuth[] } {
  const grant = sim.grant(mallId, 'US');
  return recordingSession(site, { ...grant });
}

const listing = (sku: string, attributes: Record<string, unknown>): ListingInput => ({
  sku,
  title: 'Shockproof phone case',
  description: 'Slim case with raised edges.',
  bulletPoints: ['Raised edges', 'Wireless charging compatible'],
  keywords: [],
  brand: 'Acme',
  categoryId: '25101',
  attributes,
  imageUrls: ['https://img.example/case-1.jpg'],
  price: { amount: '12.99', currency: 'USD' },
  quantity: 30,
  variants: [
    {
      sku: `${sku}-BLK`,
      price: { amount: '12.99', currency: 'USD' },
      quantity: 10,
      options: { Color: 'Black' },
      imageUrls: [],
    },
    {
      sku: `${sku}-RED`,
      price: { amount: '13.49', currency: 'USD' },
      quantity: 20,
      options: { Color: 'Red' },
      imageUrls: [],
    },
  ],
});

/**
 * A connector whose first `addType` call is carried out but its answer lost (a socket hang-up
 * after the simulator made the goods); after `failNext()`, the next one answers 503 unmade.
 * `typesSent` lists every call type it sent.
 */
function lossyConnector(addType: string) {
  const typesSent: string[] = [];
  let mode: 'lose' | 'fail' | null = 'lose';
  const connector = createTemuConnector(
    {
      ...SIM_TEMU_DEFAULTS,
      gatewayUrl: () => `${running.url}/openapi/router`,
      authorizePageUrl: () => `${running.url}/authorize`,
      sandbox: true,
    },
    {
      sleep: async () => {},
      requestsPerSecond: 0,
      fetch: async (input, init) => {
        const type = (JSON.parse(String(init?.body)) as { type: string }).type;
        typesSent.push(type);
        if (type === addType && mode === 'fail') {
          return new Response('Service Unavailable', { status: 503 });
        }
        const res = await fetch(input, init);
        if (type === addType && mode === 'lose') {
          mode = null;
          throw new TypeError('fetch failed: socket hang up');
        }
        return res;
      },
    },
  );
  return { connector, typesSent, failNext: () => (mode = 'fail') };
}

beforeAll(async () => {
  running = await startSimulator(sim);
  temu = connectorWith();
});
afterAll(() => running.close());
beforeEach(() => {
  sleeps = [];
  clock = Date.now();
  sim.faults.clear();
});

describe('Temu authorization (reference 4.4)', () => {
  const redirectUri = 'https://hub.example/api/market/callback/temu';

  async function consent(decision: 'authorize' | 'deny') {
    const url = temu.authorizeUrl({ site, state: 'csrf-1', redirectUri });
    const page = await fetch(url);
    expect(await page.text()).toContain('Authorize');
    const target = new URL(url);
    const form = new URLSearchParams({
      ...Object.fromEntries(target.searchParams),
      mall_id: '5550001',
      decision,
    });
    const res = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(redirectUri);
    return Object.fromEntries(back.searchParams);
  }

  it('goes from the consent page to a stored authorization that works', async () => {
    const query = await consent('authorize');
    // Temu's callback carries the code alone; the app binds it to the seller (markets/oauth).
    expect(Object.keys(query)).toEqual(['code']);
    const auth = await temu.completeAuthorization({ site, query, redirectUri });
    expect(auth).toEqual({
      account: '5550001',
      accessToken: expect.any(String),
      accessTokenExpiresAt: Math.floor(clock / 1000) + TOKEN_TTL,
      refreshToken: null,
      extra: { regionId: '211' },
    });
    await temu.checkAuthorization({
      site,
      auth,
      saveAuth: async () => {},
      reloadAuth: async () => auth,
    });
    expect(await temu.authorizeWithToken?.(site, auth.accessToken!)).toEqual(auth);
    // The code is single-use (reference 4.4).
    const reused = await marketplaceError(temu.completeAuthorization({ site, query, redirectUri }));
    expect(reused.code).toBe('110020002');
  });

  it('reports a denied consent as an auth failure', async () => {
    const query = await consent('deny');
    const error = await marketplaceError(temu.completeAuthorization({ site, query, redirectUri }));
    expect(error).toMatchObject({ kind: 'auth', code: 'access_denied' });
  });

  it('surfaces a bad signature and an unknown app key with their Temu codes', async () => {
    const session = sessionOf('5550002');
    const badSecret = await marketplaceError(
      connectorWith({ appSecret: 'not-the-secret' }).checkAuthorization(session),
    );
    expect(badSecret).toMatchObject({ kind: 'protocol', code: '3000001' });
    expect(badSecret.message).toContain('SIGN_UNVALID');
    const badKey = await marketplaceError(
      connectorWith({ appKey: 'unknown' }).checkAuthorization(session),
    );
    expect(badKey).toMatchObject({ kind: 'protocol', code: '3000026' });
  });

  it('asks for re-authorization when the token expired, since Temu cannot refresh it', async () => {
    const session = sessionOf('5550003');
    await temu.checkAuthorization(session);
    clock += (TOKEN_TTL + 30) * 1000;
    const error = await marketplaceError(temu.checkAuthorization(session));
    expect(error).toMatchObject({ kind: 'auth', code: '3000034' });
    expect(session.saved).toEqual([]);
  });
});

describe('Temu throttling (reference 4.5)', () => {
  it('retries a 4000004 throttle and a 5xx, then succeeds', async () => {
    sim.faults.failNext({ status: 200 }, 2);
    sim.faults.failNext({ status: 503 });
    const roots = await temu.listCategories(sessionOf('5550004'), null);
    expect(roots.length).toBeGreaterThan(0);
    expect(sleeps.filter((ms) => ms === 1000)).toHaveLength(2);
    expect(sleeps).toHaveLength(3);
  });

  it('gives up with kind rate_limit when the throttle outlasts the retries', async () => {
    sim.faults.failNext({ status: 200 }, 5);
    const error = await marketplaceError(temu.listCategories(sessionOf('5550004'), null));
    expect(error).toMatchObject({ kind: 'rate_limit', code: '4000004' });
  });
});

describe('Temu goods (reference 4.6)', () => {
  it('walks the category tree and reads leaf attributes', async () => {
    const session = sessionOf('5550005');
    const roots = await temu.listCategories(session, null);
    expect(roots).toContainEqual({
      id: '25001',
      name: 'Cell Phones & Accessories',
      parentId: null,
      leaf: false,
    });
    const children = await temu.listCategories(session, '25001');
    expect(children).toContainEqual({
      id: '25101',
      name: 'Phone Cases',
      parentId: '25001',
      leaf: true,
    });
    const attributes = await temu.categoryAttributes(session, '25101');
    expect(attributes).toContainEqual({
      name: 'Material',
      label: 'Material',
      required: true,
      type: 'enum',
      options: ['Plastic', 'Silicone', 'Cotton', 'Metal'],
    });
    expect(attributes.map((a) => a.name)).not.toContain('Color');
  });

  it('publishes, reads the state, takes down and republishes as an update', async () => {
    const session = sessionOf('5550006');
    const published = await temu.publish(
      session,
      listing('CASE', { Material: 'Silicone', Style: 'Slim' }),
    );
    expect(published).toMatchObject({ status: 'accepted', issues: [] });
    const ref = { sku: 'CASE', remoteId: published.remoteId };
    expect(await temu.listingState(session, ref)).toEqual({
      remoteId: ref.remoteId,
      status: 'live',
      issues: [],
    });
    await temu.takeDown(session, ref);
    expect((await temu.listingState(session, ref)).status).toBe('inactive');
    const again = await temu.publish(session, {
      ...listing('CASE', { Material: 'Metal' }),
      remoteId: ref.remoteId,
    });
    expect(again).toMatchObject({ status: 'accepted', remoteId: ref.remoteId });
    const { goods } = await temu.listGoods(session, { pageNo: 1, pageSize: 10 });
    expect(goods).toHaveLength(1);
    expect(goods[0]!.skuInfoList.map((s) => [s.outSkuSn, s.price, s.quantity])).toEqual([
      ['CASE-BLK', '12.99', 10],
      ['CASE-RED', '13.49', 20],
    ]);
  });

  it('never resends goods.add after a lost answer: the goods are looked up by SKU', async () => {
    const { connector: lossy, typesSent, failNext } = lossyConnector('bg.local.goods.add');
    const session = sessionOf('5550016');
    const published = await lossy.publish(session, listing('LOST', { Material: 'Metal' }));
    expect(published).toMatchObject({ status: 'accepted', remoteId: expect.any(String) });
    expect(typesSent.filter((t) => t === 'bg.local.goods.add')).toHaveLength(1);
    const { goods } = await lossy.listGoods(session, { pageNo: 1, pageSize: 10 });
    expect(goods.map((g) => [String(g.goodsId), g.outGoodsSn])).toEqual([
      [published.remoteId, 'LOST'],
    ]);

    // A 5xx on create is not resent either; nothing was made, so the failure stands.
    failNext();
    const before = typesSent.length;
    const refused = await marketplaceError(
      lossy.publish(session, {
        ...listing('NONE', { Material: 'Metal' }),
        attributes: {
          Material: 'Metal',
          costTemplateId: 'LFT-14523879912320',
        },
      }),
    );
    expect(refused.kind).toBe('unavailable');
    expect(typesSent.slice(before).filter((t) => t === 'bg.local.goods.add')).toHaveLength(1);
  });

  it('returns refused listings as issues on the named field', async () => {
    const session = sessionOf('5550007');
    const missing = await temu.publish(session, listing('BAD', { Colour: 'Red' }));
    expect(missing.status).toBe('invalid');
    expect(missing.issues).toEqual([
      expect.objectContaining({
        code: 'unknown_attribute',
        severity: 'warning',
        fields: ['Colour'],
      }),
      expect.objectContaining({ code: '150011010', severity: 'error', fields: ['Material'] }),
    ]);
    const wrongValue = await temu.publish(session, listing('BAD', { Material: 'Wood' }));
    expect(wrongValue.issues).toEqual([
      expect.objectContaining({ code: '150011019', fields: ['Material'] }),
    ]);
  });

  it('edits stock, lists pages and deletes goods', async () => {
    const session = sessionOf('5550008');
    const a = await temu.publish(session, listing('A', { Material: 'Plastic' }));
    await temu.publish(session, listing('B', { Material: 'Plastic' }));
    const first = await temu.listGoods(session, { pageNo: 1, pageSize: 1 });
    expect(first).toMatchObject({ total: 2, nextPageNo: 2 });
    expect((await temu.listGoods(session, { pageNo: 2, pageSize: 1 })).nextPageNo).toBeNull();
    const goodsA = (await temu.listGoods(session, { pageNo: 1, pageSize: 10 })).goods.find(
      (g) => String(g.goodsId) === a.remoteId,
    )!;
    const skuId = goodsA.skuInfoList[0]!.skuId;
    await temu.editStock(session, a.remoteId!, [{ skuId, quantity: 77 }]);
    const after = (await temu.listGoods(session, { pageNo: 1, pageSize: 10 })).goods.find(
      (g) => g.goodsId === goodsA.goodsId,
    )!;
    expect(after.skuInfoList.find((s) => s.skuId === skuId)!.quantity).toBe(77);
    await temu.deleteListing(session, { sku: 'A', remoteId: a.remoteId });
    expect(await temu.listingState(session, { sku: 'A', remoteId: a.remoteId })).toMatchObject({
      status: 'not_found',
    });
  });
});

describe('Temu orders (reference 4.6)', () => {
  async function allOrders(session: StoreSession, updatedAfter: Date) {
    const pages: MarketOrder[][] = [];
    let cursor: string | null = null;
    do {
      const page = await temu.fetchOrders(session, { updatedAfter, cursor });
      pages.push(page.orders);
      cursor = page.nextCursor;
    } while (cursor);
    return pages;
  }

  it('pages through changed orders with addresses and decimal amounts', async () => {
    const session = sessionOf('5550009');
    const updatedAfter = new Date(clock - 86_400_000);
    const pages = await allOrders(session, updatedAfter);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const orders = pages.flat();
    expect(new Set(orders.map((o) => o.remoteId)).size).toBe(orders.length);
    for (const order of orders) {
      expect(order.updatedAt.getTime()).toBeGreaterThanOrEqual(updatedAfter.getTime() - 999);
      expect(['unconfirmed', 'unshipped', 'shipped', 'canceled']).toContain(order.status);
      expect(order.total.amount).toMatch(/^\d+\.\d{2}$/);
      expect(order.address).toMatchObject({ countryCode: 'US', name: expect.any(String) });
      expect(order.items[0]!.sku).toMatch(/^DEMO-/);
    }
  });

  it('confirms a shipment once, refusing a wrong carrier, an unknown order and too many items', async () => {
    const session = sessionOf('5550010');
    await temu.publish(session, listing('SHIP', { Material: 'Plastic' }));
    const since = new Date(clock - 86_400_000);
    const open = (await allOrders(session, since)).flat().find((o) => o.status === 'unshipped')!;
    expect(open.items[0]!.sku).toMatch(/^SHIP-/);

    const pkg = {
      reference: '9',
      carrier: 'USPS',
      trackingNumber: '9400100000000000000001',
      shippedAt: new Date(clock),
      items: open.items.map((i) => ({
        remoteItemId: i.remoteItemId,
        sku: i.sku,
        quantity: i.quantity,
      })),
    };
    const tooMany = await marketplaceError(
      temu.confirmShipment(session, open, [
        { ...pkg, items: pkg.items.map((i) => ({ ...i, quantity: i.quantity + 5 })) },
      ]),
    );
    expect(tooMany).toMatchObject({ kind: 'validation', code: '150011019' });
    const unknownCarrier = await marketplaceError(
      temu.confirmShipment(session, open, [{ ...pkg, carrier: 'Pigeon Post' }]),
    );
    expect(unknownCarrier.code).toBe('CARRIER_NOT_OFFERED');
    const missing = await marketplaceError(
      temu.confirmShipment(session, { remoteId: 'PO-211-00000000000000' }, [pkg]),
    );
    expect(missing.kind).toBe('not_found');
    await temu.confirmShipment(session, open, [pkg]);
    // A retry of the same package is accepted; a different one for the shipped order is not.
    await temu.confirmShipment(session, open, [pkg]);
    const second = await marketplaceError(
      temu.confirmShipment(session, open, [{ ...pkg, trackingNumber: '9400100000000000000002' }]),
    );
    expect(second).toMatchObject({ kind: 'validation', code: '2000000' });
    const shipped = (await allOrders(session, new Date(clock - 1000))).flat();
    expect(shipped.find((o) => o.remoteId === open.remoteId)).toMatchObject({ status: 'shipped' });
  });

  it('needs the freight templates for publishing', async () => {
    expect(await temu.freightTemplates(sessionOf('5550011'))).toContainEqual({
      templateId: 'LFT-14523879912320',
      templateName: 'Standard shipping',
    });
  });
});

describe('Temu cross-border (semi-managed) stores (reference 4.6)', () => {
  const crossBorder = (mallId: string) => ({ ...sessionOf(mallId), mode: 'cross_border' });
  const gateways: string[] = [];
  const routed = connectorWith({
    gatewayUrl: (region) => {
      gateways.push(region);
      return `${running.url}/openapi/router`;
    },
    authorizePageUrl: (_site, mode) =>
      `https://${mode === 'cross_border' ? 'agent' : ''}seller.example/auth`,
  });

  it('reads the tree and templates on the CN gateway and adds goods with temu.goods.add on the partner one', async () => {
    const session = crossBorder('8800001');
    const top = await routed.listCategories(session, null);
    expect(top.map((c) => c.name)).toContain('Cell Phones & Accessories');
    const cases = await routed.listCategories(session, '25001');
    expect(cases).toContainEqual({
      id: '25101',
      name: 'Phone Cases',
      parentId: '25001',
      leaf: true,
    });
    const attributes = await routed.categoryAttributes(session, '25101');
    expect(attributes.find((a) => a.required)?.label).toBe('Material');
    expect(gateways).toEqual(['CN', 'CN', 'CN']);

    const result = await routed.publish(session, listing('XB-1', { Material: 'Silicone' }));
    expect(result).toMatchObject({ status: 'accepted' });
    expect(gateways.slice(-2)).toEqual(['CN', 'PARTNER']);
    const local = await connectorWith().listGoods(sessionOf('8800001'), {
      pageNo: 1,
      pageSize: 10,
    });
    expect(local.goods[0]).toMatchObject({
      goodsId: Number(result.remoteId),
      outGoodsSn: 'XB-1',
      goodsName: 'Shockproof phone case',
    });
    expect(local.goods[0]!.skuInfoList.map((s) => [s.outSkuSn, s.price])).toEqual([
      ['XB-1-BLK', '12.99'],
      ['XB-1-RED', '13.49'],
    ]);
  });

  it('never resends temu.goods.add after a lost answer or on a resumed run: the product is looked up by SKU', async () => {
    const { connector: lossy, typesSent, failNext } = lossyConnector('temu.goods.add');
    const adds = () => typesSent.filter((t) => t === 'temu.goods.add').length;
    const products = async () =>
      (await connectorWith().listGoods(sessionOf('8800003'), { pageNo: 1, pageSize: 10 })).goods;
    const session = crossBorder('8800003');
    const published = await lossy.publish(session, listing('XB-LOST', { Material: 'Metal' }));
    expect(published).toMatchObject({ status: 'accepted', remoteId: expect.any(String) });
    expect(adds()).toBe(1);
    expect((await products()).map((g) => [String(g.goodsId), g.outGoodsSn])).toEqual([
      [published.remoteId, 'XB-LOST'],
    ]);

    // A run resumed after a kill finds the product its first run made and adds nothing.
    const resumed = await lossy.publish(session, {
      ...listing('XB-LOST', { Material: 'Metal' }),
      createdSince: new Date(Date.now() - 60_000),
    });
    expect(resumed).toMatchObject({ status: 'accepted', remoteId: published.remoteId });
    expect(adds()).toBe(1);
    expect(await products()).toHaveLength(1);

    // A 5xx on create is not resent either; nothing was made, so the failure stands.
    failNext();
    const refused = await marketplaceError(
      lossy.publish(session, listing('XB-NONE', { Material: 'Metal' })),
    );
    expect(refused.kind).toBe('unavailable');
    expect(adds()).toBe(2);
    expect(await products()).toHaveLength(1);
  });

  it('refuses what the reference names no cross-border call for, and sends such sellers to the agent seller centre', async () => {
    const session = crossBorder('8800002');
    const again = await routed.publish(session, {
      ...listing('XB-2', { Material: 'Silicone' }),
      remoteId: '123',
    });
    expect(again).toMatchObject({
      status: 'invalid',
      issues: [expect.objectContaining({ code: 'cross_border_unsupported' })],
    });
    const down = await marketplaceError(routed.takeDown(session, { sku: 'XB-2', remoteId: '123' }));
    expect(down).toMatchObject({ kind: 'validation', code: 'cross_border_unsupported' });
    const redirectUri = 'https://hub.example/cb';
    expect(routed.authorizeUrl({ site, state: 's', redirectUri, mode: 'cross_border' })).toMatch(
      /^https:\/\/agentseller\.example\/auth\?/,
    );
    expect(routed.authorizeUrl({ site, state: 's', redirectUri })).toMatch(
      /^https:\/\/seller\.example\/auth\?/,
    );
  });
});
