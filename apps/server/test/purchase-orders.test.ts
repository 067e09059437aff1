import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAlipaySimulator } from '@app/sim';
import { productFor, stockOf, type Product } from './cart-fixtures.ts';
import type { SellerFixture } from './fixtures.ts';
import { startAlipayHarness, type AlipayHarness } from './alipay-harness.ts';
import { call, type TestApp } from './helper.ts';
import * as money from './money.ts';

// Alipay is played by the simulator of packages/sim, as in alipay.test.ts.
let h: AlipayHarness;
let t: TestApp;
let sim: RunningAlipaySimulator;

beforeAll(async () => {
  h = await startAlipayHarness();
  ({ t, sim } = h);
});
afterAll(() => h.close());

const post = (s: SellerFixture, url: string, body: unknown) =>
  call(t.app, 'POST', url, { token: s.token, body });
const get = (s: SellerFixture, url: string, query?: Record<string, string>) =>
  call(t.app, 'GET', url, { token: s.token, query });
const cancel = (s: SellerFixture, id: number, key: string = randomUUID()) =>
  money.pay(t, s, '/api/purchase-order/cancel', { id, reason: 'Changed my mind' }, key);

/** An unpaid order of 2 white + 1 black tees to the US, through the cart as a seller makes it. */
async function orderOf(s: SellerFixture): Promise<{ order: any; product: Product }> {
  const product = await productFor(t.database.db, s.sellerId, {
    weightG: 300,
    skus: [
      { color: 'White', size: 'M', costMinor: 2_000, stock: 10 },
      { color: 'Black', size: 'L', costMinor: 2_500, stock: 5 },
    ],
  });
  await post(s, '/api/shoppingcart/cartAdd', { sku_id: product.skus[0]!.id, quantity: 2 });
  await post(s, '/api/shoppingcart/cartAdd', { sku_id: product.skus[1]!.id, quantity: 1 });
  const res = await money.checkoutCart(t, s);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { order: res.body.data, product };
}

const stocks = (p: Product) =>
  Promise.all(p.skus.map((sku) => stockOf(t.database.db, sku.parentSkuId!)));

describe('purchase order list and show', () => {
  it('lists newest first with status and keyword filters; shows one; 404 for another seller', async () => {
    const s = await money.payer(t);
    const { order: first, product } = await orderOf(s);
    const { order: second } = await orderOf(s);
    await cancel(s, first.id);

    const all = (await get(s, '/api/purchase-order/list')).body.data;
    expect(all.list.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect(all.pagination).toEqual({ page: 1, size: 20, total: 2 });
    const unpaid = (await get(s, '/api/purchase-order/list', { status: 'unpaid' })).body.data;
    expect(unpaid.list.map((o: { id: number }) => o.id)).toEqual([second.id]);
    const byNumber = await get(s, '/api/purchase-order/list', { keyword: first.number.slice(-8) });
    expect(byNumber.body.data.list.map((o: { id: number }) => o.id)).toEqual([first.id]);
    const bySku = await get(s, '/api/purchase-order/list', {
      keyword: product.skus[1]!.code.toLowerCase(),
    });
    expect(bySku.body.data.list.map((o: { id: number }) => o.id)).toEqual([first.id]);
    const bad = await get(s, '/api/purchase-order/list', { status: 'lost' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('status');

    const shown = await get(s, '/api/purchase-order/show', { id: String(second.id) });
    // The snapshot as checkout answered it, plus production: nothing shipped, no log yet.
    expect(shown.body.data).toMatchObject({ ...second, items: expect.any(Array) });
    expect(shown.body.data).toMatchObject({ packages: [], log: [], exception: null });

    const stranger = await money.payer(t);
    expect(
      (await get(stranger, '/api/purchase-order/show', { id: String(second.id) })).status,
    ).toBe(404);
    expect((await get(stranger, '/api/purchase-order/list')).body.data.list).toEqual([]);
    expect((await cancel(stranger, second.id)).status).toBe(404);
  });
});

describe('POST /api/purchase-order/cancel', () => {
  it('cancels an unpaid order and returns its stock', async () => {
    const s = await money.payer(t);
    const { order, product } = await orderOf(s);
    expect(await stocks(product)).toEqual([8, 4]);
    const res = await cancel(s, order.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', refunded_minor: 0 });
    expect(res.body.data.cancelled_at).toEqual(expect.any(Number));
    expect(await stocks(product)).toEqual([10, 5]);

    const again = await cancel(s, order.id);
    expect(again.status).toBe(409);
    expect(await stocks(product)).toEqual([10, 5]);
  });

  it('refunds a balance-paid order once to the balance; a second cancel is a 409 or a replay', async () => {
    const s = await money.payer(t, 100_000);
    const { order, product } = await orderOf(s);
    const paid = await money.pay(t, s, '/api/pay/accountPay', {
      order_id: order.id,
      pay_password: money.PAY_PASSWORD,
    });
    expect(paid.status).toBe(200);
    expect(await money.balanceOf(t, s.sellerId)).toBe(100_000 - order.amount_minor);

    const key = randomUUID();
    const [first, replay] = await Promise.all([cancel(s, order.id, key), cancel(s, order.id, key)]);
    expect(first.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({
      status: 'refunded',
      refunded_minor: order.amount_minor,
      paid_via: 'balance',
    });
    const second = await cancel(s, order.id);
    expect(second.status).toBe(409);

    expect(await money.balanceOf(t, s.sellerId)).toBe(100_000);
    const refunds = await money.ledgerRows(t, s.sellerId, 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountMinor: order.amount_minor,
      refType: 'purchase_order',
      refId: order.id,
    });
    expect(await stocks(product)).toEqual([10, 5]);
  });

  it('refunds an Alipay-paid order through alipay.trade.refund once, with no ledger credit', async () => {
    const s = await money.payer(t);
    const { order, product } = await orderOf(s);
    const started = await money.pay(t, s, '/api/pay/alipayOrder', { order_id: order.id });
    expect(started.status).toBe(200);
    await h.buyerPays(started.body.data.pay_url);
    await sim.simulator.deliverPendingNotifies();
    expect(
      (await get(s, '/api/purchase-order/show', { id: String(order.id) })).body.data,
    ).toMatchObject({
      status: 'paid',
      paid_via: 'alipay',
    });

    const res = await cancel(s, order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'refunded', refunded_minor: order.amount_minor });
    const trade = sim.simulator.trade(started.body.data.out_trade_no);
    expect(trade).toMatchObject({ refundedFen: order.amount_minor, status: 'TRADE_CLOSED' });

    // Alipay's refund notify, however often it comes, moves nothing here.
    await sim.simulator.deliverPendingNotifies();
    expect(await money.balanceOf(t, s.sellerId)).toBe(0);
    expect(await money.ledgerRows(t, s.sellerId, 'refund')).toHaveLength(0);
    expect((await cancel(s, order.id)).status).toBe(409);
    expect(trade!.refundedFen).toBe(order.amount_minor);
    expect(await stocks(product)).toEqual([10, 5]);
  });
});
