import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderLogs, orders, purchaseOrders } from '../src/db/schema.ts';
import { productFor, stockOf, type Product } from './cart-fixtures.ts';
import type { SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import * as money from './money.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const post = (s: SellerFixture, url: string, body: unknown) =>
  call(t.app, 'POST', url, { token: s.token, body });

interface Setup {
  s: SellerFixture;
  product: Product;
  store: number;
}

/** A paying seller with a two-SKU product (black M, white L) and a store. */
async function setup(balanceMinor = 100_000): Promise<Setup> {
  const s = await money.payer(t, balanceMinor);
  const product = await productFor(t.database.db, s.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 1_500, stock: 50 },
      { color: 'White', size: 'L', costMinor: 1_500, stock: 50 },
    ],
  });
  return { s, product, store: await storeFor(t.database.db, s.sellerId) };
}

/** Two orders sharing the black SKU; the second also wants a white one and is processing. */
async function twoOrders({ s, product, store }: Setup) {
  const [black, white] = product.skus;
  const o1 = await orderFor(t.database.db, s.sellerId, store, {
    items: [{ sku: black!.code.toLowerCase(), quantity: 2, lineMinor: 100 }],
  });
  const o2 = await orderFor(t.database.db, s.sellerId, store, {
    status: 30,
    items: [
      { sku: black!.code, quantity: 1, lineMinor: 100 },
      { sku: white!.code, quantity: 1, lineMinor: 100 },
    ],
  });
  return { o1, o2 };
}

async function addCart(s: SellerFixture, ids: number[]) {
  const res = await post(s, '/api/cw-order/add-cart', { ids });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function lines(s: SellerFixture) {
  return t.database.db
    .select()
    .from(cartItems)
    .where(eq(cartItems.sellerId, s.sellerId))
    .orderBy(asc(cartItems.skuId));
}

/** Checks out every cart line to a new US address. */
async function checkout(s: SellerFixture) {
  const res = await money.checkoutCart(t, s);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function logActions(id: number) {
  const rows = await t.database.db
    .select()
    .from(orderLogs)
    .where(eq(orderLogs.orderId, id))
    .orderBy(asc(orderLogs.id));
  return rows.map((r) => ({ action: r.action, detail: r.detail }));
}

const payFromBalance = (s: SellerFixture, orderId: number) =>
  money.pay(t, s, '/api/pay/accountPay', { order_id: orderId, pay_password: money.PAY_PASSWORD });

describe('add to cart from orders', () => {
  it('puts orders sharing a SKU on one line that remembers both, without adding an order twice', async () => {
    const setup_ = await setup();
    const { s, product } = setup_;
    const [black, white] = product.skus;
    const { o1, o2 } = await twoOrders(setup_);

    const added = await addCart(s, [o1.id, o2.id]);
    expect(added).toMatchObject({ added: 3, cart_count: 2 });
    expect(added.items[0]).toMatchObject({
      order_id: o1.id,
      ok: true,
      sku_id: black!.id,
      sku_code: black!.code,
      color: 'Black',
      size: 'M',
      product_title: expect.stringMatching(/^My tee /),
      reason_code: null,
      reason: null,
    });
    expect((await lines(s)).map((l) => [l.skuId, l.quantity, l.orderIds])).toEqual([
      [black!.id, 3, [o1.id, o2.id]],
      [white!.id, 1, [o2.id]],
    ]);

    // Again: every item is on its line already, so nothing is added twice.
    const again = await addCart(s, [o2.id, o1.id]);
    expect(again.added).toBe(0);
    expect(again.items.map((i: { reason_code: string }) => i.reason_code)).toEqual([
      'in_cart',
      'in_cart',
      'in_cart',
    ]);
    // The reason is in the asker's language (zh-CN unless they say otherwise).
    expect(again.items[0].reason).toBe('此 SKU 的购物车行已包含该订单');

    // A plain cartAdd keeps the line's orders; deleting the line forgets them.
    await post(s, '/api/shoppingcart/cartAdd', { sku_id: black!.id, quantity: 1 });
    const [blackLine] = await lines(s);
    expect(blackLine).toMatchObject({ quantity: 4, orderIds: [o1.id, o2.id] });
    await post(s, '/api/shoppingcart/cartDel', { ids: [blackLine!.id] });
    const readded = await addCart(s, [o1.id]);
    expect(readded.added).toBe(1);
    expect((await lines(s))[0]).toMatchObject({ skuId: black!.id, quantity: 2, orderIds: [o1.id] });
  });

  it('reports unmatched SKUs and refused statuses as codes', async () => {
    const setup_ = await setup(0);
    const { s, product, store } = setup_;
    const held = await orderFor(t.database.db, s.sellerId, store, {
      status: 20,
      items: [{ sku: product.skus[0]!.code, quantity: 1, lineMinor: 100 }],
    });
    const unknown = await orderFor(t.database.db, s.sellerId, store, {
      items: [{ sku: 'NOT-MINE', quantity: 1, lineMinor: 100 }],
    });
    const res = await addCart(s, [held.id, unknown.id]);
    expect(res.items).toMatchObject([
      { order_id: held.id, ok: false, reason_code: 'status', sku_code: product.skus[0]!.code },
      { order_id: unknown.id, ok: false, reason_code: 'no_match', sku_id: null, sku_code: null },
    ]);
  });
});

describe('checking out lines added from orders', () => {
  it('moves the orders to purchased with the purchase order and a log; its cancel puts them back and refunds once', async () => {
    const setup_ = await setup();
    const { s, product } = setup_;
    const { o1, o2 } = await twoOrders(setup_);
    await addCart(s, [o1.id, o2.id]);

    const po = await checkout(s);
    expect(po.linked_orders).toEqual([
      { id: o1.id, number: o1.number },
      { id: o2.id, number: o2.number },
    ]);
    expect(po.skipped_orders).toEqual([]);
    for (const [o, from] of [
      [o1, 10],
      [o2, 30],
    ] as const) {
      expect(await orderRow(o.id)).toMatchObject({
        status: 40,
        purchaseOrderId: po.id,
        statusBeforePurchase: from,
      });
      expect(await logActions(o.id)).toEqual([
        {
          action: 'purchase',
          detail: { from, purchase_order_id: po.id, purchase_order_number: po.number },
        },
      ]);
    }
    expect(await lines(s)).toEqual([]);
    const desk = await post(s, '/api/cw-order/list', { status: 40 });
    expect(desk.body.data.list.map((o: { id: number }) => o.id).sort()).toEqual(
      [o1.id, o2.id].sort(),
    );
    expect(desk.body.data.list[0]).toMatchObject({
      purchase_order_id: po.id,
      purchase_order_number: po.number,
      status_name: 'purchased',
    });
    expect(desk.body.data.status_capped).toEqual([]);

    expect((await payFromBalance(s, po.id)).status).toBe(200);
    const paidBalance = await money.balanceOf(t, s.sellerId);
    const cancelled = await money.pay(t, s, '/api/purchase-order/cancel', { id: po.id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.status).toBe('refunded');
    expect(await money.balanceOf(t, s.sellerId)).toBe(paidBalance + po.amount_minor);
    for (const [o, back] of [
      [o1, 10],
      [o2, 30],
    ] as const) {
      expect(await orderRow(o.id)).toMatchObject({
        status: back,
        purchaseOrderId: null,
        statusBeforePurchase: null,
      });
      expect((await logActions(o.id)).at(-1)).toEqual({
        action: 'purchase_cancelled',
        detail: {
          from: 40,
          to: back,
          purchase_order_id: po.id,
          purchase_order_number: po.number,
          purchase_status: 'refunded',
        },
      });
    }
    expect(await stockOf(t.database.db, product.skus[0]!.parentSkuId!)).toBe(50);

    // Released orders are plain orders again: cancelling one refunds nothing.
    const cancelOrder = await post(s, '/api/cw-order/cancel', { id: o1.id });
    expect(cancelOrder.status).toBe(200);
    expect(await money.balanceOf(t, s.sellerId)).toBe(paidBalance + po.amount_minor);
    expect(await money.ledgerRows(t, s.sellerId, 'refund')).toHaveLength(1);
  });

  it('cancelling one purchased order cancels the purchase order once and puts its other order back', async () => {
    const setup_ = await setup();
    const { s } = setup_;
    const { o1, o2 } = await twoOrders(setup_);
    await addCart(s, [o1.id, o2.id]);
    const po = await checkout(s);
    expect((await payFromBalance(s, po.id)).status).toBe(200);
    const paidBalance = await money.balanceOf(t, s.sellerId);

    const res = await post(s, '/api/cw-order/cancel', { id: o1.id, reason: 'Buyer cancelled' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 60 });
    expect(await money.balanceOf(t, s.sellerId)).toBe(paidBalance + po.amount_minor);
    const [after] = await t.database.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, po.id));
    expect(after!.status).toBe('refunded');
    expect((await logActions(o1.id)).map((l) => l.action)).toEqual(['purchase', 'cancel']);
    expect(await orderRow(o2.id)).toMatchObject({ status: 30, purchaseOrderId: null });
    expect((await logActions(o2.id)).map((l) => l.action)).toEqual([
      'purchase',
      'purchase_cancelled',
    ]);

    // The purchase order is refunded already: its own cancel is refused and moves no money.
    const again = await money.pay(t, s, '/api/purchase-order/cancel', { id: po.id });
    expect(again.status).toBe(409);
    expect(await money.ledgerRows(t, s.sellerId, 'refund')).toHaveLength(1);
    expect(await money.balanceOf(t, s.sellerId)).toBe(paidBalance + po.amount_minor);
  });

  it('skips orders whose status changed since they were added, and reports them', async () => {
    const setup_ = await setup();
    const { s } = setup_;
    const { o1, o2 } = await twoOrders(setup_);
    await addCart(s, [o1.id, o2.id]);
    expect((await post(s, '/api/cw-order/cancel', { id: o1.id })).status).toBe(200);
    await t.database.db.update(orders).set({ status: 20 }).where(eq(orders.id, o2.id));

    const po = await checkout(s);
    expect(po.linked_orders).toEqual([]);
    expect(po.skipped_orders).toEqual([
      { id: o1.id, number: o1.number, reason_code: 'status', reason: expect.any(String) },
      { id: o2.id, number: o2.number, reason_code: 'status', reason: expect.any(String) },
    ]);
    expect(await orderRow(o1.id)).toMatchObject({ status: 60, purchaseOrderId: null });
    expect(await orderRow(o2.id)).toMatchObject({ status: 20, purchaseOrderId: null });

    // An order another purchase order has already is reported as such.
    const setup2 = await setup();
    const { o1: p1 } = await twoOrders(setup2);
    await addCart(setup2.s, [p1.id]);
    const [line] = await lines(setup2.s);
    const first = await checkout(setup2.s);
    await t.database.db.insert(cartItems).values({
      sellerId: setup2.s.sellerId,
      skuId: line!.skuId,
      quantity: 1,
      orderIds: [p1.id],
    });
    const second = await checkout(setup2.s);
    expect(second.skipped_orders).toMatchObject([{ id: p1.id, reason_code: 'purchased' }]);
    expect(await orderRow(p1.id)).toMatchObject({ status: 40, purchaseOrderId: first.id });
  });

  it("answers 404 for another seller's orders and purchase order, touching nothing", async () => {
    const setup_ = await setup();
    const { s } = setup_;
    const { o1 } = await twoOrders(setup_);
    await addCart(s, [o1.id]);
    const po = await checkout(s);
    const stranger = await money.payer(t, 10_000);
    expect((await post(stranger, '/api/cw-order/add-cart', { ids: [o1.id] })).status).toBe(404);
    expect((await post(stranger, '/api/cw-order/cancel', { id: o1.id })).status).toBe(404);
    const cancel = await money.pay(t, stranger, '/api/purchase-order/cancel', { id: po.id });
    expect(cancel.status).toBe(404);
    expect(await orderRow(o1.id)).toMatchObject({ status: 40, purchaseOrderId: po.id });
    const strangerLines = await t.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.sellerId, stranger.sellerId));
    expect(strangerLines).toEqual([]);
  });
});

it('keeps the orders of both lines when a line switches to a SKU already in the cart', async () => {
  const setup_ = await setup(0);
  const { s, product } = setup_;
  const { o1, o2 } = await twoOrders(setup_);
  await addCart(s, [o1.id, o2.id]);
  const [black, white] = await lines(s);
  const res = await post(s, '/api/shoppingcart/editCartPurchase', {
    id: white!.id,
    sku_id: product.skus[0]!.id,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(await lines(s)).toMatchObject([{ id: black!.id, quantity: 4, orderIds: [o1.id, o2.id] }]);
  await post(s, '/api/shoppingcart/cartAdd', { sku_id: product.skus[1]!.id, quantity: 1 });
  expect((await lines(s))[1]).toMatchObject({ skuId: product.skus[1]!.id, orderIds: [] });
});

it('names the tabs whose count stopped at 10,000', async () => {
  const { s, store } = await setup(0);
  await t.database.db.execute(sql`
    insert into orders (seller_id, store_id, marketplace, remote_id, number, order_status, status,
                        purchased_at, remote_updated_at, currency, total_minor, total,
                        fulfillment_channel, order_from)
    select ${s.sellerId}, ${store}, 'amazon', 'CAP-' || n, 'CAP-' || n, 'unshipped', 10, now(),
           now(), 'USD', 100, '1.00', 'MFN', 'sync'
    from generate_series(1, 10001) as n`);
  await orderFor(t.database.db, s.sellerId, store, {
    status: 30,
    items: [{ sku: 'CAP', quantity: 1, lineMinor: 100 }],
  });
  const page = (await post(s, '/api/cw-order/list', { limit: 1 })).body.data;
  expect(page.status_counts).toMatchObject({ all: 10_001, new: 10_000, processing: 1 });
  expect(page.status_capped).toEqual(['all', 'new']);
  expect(page.pagination).toMatchObject({ total: 10_000, more: true });
});
