import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_SITES } from '@app/shared';
import { startKuaidi100Simulator } from '@app/sim';
import { startSimHarness, type SimHarness } from './sim-harness.ts';
import { stores, storeStaff } from '../src/db/schema.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { syncOpenShipments } from '../src/modules/fba/index.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';

/** /api/fba/* against the Amazon simulator (Fulfillment Inbound 2024-03-20) over real HTTP. */
let clock = Date.now();
const sleep = async (ms: number) => {
  clock += ms;
};
let h: SimHarness;
let kuaidi: Awaited<ReturnType<typeof startKuaidi100Simulator>>;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let storeId: number;
const ACCOUNT = 'A3FBATEST0001';
const US = MARKET_SITES.find((s) => s.marketplace === 'amazon' && s.code === 'US')!;
const SKUS = ['FBA-MUG-1', 'FBA-MUG-2', 'FBA-MUG-3'];
/** The simulators' step between SHIPPED, RECEIVING and CLOSED (their default). */
const STEP_MS = 60_000;

/** A listing published to the simulator through the Listings API, as the listings module does. */
async function publish(sku: string, n: number) {
  const { accessToken } = h.sims.amazon.grant(ACCOUNT, 'US');
  const url = `${h.config.SIM_BASE_URL}/amazon/listings/2021-08-01/items/${ACCOUNT}/${sku}?marketplaceIds=${US.remoteId}`;
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'x-amz-access-token': accessToken, 'content-type': 'application/json' },
    body: JSON.stringify({
      productType: 'MUG',
      requirements: 'LISTING',
      attributes: {
        item_name: [{ value: `陶瓷马克杯 Mug ${n}` }],
        brand: [{ value: 'Acme' }],
        product_description: [{ value: 'A mug' }],
        bullet_point: [{ value: 'Ceramic' }],
        condition_type: [{ value: 'new_new' }],
        capacity: [{ value: 11, unit: 'ounces' }],
        purchasable_offer: [
          { currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 12.5 }] }] },
        ],
        fulfillment_availability: [{ fulfillment_channel_code: 'AMAZON_NA', quantity: 0 }],
        main_product_image_locator: [{ media_location: 'https://img.example/m.jpg' }],
      },
    }),
  });
  expect(res.status).toBe(200);
}

/** A PDF route: status, type and the bytes. */
async function download(path: string, query: Record<string, string>, token = seller.token) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/fba/${path}`,
    query,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
}

const post = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/fba/${path}`, { token, body });

const address = {
  name: '深圳仓',
  address_line1: '1 Keji Rd',
  city: 'Shenzhen',
  postal_code: '518000',
  country_code: 'CN',
  phone_number: '+8675512345678',
};
const box = (sku: string, quantity: number, count = 1) => ({
  length: 40,
  width: 30,
  height: 30,
  dimension_unit: 'CM',
  weight: 8,
  weight_unit: 'KG',
  count,
  items: [{ sku, quantity }],
});

async function createPlan(quantity = 10) {
  const res = await post('create', {
    market_id: storeId,
    name: 'Summer restock',
    source_address: address,
    items: SKUS.map((sku) => ({ sku, quantity })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  h = await startSimHarness({ now: () => new Date(clock) });
  kuaidi = await startKuaidi100Simulator({ now: () => clock, stepSeconds: 60 });
  t = await h.app({ sleep, config: { KUAIDI100_URL: kuaidi.url } });
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  const auth = h.sims.amazon.grant(ACCOUNT, 'US');
  const [store] = await t.database.db
    .insert(stores)
    .values({
      ...sealAuth(storeSecretBox(t.config), auth),
      sellerId: seller.sellerId,
      marketplace: 'amazon',
      marketSiteId: US.id,
      alias: 'Amazon US',
      account: auth.account,
      source: 'sandbox',
    })
    .returning();
  storeId = store!.id;
  for (const [n, sku] of SKUS.entries()) await publish(sku, n + 1);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await kuaidi?.close();
});

describe('the shipment wizard', () => {
  it('walks three SKUs through every step to closed shipments, with labels', async () => {
    const plan = await createPlan();
    expect(plan).toMatchObject({ step: 'packing', market_id: storeId, site: 'US', shipments: [] });
    expect(plan.plan_id).toHaveLength(38);
    expect(plan.offers.packing).toHaveLength(2);
    expect(plan.items.map((i: { fnsku: string }) => i.fnsku)).toEqual([
      expect.stringMatching(/^X00/),
      expect.stringMatching(/^X00/),
      expect.stringMatching(/^X00/),
    ]);
    const option = plan.offers.packing[0].id;

    // Amazon's own words when its check fails, and kept on the plan for the wizard.
    const short = await post('packing', {
      id: plan.id,
      packing_option_id: option,
      boxes: [box('FBA-MUG-1', 10)],
    });
    expect(short.status).toBe(409);
    expect(short.body.message).toContain('The boxes hold 0 units of FBA-MUG-2; the plan has 10.');
    expect((await post('detail', { id: plan.id })).body.data.last_error).toContain('FBA-MUG-2');

    const packed = await post('packing', {
      id: plan.id,
      packing_option_id: option,
      boxes: [box('FBA-MUG-1', 5, 2), box('FBA-MUG-2', 10), box('FBA-MUG-3', 10)],
    });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    expect(packed.body.data).toMatchObject({ step: 'placement', last_error: null, shipments: [] });
    const split = packed.body.data.offers.placement.find(
      (p: { shipment_ids: string[] }) => p.shipment_ids.length === 2,
    );

    const placed = await post('placement', { id: plan.id, placement_option_id: split.id });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { shipments, offers } = placed.body.data;
    expect(shipments).toHaveLength(2);
    for (const s of shipments) {
      expect(s.confirmation_id).toMatch(/^FBA[0-9A-Z]{9}$/);
      expect(s.boxes.length).toBeGreaterThan(0);
    }
    const [first, second] = shipments;
    const pick = (shipmentId: string, partnered: boolean) =>
      offers.transport.find(
        (o: { shipment_id: string; partnered: boolean }) =>
          o.shipment_id === shipmentId && o.partnered === partnered,
      ).id;
    const booked = await post('transport', {
      id: plan.id,
      selections: [
        { shipment_id: first.shipment_id, transportation_option_id: pick(first.shipment_id, true) },
        {
          shipment_id: second.shipment_id,
          transportation_option_id: pick(second.shipment_id, false),
        },
      ],
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.data.step).toBe('confirmed');
    const own = booked.body.data.shipments[1];
    expect(own.carrier).toBe('FedEx');

    const boxPdf = await download('box-label', {
      id: String(plan.id),
      shipment_id: own.confirmation_id,
    });
    expect(boxPdf.status).toBe(200);
    expect(boxPdf.type).toBe('application/pdf');
    expect(boxPdf.bytes.toString('latin1')).toContain(`${own.confirmation_id}U000001`);

    const products = await download('product-label', { id: String(plan.id), sheet: 'a4_24' });
    expect(products.status).toBe(200);
    // 30 units on 24-up sheets: two pages.
    expect((await PDFDocument.load(products.bytes)).getPageCount()).toBe(2);

    const tracked = await post('tracking', {
      id: plan.id,
      shipment_id: own.shipment_id,
      tracking: own.boxes.map((b: { box_id: string }, n: number) => ({
        box_id: b.box_id,
        tracking_id: `7720000000${n}`,
      })),
    });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    expect(tracked.body.data.shipments[1].status).toBe('SHIPPED');

    // The carrier's events per tracking number: UPS for the partnered one, FedEx for our own.
    const carrier = await post('kuaidi', { id: plan.id });
    expect(carrier.status, JSON.stringify(carrier.body)).toBe(200);
    const parcels = carrier.body.data.list as Array<Record<string, unknown>>;
    expect(parcels).toHaveLength(first.boxes.length + own.boxes.length);
    expect(parcels.find((p) => p.tracking_id === '77200000000')).toMatchObject({
      shipment_id: own.shipment_id,
      carrier: 'FedEx',
      status: 'in_transit',
      error: null,
    });
    const ups = parcels.find((p) => p.shipment_id === first.shipment_id)!;
    expect(ups.carrier).toBe('United Parcel Service Inc.');
    expect((ups.events as unknown[]).length).toBeGreaterThan(0);
    const one = await post('kuaidi', { id: plan.id, shipment_id: own.confirmation_id });
    expect(one.body.data.list).toHaveLength(own.boxes.length);

    // The minute job reads open shipments back without anyone pressing "Sync".
    clock += STEP_MS;
    const job = await syncOpenShipments({
      db: t.database.db,
      connectors: createMarketplaceConnectors(t.config, { sleep }),
      box: storeSecretBox(t.config),
      log: t.app.log,
      everySeconds: 0,
    });
    expect(job.failed).toBe(0);
    expect(job.synced).toBeGreaterThanOrEqual(1);
    const receiving = await post('detail', { id: plan.id });
    expect(receiving.body.data.shipments.map((s: { status: string }) => s.status)).toEqual([
      'SHIPPED',
      'RECEIVING',
    ]);
    clock += 2 * STEP_MS;
    const closed = await post('sync-shipment', { id: plan.id });
    const statuses = closed.body.data.shipments.map((s: { history: Array<{ status: string }> }) =>
      s.history.map((x) => x.status),
    );
    expect(statuses[1]).toEqual(['WORKING', 'SHIPPED', 'RECEIVING', 'CLOSED']);
    expect(closed.body.data.shipments[0].status).toBe('CLOSED');

    // Too late to cancel: Amazon refuses, in its words.
    const cancel = await post('cancel', { id: plan.id });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toContain('has already shipped');

    const list = async (filters: Record<string, unknown>) =>
      ((await post('list', filters)).body.data.list as Array<{ id: number }>).map((p) => p.id);
    expect(await list({ market_id: storeId })).toContain(plan.id);
    expect(await list({ shipment_id: own.confirmation_id.slice(0, 8) })).toEqual([plan.id]);
    expect(await list({ order_number: plan.number })).toEqual([plan.id]);
    expect(await list({ status: 'CLOSED' })).toEqual([plan.id]);
    expect(await list({ start_time: plan.created_at + 3600 })).toEqual([]);
    const stores = await post('stores', {});
    expect(stores.body.data.map((s: { id: number }) => s.id)).toEqual([storeId]);
    expect((await post('stores', {}, other.token)).body.data).toEqual([]);
  }, 60_000);

  it('cancels a plan before it ships', async () => {
    const plan = await createPlan(2);
    const res = await post('cancel', { id: plan.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.step).toBe('cancelled');
    const again = await post('packing', {
      id: plan.id,
      packing_option_id: plan.offers.packing[0].id,
      boxes: [box('FBA-MUG-1', 2)],
    });
    expect(again.status).toBe(409);
  });
});

describe('editing boxes', () => {
  it('re-sends boxes before placement, refuses it after, and updates a booked shipment by preview', async () => {
    const plan = await createPlan(2);
    const option = plan.offers.packing[0].id;
    const packed = await post('packing', {
      id: plan.id,
      packing_option_id: option,
      boxes: SKUS.map((sku) => box(sku, 2)),
    });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    const edited = await post('boxes', {
      id: plan.id,
      boxes: [{ ...box(SKUS[0]!, 2), items: SKUS.map((sku) => ({ sku, quantity: 2 })) }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ step: 'placement', last_error: null });
    expect(edited.body.data.boxes).toHaveLength(1);
    // One box: Amazon offers only the single-warehouse placement now.
    expect(edited.body.data.offers.placement).toHaveLength(1);
    const stranger = await post('boxes', { id: plan.id, boxes: [box('NOT-IN-PLAN', 1)] });
    expect(stranger.status).toBe(422);
    expect(Object.keys(stranger.body.data.fields)).toEqual(['boxes.0.items.0.sku']);

    const placed = await post('placement', {
      id: plan.id,
      placement_option_id: edited.body.data.offers.placement[0].id,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const late = await post('boxes', { id: plan.id, boxes: [box(SKUS[0]!, 2)] });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('A placement option was already confirmed.');

    const [shipment] = placed.body.data.shipments;
    // Our own carrier: the boxes stay until we send tracking (the partner's pickup runs on a clock).
    const own = placed.body.data.offers.transport.find((o: { partnered: boolean }) => !o.partnered);
    const booked = await post('transport', {
      id: plan.id,
      selections: [{ shipment_id: shipment.shipment_id, transportation_option_id: own.id }],
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const [onlyBox] = booked.body.data.shipments[0].boxes;
    expect(onlyBox.package_id).toHaveLength(38);
    expect(onlyBox.size).toMatchObject({ length: 40, dimension_unit: 'CM', weight_unit: 'KG' });

    const content = (quantity: number, packageId = onlyBox.package_id) => ({
      id: plan.id,
      shipment_id: shipment.shipment_id,
      boxes: [
        {
          ...onlyBox.size,
          package_id: packageId,
          items: SKUS.map((sku, n) => ({ sku, quantity: n === 0 ? quantity : 2 })),
        },
      ],
    });
    const foreign = await post('content-preview', content(1, 'pk' + '0'.repeat(36)));
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.data.fields)).toEqual(['boxes.0.package_id']);
    expect((await post('content-preview', content(1), other.token)).status).toBe(404);
    expect(
      (await post('content-confirm', { id: plan.id, shipment_id: shipment.shipment_id })).status,
    ).toBe(409);

    const preview = await post('content-preview', content(1));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // An own carrier's cost is the seller's: Amazon quotes none.
    expect(preview.body.data.content_update).toMatchObject({
      shipment_id: shipment.shipment_id,
      cost: null,
    });
    const done = await post('content-confirm', { id: plan.id, shipment_id: shipment.shipment_id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.content_update).toBeNull();
    expect(done.body.data.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 2, 2]);
    expect(done.body.data.shipments[0].boxes[0].items[0]).toEqual({ sku: SKUS[0], quantity: 1 });

    // Once the carrier has the boxes, Amazon refuses a content update in its own words.
    const tracked = await post('tracking', {
      id: plan.id,
      shipment_id: shipment.shipment_id,
      tracking: [{ box_id: onlyBox.box_id, tracking_id: '772000000099' }],
    });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    const shipped = await post('content-preview', content(2));
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toContain('has already shipped');
  });
});

describe('input, tenancy and permissions', () => {
  it('answers 422 naming the field for bad input', async () => {
    const bad = await post('create', {
      market_id: storeId,
      name: 'x',
      source_address: { ...address, country_code: 'China' },
      items: [],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(
      expect.arrayContaining(['source_address.country_code', 'items']),
    );
    const plan = await createPlan(1);
    const unknown = await post('packing', {
      id: plan.id,
      packing_option_id: plan.offers.packing[0].id,
      boxes: [box('NOT-IN-PLAN', 1)],
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.data.fields)).toEqual(['boxes.0.items.0.sku']);
    const status = await post('list', { status: 'LOST' });
    expect(status.status).toBe(422);
    expect(Object.keys(status.body.data.fields)).toEqual(['status']);
    const kuaidiBad = await post('kuaidi', { id: 'x', shipment_id: '' });
    expect(kuaidiBad.status).toBe(422);
    expect(Object.keys(kuaidiBad.body.data.fields).sort()).toEqual(['id', 'shipment_id']);
    const notOurs = await post('kuaidi', { id: plan.id, shipment_id: 'FBA000000000' });
    expect(notOurs.status).toBe(404);
    // No shipments yet: nothing to track, not an error.
    expect((await post('kuaidi', { id: plan.id })).body.data.list).toEqual([]);
    const times = await post('list', { start_time: 10, end_time: 5 });
    expect(Object.keys(times.body.data.fields)).toEqual(['start_time']);
  });

  it('hides plans from other sellers and out-of-scope staff, and 403s staff without the permission', async () => {
    const plan = await createPlan(1);
    expect((await post('detail', { id: plan.id }, other.token)).status).toBe(404);
    expect((await post('kuaidi', { id: plan.id }, other.token)).status).toBe(404);
    expect((await post('list', {}, other.token)).body.data.list).toEqual([]);
    expect(
      (await post('create', { ...(await planInput()), market_id: storeId }, other.token)).status,
    ).toBe(404);
    expect((await download('product-label', { id: String(plan.id) }, other.token)).status).toBe(
      404,
    );

    const staff = await createSeller(t.database.db, { sellerId: seller.sellerId });
    expect((await post('detail', { id: plan.id }, staff.token)).status).toBe(404);
    expect((await post('list', {}, staff.token)).body.data.list).toEqual([]);
    await t.database.db.insert(storeStaff).values({ storeId, userId: staff.userId });
    expect((await post('detail', { id: plan.id }, staff.token)).status).toBe(200);

    const viewer = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['newOrder:FBAshipments:list'],
    });
    await t.database.db.insert(storeStaff).values({ storeId, userId: viewer.userId });
    expect((await post('list', {}, viewer.token)).status).toBe(200);
    expect((await post('cancel', { id: plan.id }, viewer.token)).status).toBe(403);
    expect((await post('detail', { id: plan.id }, viewer.token)).status).toBe(403);
    expect((await post('kuaidi', { id: plan.id }, viewer.token)).status).toBe(403);
  });
});

async function planInput() {
  return {
    name: 'Other',
    source_address: address,
    items: [{ sku: SKUS[0]!, quantity: 1 }],
  };
}
