import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_ALIPAY_DEFAULTS, type RunningAlipaySimulator, type RunningSimulator } from '@app/sim';
import { payments, purchaseOrders } from '../src/db/schema.ts';
import { rsa2Sign, signContent } from '../src/integrations/payments/alipay.ts';
import { createPurchaseOrder } from '../src/modules/finance/orders.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { startAlipayHarness, type AlipayHarness } from './alipay-harness.ts';
import * as money from './money.ts';

let h: AlipayHarness;
let t: TestApp;
let sim: RunningAlipaySimulator;
let front: RunningSimulator;
let delivered: string[];
const buyerPays = (payUrl: string) => h.buyerPays(payUrl);

beforeAll(async () => {
  h = await startAlipayHarness();
  ({ t, sim, front, delivered } = h);
});
afterAll(() => h.close());

const notify = (form: string | URLSearchParams) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: form.toString(),
  });

async function paymentRow(outTradeNo: string) {
  const [row] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.outTradeNo, outTradeNo));
  return row!;
}

describe('Alipay recharge', () => {
  it('credits a recharge and its bonus once, however often the notify comes', async () => {
    const seller = await money.payer(t);
    const started = await money.pay(t, seller, '/api/pay/alipay', { amount_minor: 100_000 });
    expect(started.status).toBe(200);
    const payment = started.body.data;
    expect(payment).toMatchObject({ status: 'pending', amount_minor: 100_000, bonus_minor: 2_000 });
    expect(payment.pay_url.startsWith(`${sim.gateway}?`)).toBe(true);

    await buyerPays(payment.pay_url);
    const [record] = await sim.simulator.deliverPendingNotifies();
    expect(record).toMatchObject({ status: 'delivered', lastAnswer: '200 success' });
    expect(await money.balanceOf(t, seller.sellerId)).toBe(102_000);

    const body = delivered.at(-1)!;
    const replays = await Promise.all(Array.from({ length: 5 }, () => notify(body)));
    expect(replays.map((r) => r.body)).toEqual(Array(5).fill('success'));
    expect(await money.balanceOf(t, seller.sellerId)).toBe(102_000);
    expect(await money.ledgerRows(t, seller.sellerId, 'recharge')).toHaveLength(2);

    const state = await call(t.app, 'GET', '/api/pay/query', {
      token: seller.token,
      query: { out_trade_no: payment.out_trade_no },
    });
    expect(state.body.data).toMatchObject({ status: 'paid', trade_no: expect.any(String) });
  });

  it('refuses a recharge below the rule minimum', async () => {
    const seller = await money.payer(t);
    const res = await money.pay(t, seller, '/api/pay/alipay', { amount_minor: 999 });
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toHaveProperty('amount_minor');
  });

  it('refuses forged notifies and moves nothing', async () => {
    const seller = await money.payer(t);
    const started = await money.pay(t, seller, '/api/pay/alipay', { amount_minor: 5_000 });
    const { out_trade_no: outTradeNo } = started.body.data;
    const genuine = {
      notify_type: 'trade_status_sync',
      notify_id: 'forged-1',
      notify_time: '2025-03-01 12:00:00',
      app_id: SIM_ALIPAY_DEFAULTS.appId,
      charset: 'utf-8',
      version: '1.0',
      seller_id: SIM_ALIPAY_DEFAULTS.sellerId,
      out_trade_no: outTradeNo,
      trade_no: '2025030122001400000000000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '50.00',
    };
    const signWith = (params: Record<string, string>, key: string) => {
      const withType = { ...params, sign_type: 'RSA2' };
      return new URLSearchParams({
        ...withType,
        sign: rsa2Sign(signContent(withType, ['sign', 'sign_type']), key),
      });
    };

    // Alipay's own key, but the amount changed after signing.
    const tampered = signWith(genuine, SIM_ALIPAY_DEFAULTS.alipayPrivateKey);
    tampered.set('total_amount', '5000.00');
    // Signed by someone else's key.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const strangerKey = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    // Correctly signed, but not the amount of our trade.
    const wrongAmount = signWith(
      { ...genuine, total_amount: '0.01' },
      SIM_ALIPAY_DEFAULTS.alipayPrivateKey,
    );
    // Correctly signed, but for another app.
    const otherApp = signWith(
      { ...genuine, app_id: '2021000000009999' },
      SIM_ALIPAY_DEFAULTS.alipayPrivateKey,
    );
    for (const forged of [
      tampered,
      signWith(genuine, strangerKey),
      wrongAmount,
      otherApp,
      new URLSearchParams(),
    ]) {
      const res = await notify(forged);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('fail');
    }
    expect(await money.balanceOf(t, seller.sellerId)).toBe(0);
    expect((await paymentRow(outTradeNo)).status).toBe('pending');

    // The control: the same notify, untouched, is accepted.
    const res = await notify(signWith(genuine, SIM_ALIPAY_DEFAULTS.alipayPrivateKey));
    expect(res.body).toBe('success');
    expect(await money.balanceOf(t, seller.sellerId)).toBe(5_000);
  });
});

describe('Alipay order payment', () => {
  it('pays an order through trade.query before the notify, and the notify changes nothing', async () => {
    const seller = await money.payer(t);
    const order = await createPurchaseOrder(t.database.db, seller.sellerId, {
      amountMinor: 8_888,
    });
    const started = await money.pay(t, seller, '/api/pay/alipayOrder', { order_id: order.id });
    expect(started.body.data).toMatchObject({ purpose: 'order', amount_minor: 8_888 });
    const outTradeNo = started.body.data.out_trade_no;
    const query = () =>
      call(t.app, 'GET', '/api/pay/query', {
        token: seller.token,
        query: { out_trade_no: outTradeNo },
      });
    expect((await query()).body.data.status).toBe('pending');

    await buyerPays(started.body.data.pay_url);
    expect((await query()).body.data.status).toBe('paid');
    const [paidOrder] = await t.database.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, order.id));
    expect(paidOrder).toMatchObject({ status: 'paid', paidVia: 'alipay' });

    const [record] = await sim.simulator.deliverPendingNotifies();
    expect(record?.lastAnswer).toBe('200 success');
    expect(await money.balanceOf(t, seller.sellerId)).toBe(0);
    expect(await money.ledgerRows(t, seller.sellerId, 'refund')).toHaveLength(0);
  });

  it('pays a batch in one trade and refuses orders that are not waiting for payment', async () => {
    const seller = await money.payer(t, 1_000);
    const db = t.database.db;
    const a = await createPurchaseOrder(db, seller.sellerId, { amountMinor: 700 });
    const b = await createPurchaseOrder(db, seller.sellerId, { amountMinor: 300 });
    await money.pay(t, seller, '/api/pay/accountPay', {
      order_id: a.id,
      pay_password: money.PAY_PASSWORD,
    });
    const refused = await money.pay(t, seller, '/api/pay/batchAlipayOrder', {
      order_ids: [a.id, b.id],
    });
    expect(refused.status).toBe(409);

    const c = await createPurchaseOrder(db, seller.sellerId, { amountMinor: 1_200 });
    const started = await money.pay(t, seller, '/api/pay/batchAlipayOrder', {
      order_ids: [b.id, c.id],
    });
    expect(started.body.data).toMatchObject({ purpose: 'batch', amount_minor: 1_500 });
    await buyerPays(started.body.data.pay_url);
    await sim.simulator.deliverPendingNotifies();
    const rows = await db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.sellerId, seller.sellerId));
    expect(rows.map((r) => [r.id, r.status, r.paidVia]).sort()).toEqual(
      [
        [a.id, 'paid', 'balance'],
        [b.id, 'paid', 'alipay'],
        [c.id, 'paid', 'alipay'],
      ].sort(),
    );
  });
});

describe('the return address after paying', () => {
  const startRecharge = (app: TestApp, token: string, key: string) =>
    call(app.app, 'POST', '/api/pay/alipay', {
      token,
      body: { amount_minor: 10_000 },
      headers: { 'idempotency-key': key, origin: 'http://127.0.0.1:5173' },
    });
  const returnUrlOf = (payUrl: string) => new URL(payUrl).searchParams.get('return_url');

  it('is PUBLIC_URL when it is set', async () => {
    const seller = await money.payer(t);
    const started = await startRecharge(t, seller.token, 'return-public-url');
    expect(returnUrlOf(started.body.data.pay_url)).toBe(
      `${front.url}/my/recharge?out_trade_no=${started.body.data.out_trade_no}`,
    );
  });

  it('is the origin the browser paid from without PUBLIC_URL', async () => {
    const local = await buildTestApp({ config: { ALIPAY_GATEWAY: sim.gateway } });
    try {
      const seller = await money.payer(local);
      const started = await startRecharge(local, seller.token, 'return-origin');
      expect(returnUrlOf(started.body.data.pay_url)).toBe(
        `http://127.0.0.1:5173/my/recharge?out_trade_no=${started.body.data.out_trade_no}`,
      );
    } finally {
      await local.close();
    }
  });
});
