import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberLevels, purchaseOrders, sellers, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { post } from '../src/modules/finance/ledger.ts';
import { createPurchaseOrder } from '../src/modules/finance/orders.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import * as money from './money.ts';

const { PAY_PASSWORD } = money;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const payer = (balanceMinor?: number) => money.payer(t, balanceMinor);
const pay = (...args: Parameters<typeof money.pay> extends [TestApp, ...infer R] ? R : never) =>
  money.pay(t, ...args);
const balanceOf = (sellerId: number) => money.balanceOf(t, sellerId);
const paymentRows = (sellerId: number) => money.ledgerRows(t, sellerId, 'payment');

describe('POST /api/pay/accountPay', () => {
  it('replays the first answer for the same Idempotency-Key, even concurrently', async () => {
    const seller = await payer(50_000);
    const order = await createPurchaseOrder(t.database.db, seller.sellerId, { amountMinor: 1_000 });
    const key = `replay-${randomUUID()}`;
    const body = { order_id: order.id, pay_password: PAY_PASSWORD };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pay(seller, '/api/pay/accountPay', body, key)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const again = await pay(seller, '/api/pay/accountPay', body, key);
    expect(again.body).toEqual(answers[0]!.body);
    expect(await balanceOf(seller.sellerId)).toBe(49_000);

    const other = await createPurchaseOrder(t.database.db, seller.sellerId, { amountMinor: 500 });
    const reused = await pay(
      seller,
      '/api/pay/accountPay',
      { order_id: other.id, pay_password: PAY_PASSWORD },
      key,
    );
    expect(reused.status).toBe(409);
    expect(reused.body.data.fields).toHaveProperty(['idempotency-key']);
    expect(await balanceOf(seller.sellerId)).toBe(49_000);
  });

  it('requires an Idempotency-Key header', async () => {
    const seller = await payer(1_000);
    const order = await createPurchaseOrder(t.database.db, seller.sellerId, { amountMinor: 100 });
    const res = await call(t.app, 'POST', '/api/pay/accountPay', {
      token: seller.token,
      body: { order_id: order.id, pay_password: PAY_PASSWORD },
    });
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toHaveProperty(['idempotency-key']);
  });

  it('refuses an overdraft and moves nothing', async () => {
    const seller = await payer(999);
    const order = await createPurchaseOrder(t.database.db, seller.sellerId, { amountMinor: 1_000 });
    const res = await pay(seller, '/api/pay/accountPay', {
      order_id: order.id,
      pay_password: PAY_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('finance.insufficient_balance');
    expect(await balanceOf(seller.sellerId)).toBe(999);
    const [row] = await t.database.db
      .select({ status: purchaseOrders.status })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, order.id));
    expect(row!.status).toBe('unpaid');
  });

  it("answers 404 for another seller's order", async () => {
    const owner = await payer(10_000);
    const stranger = await payer(10_000);
    const order = await createPurchaseOrder(t.database.db, owner.sellerId, { amountMinor: 100 });
    const res = await pay(stranger, '/api/pay/accountPay', {
      order_id: order.id,
      pay_password: PAY_PASSWORD,
    });
    expect(res.status).toBe(404);
    expect(await balanceOf(stranger.sellerId)).toBe(10_000);
  });

  it('refuses a wrong pay password with 422 and locks after five failures', async () => {
    const seller = await payer(10_000);
    const order = await createPurchaseOrder(t.database.db, seller.sellerId, { amountMinor: 100 });
    const wrong = { order_id: order.id, pay_password: 'not-it' };
    for (let i = 0; i < 5; i++) {
      const res = await pay(seller, '/api/pay/accountPay', wrong);
      expect(res.status).toBe(422);
      expect(res.body.data.fields).toHaveProperty('pay_password');
    }
    const locked = await pay(seller, '/api/pay/accountPay', {
      order_id: order.id,
      pay_password: PAY_PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.res.headers['retry-after']).toBeDefined();
    expect(await balanceOf(seller.sellerId)).toBe(10_000);
  });
});

describe('pay password checks', () => {
  it('remembers a verified pay password only for that password and that stored hash', async () => {
    const seller = await payer(10_000);
    const db = t.database.db;
    const first = await createPurchaseOrder(db, seller.sellerId, { amountMinor: 100 });
    const paid = await pay(seller, '/api/pay/accountPay', {
      order_id: first.id,
      pay_password: PAY_PASSWORD,
    });
    expect(paid.status).toBe(200);

    const second = await createPurchaseOrder(db, seller.sellerId, { amountMinor: 100 });
    const wrong = await pay(seller, '/api/pay/accountPay', {
      order_id: second.id,
      pay_password: '000000',
    });
    expect(wrong.status).toBe(422);

    await db
      .update(users)
      .set({ payPasswordHash: await hashPassword('975310') })
      .where(eq(users.id, seller.userId));
    const stale = await pay(seller, '/api/pay/accountPay', {
      order_id: second.id,
      pay_password: PAY_PASSWORD,
    });
    expect(stale.status).toBe(422);
    const fresh = await pay(seller, '/api/pay/accountPay', {
      order_id: second.id,
      pay_password: '975310',
    });
    expect(fresh.status).toBe(200);
    expect(await balanceOf(seller.sellerId)).toBe(9_800);
  });
});

describe('POST /api/pay/batchAccountPay', () => {
  it('pays all payable orders or none, reporting each', async () => {
    const seller = await payer(3_000);
    const db = t.database.db;
    const a = await createPurchaseOrder(db, seller.sellerId, { amountMinor: 1_000 });
    const b = await createPurchaseOrder(db, seller.sellerId, { amountMinor: 2_500 });
    const short = await pay(seller, '/api/pay/batchAccountPay', {
      order_ids: [a.id, b.id],
      pay_password: PAY_PASSWORD,
    });
    expect(short.status).toBe(409);
    expect(short.body.data).toEqual({ required_minor: 3_500, balance_minor: 3_000 });
    expect(await paymentRows(seller.sellerId)).toHaveLength(0);

    await pay(seller, '/api/pay/accountPay', { order_id: b.id, pay_password: PAY_PASSWORD });
    await db.transaction((tx) =>
      post(tx, seller.sellerId, { kind: 'recharge', amountMinor: 1_000 }),
    );
    const c = await createPurchaseOrder(db, seller.sellerId, { amountMinor: 300 });
    const res = await pay(seller, '/api/pay/batchAccountPay', {
      order_ids: [a.id, b.id, c.id],
      pay_password: PAY_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      results: [
        { order_id: a.id, outcome: 'paid', message: '已支付' },
        { order_id: b.id, outcome: 'skipped', message: '订单已支付' },
        { order_id: c.id, outcome: 'paid', message: '已支付' },
      ],
      charged_minor: 1_300,
      balance_minor: 3_000 + 1_000 - 2_500 - 1_300,
    });
  });
});

describe('finance and levels', () => {
  it('reports balance, rules, ledger pages and freeze records', async () => {
    const seller = await payer(20_000);
    await t.database.db.transaction(async (tx) => {
      await post(tx, seller.sellerId, {
        kind: 'freeze',
        amountMinor: 5_000,
        memo: { key: 'ledger.order', params: { number: 'PO-7' } },
      });
      await post(tx, seller.sellerId, { kind: 'unfreeze', amountMinor: 2_000 });
    });
    const get = (url: string, query?: Record<string, string>) =>
      call(t.app, 'GET', url, { token: seller.token, query });

    const info = await get('/api/finance/info');
    expect(info.body.data).toMatchObject({
      balance_minor: 17_000,
      frozen_minor: 3_000,
      currency: 'CNY',
      level_name_en: 'Regular',
      discount_percent: 0,
      level_expires_at: null,
    });
    const rule = await get('/api/finance/rule');
    expect(rule.body.data.min_recharge_minor).toBe(1_000);
    expect(rule.body.data.bonus_tiers[0]).toEqual({ min_minor: 100_000, bonus_minor: 2_000 });

    const detail = await get('/api/finance/detail', { kind: 'recharge' });
    expect(detail.body.data.pagination.total).toBe(1);
    expect(detail.body.data.list[0]).toMatchObject({ kind: 'recharge', amount_minor: 20_000 });
    const all = await get('/api/finance/detail', { size: '2' });
    expect(all.body.data.pagination.total).toBe(3);
    expect(all.body.data.list.map((e: { kind: string }) => e.kind)).toEqual(['unfreeze', 'freeze']);
    const future = String(Math.floor(Date.now() / 1000) + 3600);
    expect((await get('/api/finance/detail', { start: future })).body.data.list).toEqual([]);

    const frozen = await get('/api/finance/frozen');
    expect(frozen.body.data.list.map((e: { kind: string }) => e.kind)).toEqual([
      'unfreeze',
      'freeze',
    ]);
    expect(frozen.body.data.list[1]).toMatchObject({
      amount_minor: -5_000,
      frozen_delta_minor: 5_000,
      frozen_after_minor: 5_000,
      memo: '订单 PO-7',
    });
    const en = await call(t.app, 'GET', '/api/finance/frozen', {
      token: seller.token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.data.list[1].memo).toBe('Order PO-7');
  });

  it('buys a level from the balance; the discount and the user level follow it', async () => {
    const seller = await payer(200_000);
    const get = (url: string, query?: Record<string, string>) =>
      call(t.app, 'GET', url, { token: seller.token, query });
    const levels = (await get('/api/level/list')).body.data as Array<{
      id: number;
      name_en: string;
      price_minor: number;
      discount_percent: number;
      current: boolean;
    }>;
    expect(levels.map((l) => [l.name_en, l.discount_percent, l.current])).toEqual([
      ['Regular', 0, true],
      ['Silver', 5, false],
      ['Gold', 10, false],
      ['Diamond', 15, false],
    ]);
    const silver = levels[1]!;
    const gold = levels[2]!;

    const bought = await pay(seller, '/api/level/buy', {
      level_id: silver.id,
      pay_password: PAY_PASSWORD,
    });
    expect(bought.status).toBe(200);
    expect(bought.body.data.balance_minor).toBe(200_000 - silver.price_minor);
    const info = (await get('/api/finance/info')).body.data;
    expect(info).toMatchObject({ level_id: silver.id, discount_percent: 5 });
    const days = (info.level_expires_at - Math.floor(Date.now() / 1000)) / 86_400;
    expect(Math.round(days)).toBe(365);
    const user = await get('/api/common/get-user-info');
    expect(user.body.data.level_name).toBe('白银会员');
    expect((await get('/api/level/deduction', { amount_minor: '10001' })).body.data).toEqual({
      amount_minor: 10_001,
      discount_percent: 5,
      discount_minor: 500,
      payable_minor: 9_501,
    });

    const upgraded = await pay(seller, '/api/finance/buy', {
      level_id: gold.id,
      pay_password: PAY_PASSWORD,
    });
    expect(upgraded.status).toBe(200);
    const downgrade = await pay(seller, '/api/level/buy', {
      level_id: silver.id,
      pay_password: PAY_PASSWORD,
    });
    expect(downgrade.status).toBe(409);
    const history = (await get('/api/level/member-list')).body.data;
    expect(history.map((p: { level_name_en: string }) => p.level_name_en)).toEqual([
      'Gold',
      'Silver',
    ]);
    expect(await balanceOf(seller.sellerId)).toBe(200_000 - silver.price_minor - gold.price_minor);
    expect(await money.ledgerRows(t, seller.sellerId, 'level_purchase')).toHaveLength(2);
  });

  it('refuses a level the balance cannot pay for', async () => {
    const seller = await payer(100);
    const levels = (await call(t.app, 'GET', '/api/level/list', { token: seller.token })).body
      .data as Array<{ id: number; price_minor: number }>;
    const res = await pay(seller, '/api/level/buy', {
      level_id: levels[3]!.id,
      pay_password: PAY_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(await balanceOf(seller.sellerId)).toBe(100);
  });

  it('lists levels to signed-out visitors; an expired level shows as the lowest everywhere', async () => {
    const visitor = await call(t.app, 'GET', '/api/level/list');
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.map((l: { current: boolean }) => l.current)).toEqual([
      false,
      false,
      false,
      false,
    ]);

    const seller = await payer();
    const [gold] = await t.database.db
      .select()
      .from(memberLevels)
      .where(eq(memberLevels.nameEn, 'Gold'));
    await t.database.db
      .update(sellers)
      .set({ levelId: gold!.id, levelExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sellers.id, seller.sellerId));
    const get = (url: string) => call(t.app, 'GET', url, { token: seller.token });
    const user = (await get('/api/common/get-user-info')).body.data;
    expect(user).toMatchObject({ level_name: '普通会员', level_name_en: 'Regular' });
    const levels = (await get('/api/level/list')).body.data;
    expect(levels.find((l: { current: boolean }) => l.current).name_en).toBe('Regular');
  });
});
