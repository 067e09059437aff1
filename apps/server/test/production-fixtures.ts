import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { productFor, type Product } from './cart-fixtures.ts';
import { createOperator, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import * as money from './money.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

export interface PaidOrder {
  seller: SellerFixture;
  product: Product;
  /** The purchase order as checkout answered it. */
  order: { id: number; number: string; amount_minor: number };
  /** The marketplace order it was bought for. */
  marketOrderId: number;
}

/**
 * A seller whose marketplace order (2 black M + 1 white L) went to the cart and was checked
 * out and, unless `paid: false`, paid from the balance: the purchase order the operator works on.
 */
export async function paidOrder(t: TestApp, opts: { paid?: boolean } = {}): Promise<PaidOrder> {
  const seller = await money.payer(t, 1_000_000);
  const product = await productFor(t.database.db, seller.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 1_500, stock: 50 },
      { color: 'White', size: 'L', costMinor: 2_000, stock: 50 },
    ],
  });
  const store = await storeFor(t.database.db, seller.sellerId);
  const market = await orderFor(t.database.db, seller.sellerId, store, {
    items: [
      { sku: product.skus[0]!.code, quantity: 2, lineMinor: 3_000 },
      { sku: product.skus[1]!.code, quantity: 1, lineMinor: 2_000 },
    ],
  });
  const added = await call(t.app, 'POST', '/api/cw-order/add-cart', {
    token: seller.token,
    body: { ids: [market.id] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const checkout = await money.checkoutCart(t, seller);
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const order = checkout.body.data;
  if (opts.paid !== false) {
    const paid = await money.pay(t, seller, '/api/pay/accountPay', {
      order_id: order.id,
      pay_password: money.PAY_PASSWORD,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }
  return { seller, product, order, marketOrderId: market.id };
}

/** A signed-in operator and its calls on the production desk. */
export async function operatorDesk(t: TestApp) {
  const { token } = await createOperator(t.database.db);
  const get = (path: string, query?: Record<string, string>) =>
    call(t.app, 'GET', `/api/sys/production/${path}`, { token, query });
  const post = (path: string, body: unknown, key?: string) =>
    call(t.app, 'POST', `/api/sys/production/${path}`, {
      token,
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  return {
    token,
    get,
    post,
    info: async (id: number) => {
      const res = await get('info', { id: String(id) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    },
    accept: (ids: number[]) => post('accept', { ids }),
    ship: (body: Record<string, unknown>) => post('ship', body),
    refund: (id: number, amount: number, key: string = randomUUID()) =>
      post('refund', { id, amount_minor: amount, reason: 'Damaged print' }, key),
  };
}
