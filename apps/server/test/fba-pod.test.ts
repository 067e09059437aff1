import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_SITES } from '@app/shared';
import { fbaPodOrders, ledgerEntries, sellers, stores, storeStaff } from '../src/db/schema.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { syncOpenShipments } from '../src/modules/fba/index.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { productFor, type Product } from './cart-fixtures.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import * as money from './money.ts';
import { operatorDesk } from './production-fixtures.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';

/** POD to FBA (issue 21): purchase, production, boxes, plan, labels, shipping, closed. */
let clock = Date.now();
const sleep = async (ms: number) => {
  clock += ms;
};
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let product: Product;
let storeId: number;
let desk: Awaited<ReturnType<typeof operatorDesk>>;
const ACCOUNT = 'A3PODFBA00001';
const US = MARKET_SITES.find((s) => s.marketplace === 'amazon' && s.code === 'US')!;
const STEP_MS = 60_000;

async function publish(sku: string) {
  const { accessToken } = h.sims.amazon.grant(ACCOUNT, 'US');
  const url = `${h.config.SIM_BASE_URL}/amazon/listings/2021-08-01/items/${ACCOUNT}/${sku}?marketplaceIds=${US.remoteId}`;
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'x-amz-access-token': accessToken, 'content-type': 'application/json' },
    body: JSON.stringify({
      productType: 'MUG',
      requirements: 'LISTING',
      attributes: {
        item_name: [{ value: `陶瓷马克杯 Mug ${sku}` }],
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

const post = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/fba/${path}`, { token, body });
const submit = (body: unknown, key = randomUUID(), token = seller.token) =>
  call(t.app, 'POST', '/api/fba/pod-submit', {
    token,
    body,
    headers: { 'idempotency-key': key },
  });
const address = {
  name: 'Shenzhen factory',
  address_line1: '1 Keji Rd',
  city: 'Shenzhen',
  postal_code: '518000',
  country_code: 'CN',
  phone_number: '+8675512345678',
};
const box = (items: Array<{ sku: string; quantity: number }>, count = 1) => ({
  length: 40,
  width: 30,
  height: 30,
  dimension_unit: 'CM',
  weight: 6,
  weight_unit: 'KG',
  count,
  items,
});
const balanceOf = async (sellerId: number) =>
  (
    await t.database.db
      .select({ b: sellers.balanceMinor })
      .from(sellers)
      .where(eq(sellers.id, sellerId))
  )[0]!.b;

beforeAll(async () => {
  h = await startSimHarness({ now: () => new Date(clock) });
  t = await h.app({ sleep });
  seller = await money.payer(t, 10_000_000);
  other = await money.payer(t, 1_000_000);
  product = await productFor(t.database.db, seller.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 1_500, stock: 100 },
      { color: 'White', size: 'L', costMinor: 2_000, stock: 100 },
    ],
  });
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
  for (const sku of product.skus) await publish(sku.code);
  desk = await operatorDesk(t);
}, 120_000);
afterAll(async () => h?.close());

async function quoted(items: Array<{ sku_id: number; quantity: number }>) {
  const res = await post('pod-quote', { market_id: storeId, items });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('POD to FBA', () => {
  it('buys once, produces, packs, makes the plan, prints labels, ships and reaches closed', async () => {
    const [black, white] = product.skus;
    const picker = await post('pod-products', { market_id: storeId });
    expect(picker.status).toBe(200);
    expect(picker.body.data.map((p: { sku_code: string }) => p.sku_code).sort()).toEqual(
      [black!.code, white!.code].sort(),
    );

    const items = [
      { sku_id: black!.id, quantity: 12 },
      { sku_id: white!.id, quantity: 6 },
    ];
    const quote = await quoted(items);
    expect(quote).toMatchObject({ quantity: 18, balance_minor: 10_000_000 });
    expect(quote.shipping_minor).toBeGreaterThan(0);
    const body = {
      market_id: storeId,
      items,
      total_minor: quote.total_minor,
      pay_password: money.PAY_PASSWORD,
    };

    // A retried submit with the same key answers the same order; the money moves once.
    const key = randomUUID();
    const first = await submit(body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await submit(body, key);
    expect(again.body.data).toEqual(first.body.data);
    const order = first.body.data;
    expect(order).toMatchObject({ stage: 'producing', purchase_order_status: 'paid' });
    expect(await balanceOf(seller.sellerId)).toBe(10_000_000 - quote.total_minor);
    const pods = await t.database.db
      .select()
      .from(fbaPodOrders)
      .where(eq(fbaPodOrders.sellerId, seller.sellerId));
    expect(pods).toHaveLength(1);
    const payments = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, seller.sellerId), eq(ledgerEntries.kind, 'payment')));
    expect(payments).toHaveLength(1);
    const poId: number = order.purchase_order_id;

    const marks = await desk.get('fba-marks', { ids: `${poId},999999` });
    expect(marks.body.data).toEqual([{ purchase_order_id: poId, stage: 'producing' }]);

    const pack = (boxes: unknown[]) =>
      desk.post('fba-pack', { id: poId, source_address: address, boxes });
    const right = [
      box([{ sku: black!.code, quantity: 6 }], 2),
      box([{ sku: white!.code, quantity: 6 }]),
    ];
    expect((await pack(right)).status).toBe(409); // not accepted into production yet
    expect((await desk.accept([poId])).body.data.results[0].ok).toBe(true);
    const short = await pack([box([{ sku: black!.code, quantity: 12 }])]);
    expect(short.status).toBe(422);
    expect(Object.keys(short.body.data.fields)).toEqual(['boxes']);
    const stranger = await pack([box([{ sku: 'NOT-MINE', quantity: 1 }])]);
    expect(Object.keys(stranger.body.data.fields)).toEqual(['boxes.0.items.0.sku']);

    const packed = await pack(right);
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    const { plan } = packed.body.data;
    expect(packed.body.data.order.stage).toBe('planned');
    expect(packed.body.data.order.boxes).toHaveLength(2);
    expect(plan.step).toBe('confirmed');
    expect(plan.boxes).toEqual(right);
    expect(packed.body.data.order.items.map((i: { fnsku: string }) => i.fnsku)).toEqual([
      expect.stringMatching(/^X00/),
      expect.stringMatching(/^X00/),
    ]);
    expect((await pack(right)).status).toBe(409); // the plan has the boxes now

    const pdf = async (path: string, query: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sys/production/${path}`,
        query,
        headers: { authorization: `Bearer ${desk.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      return res.rawPayload;
    };
    await pdf('fba-product-label', { id: String(poId), sheet: 'thermal_50x25' });
    for (const s of plan.shipments) {
      const labels = await pdf('fba-box-label', { id: String(poId), shipment_id: s.shipment_id });
      expect(labels.toString('latin1')).toContain(`${s.confirmation_id}U000001`);
    }

    let n = 0;
    let shipped;
    for (const s of plan.shipments) {
      shipped = await desk.post('fba-ship', {
        id: poId,
        shipment_id: s.shipment_id,
        tracking: s.boxes.map((b: { box_id: string }) => ({
          box_id: b.box_id,
          tracking_id: `61299998${String(++n).padStart(6, '0')}`,
        })),
      });
      expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    }
    expect(shipped!.body.data.order).toMatchObject({
      stage: 'shipped',
      purchase_order_status: 'shipped',
    });
    const info = await desk.info(poId);
    expect(info.packages).toHaveLength(n);
    expect(info.packages[0].carrier).toBe('FedEx');

    clock += 2 * STEP_MS;
    const job = await syncOpenShipments({
      db: t.database.db,
      connectors: createMarketplaceConnectors(t.config, { sleep }),
      box: storeSecretBox(t.config),
      log: t.app.log,
      everySeconds: 0,
    });
    expect(job.failed).toBe(0);
    const list = await post('pod-list', {});
    expect(list.body.data.list[0]).toMatchObject({ stage: 'closed', plan_id: plan.id });
    expect(list.body.data.list[0].shipment_statuses.every((s: string) => s === 'CLOSED')).toBe(
      true,
    );
  }, 120_000);

  it('refuses a changed total, a wrong pay password and too little balance without moving money', async () => {
    const items = [{ sku_id: product.skus[0]!.id, quantity: 1 }];
    const quote = await quoted(items);
    const before = await balanceOf(seller.sellerId);
    const body = { market_id: storeId, items, pay_password: money.PAY_PASSWORD };
    const changed = await submit({ ...body, total_minor: quote.total_minor + 1 });
    expect(changed.status).toBe(409);
    const wrong = await submit({ ...body, total_minor: quote.total_minor, pay_password: '000000' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.data.fields)).toEqual(['pay_password']);
    expect(await balanceOf(seller.sellerId)).toBe(before);

    const poor = await money.payer(t, 0);
    const ownProduct = await productFor(t.database.db, poor.sellerId, {
      skus: [{ color: 'Black', size: 'M', costMinor: 1_500, stock: 10 }],
    });
    const [poorStore] = await t.database.db
      .insert(stores)
      .values({
        ...sealAuth(storeSecretBox(t.config), h.sims.amazon.grant('A3PODFBAPOOR1', 'US')),
        sellerId: poor.sellerId,
        marketplace: 'amazon',
        marketSiteId: US.id,
        alias: 'Poor US',
        account: 'A3PODFBAPOOR1',
        source: 'sandbox',
      })
      .returning();
    const poorItems = [{ sku_id: ownProduct.skus[0]!.id, quantity: 1 }];
    const poorQuote = await post(
      'pod-quote',
      { market_id: poorStore!.id, items: poorItems },
      poor.token,
    );
    const broke = await submit(
      {
        market_id: poorStore!.id,
        items: poorItems,
        total_minor: poorQuote.body.data.total_minor,
        pay_password: money.PAY_PASSWORD,
      },
      randomUUID(),
      poor.token,
    );
    expect(broke.status).toBe(409);
    expect(broke.body.key).toBe('finance.insufficient_balance');
    const none = await t.database.db
      .select()
      .from(fbaPodOrders)
      .where(eq(fbaPodOrders.sellerId, poor.sellerId));
    expect(none).toEqual([]);
  });

  it('answers 422 for bad input on every route', async () => {
    const bad = async (res: Promise<{ status: number; body: { data: { fields: object } } }>) => {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      return Object.keys(r.body.data.fields);
    };
    expect(await bad(post('pod-products', { market_id: 'x' }))).toEqual(['market_id']);
    expect(await bad(post('pod-quote', { market_id: storeId, items: [] }))).toEqual(['items']);
    const dup = [
      { sku_id: 1, quantity: 1 },
      { sku_id: 1, quantity: 2 },
    ];
    expect(await bad(post('pod-quote', { market_id: storeId, items: dup }))).toEqual(['items']);
    expect(
      await bad(
        call(t.app, 'POST', '/api/fba/pod-submit', {
          token: seller.token,
          body: {
            market_id: storeId,
            items: [{ sku_id: 1, quantity: 1 }],
            total_minor: 1,
            pay_password: '1',
          },
        }),
      ),
    ).toEqual(['idempotency-key']);
    expect(await bad(post('pod-list', { page: 0 }))).toEqual(['page']);
    expect(await bad(desk.get('fba-marks', { ids: 'abc' }))).toEqual(['ids']);
    expect(await bad(desk.get('fba-info', { id: 'x' }))).toEqual(['id']);
    expect(await bad(desk.post('fba-pack', { id: 1, source_address: address, boxes: [] }))).toEqual(
      ['boxes'],
    );
    expect(await bad(desk.post('fba-plan', { id: 'x' }))).toEqual(['id']);
    expect(
      await bad(
        desk.post('fba-ship', {
          id: 1,
          shipment_id: 's',
          tracking: [{ box_id: 'b', tracking_id: '#' }],
        }),
      ),
    ).toEqual(['tracking.0.tracking_id']);
    expect(await bad(desk.get('fba-box-label', { id: '1' }))).toEqual(['shipment_id']);
    expect(await bad(desk.get('fba-product-label', { id: '1', sheet: 'a5' }))).toEqual(['sheet']);
  });

  it("answers 404 for another seller's store and SKU, and for a purchase order not bound for FBA", async () => {
    const items = [{ sku_id: product.skus[0]!.id, quantity: 1 }];
    expect((await post('pod-products', { market_id: storeId }, other.token)).status).toBe(404);
    expect((await post('pod-quote', { market_id: storeId, items }, other.token)).status).toBe(404);
    const theirs = { market_id: storeId, items, total_minor: 1, pay_password: money.PAY_PASSWORD };
    expect((await submit(theirs, randomUUID(), other.token)).status).toBe(404);
    const otherProduct = await productFor(t.database.db, other.sellerId, {
      skus: [{ color: 'Red', size: 'S', costMinor: 1_000, stock: 10 }],
    });
    const foreign = [{ sku_id: otherProduct.skus[0]!.id, quantity: 1 }];
    expect((await post('pod-quote', { market_id: storeId, items: foreign })).status).toBe(404);
    expect((await desk.get('fba-info', { id: '999999' })).status).toBe(404);
    expect(
      (
        await desk.post('fba-pack', {
          id: 999999,
          source_address: address,
          boxes: [box([{ sku: 'A', quantity: 1 }])],
        })
      ).status,
    ).toBe(404);
    expect((await desk.post('fba-plan', { id: 999999 })).status).toBe(404);
    expect(
      (
        await desk.post('fba-ship', {
          id: 999999,
          shipment_id: 's',
          tracking: [{ box_id: 'b', tracking_id: '1234' }],
        })
      ).status,
    ).toBe(404);
    expect((await desk.get('fba-product-label', { id: '999999' })).status).toBe(404);
  });

  it('answers 403 to staff and operators without the permissions', async () => {
    const items = [{ sku_id: product.skus[0]!.id, quantity: 1 }];
    const viewer = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['newOrder:FBAshipments:list'],
    });
    await t.database.db.insert(storeStaff).values({ storeId, userId: viewer.userId });
    expect((await post('pod-list', {}, viewer.token)).status).toBe(200);
    expect((await post('pod-products', { market_id: storeId }, viewer.token)).status).toBe(403);
    expect((await post('pod-quote', { market_id: storeId, items }, viewer.token)).status).toBe(403);
    const adder = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['newOrder:FBAshipments:list', 'newOrder:FBAshipments:add'],
    });
    await t.database.db.insert(storeStaff).values({ storeId, userId: adder.userId });
    expect((await post('pod-quote', { market_id: storeId, items }, adder.token)).status).toBe(200);
    const body = { market_id: storeId, items, total_minor: 1, pay_password: money.PAY_PASSWORD };
    expect((await submit(body, randomUUID(), adder.token)).status).toBe(403);

    const { token } = await createOperator(t.database.db, { roleIds: [] });
    const asOp = (method: 'GET' | 'POST', path: string, payload: Record<string, unknown>) =>
      call(t.app, method, `/api/sys/production/${path}`, {
        token,
        ...(method === 'GET' ? { query: payload as Record<string, string> } : { body: payload }),
      });
    expect((await asOp('GET', 'fba-marks', { ids: '1' })).status).toBe(403);
    expect((await asOp('GET', 'fba-info', { id: '1' })).status).toBe(403);
    expect(
      (
        await asOp('POST', 'fba-pack', {
          id: 1,
          source_address: address,
          boxes: [box([{ sku: 'A', quantity: 1 }])],
        })
      ).status,
    ).toBe(403);
    expect((await asOp('POST', 'fba-plan', { id: 1 })).status).toBe(403);
    expect(
      (
        await asOp('POST', 'fba-ship', {
          id: 1,
          shipment_id: 's',
          tracking: [{ box_id: 'b', tracking_id: '1234' }],
        })
      ).status,
    ).toBe(403);
    expect((await asOp('GET', 'fba-box-label', { id: '1', shipment_id: 's' })).status).toBe(403);
    expect((await asOp('GET', 'fba-product-label', { id: '1' })).status).toBe(403);
  });
});
