import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  finishedProducts,
  finishedSkus,
  jobs,
  orderLogs,
  orders,
  parentProducts,
  purchaseOrders,
  stores,
  storeStaff,
} from '../src/db/schema.ts';
import { ORDERS_SYNC, queueStoreSyncs } from '../src/modules/orders/sync.ts';
import { alignDemoSkus, SIM_DEMO_SKUS } from '../src/modules/orders/demo.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { balanceOf, credit } from './money.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

let t: TestApp;
let seller: SellerFixture;
let storeA: number;
let storeB: number;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t.database.db);
  storeA = await storeFor(t.database.db, seller.sellerId, { alias: 'A store' });
  storeB = await storeFor(t.database.db, seller.sellerId, { alias: 'B store' });
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/cw-order/${path}`, { token, body });
const day = (n: number) => new Date(Date.UTC(2026, 5, n, 6));

describe('order list', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const db = t.database.db;
    const other = await createSeller(db);
    const foreignStore = await storeFor(db, other.sellerId);
    await orderFor(db, other.sellerId, foreignStore, {
      items: [{ sku: 'LIST-TEE', quantity: 1, lineMinor: 100 }],
    });
    const mk = (storeId: number, spec: Parameters<typeof orderFor>[3]) =>
      orderFor(db, seller.sellerId, storeId, spec).then((o) => o.id);
    ids = {
      one: await mk(storeA, {
        purchasedAt: day(1),
        items: [{ sku: 'LIST-TEE-BLK', quantity: 1, lineMinor: 1999 }],
        zone: 'US',
      }),
      two: await mk(storeA, {
        purchasedAt: day(2),
        channel: 'AFN',
        items: [{ sku: 'LIST-MUG', quantity: 2, lineMinor: 2500 }],
        zone: 'DE',
      }),
      three: await mk(storeB, {
        purchasedAt: day(3),
        status: 30,
        items: [
          { sku: 'LIST-TEE-WHT', quantity: 1, lineMinor: 1999 },
          { sku: 'LIST-HAT', quantity: 1, lineMinor: 500 },
        ],
        zone: 'US',
      }),
      four: await mk(storeB, {
        purchasedAt: day(4),
        status: 60,
        orderStatus: 'canceled',
        items: [{ sku: 'LIST-TEE-BLK', quantity: 1, lineMinor: 1999 }],
      }),
    };
  });

  const list = async (body: Record<string, unknown>, path = '/api/cw-order/list') => {
    const res = await call(t.app, 'POST', path, {
      token: seller.token,
      body: { sku: 'list-', ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it("lists only the seller's orders, newest first, with items and tab counts", async () => {
    const page = await list({});
    expect(page.list.map((o: { id: number }) => o.id)).toEqual([
      ids.four,
      ids.three,
      ids.two,
      ids.one,
    ]);
    expect(page.list[1].items).toHaveLength(2);
    expect(page.list[1]).toMatchObject({ market_alias: 'B store', status_name: 'processing' });
    expect(page.status_counts).toMatchObject({ all: 4, new: 2, processing: 1, cancelled: 1 });
    expect(page.pagination).toMatchObject({ total: 4, more: false, next_cursor: null });
  });

  it('combines filters, and the tabs count everything but the status filter', async () => {
    const page = await list({ sku: 'tee', zone: 'us', single_quantity: 1, status: 10 });
    expect(page.list.map((o: { id: number }) => o.id)).toEqual([ids.one]);
    expect(page.status_counts).toMatchObject({ all: 2, new: 1, cancelled: 1, processing: 0 });

    const fba = await list({ market_id: storeA, fulfillment_channel: 'AFN' });
    expect(fba.list.map((o: { id: number }) => o.id)).toEqual([ids.two]);
    const range = await list({
      start_time: Math.floor(day(2).getTime() / 1000),
      end_time: Math.floor(day(3).getTime() / 1000),
      order_status: 'unshipped',
    });
    expect(range.list.map((o: { id: number }) => o.id)).toEqual([ids.three, ids.two]);
    const onDay = await list({ purchase_date: '2026-06-03', source: 'amazon', order_from: 'sync' });
    expect(onDay.list.map((o: { id: number }) => o.id)).toEqual([ids.three]);
    const many = await list({ single_quantity: false });
    expect(many.list.map((o: { id: number }) => o.id)).toEqual([ids.three, ids.two]);
  });

  it('sorts by total and pages by cursor without repeats', async () => {
    const first = await list({ orderBy_field: 'total', orderBy_type: 'desc', limit: 2 });
    expect(first.list.map((o: { total_minor: number }) => o.total_minor)).toEqual([2500, 2499]);
    expect(first.pagination.next_cursor).toBeTruthy();
    const second = await list({
      orderBy_field: 'total',
      orderBy_type: 'desc',
      limit: 2,
      cursor: first.pagination.next_cursor,
    });
    expect(second.list.map((o: { total_minor: number }) => o.total_minor)).toEqual([1999, 1999]);
    expect(second.pagination.next_cursor).toBeNull();
  });

  it('answers the FBA list with AFN orders only, and refuses unknown filter values', async () => {
    const fba = await list({ fulfillment_channel: 'MFN' }, '/api/order/list');
    expect(fba.list.map((o: { id: number }) => o.id)).toEqual([ids.two]);
    const bad = await post('list', { status: 35 });
    expect(bad.status).toBe(422);
  });

  it('shows staff only the orders of stores assigned to them', async () => {
    const staff = await createSeller(t.database.db, { sellerId: seller.sellerId });
    await t.database.db.insert(storeStaff).values({ storeId: storeB, userId: staff.userId });
    const res = await call(t.app, 'POST', '/api/cw-order/list', {
      token: staff.token,
      body: { sku: 'list-' },
    });
    expect(res.body.data.list.map((o: { id: number }) => o.id)).toEqual([ids.four, ids.three]);
    const markets = await post('get-market-list', {}, staff.token);
    expect(markets.body.data.map((m: { id: number }) => m.id)).toEqual([storeB]);
    const hidden = await post('save-order-memo', { id: ids.one, memo: 'x' }, staff.token);
    expect(hidden.status).toBe(404);
    // Read by id too: another store's order is not found, not forbidden.
    expect((await post('show-orders', { ids: [ids.one] }, staff.token)).status).toBe(404);
    expect((await post('show-orders', { ids: [ids.three] }, staff.token)).status).toBe(200);
  });
});

describe('marketplace-fulfilled orders (issue 21)', () => {
  let amazonFba: number;
  let temuAfn: number;
  let temuStore: number;
  beforeAll(async () => {
    const db = t.database.db;
    temuStore = await storeFor(db, seller.sellerId, { marketplace: 'temu', alias: 'T store' });
    const mk = (storeId: number, marketplace: 'amazon' | 'temu', channel: 'AFN' | 'MFN') =>
      orderFor(db, seller.sellerId, storeId, {
        marketplace,
        channel,
        items: [{ sku: 'AFN-CASE', quantity: 1, lineMinor: 900 }],
      }).then((o) => o.id);
    amazonFba = await mk(storeA, 'amazon', 'AFN');
    temuAfn = await mk(temuStore, 'temu', 'AFN');
    await mk(temuStore, 'temu', 'MFN');
  });
  const ids = (page: { list: Array<{ id: number }> }) => page.list.map((o) => o.id);
  const listOf = async (path: string, body: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', path, {
      token: seller.token,
      body: { sku: 'afn-', ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it("lists Amazon's AFN orders alone on the FBA list, whatever marketplace is asked", async () => {
    expect(ids(await listOf('/api/order/list', {}))).toEqual([amazonFba]);
    expect(ids(await listOf('/api/order/list', { source: 'temu' }))).toEqual([amazonFba]);
    expect(ids(await listOf('/api/order/list', { market_id: temuStore }))).toEqual([]);
  });

  it("shows Temu's platform-fulfilled orders under the desk's marketplace-fulfilled filter", async () => {
    const afn = await listOf('/api/cw-order/list', { fulfillment_channel: 'AFN' });
    expect(ids(afn)).toEqual([temuAfn, amazonFba]);
    const temu = await listOf('/api/cw-order/list', { fulfillment_channel: 'AFN', source: 'temu' });
    expect(ids(temu)).toEqual([temuAfn]);
    const seller = await listOf('/api/cw-order/list', { fulfillment_channel: 'MFN' });
    expect(ids(seller)).not.toContain(temuAfn);
    expect(ids(seller)).not.toContain(amazonFba);
  });

  it('offers only the memo on an AFN order and refuses hold, cancel and logistics (409)', async () => {
    const [shown] = (await post('show-orders', { ids: [amazonFba] })).body.data;
    expect(shown.actions).toEqual(['save_memo']);
    const refusals = [
      await post('set-order-hold', { id: amazonFba, hold: true }),
      await post('cancel', { id: temuAfn, reason: 'buyer asked' }),
      await post('save-logistics', {
        id: amazonFba,
        user_logistics_channel_id: 3,
        shipped_number: 'LP00123456789012',
      }),
      await post('split-order', { id: temuAfn, items: [{ item_id: 1, quantity: 1 }] }),
    ];
    for (const res of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.key).toBe('orders.marketplace_fulfilled');
    }
    expect(refusals[0]!.body.message).toContain('由平台配送');
    const inEnglish = await call(t.app, 'POST', '/api/cw-order/set-order-hold', {
      token: seller.token,
      body: { id: temuAfn, hold: true },
      headers: { 'accept-language': 'en' },
    });
    expect(inEnglish.body.message).toBe(
      `Order ${temuAfn} is fulfilled by the marketplace (FBA or its own warehouses): it cannot be held, cancelled or given logistics here, only a memo`,
    );
    const [after] = (await post('show-orders', { ids: [amazonFba] })).body.data;
    expect(after).toMatchObject({ status: 10, hold: false, shipped_number: null });
    const memo = await post('save-order-memo', { id: amazonFba, memo: 'FBA replacement sent' });
    expect(memo.body.data.memo).toBe('FBA replacement sent');
  });

  it('answers 404 for another seller and 403 for staff without the permission', async () => {
    const other = await createSeller(t.database.db);
    const foreign = await post('set-order-hold', { id: amazonFba, hold: true }, other.token);
    expect(foreign.status).toBe(404);
    const bad = await call(t.app, 'POST', '/api/order/list', {
      token: seller.token,
      body: { fulfillment_channel: 'XFN' },
    });
    expect(bad.status).toBe(422);
    // A viewer of the FBA list may read it but not hold an order on the desk.
    const viewer = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: ['newOrder:FBAorder:list'],
    });
    await t.database.db.insert(storeStaff).values({ storeId: storeA, userId: viewer.userId });
    const fbaList = await call(t.app, 'POST', '/api/order/list', {
      token: viewer.token,
      body: { sku: 'afn-' },
    });
    expect(ids(fbaList.body.data)).toEqual([amazonFba]);
    expect((await post('set-order-hold', { id: amazonFba, hold: true }, viewer.token)).status).toBe(
      403,
    );
  });
});

describe('order actions', () => {
  const newOrder = (items = [{ sku: 'ACT-TEE', quantity: 3, lineMinor: 1000 }], extra = 0) =>
    orderFor(t.database.db, seller.sellerId, storeA, { items, extraMinor: extra });

  it('saves address and memo, and logs each change', async () => {
    const o = await newOrder();
    const address = {
      name: 'Sam Taylor',
      phone: '555-0199',
      line1: '9 Pine Rd',
      city: 'Bristol',
      postal_code: 'BS1',
      country_code: 'gb',
    };
    const saved = await post('save-order-address', { id: o.id, address });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ zone: 'GB', address: { country_code: 'GB' } });
    const memo = await post('save-order-memo', { id: o.id, memo: 'gift wrap' });
    expect(memo.body.data.memo).toBe('gift wrap');
    const logs = await post('show-order-log', { id: o.id });
    expect(logs.body.data.map((l: { action: string }) => l.action)).toEqual(['address', 'memo']);
    expect(logs.body.data[0].user_id).toBe(seller.userId);
    // Each line is written when read, in the reader's language.
    expect(logs.body.data.map((l: { text: string }) => l.text)).toEqual([
      '修改了收货地址',
      '备注改为“gift wrap”',
    ]);
    const inEnglish = await call(t.app, 'POST', '/api/cw-order/show-order-log', {
      token: seller.token,
      body: { id: o.id },
      headers: { 'accept-language': 'en' },
    });
    expect(inEnglish.body.data.map((l: { text: string }) => l.text)).toEqual([
      'Address changed',
      'Memo set to "gift wrap"',
    ]);
  });

  it('holds and releases back to the previous status; refuses what the status forbids', async () => {
    const o = await newOrder();
    await post('save-logistics', {
      id: o.id,
      user_logistics_channel_id: 3,
      shipped_number: 'LP00123456789012',
    });
    const held = await post('set-order-hold', { id: o.id, hold: true });
    expect(held.body.data).toMatchObject({ status: 20, hold: true });
    const split = await post('split-order', {
      id: o.id,
      items: [{ item_id: o.itemIds[0], quantity: 1 }],
    });
    expect(split.status).toBe(409);
    expect(split.body.data).toMatchObject({ status: 20, action: 'split' });
    const again = await post('set-order-hold', { id: o.id, hold: true });
    expect(again.status).toBe(409);
    const released = await post('set-order-hold', { id: o.id, hold: false });
    expect(released.body.data).toMatchObject({ status: 30, hold: false });
  });

  it('splits with totals exact in minor units, and copies', async () => {
    const o = await newOrder(
      [
        { sku: 'ACT-A', quantity: 3, lineMinor: 1000 },
        { sku: 'ACT-B', quantity: 1, lineMinor: 777 },
      ],
      299,
    );
    const res = await post('split-order', {
      id: o.id,
      items: [
        { item_id: o.itemIds[0], quantity: 1 },
        { item_id: o.itemIds[1], quantity: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { original, created } = res.body.data;
    expect(created.total_minor).toBe(333 + 777);
    expect(original.total_minor).toBe(1000 - 333 + 299);
    expect(original.total_minor + created.total_minor).toBe(1000 + 777 + 299);
    expect(original.total).toBe('9.66');
    expect(created).toMatchObject({
      order_from: 'split',
      parent_id: o.id,
      seller_order_id: `${o.number}-S1`,
      quantity: 2,
      remote_id: null,
    });
    expect(original).toMatchObject({ quantity: 2, item_count: 1 });
    expect(original.items[0]).toMatchObject({ quantity: 2, line_total_minor: 667 });

    const all = await post('split-order', {
      id: o.id,
      items: [{ item_id: o.itemIds[0], quantity: 2 }],
    });
    expect(all.status).toBe(422);

    const copy = await post('copy-order', { id: o.id });
    expect(copy.body.data).toMatchObject({
      order_from: 'copy',
      seller_order_id: `${o.number}-C1`,
      total_minor: 667,
      status: 10,
    });

    // The log names the other orders by the numbers the seller knows, never their row ids.
    const texts = async (id: number) =>
      (await post('show-order-log', { id })).body.data.map((l: { text: string }) => l.text);
    const lines = await texts(o.id);
    expect(lines[0]).toMatch(new RegExp(`^拆分：新订单 ${o.number}-S1 分走`));
    expect(lines[1]).toBe(`复制为订单 ${o.number}-C1`);
    expect(await texts(created.id)).toEqual([`拆分自订单 ${o.number}`]);
  });

  it('cancels an item, edits a quantity, and cancels the order', async () => {
    const o = await newOrder([
      { sku: 'ACT-C', quantity: 2, lineMinor: 1001 },
      { sku: 'ACT-D', quantity: 1, lineMinor: 500 },
    ]);
    const edited = await post('edit-num', { id: o.id, item_id: o.itemIds[0], quantity: 3 });
    expect(edited.body.data.items[0]).toMatchObject({ quantity: 3, line_total_minor: 1502 });
    expect(edited.body.data.total_minor).toBe(2002);
    const cancelled = await post('cancel-order-item', { id: o.id, item_id: o.itemIds[1] });
    expect(cancelled.body.data).toMatchObject({ total_minor: 1502, item_count: 1 });
    expect(cancelled.body.data.items[1].cancelled).toBe(true);
    const last = await post('cancel-order-item', { id: o.id, item_id: o.itemIds[0] });
    expect(last.status).toBe(409);
    const gone = await post('cancel', { id: o.id, reason: 'buyer asked' });
    expect(gone.body.data).toMatchObject({ status: 60, actions: ['save_memo', 'copy'] });
    const twice = await post('cancel', { id: o.id });
    expect(twice.status).toBe(409);
  });

  it('cancels a purchased order through its purchase order, refunding the balance', async () => {
    const db = t.database.db;
    await credit(t, seller.sellerId, 10_000);
    const [po] = await db
      .insert(purchaseOrders)
      .values({
        sellerId: seller.sellerId,
        number: `PO${Date.now()}`,
        status: 'paid',
        paidVia: 'balance',
        amountMinor: 4321,
      })
      .returning();
    const o = await orderFor(db, seller.sellerId, storeA, {
      status: 40,
      purchaseOrderId: po!.id,
      items: [{ sku: 'ACT-E', quantity: 1, lineMinor: 900 }],
    });
    const found = await post('list', { purchase_shipped_number: po!.number });
    expect(found.body.data.list.map((x: { id: number }) => x.id)).toEqual([o.id]);
    const before = await balanceOf(t, seller.sellerId);
    const res = await post('cancel', { id: o.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe(60);
    expect(await balanceOf(t, seller.sellerId)).toBe(before + 4321);
    const [after] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, po!.id));
    expect(after!.status).toBe('refunded');

    // A purchase order refunded already (e.g. from its own page) is not refunded twice.
    const again = await orderFor(db, seller.sellerId, storeA, {
      status: 40,
      purchaseOrderId: po!.id,
      items: [{ sku: 'ACT-E', quantity: 1, lineMinor: 900 }],
    });
    const second = await post('cancel', { id: again.id });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await balanceOf(t, seller.sellerId)).toBe(before + 4321);
  });

  it('saves logistics in a batch, one failure undoing nothing', async () => {
    const a = await newOrder();
    const b = await orderFor(t.database.db, seller.sellerId, storeA, {
      status: 50,
      items: [{ sku: 'ACT-F', quantity: 1, lineMinor: 100 }],
    });
    const res = await post('save-batch-logistics', {
      list: [
        { id: a.id, user_logistics_channel_id: 7, shipped_number: 'GM6051234567890001' },
        { id: b.id, user_logistics_channel_id: 7, shipped_number: 'GM6051234567890002' },
        { id: 999_999, user_logistics_channel_id: 7, shipped_number: 'GM6051234567890003' },
      ],
    });
    expect(res.body.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false]);
    const found = await post('list', {
      shipped_number: 'GM6051234567890001',
      user_logistics_channel_id: 7,
    });
    expect(found.body.data.list).toHaveLength(1);
    expect(found.body.data.list[0]).toMatchObject({ id: a.id, status: 30 });
  });

  it("answers 404 for another seller's order", async () => {
    const other = await createSeller(t.database.db);
    const o = await newOrder();
    for (const [path, body] of [
      ['save-order-memo', { id: o.id, memo: 'x' }],
      ['cancel', { id: o.id }],
      ['show-order-log', { id: o.id }],
      ['add-cart', { ids: [o.id] }],
    ] as const) {
      const res = await post(path, body, other.token);
      expect(res.status, path).toBe(404);
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.memo).toBe('');
    const logs = await t.database.db.select().from(orderLogs).where(eq(orderLogs.orderId, o.id));
    expect(logs).toHaveLength(0);
  });
});

describe('add to cart from orders', () => {
  it('adds items whose SKU codes are finished SKUs and reports the others', async () => {
    const db = t.database.db;
    const buyer = await createSeller(db);
    const store = await storeFor(db, buyer.sellerId);
    const product = await productFor(db, buyer.sellerId, {
      skus: [
        { color: 'Black', size: 'M', costMinor: 1500, stock: 50 },
        { color: 'White', size: 'L', costMinor: 1500, stock: 50 },
      ],
    });
    const [black, white] = product.skus;
    const o1 = await orderFor(db, buyer.sellerId, store, {
      items: [
        { sku: black!.code.toLowerCase(), quantity: 2, lineMinor: 100 },
        { sku: 'NOT-MINE', quantity: 1, lineMinor: 100 },
      ],
    });
    const o2 = await orderFor(db, buyer.sellerId, store, {
      items: [
        { sku: black!.code, quantity: 1, lineMinor: 100 },
        { sku: white!.code, quantity: 2, lineMinor: 100 },
      ],
    });
    const shipped = await orderFor(db, buyer.sellerId, store, {
      status: 50,
      items: [{ sku: white!.code, quantity: 1, lineMinor: 100 }],
    });
    const res = await post('add-cart', { ids: [o1.id, o2.id, shipped.id] }, buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.added).toBe(3);
    expect(res.body.data.cart_count).toBe(2);
    const refused = res.body.data.items.filter((i: { ok: boolean }) => !i.ok);
    expect(refused.map((i: { sku: string }) => i.sku)).toEqual(['NOT-MINE', white!.code]);
    const lines = await db.select().from(cartItems).where(eq(cartItems.sellerId, buyer.sellerId));
    const qty = Object.fromEntries(lines.map((l) => [l.skuId, l.quantity]));
    expect(qty).toEqual({ [black!.id]: 3, [white!.id]: 2 });
    const num = await post('get-cart-num', {}, buyer.token);
    expect(num.body.data.count).toBe(2);
  });

  it("gives demo SKUs the codes the simulators' buyers order", async () => {
    const db = t.database.db;
    const demo = await createSeller(db);
    const a = await productFor(db, demo.sellerId, {
      skus: [
        { color: 'White', size: 'S', costMinor: 100, stock: 5 },
        { color: 'Black', size: 'L', costMinor: 100, stock: 5 },
        { color: 'Black', size: 'M', costMinor: 100, stock: 5 },
      ],
    });
    const b = await productFor(db, demo.sellerId, {
      skus: [
        { color: 'White', size: 'S', costMinor: 100, stock: 5 },
        { color: 'White', size: 'L', costMinor: 100, stock: 5 },
      ],
    });
    const mug = await productFor(db, demo.sellerId, {
      skus: [{ color: 'White', size: '11oz', costMinor: 100, stock: 5 }],
    });
    const [made] = await db
      .select({ parentId: finishedProducts.parentProductId })
      .from(finishedProducts)
      .where(eq(finishedProducts.id, mug.productId));
    await db
      .update(parentProducts)
      .set({ titleEn: 'Ceramic Coffee Mug' })
      .where(eq(parentProducts.id, made!.parentId!));
    await alignDemoSkus(db, demo.sellerId);
    const codes = await db
      .select({ id: finishedSkus.id, code: finishedSkus.skuCode })
      .from(finishedSkus)
      .where(eq(finishedSkus.sellerId, demo.sellerId));
    const codeOf = Object.fromEntries(codes.map((c) => [c.id, c.code]));
    // Each tee code goes to the tee SKU of its colour and size (not the first black or white
    // one), the mug code to the mug, the case code (no case) to the first SKU of a product no
    // code went to.
    const [tee, mugCode, caseCode, whiteTee] = SIM_DEMO_SKUS;
    expect([...a.skus, ...b.skus, ...mug.skus].map((s) => codeOf[s.id])).toEqual([
      a.skus[0]!.code,
      a.skus[1]!.code,
      tee,
      caseCode,
      whiteTee,
      mugCode,
    ]);
    const [product] = await db
      .select({ skuText: finishedProducts.skuText })
      .from(finishedProducts)
      .where(eq(finishedProducts.id, a.productId));
    expect(product!.skuText.split(' ')).toContain(tee.toLowerCase());
  });
});

describe('scheduled sync', () => {
  it('queues switched-on stores without a live sync waiting; a stale one does not block', async () => {
    const db = t.database.db;
    const owner = await createSeller(db);
    const [busy, stale, idle, off] = [
      await storeFor(db, owner.sellerId),
      await storeFor(db, owner.sellerId),
      await storeFor(db, owner.sellerId),
      await storeFor(db, owner.sellerId),
    ];
    await db.update(stores).set({ status: 0 }).where(eq(stores.id, off!));
    const waiting = (storeId: number, updatedAt: Date) => ({
      sellerId: owner.sellerId,
      kind: ORDERS_SYNC,
      status: 'running' as const,
      payload: { storeId },
      updatedAt,
    });
    await db
      .insert(jobs)
      .values([waiting(busy!, new Date()), waiting(stale!, new Date(Date.now() - 5 * 3_600_000))]);
    const queued: unknown[] = [];
    const runner = {
      enqueue: async (input: unknown) => {
        queued.push(input);
        return `job-${queued.length}`;
      },
    };
    const result = await queueStoreSyncs(db, runner, {
      sellerId: owner.sellerId,
      skipQueued: true,
    });
    expect(result.map((r) => r.storeId).sort()).toEqual([stale, idle].sort());
    expect(queued[0]).toMatchObject({ kind: ORDERS_SYNC, sellerId: owner.sellerId });
  });
});
