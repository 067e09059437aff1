import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { autoBuys, orderLogs, orders, purchaseOrders } from '../src/db/schema.ts';
import type { JobContext } from '../src/jobs/runner.ts';
import { ORDERS_AUTO_BUY, queueAutoBuy, runAutoBuy } from '../src/modules/auto-buy/index.ts';
import { productFor, stockOf, type Product } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import * as money from './money.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const get = (s: SellerFixture, id: number) =>
  call(t.app, 'GET', '/api/market/auto-buy', { token: s.token, query: { id: String(id) } });
const save = (s: SellerFixture, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/market/auto-buy', { token: s.token, body });
const switchOn = async (s: SellerFixture, id: number, capMinor = 1_000_000) => {
  const res = await save(s, {
    id,
    enabled: true,
    daily_cap_minor: capMinor,
    pay_password: money.PAY_PASSWORD,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The job as the runner hands it over. */
const jobFor = (s: SellerFixture, storeId: number): JobContext => ({
  jobId: 'test',
  sellerId: s.sellerId,
  attempt: 0,
  payload: { storeId },
  log: t.app.log,
  signal: new AbortController().signal,
  progress: async () => {},
});
const runFor = (s: SellerFixture, storeId: number) => runAutoBuy(t.database.db, jobFor(s, storeId));

interface Setup {
  s: SellerFixture;
  product: Product;
  store: number;
}

/** A boss with a pay password, `balanceMinor` on the account, a product of two SKUs and a store. */
async function setup(balanceMinor = 100_000): Promise<Setup> {
  const s = await money.payer(t, balanceMinor);
  const product = await productFor(t.database.db, s.sellerId, {
    skus: [
      { color: 'Black', size: 'M', costMinor: 1_500, stock: 50 },
      { color: 'White', size: 'L', costMinor: 2_000, stock: 50 },
    ],
  });
  return { s, product, store: await storeFor(t.database.db, s.sellerId) };
}

/** A synced, paid order of two black M tees. */
const paidOrder = ({ s, product, store }: Setup, sku = product.skus[0]!.code) =>
  orderFor(t.database.db, s.sellerId, store, {
    items: [{ sku: sku.toLowerCase(), quantity: 2, lineMinor: 3_000 }],
  });

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function logsOf(id: number) {
  return t.database.db
    .select()
    .from(orderLogs)
    .where(eq(orderLogs.orderId, id))
    .orderBy(asc(orderLogs.id));
}

describe('auto-buy settings', () => {
  it('is off by default, with no cap and the order address policy', async () => {
    const { s, store } = await setup();
    const res = await get(s, store);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      store_id: store,
      enabled: false,
      daily_cap_minor: 0,
      spent_today_minor: 0,
      address_policy: 'order_address',
      authorized_by: null,
      authorized_at: null,
    });
  });

  it('needs the boss pay password to switch on, and records who authorised it', async () => {
    const { s, store } = await setup();
    const missing = await save(s, { id: store, enabled: true, daily_cap_minor: 10_000 });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data.fields)).toEqual(['pay_password']);
    const wrong = await save(s, {
      id: store,
      enabled: true,
      daily_cap_minor: 10_000,
      pay_password: '000000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.field_keys).toEqual({ pay_password: 'account.pay_password_wrong' });
    expect((await get(s, store)).body.data.enabled).toBe(false);

    const on = await switchOn(s, store, 10_000);
    expect(on).toMatchObject({
      enabled: true,
      daily_cap_minor: 10_000,
      authorized_by: 'Fixture User',
      authorized_at: expect.any(Number),
    });
    // Switching off needs no pay password.
    const off = await save(s, { id: store, enabled: false, daily_cap_minor: 10_000 });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ enabled: false, authorized_by: null });
  });

  it('refuses bad caps by field', async () => {
    const { s, store } = await setup();
    const res = await save(s, { id: store, enabled: false, daily_cap_minor: -1 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields)).toEqual(['daily_cap_minor']);
  });

  it('answers 403 to staff, even with every permission and the pay password', async () => {
    const { s, store } = await setup();
    const staff = await createSeller(t.database.db, { sellerId: s.sellerId });
    const res = await save(staff, {
      id: store,
      enabled: true,
      daily_cap_minor: 10_000,
      pay_password: money.PAY_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body.key).toBe('team.boss_only');
  });

  it("answers 404 for another seller's store", async () => {
    const mine = await setup();
    const theirs = await setup();
    expect((await get(mine.s, theirs.store)).status).toBe(404);
    const res = await save(mine.s, {
      id: theirs.store,
      enabled: true,
      daily_cap_minor: 10_000,
      pay_password: money.PAY_PASSWORD,
    });
    expect(res.status).toBe(404);
  });
});

describe('auto-buy job', () => {
  it('creates and pays the purchase order of a paid matching order once, however often it runs', async () => {
    const setup_ = await setup();
    const { s, product, store } = setup_;
    await switchOn(s, store);
    const order = await paidOrder(setup_);
    const stockBefore = await stockOf(t.database.db, product.skus[0]!.parentSkuId!);

    expect(await runFor(s, store)).toMatchObject({ paid: 1, awaitingFunds: 0, skipped: 0 });
    expect(await runFor(s, store)).toMatchObject({ paid: 0, awaitingFunds: 0, skipped: 0 });

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 40, awaitingFunds: false });
    const [po] = await t.database.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, row.purchaseOrderId!));
    expect(po).toMatchObject({ status: 'paid', quantity: 2, goodsMinor: 3_000 });
    expect(po!.address).toMatchObject({
      name: 'Alex Kim',
      country_code: 'US',
      address1: '1 Oak St',
    });
    const payments = await money.ledgerRows(t, s.sellerId, 'payment');
    expect(payments.map((p) => -p.amountMinor)).toEqual([po!.amountMinor]);
    expect(await money.balanceOf(t, s.sellerId)).toBe(100_000 - po!.amountMinor);
    expect(await stockOf(t.database.db, product.skus[0]!.parentSkuId!)).toBe(stockBefore - 2);
    expect((await logsOf(order.id)).map((l) => l.action)).toEqual(['purchase', 'auto_buy_paid']);
    expect((await get(s, store)).body.data.spent_today_minor).toBe(po!.amountMinor);

    // Its drawer log says so in the reader's language.
    const shown = await call(t.app, 'POST', '/api/cw-order/show-order-log', {
      token: s.token,
      body: { id: order.id },
      headers: { 'accept-language': 'en' },
    });
    expect(JSON.stringify(shown.body)).toContain(`Store auto-buy: purchase order ${po!.number}`);
  });

  it('runs concurrently without a second purchase order', async () => {
    const setup_ = await setup();
    const { s, store } = setup_;
    await switchOn(s, store);
    await paidOrder(setup_);
    const results = await Promise.all([runFor(s, store), runFor(s, store)]);
    expect(results.reduce((n, r) => n + r.paid, 0)).toBe(1);
    expect(await money.ledgerRows(t, s.sellerId, 'payment')).toHaveLength(1);
  });

  it('marks the order awaiting funds when the daily cap is reached', async () => {
    const setup_ = await setup();
    const { s, store } = setup_;
    await switchOn(s, store);
    const first = await paidOrder(setup_);
    expect(await runFor(s, store)).toMatchObject({ paid: 1 });
    const spent = (await get(s, store)).body.data.spent_today_minor;
    // A cap of one more fen: today's purchase leaves no room for a second one.
    const cap = spent + 1;
    await switchOn(s, store, cap);
    const second = await paidOrder(setup_);
    expect(await runFor(s, store)).toMatchObject({ paid: 0, awaitingFunds: 1 });

    expect((await orderRow(first.id)).status).toBe(40);
    const row = await orderRow(second.id);
    expect(row).toMatchObject({ status: 10, awaitingFunds: true, purchaseOrderId: null });
    const [log] = (await logsOf(second.id)).filter((l) => l.action === 'awaiting_funds');
    expect(log!.detail).toMatchObject({
      reason: 'cap',
      cap_minor: cap,
      spent_today_minor: spent,
      amount_minor: spent,
    });
    expect(await money.ledgerRows(t, s.sellerId, 'payment')).toHaveLength(1);

    // The desk tags and filters it; zh-CN and en logs explain.
    const list = await call(t.app, 'POST', '/api/cw-order/list', {
      token: s.token,
      body: { awaiting_funds: true },
    });
    expect(list.body.data.list.map((o: { id: number }) => o.id)).toEqual([second.id]);
    expect(list.body.data.list[0].awaiting_funds).toBe(true);
    const zh = await call(t.app, 'POST', '/api/cw-order/show-order-log', {
      token: s.token,
      body: { id: second.id },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(JSON.stringify(zh.body)).toContain('超出店铺每日上限');
  });

  it('marks the order awaiting funds when the balance is too small, and buying it clears that', async () => {
    const setup_ = await setup(1_000);
    const { s, store } = setup_;
    await switchOn(s, store);
    const order = await paidOrder(setup_);
    expect(await runFor(s, store)).toMatchObject({ paid: 0, awaitingFunds: 1 });
    expect(await orderRow(order.id)).toMatchObject({ status: 10, awaitingFunds: true });
    const [log] = (await logsOf(order.id)).filter((l) => l.action === 'awaiting_funds');
    expect(log!.detail).toMatchObject({ reason: 'balance', balance_minor: 1_000 });
    expect(await money.balanceOf(t, s.sellerId)).toBe(1_000);
    // The seller is told, with a link to the order on the desk.
    const told = await call(t.app, 'GET', '/api/notification/list', {
      token: s.token,
      headers: { 'accept-language': 'en' },
    });
    expect(told.body.data.list).toMatchObject([
      {
        kind: 'awaiting_funds',
        message: `Order ${order.number} is waiting for funds: the balance could not pay its production`,
      },
    ]);

    // A top-up does not buy it by itself: the next run leaves it to the seller.
    await money.credit(t, s.sellerId, 100_000);
    expect(await runFor(s, store)).toMatchObject({ paid: 0, awaitingFunds: 0 });
    expect(await money.ledgerRows(t, s.sellerId, 'payment')).toHaveLength(0);

    // The seller buys it by hand: the tag goes.
    await call(t.app, 'POST', '/api/cw-order/add-cart', {
      token: s.token,
      body: { ids: [order.id] },
    });
    expect((await money.checkoutCart(t, s)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 40, awaitingFunds: false });
  });

  it('leaves orders that do not match, are unpaid, came before it was on, or of a store with it off', async () => {
    const setup_ = await setup();
    const { s, store } = setup_;
    const before = await paidOrder(setup_);
    await switchOn(s, store);
    const unmatched = await paidOrder(setup_, 'SOMEONE-ELSES-SKU');
    const unpaid = await orderFor(t.database.db, s.sellerId, store, {
      orderStatus: 'unconfirmed',
      items: [{ sku: setup_.product.skus[0]!.code, quantity: 1, lineMinor: 1_500 }],
    });
    expect(await runFor(s, store)).toMatchObject({ paid: 0, awaitingFunds: 0, skipped: 1 });
    for (const id of [before.id, unmatched.id, unpaid.id]) {
      expect(await orderRow(id)).toMatchObject({ status: 10, awaitingFunds: false });
      expect(await logsOf(id)).toEqual([]);
    }
    const decided = await t.database.db
      .select()
      .from(autoBuys)
      .where(and(eq(autoBuys.storeId, store)));
    expect(decided.map((d) => [d.orderId, d.outcome, d.reason])).toEqual([
      [unmatched.id, 'skipped', 'no_match'],
    ]);

    const other = await storeFor(t.database.db, s.sellerId);
    const offOrder = await orderFor(t.database.db, s.sellerId, other, {
      items: [{ sku: setup_.product.skus[0]!.code, quantity: 1, lineMinor: 1_500 }],
    });
    expect(await runFor(s, other)).toMatchObject({ paid: 0, skipped: 0 });
    expect((await orderRow(offOrder.id)).status).toBe(10);
  });

  it("does nothing for a job naming another seller's store", async () => {
    const mine = await setup();
    const theirs = await setup();
    await switchOn(theirs.s, theirs.store);
    const order = await paidOrder(theirs);
    expect(await runFor(mine.s, theirs.store)).toMatchObject({ paid: 0, skipped: 0 });
    expect((await orderRow(order.id)).status).toBe(10);
  });
});

describe('queueing after a sync', () => {
  it('queues the store’s auto-buy only when it is on and the sync read orders', async () => {
    const { s, store } = await setup();
    const runner = { enqueue: vi.fn(async () => 'job-1') };
    const sync = { storeId: store, skipped: null, fetched: 3, itemsLoaded: 0 };
    expect(await queueAutoBuy(t.database.db, runner, sync)).toBeNull();
    await switchOn(s, store);
    expect(await queueAutoBuy(t.database.db, runner, { ...sync, fetched: 0 })).toBeNull();
    expect(await queueAutoBuy(t.database.db, runner, sync)).toBe('job-1');
    expect(runner.enqueue).toHaveBeenCalledWith({
      kind: ORDERS_AUTO_BUY,
      sellerId: s.sellerId,
      payload: { storeId: store },
    });
  });
});
