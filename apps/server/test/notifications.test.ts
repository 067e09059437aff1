import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permOf } from '@app/shared';
import { groups, sellers, shipmentPushes, userGroups, users } from '../src/db/schema.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { post } from '../src/modules/finance/ledger.ts';
import {
  LOW_BALANCE_MINOR,
  notify,
  sendNotificationMails,
} from '../src/modules/notifications/index.ts';
import { runShipmentPushes } from '../src/modules/orders/shipment-push-job.ts';
import { createMessenger } from '../src/integrations/messengers.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import * as money from './money.ts';
import { orderFor, storeFor } from './order-fixtures.ts';
import { operatorDesk, paidOrder } from './production-fixtures.ts';

let t: TestApp;
let desk: Awaited<ReturnType<typeof operatorDesk>>;
beforeAll(async () => {
  t = await buildTestApp();
  desk = await operatorDesk(t);
});
afterAll(() => t?.close());

const YANWEN = { carrier_code: 'YANWEN-SL', tracking_no: 'UG123456789YP' };
const ORDER_CLERK = [permOf('/newOrder', 'list'), permOf('/newOrder', 'logistics')];
const FINANCE = [permOf('/my/accountPay', 'pay'), permOf('/my/recharge', 'add')];

const list = (who: SellerFixture, query: Record<string, string> = {}, lang = 'zh-CN') =>
  call(t.app, 'GET', '/api/notification/list', {
    token: who.token,
    query,
    headers: { 'accept-language': lang },
  });
const kinds = async (who: SellerFixture) =>
  (await list(who)).body.data.list.map((n: { kind: string }) => n.kind);
const unread = async (who: SellerFixture) =>
  (await call(t.app, 'GET', '/api/notification/unread-count', { token: who.token })).body.data
    .count;
const markRead = (who: SellerFixture, body: unknown) =>
  call(t.app, 'POST', '/api/notification/read', { token: who.token, body });

/** A paid purchase order, accepted and produced, ready for the operator to ship. */
async function producedOrder() {
  const paid = await paidOrder(t);
  await desk.accept([paid.order.id]);
  await desk.post('produced', { ids: [paid.order.id] });
  return paid;
}

/** Sets the balance by hand so the next payment leaves it below the low-balance line. */
async function setBalance(sellerId: number, balanceMinor: number) {
  await t.database.db.update(sellers).set({ balanceMinor }).where(eq(sellers.id, sellerId));
}

/** An account-wide low-balance notice, written as the ledger writes it. */
async function lowBalanceNotice(sellerId: number) {
  await t.database.db.transaction((tx) =>
    notify(
      { db: tx },
      {
        sellerId,
        kind: 'low_balance',
        message: {
          key: 'notifications.low_balance',
          params: { balance: '1.00', threshold: '100.00' },
        },
        link: '/my/recharge',
      },
    ),
  );
}

describe('notifications', () => {
  it('tells the seller a purchase order shipped, in the reader’s language, with its link', async () => {
    const { seller, order } = await producedOrder();
    const before = await unread(seller);
    const shipped = await desk.ship({ id: order.id, ...YANWEN });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);

    expect(await unread(seller)).toBe(before + 1);
    const [newest] = (await list(seller)).body.data.list;
    expect(newest).toMatchObject({
      kind: 'po_shipped',
      message: `采购单 ${order.number} 已发货：Yanwen ${YANWEN.tracking_no}`,
      link: `/my/accountPay?order=${order.id}`,
      read: false,
    });
    const [inEnglish] = (await list(seller, {}, 'en')).body.data.list;
    expect(inEnglish.message).toBe(
      `Purchase order ${order.number} has shipped: Yanwen ${YANWEN.tracking_no}`,
    );
  });

  it('tells the seller about an exception the operator raises', async () => {
    const { seller, order } = await producedOrder();
    await desk.ship({ id: order.id, ...YANWEN });
    const flagged = await desk.post('exception', { id: order.id, reason: 'lost' });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    const [newest] = (await list(seller, {}, 'en')).body.data.list;
    expect(newest).toMatchObject({
      kind: 'po_exception',
      message: `Purchase order ${order.number} is in exception: the parcel was lost`,
    });
  });

  it('tells the seller once a day when a payment leaves the balance low', async () => {
    const { seller, order } = await paidOrder(t, { paid: false });
    await setBalance(seller.sellerId, order.amount_minor + 3_000);
    const paid = await money.pay(t, seller, '/api/pay/accountPay', {
      order_id: order.id,
      pay_password: money.PAY_PASSWORD,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [newest] = (await list(seller)).body.data.list;
    expect(newest).toMatchObject({
      kind: 'low_balance',
      message: `账户余额仅剩 ¥30.00，已低于 ¥${(LOW_BALANCE_MINOR / 100).toFixed(2)}，请及时充值`,
      link: '/my/recharge',
    });
    // Another debit the same day tells nothing new.
    await t.database.db.transaction((tx) =>
      post(tx, seller.sellerId, { kind: 'deduction', amountMinor: 1_000 }),
    );
    expect((await kinds(seller)).filter((k: string) => k === 'low_balance')).toHaveLength(1);
  });

  it('tells the seller the marketplace refused a tracking push', async () => {
    const seller = await createSeller(t.database.db);
    const store = await storeFor(t.database.db, seller.sellerId);
    const market = await orderFor(t.database.db, seller.sellerId, store, {
      items: [{ sku: 'SKU-1', quantity: 1, lineMinor: 1_000 }],
    });
    await t.database.db.insert(shipmentPushes).values({
      orderId: market.id,
      sellerId: seller.sellerId,
      storeId: store,
      packageRef: 'YT0000000001',
      carrier: 'YunExpress',
      trackingNumber: 'YT0000000001',
      items: [],
      status: 'queued',
      nextAttemptAt: new Date(),
    });
    // No connector for the store's marketplace: the push is refused until the seller acts
    // (so are those the shipments above queued).
    const access = { db: t.database.db, connectors: {}, box: storeSecretBox(t.config) };
    const run = await runShipmentPushes(access, { progress: async () => {} });
    expect(run.refused).toBeGreaterThanOrEqual(1);
    const [newest] = (await list(seller, {}, 'en')).body.data.list;
    expect(newest).toMatchObject({
      kind: 'push_refused',
      link: `/newOrder/logistics?ids=${market.id}`,
    });
    expect(newest.message).toContain(
      `The marketplace refused tracking number YT0000000001 of order ${market.number}`,
    );
  });

  it('shows staff only the kinds their permissions cover; another seller’s id is 404', async () => {
    const boss = await money.payer(t, 5_000);
    // Below the line after a debit: the account is told.
    await t.database.db.transaction((tx) =>
      post(tx, boss.sellerId, { kind: 'deduction', amountMinor: 100 }),
    );
    const clerk = await createSeller(t.database.db, {
      sellerId: boss.sellerId,
      permissions: ORDER_CLERK,
    });
    const finance = await createSeller(t.database.db, {
      sellerId: boss.sellerId,
      permissions: FINANCE,
    });
    expect(await kinds(boss)).toEqual(['low_balance']);
    expect(await kinds(finance)).toEqual(['low_balance']);
    expect(await kinds(clerk)).toEqual([]);
    expect(await unread(clerk)).toBe(0);

    const [notice] = (await list(boss)).body.data.list;
    expect((await markRead(clerk, { ids: [notice.id] })).status).toBe(404);
    const stranger = await createSeller(t.database.db);
    const foreign = await markRead(stranger, { ids: [notice.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.key).toBe('notifications.not_found');
    expect(await unread(boss)).toBe(1);
  });

  it('marks read by id and all at once; the unread filter and count follow', async () => {
    const boss = await money.payer(t, 5_000);
    await t.database.db.transaction((tx) =>
      post(tx, boss.sellerId, { kind: 'deduction', amountMinor: 100 }),
    );
    const [notice] = (await list(boss)).body.data.list;
    expect(await unread(boss)).toBe(1);
    const marked = await markRead(boss, { ids: [notice.id] });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ count: 0 });
    expect((await list(boss, { unread: '1' })).body.data.list).toEqual([]);
    expect((await list(boss)).body.data.list[0].read).toBe(true);
    // Marking it again changes nothing.
    expect((await markRead(boss, { ids: [notice.id] })).body.data).toEqual({ count: 0 });

    const { seller, order } = await producedOrder();
    await desk.ship({ id: order.id, ...YANWEN });
    await setBalance(seller.sellerId, 5_000);
    await t.database.db.transaction((tx) =>
      post(tx, seller.sellerId, { kind: 'deduction', amountMinor: 100 }),
    );
    expect(await unread(seller)).toBe(2);
    expect((await list(seller, { unread: '1', size: '1' })).body.data).toMatchObject({
      list: [{ kind: 'low_balance' }],
      pagination: { page: 1, size: 1, total: 2 },
    });
    expect((await markRead(seller, { all: true })).body.data).toEqual({ count: 0 });
  });

  it('keeps read state per user: the boss reading leaves staff unread and the other way round', async () => {
    const boss = await money.payer(t, 5_000);
    await t.database.db.transaction((tx) =>
      post(tx, boss.sellerId, { kind: 'deduction', amountMinor: 100 }),
    );
    const finance = await createSeller(t.database.db, {
      sellerId: boss.sellerId,
      permissions: FINANCE,
    });
    const [notice] = (await list(boss)).body.data.list;
    expect(await unread(finance)).toBe(1);

    expect((await markRead(boss, { ids: [notice.id] })).body.data).toEqual({ count: 0 });
    expect(await unread(finance)).toBe(1);
    expect((await list(finance)).body.data.list[0]).toMatchObject({ id: notice.id, read: false });
    expect((await list(finance, { unread: '1' })).body.data.pagination.total).toBe(1);

    // The staff member reads it too; then two more notices, which they mark all read at once.
    expect((await markRead(finance, { ids: [notice.id] })).body.data).toEqual({ count: 0 });
    for (let i = 0; i < 2; i += 1) await lowBalanceNotice(boss.sellerId);
    expect(await unread(boss)).toBe(2);
    expect((await markRead(finance, { all: true })).body.data).toEqual({ count: 0 });
    expect(await unread(boss)).toBe(2);
    expect((await list(boss, { unread: '1' })).body.data.pagination.total).toBe(2);
    // Marking all again, by the boss now, is theirs alone and idempotent.
    expect((await markRead(boss, { all: true })).body.data).toEqual({ count: 0 });
    expect((await markRead(boss, { all: true })).body.data).toEqual({ count: 0 });
    expect((await list(finance)).body.data.list.map((n: { read: boolean }) => n.read)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('shows the built-in order clerk purchase-order notices, which it opens but cannot pay or cancel', async () => {
    const { seller, order } = await producedOrder();
    await desk.ship({ id: order.id, ...YANWEN });
    const clerk = await createSeller(t.database.db, {
      sellerId: seller.sellerId,
      permissions: null,
    });
    const [builtIn] = await t.database.db
      .select({ id: groups.id, permissions: groups.permissions })
      .from(groups)
      .where(eq(groups.key, 'order_clerk'));
    expect(builtIn!.permissions).toContain(permOf('/my/accountPay', 'list'));
    expect(builtIn!.permissions).not.toContain(permOf('/my/accountPay', 'pay'));
    await t.database.db.insert(userGroups).values({ userId: clerk.userId, groupId: builtIn!.id });

    const [notice] = (await list(clerk)).body.data.list;
    expect(notice).toMatchObject({ kind: 'po_shipped', link: `/my/accountPay?order=${order.id}` });
    const get = (url: string, query: Record<string, string> = {}) =>
      call(t.app, 'GET', url, { token: clerk.token, query });
    const shown = await get('/api/purchase-order/show', { id: String(order.id) });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.number).toBe(order.number);
    expect((await get('/api/purchase-order/list')).status).toBe(200);
    // Reading only: the balance, paying and cancelling stay the boss's and finance's.
    expect((await get('/api/finance/info')).status).toBe(403);
    const pay = await money.pay(t, clerk, '/api/pay/accountPay', {
      order_id: order.id,
      pay_password: money.PAY_PASSWORD,
    });
    expect(pay.status).toBe(403);
    expect((await money.pay(t, clerk, '/api/purchase-order/cancel', { id: order.id })).status).toBe(
      403,
    );
    // Another seller's clerk finds nothing of it.
    const stranger = await createSeller(t.database.db);
    const foreign = await call(t.app, 'GET', '/api/purchase-order/show', {
      token: stranger.token,
      query: { id: String(order.id) },
    });
    expect(foreign.status).toBe(404);
  });

  it('answers 422 naming the field for bad input', async () => {
    const boss = await createSeller(t.database.db);
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: [1], all: true }]) {
      const res = await markRead(boss, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.data.fields)[0]).toMatch(/^ids/);
    }
    expect((await markRead(boss, { all: false })).status).toBe(422);
    const bad = await list(boss, { unread: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('unread');
    expect((await list(boss, { size: '0' })).status).toBe(422);
    const settings = await call(t.app, 'POST', '/api/notification/settings', {
      token: boss.token,
      body: { email: 'yes' },
    });
    expect(settings.status).toBe(422);
    expect(settings.body.data.fields).toHaveProperty('email');
  });

  it('e-mails users who opted in, in their language, through the outbox', async () => {
    const boss = await money.payer(t, 20_000);
    const staff = await createSeller(t.database.db, {
      sellerId: boss.sellerId,
      permissions: ORDER_CLERK,
    });
    const optIn = async (who: SellerFixture) => {
      const res = await call(t.app, 'POST', '/api/notification/settings', {
        token: who.token,
        body: { email: true },
      });
      expect(res.body.data).toEqual({ email: true });
    };
    await optIn(boss);
    await optIn(staff);
    await call(t.app, 'POST', '/api/account/language', {
      token: boss.token,
      body: { language: 'en' },
    });
    expect(
      (await call(t.app, 'GET', '/api/notification/settings', { token: boss.token })).body.data,
    ).toEqual({ email: true });

    await t.database.db.transaction((tx) =>
      post(tx, boss.sellerId, { kind: 'deduction', amountMinor: 15_000 }),
    );
    const deps = {
      db: t.database.db,
      log: t.app.log,
      messenger: createMessenger(t.config, t.database.db),
      siteName: 'Seller Hub',
      siteUrl: 'http://localhost',
    };
    // The clerk may not see money: only the boss is mailed, once.
    expect(await sendNotificationMails(deps)).toEqual({ sent: 1 });
    expect(await sendNotificationMails(deps)).toEqual({ sent: 0 });
    const outbox = async (to: string) =>
      (await call(t.app, 'GET', '/api/dev/outbox', { query: { recipient: to } })).body.data;
    const [mail] = await outbox(boss.email);
    expect(mail.subject).toBe(
      'Seller Hub notification: Your balance is down to ¥50.00, below ¥100.00: please recharge',
    );
    expect(mail.body).toContain('http://localhost/my/recharge');
    expect(await outbox(staff.email)).toEqual([]);

    // Opted out: nothing more is mailed.
    await call(t.app, 'POST', '/api/notification/settings', {
      token: boss.token,
      body: { email: false },
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, boss.userId));
    expect(user!.notifyByEmail).toBe(false);
  });
});
