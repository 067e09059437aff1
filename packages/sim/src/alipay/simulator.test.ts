import { generateKeyPairSync } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readBody, startSimulator, type RunningSimulator } from '../http.ts';
import { SIM_ALIPAY_DEFAULTS } from './keys.ts';
import {
  createAlipaySimulator,
  startAlipaySimulator,
  type RunningAlipaySimulator,
} from './server.ts';

// Interoperability with the official Node SDK (alipay-sdk 4.14.0, reference 5.6): the merchant
// side of every exchange below is the SDK itself.

const MINUTE = 60_000;
let clock = new Date('2025-03-01T04:00:00Z');
let sim: RunningAlipaySimulator;
let shop: RunningSimulator;
/** Forms the shop received on its notify_url, decoded. */
let notifies: Record<string, string>[];
/** What the shop answers to the next notifies; `success` once these run out. */
let answers: Array<{ status: number; body: string }>;

const sdkFor = (gateway: string, privateKey: string = SIM_ALIPAY_DEFAULTS.appPrivateKey) =>
  new AlipaySdk({
    appId: SIM_ALIPAY_DEFAULTS.appId,
    privateKey,
    alipayPublicKey: SIM_ALIPAY_DEFAULTS.alipayPublicKey,
    gateway,
  });
let sdk: AlipaySdk;

const order = (outTradeNo: string, total = '88.88') => ({
  bizContent: {
    out_trade_no: outTradeNo,
    product_code: 'FAST_INSTANT_TRADE_PAY',
    subject: `Order ${outTradeNo}`,
    total_amount: total,
  },
  returnUrl: 'https://shop.example/pay/return?from=alipay',
  notifyUrl: `${shop.url}/alipay/notify`,
});

const openCashier = async (outTradeNo: string, total?: string) => {
  const page = await fetch(sdk.pageExec('alipay.trade.page.pay', 'GET', order(outTradeNo, total)));
  return { status: page.status, html: await page.text() };
};

const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

const clickButton = (action: 'pay' | 'cancel', token: string) =>
  fetch(`${sim.url}/cashier/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });

const query = (outTradeNo: string, client = sdk) =>
  client.exec(
    'alipay.trade.query',
    { bizContent: { out_trade_no: outTradeNo } },
    { validateSign: true },
  );

beforeAll(async () => {
  shop = await startSimulator({
    handle(req, res) {
      void readBody(req).then((body) => {
        notifies.push(Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
        const answer = answers.shift() ?? { status: 200, body: 'success' };
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body);
      });
    },
  });
});
afterAll(() => shop.close());

beforeEach(async () => {
  clock = new Date('2025-03-01T04:00:00Z');
  notifies = [];
  answers = [];
  sim = await startAlipaySimulator({
    basePath: '/__sim/alipay',
    now: () => clock,
    autoDeliver: false,
  });
  sdk = sdkFor(sim.gateway);
});
afterEach(() => sim.close());

describe('alipay.trade.page.pay', () => {
  it('shows the cashier for an SDK-signed GET URL, and a trade waiting for the buyer', async () => {
    const { status, html } = await openCashier('ORD-1');
    expect(status).toBe(200);
    expect(html).toContain('Order ORD-1');
    expect(html).toContain('¥88.88');
    expect(html).toContain('action="/__sim/alipay/cashier/pay"');
    expect(html).toContain('action="/__sim/alipay/cashier/cancel"');
    expect(html).not.toContain('<script');
    expect(sim.simulator.trade('ORD-1')?.status).toBe('WAIT_BUYER_PAY');
    expect(await query('ORD-1')).toMatchObject({ code: '10000', tradeStatus: 'WAIT_BUYER_PAY' });
  });

  it('accepts the SDK auto-submit form (common params in the action URL, biz_content posted)', async () => {
    const form = sdk.pageExec('alipay.trade.page.pay', 'POST', order('ORD-2'));
    const action = /action="([^"]+)"/.exec(form)![1]!;
    const fields = [...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(
      ([, name, value]): [string, string] => [name!, value!.replaceAll('&quot;', '"')],
    );
    expect(fields.map(([name]) => name)).toContain('biz_content');
    const page = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    expect(await page.text()).toContain('Order ORD-2');
  });

  it('refuses a tampered amount and a request signed with another key, with the error page', async () => {
    const url = new URL(sdk.pageExec('alipay.trade.page.pay', 'GET', order('ORD-3', '88.88')));
    url.searchParams.set(
      'biz_content',
      url.searchParams.get('biz_content')!.replace('88.88', '0.01'),
    );
    const tampered = await (await fetch(url)).text();
    expect(tampered).toContain('invalid-signature');
    expect(tampered).toContain('验签出错');
    expect(tampered).not.toContain('name="token"');

    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    }) as string;
    const stranger = sdkFor(sim.gateway, otherKey);
    const refused = await (
      await fetch(stranger.pageExec('alipay.trade.page.pay', 'GET', order('ORD-3')))
    ).text();
    expect(refused).toContain('invalid-signature');
    expect(sim.simulator.trade('ORD-3')).toBeUndefined();
  });

  it('refuses a missing sign and an unknown app_id', async () => {
    const url = new URL(sdk.pageExec('alipay.trade.page.pay', 'GET', order('ORD-4')));
    url.searchParams.delete('sign');
    expect(await (await fetch(url)).text()).toContain('missing-signature');
    url.searchParams.set('sign', 'x');
    url.searchParams.set('app_id', '2021999999999999');
    expect(await (await fetch(url)).text()).toContain('invalid-app-id');
  });

  it('on Pay redirects to return_url with params the SDK verifies, and query says TRADE_SUCCESS', async () => {
    const { html } = await openCashier('ORD-5');
    const paid = await clickButton('pay', tokenOf(html));
    expect(paid.status).toBe(302);
    const location = new URL(paid.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/pay/return');
    const back = Object.fromEntries(location.searchParams);
    expect(back).toMatchObject({
      from: 'alipay',
      method: 'alipay.trade.page.pay.return',
      out_trade_no: 'ORD-5',
      total_amount: '88.88',
      app_id: SIM_ALIPAY_DEFAULTS.appId,
      seller_id: SIM_ALIPAY_DEFAULTS.sellerId,
      sign_type: 'RSA2',
      timestamp: '2025-03-01 12:00:00',
    });
    expect(back.trade_no).toMatch(/^2025030122001\d{15}$/);
    // The shop's own `from` param is not part of what Alipay signed.
    const { from, ...signed } = back;
    expect(from).toBe('alipay');
    expect(sdk.checkNotifySignV2(signed)).toBe(true);
    expect(sdk.checkNotifySignV2({ ...signed, total_amount: '0.01' })).toBe(false);

    expect(await query('ORD-5')).toMatchObject({
      code: '10000',
      msg: 'Success',
      outTradeNo: 'ORD-5',
      tradeNo: back.trade_no,
      tradeStatus: 'TRADE_SUCCESS',
      totalAmount: '88.88',
      receiptAmount: '88.88',
      sendPayDate: '2025-03-01 12:00:00',
    });
  });

  it('on Cancel sends the buyer back to return_url unsigned and leaves the trade unpaid', async () => {
    const { html } = await openCashier('ORD-6');
    const cancelled = await clickButton('cancel', tokenOf(html));
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get('location')).toBe('https://shop.example/pay/return?from=alipay');
    expect(sim.simulator.trade('ORD-6')?.status).toBe('WAIT_BUYER_PAY');
    expect(await sim.simulator.deliverPendingNotifies()).toEqual([]);
  });

  it('keeps an open cashier page payable after a restart', async () => {
    const { html } = await openCashier('ORD-7');
    const restarted = createAlipaySimulator({ now: () => clock, autoDeliver: false });
    const running = await startSimulator(restarted);
    try {
      const paid = await fetch(`${running.url}/cashier/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokenOf(html) }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(302);
      expect(restarted.trade('ORD-7')).toMatchObject({
        status: 'TRADE_SUCCESS',
        tradeNo: sim.simulator.trade('ORD-7')!.tradeNo,
      });
    } finally {
      restarted.close();
      await running.close();
    }
  });
});

describe('async notify', () => {
  it('is delivered once per trade even when Pay is clicked twice, and verifies with the SDK', async () => {
    const { html } = await openCashier('ORD-10');
    await clickButton('pay', tokenOf(html));
    await clickButton('pay', tokenOf(html));
    await sim.simulator.deliverPendingNotifies();
    await sim.simulator.deliverPendingNotifies();
    expect(notifies).toHaveLength(1);
    const notify = notifies[0]!;
    expect(notify).toMatchObject({
      notify_type: 'trade_status_sync',
      notify_time: '2025-03-01 12:00:00',
      app_id: SIM_ALIPAY_DEFAULTS.appId,
      auth_app_id: SIM_ALIPAY_DEFAULTS.appId,
      seller_id: SIM_ALIPAY_DEFAULTS.sellerId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      out_trade_no: 'ORD-10',
      trade_no: sim.simulator.trade('ORD-10')!.tradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.88',
      receipt_amount: '88.88',
      buyer_pay_amount: '88.88',
      subject: 'Order ORD-10',
      gmt_payment: '2025-03-01 12:00:00',
    });
    expect(notify.notify_id).toMatch(/^[0-9a-f]{32}$/);
    expect(notify.buyer_id).toMatch(/^2088\d{12}$/);
    expect(sdk.checkNotifySign(notify)).toBe(true);
    expect(sdk.checkNotifySignV2(notify)).toBe(true);
    expect(sdk.checkNotifySignV2({ ...notify, trade_status: 'TRADE_FINISHED' })).toBe(false);
  });

  it('is retried on anything but "success", on the backoff schedule, with the same notify_id', async () => {
    answers = [
      { status: 200, body: 'fail' },
      { status: 500, body: 'success' },
    ];
    const { html } = await openCashier('ORD-11');
    await clickButton('pay', tokenOf(html));
    await sim.simulator.deliverPendingNotifies();
    const [record] = sim.simulator.notifies();
    expect(record).toMatchObject({ status: 'pending', attempts: 1, lastAnswer: '200 fail' });

    clock = new Date(clock.getTime() + 2 * MINUTE - 1);
    expect(await sim.simulator.deliverPendingNotifies()).toEqual([]);
    clock = new Date(clock.getTime() + 1);
    await sim.simulator.deliverPendingNotifies();
    expect(record).toMatchObject({ status: 'pending', attempts: 2 });

    clock = new Date(clock.getTime() + 10 * MINUTE);
    await sim.simulator.deliverPendingNotifies();
    expect(record).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(notifies).toHaveLength(3);
    expect(new Set(notifies.map((n) => n.notify_id)).size).toBe(1);
    expect(notifies[2]!.notify_time).toBe('2025-03-01 12:12:00');
    expect(sdk.checkNotifySignV2(notifies[2]!)).toBe(true);
  });

  it('gives up after 8 attempts within 25 hours', async () => {
    answers = Array.from({ length: 10 }, () => ({ status: 200, body: 'no' }));
    const { html } = await openCashier('ORD-12');
    await clickButton('pay', tokenOf(html));
    for (let i = 0; i < 10; i++) {
      await sim.simulator.deliverPendingNotifies();
      clock = new Date(clock.getTime() + 15 * 60 * MINUTE);
    }
    expect(sim.simulator.notifies()[0]).toMatchObject({ status: 'failed', attempts: 8 });
    expect(notifies).toHaveLength(8);
  });

  it('is sent right after Pay when auto delivery is on', async () => {
    const live = await startAlipaySimulator({ now: () => clock });
    try {
      const liveSdk = sdkFor(live.gateway);
      const page = await fetch(liveSdk.pageExec('alipay.trade.page.pay', 'GET', order('ORD-13')));
      const token = tokenOf(await page.text());
      await fetch(`${live.url}/cashier/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
        redirect: 'manual',
      });
      expect(notifies.map((n) => n.out_trade_no)).toEqual(['ORD-13']);
    } finally {
      await live.close();
    }
  });
});

describe('alipay.trade.query, refund and close', () => {
  it('answers ACQ.TRADE_NOT_EXIST, signed, for an order the buyer never opened', async () => {
    expect(await query('NOPE')).toMatchObject({
      code: '40004',
      msg: 'Business Failed',
      subCode: 'ACQ.TRADE_NOT_EXIST',
      outTradeNo: 'NOPE',
    });
  });

  it('signs exactly the text of the <method>_response value', async () => {
    await openCashier('ORD-20');
    const raw = await (
      await fetch(
        sdk.pageExec('alipay.trade.query', 'GET', { bizContent: { out_trade_no: 'ORD-20' } }),
      )
    ).text();
    const inner = /^\{"alipay_trade_query_response":(\{.*\}),"sign":"[^"]+"\}$/.exec(raw)?.[1];
    expect(inner && JSON.parse(inner)).toMatchObject({ trade_status: 'WAIT_BUYER_PAY' });
    expect(sdk.rsaCheck(inner!, JSON.parse(raw).sign, 'RSA2')).toBe(true);
  });

  it('refuses a query signed with another key as isv.invalid-signature', async () => {
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    }) as string;
    expect(await query('ORD-21', sdkFor(sim.gateway, otherKey))).toMatchObject({
      code: '40002',
      msg: 'Invalid Arguments',
      subCode: 'isv.invalid-signature',
    });
  });

  it('answers an unknown method with an unsigned error_response', async () => {
    // As in alipay-sdk's src/alipay.ts comment: error_response carries no sign.
    await expect(sdk.exec('alipay.trade.nothing', { bizContent: {} })).resolves.toMatchObject({
      code: '40002',
      subCode: 'isv.invalid-method',
    });
  });

  it('refunds partially, once per out_request_no, then fully, closing the trade', async () => {
    const { html } = await openCashier('ORD-22', '100.00');
    await clickButton('pay', tokenOf(html));
    await sim.simulator.deliverPendingNotifies();
    const refund = (amount: string, requestNo: string) =>
      sdk.exec(
        'alipay.trade.refund',
        {
          bizContent: { out_trade_no: 'ORD-22', refund_amount: amount, out_request_no: requestNo },
        },
        { validateSign: true },
      );
    expect(await refund('30.00', 'R1')).toMatchObject({
      code: '10000',
      fundChange: 'Y',
      refundFee: '30.00',
    });
    expect(await refund('30.00', 'R1')).toMatchObject({ fundChange: 'N', refundFee: '30.00' });
    expect(await refund('70.01', 'R2')).toMatchObject({
      code: '40004',
      subCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
    });
    expect(await refund('70.00', 'R2')).toMatchObject({ fundChange: 'Y', refundFee: '100.00' });
    expect(await query('ORD-22')).toMatchObject({ tradeStatus: 'TRADE_CLOSED' });

    await sim.simulator.deliverPendingNotifies();
    expect(notifies.map((n) => [n.trade_status, n.refund_fee, n.out_biz_no])).toEqual([
      ['TRADE_SUCCESS', undefined, undefined],
      ['TRADE_SUCCESS', '30.00', 'R1'],
      ['TRADE_CLOSED', '100.00', 'R2'],
    ]);
    expect(notifies.every((n) => sdk.checkNotifySignV2(n))).toBe(true);
  });

  it('closes an unpaid trade, which then cannot be paid', async () => {
    const { html } = await openCashier('ORD-23');
    const close = () =>
      sdk.exec(
        'alipay.trade.close',
        { bizContent: { out_trade_no: 'ORD-23' } },
        { validateSign: true },
      );
    expect(await close()).toMatchObject({ code: '10000', outTradeNo: 'ORD-23' });
    expect(await close()).toMatchObject({ code: '40004', subCode: 'ACQ.TRADE_STATUS_ERROR' });
    const paid = await clickButton('pay', tokenOf(html));
    expect(await paid.text()).toContain('TRADE_HAS_CLOSE');
    expect(sim.simulator.trade('ORD-23')?.paidAt).toBeUndefined();
  });

  it('answers with an injected fault once, as the SDK sees an HTTP error', async () => {
    sim.simulator.faults.failNext({ status: 503 });
    await expect(query('ORD-24')).rejects.toThrow(/503/);
    expect(await query('ORD-24')).toMatchObject({ code: '40004' });
  });
});
