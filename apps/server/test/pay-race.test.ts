import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPurchaseOrder } from '../src/modules/finance/orders.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import * as money from './money.ts';

// On its own: the concurrent pays below hold many connections at once.
const { PAY_PASSWORD } = money;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const payer = (balanceMinor?: number) => money.payer(t, balanceMinor);
const pay = (...args: Parameters<typeof money.pay> extends [TestApp, ...infer R] ? R : never) =>
  money.pay(t, ...args);

describe('POST /api/pay/accountPay under concurrency', () => {
  it('charges exactly once when 50 pays of one order race', async () => {
    const seller = await payer(100_000);
    const order = await createPurchaseOrder(t.database.db, seller.sellerId, {
      amountMinor: 12_345,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        pay(seller, '/api/pay/accountPay', { order_id: order.id, pay_password: PAY_PASSWORD }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(answers.find((a) => a.status === 409)!.body.key).toBe('finance.order_already_paid');
    const paid = answers.find((a) => a.status === 200)!.body.data;
    expect(paid).toMatchObject({
      order: { order_id: order.id, status: 'paid', paid_via: 'balance' },
      balance_minor: 100_000 - 12_345,
    });
    expect(await money.balanceOf(t, seller.sellerId)).toBe(100_000 - 12_345);
    expect(await money.ledgerRows(t, seller.sellerId, 'payment')).toHaveLength(1);
  });

  it('pays twenty different orders of one seller at once, each exactly once', async () => {
    const seller = await payer(100_000);
    const orders = await Promise.all(
      Array.from({ length: 20 }, () =>
        createPurchaseOrder(t.database.db, seller.sellerId, { amountMinor: 1_000 }),
      ),
    );
    const answers = await Promise.all(
      orders.map((order) =>
        pay(seller, '/api/pay/accountPay', { order_id: order.id, pay_password: PAY_PASSWORD }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(orders.map(() => 200));
    expect(await money.balanceOf(t, seller.sellerId)).toBe(100_000 - 20 * 1_000);
    expect(await money.ledgerRows(t, seller.sellerId, 'payment')).toHaveLength(20);
  });
});
