import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGISTICS_CHANNELS, MARKET_SITES, type Marketplace } from '@app/shared';
import { FEWER_ORDERS, startSimHarness, type SimHarness } from './sim-harness.ts';
import { orderItems, orders, orderSyncState, shipmentPushes, stores } from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth, storeSessionFor } from '../src/modules/markets/service.ts';
import { runShipmentPushes } from '../src/modules/orders/shipment-push-job.ts';
import { syncStore } from '../src/modules/orders/sync.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';

/**
 * Tracking saved on the order desk reaches each of the four marketplaces (issue 18):
 * save-logistics queues a push, the push job confirms the shipment on the simulator, which
 * records it, and the next sync reads it shipped.
 * On a fake clock from a fixed instant, as orders-sync.test.ts explains.
 */
const START = Date.UTC(2026, 2, 2, 9, 41);
const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);
const sleep = async (ms: number) => void pass(ms);
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
const noProgress = { progress: async () => {} };
const RECENT_MS = 2 * 86_400_000;
/** A channel every marketplace takes. */
const FOUR_PX = LOGISTICS_CHANNELS.find((c) => c.code === '4PX-GP')!;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: START });
  // Fewer Amazon orders (90 rather than 360): a push needs one, and every sync reads them all.
  h = await startSimHarness({ orders: FEWER_ORDERS });
  t = await h.app({ sleep });
  seller = await createSeller(t.database.db);
});
afterAll(async () => {
  vi.useRealTimers();
  await h?.close();
});

const access = () => ({
  db: t.database.db,
  connectors: createMarketplaceConnectors(t.config, { sleep }),
  box: storeSecretBox(t.config),
});

async function sandboxStore(marketplace: Marketplace, site: string, account: string) {
  const info = MARKET_SITES.find((s) => s.marketplace === marketplace && s.code === site)!;
  const auth = h.sims[marketplace].grant(account, site);
  const [row] = await t.database.db
    .insert(stores)
    .values({
      ...sealAuth(storeSecretBox(t.config), auth),
      sellerId: seller.sellerId,
      marketplace,
      marketSiteId: info.id,
      alias: `${marketplace} sim`,
      account: auth.account,
      source: 'sandbox',
    })
    .returning();
  // A first sync would read 90 days of orders (an Amazon one, each order's items at 0.5/s: most
  // of a minute); a store synced up to two days ago reads the dozen orders of those two days.
  await t.database.db
    .insert(orderSyncState)
    .values({ storeId: row!.id, updatedAfter: new Date(Date.now() - RECENT_MS) });
  await syncStore(access(), row!, noProgress);
  return row!;
}

/** Open, seller-fulfilled orders of the store with every item read. */
async function openOrders(storeId: number) {
  return t.database.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.orderStatus, 'unshipped'),
        eq(orders.fulfillmentChannel, 'MFN'),
        eq(orders.itemsPending, false),
        isNotNull(orders.remoteId),
      ),
    );
}

let tracking = 0;
const nextTracking = () => `4PX${String(++tracking).padStart(13, '0')}CN`;
const post = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/cw-order/${path}`, { token, body });
const saveLogistics = (id: number, number = nextTracking()) =>
  post('save-logistics', { id, user_logistics_channel_id: FOUR_PX.id, shipped_number: number });
const pushOf = async (orderId: number) =>
  (await t.database.db.select().from(shipmentPushes).where(eq(shipmentPushes.orderId, orderId))).at(
    -1,
  )!;

describe('shipment push', { timeout: 180_000 }, () => {
  it.each([
    ['amazon', 'US', 'A3SIMPUSH0001'],
    ['shopify', 'GLOBAL', 'push-test.myshopify.com'],
    ['shopee', 'SG', '880001'],
    ['temu', 'US', '634418219901'],
  ] as const)(
    '%s: save-logistics → push confirmed on the simulator → the next sync reads it shipped',
    async (mp, site, account) => {
      const store = await sandboxStore(mp, site, account);
      const [order] = await openOrders(store.id);
      const saved = await saveLogistics(order!.id);
      expect(saved.status).toBe(200);
      expect(saved.body.data.shipment_push).toMatchObject({ status: 'queued', reason: null });

      const run = await runShipmentPushes(access(), noProgress);
      expect(run).toMatchObject({ confirmed: 1, refused: 0 });
      // The marketplace recorded one shipment of the order, with our tracking number.
      expect(h.sims[mp].shipments(account)).toEqual([
        expect.objectContaining({
          orderId: order!.remoteId,
          trackingNumber: saved.body.data.shipped_number,
        }),
      ]);
      // Nothing is left due: a second run sends nothing again.
      expect(await runShipmentPushes(access(), noProgress)).toMatchObject({ confirmed: 0 });
      const log = await post('show-order-log', { id: order!.id });
      expect(log.body.data.at(-1)).toMatchObject({
        action: 'shipment_push.confirmed',
        user_id: null,
        text: `平台已确认运单号 ${saved.body.data.shipped_number}`,
      });

      pass(60_000);
      await syncStore(access(), store, noProgress);
      const shown = (await post('show-orders', { ids: [order!.id] })).body.data[0];
      // Shopee holds an arranged order as PROCESSED until the carrier collects it.
      expect(shown).toMatchObject({
        ...(mp === 'shopee' ? { remote_status: 'PROCESSED' } : { order_status: 'shipped' }),
        shipped_number: saved.body.data.shipped_number,
        shipment_push: { status: 'confirmed', reason: null, attempts: 1 },
      });
    },
  );

  it('retries a throttled push with backoff, then confirms it', async () => {
    const store = await sandboxStore('shopify', 'GLOBAL', 'push-429.myshopify.com');
    const [order] = await openOrders(store.id);
    await saveLogistics(order!.id);
    h.sims.shopify.faults.failNext({ status: 429 }, 20);
    expect(await runShipmentPushes(access(), noProgress)).toMatchObject({ retrying: 1 });
    const waiting = await pushOf(order!.id);
    expect(waiting).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastErrorKey: 'marketplace.rate_limit',
    });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const actions = async () =>
      (await post('show-order-log', { id: order!.id })).body.data.map(
        (l: { action: string }) => l.action,
      );
    expect(await actions()).not.toContain('shipment_push.refused');
    // Not due yet: the run leaves it alone.
    expect(await runShipmentPushes(access(), noProgress)).toMatchObject({ retrying: 0 });
    h.sims.shopify.faults.clear();
    pass(60_000);
    expect(await runShipmentPushes(access(), noProgress)).toMatchObject({ confirmed: 1 });
    expect(await pushOf(order!.id)).toMatchObject({
      status: 'confirmed',
      attempts: 2,
      reason: null,
    });
    expect((await actions()).filter((a: string) => a.startsWith('shipment_push.'))).toEqual([
      'shipment_push.confirmed',
    ]);
  });

  it("records the marketplace's refusal with its reason, stops, and the desk sends it again", async () => {
    const store = await sandboxStore('amazon', 'US', 'A3SIMPUSH0002');
    const [order] = await openOrders(store.id);
    // Shipped on Amazon by other means meanwhile: our confirmation is refused.
    const { connector, session } = storeSessionFor(access(), store, { forWrite: true });
    const items = (await connector.fetchOrderDetails!(session, order!.remoteId!)).items.map(
      (i) => ({ remoteItemId: i.remoteItemId, sku: i.sku, quantity: i.quantity }),
    );
    await connector.confirmShipment(session, { remoteId: order!.remoteId! }, [
      {
        reference: '999999',
        carrier: 'UPS',
        trackingNumber: 'ELSEWHERE',
        shippedAt: new Date(),
        items,
      },
    ]);
    await saveLogistics(order!.id);
    expect(await runShipmentPushes(access(), noProgress)).toMatchObject({ refused: 1 });
    const refused = await pushOf(order!.id);
    expect(refused).toMatchObject({ status: 'refused', lastErrorKey: 'marketplace.validation' });
    expect(refused.reason).toContain('SHIPPED');
    const log = await call(t.app, 'POST', '/api/cw-order/show-order-log', {
      token: seller.token,
      body: { id: order!.id },
      headers: { 'accept-language': 'en' },
    });
    expect(log.body.data.at(-1)).toMatchObject({
      action: 'shipment_push.refused',
      text: `The marketplace refused tracking number ${refused.trackingNumber}: ${refused.reason}`,
    });
    expect(await runShipmentPushes(access(), noProgress)).toMatchObject({ refused: 0 });

    const shown = (await post('show-orders', { ids: [order!.id] })).body.data[0];
    expect(shown.shipment_push).toMatchObject({ status: 'refused', reason: refused.reason });

    const retried = await post('retry-shipment-push', { ids: [order!.id] });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual({ queued: [order!.id] });
    expect(await pushOf(order!.id)).toMatchObject({ status: 'queued', attempts: 0 });
    // Already queued: nothing to send again.
    const nothing = await post('retry-shipment-push', { ids: [order!.id] });
    expect(nothing.status).toBe(409);
    const other = await createSeller(t.database.db);
    expect((await post('retry-shipment-push', { ids: [order!.id] }, other.token)).status).toBe(404);

    // An order whose items have not arrived yet is pushed with the lines Amazon holds.
    const [, pending] = await openOrders(store.id);
    await t.database.db.delete(orderItems).where(eq(orderItems.orderId, pending!.id));
    await t.database.db
      .update(orders)
      .set({ itemsPending: true })
      .where(eq(orders.id, pending!.id));
    await saveLogistics(pending!.id);
    expect(await pushOf(pending!.id)).toMatchObject({ status: 'queued', items: [] });
    await runShipmentPushes(access(), noProgress);
    expect(await pushOf(pending!.id)).toMatchObject({ status: 'confirmed' });
  });

  it('resumes a push a killed run left pushing, without a second fulfillment', async () => {
    const store = await sandboxStore('shopify', 'GLOBAL', 'push-crash.myshopify.com');
    const [order] = await openOrders(store.id);
    await saveLogistics(order!.id);
    const push = await pushOf(order!.id);
    // The run sent the package and died before recording Shopify's answer.
    const { connector, session } = storeSessionFor(access(), store, { forWrite: true });
    const [sent] = await connector.confirmShipment(session, { remoteId: order!.remoteId! }, [
      {
        reference: String(push.id),
        carrier: push.carrier,
        trackingNumber: push.trackingNumber,
        shippedAt: push.createdAt,
        items: push.items,
      },
    ]);
    await t.database.db
      .update(shipmentPushes)
      .set({ status: 'pushing', attempts: 1, updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(shipmentPushes.id, push.id));
    // Its claim has not run out yet: another run leaves it alone.
    expect(await runShipmentPushes(access(), noProgress)).toMatchObject({ confirmed: 0 });
    pass(2 * 60_000);
    expect(await runShipmentPushes(access(), noProgress)).toMatchObject({ confirmed: 1 });
    expect(await pushOf(order!.id)).toMatchObject({
      status: 'confirmed',
      attempts: 2,
      remoteId: sent!.remoteId,
    });
    expect(h.sims.shopify.shipments('push-crash.myshopify.com')).toHaveLength(1);
  });

  it('drains each store at its own pace: a store that does not answer holds no other back', async () => {
    const slow = await sandboxStore('amazon', 'US', 'A3SIMPUSHSLOW');
    const fast = await sandboxStore('shopify', 'GLOBAL', 'push-fast.myshopify.com');
    const [stuck] = await openOrders(slow.id);
    const [first, second] = await openOrders(fast.id);
    await saveLogistics(stuck!.id);
    await saveLogistics(first!.id);
    // Amazon takes the package only once the test lets it.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const base = access();
    const amazon = base.connectors.amazon!;
    const hanging: typeof amazon = Object.create(amazon);
    hanging.confirmShipment = async (...args) => {
      await answered;
      return amazon.confirmShipment(...args);
    };
    const running = runShipmentPushes(
      { ...base, connectors: { ...base.connectors, amazon: hanging } },
      noProgress,
    );
    // Real time passes here (only Date is faked): up to ten seconds.
    const confirmed = async (orderId: number) => {
      for (let i = 0; i < 100; i++) {
        if ((await pushOf(orderId)).status === 'confirmed') return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    };
    expect(await confirmed(first!.id)).toBe(true);
    // Tracking saved during the run goes out with it, Amazon still silent.
    await saveLogistics(second!.id);
    expect(await confirmed(second!.id)).toBe(true);
    expect(await pushOf(stuck!.id)).toMatchObject({ status: 'pushing' });
    answer();
    expect(await running).toMatchObject({ confirmed: 3, refused: 0, retrying: 0 });
    expect(h.sims.amazon.shipments('A3SIMPUSHSLOW')).toHaveLength(1);
    expect(h.sims.shopify.shipments('push-fast.myshopify.com')).toHaveLength(2);
  });

  it('answers 409 when no order has a push to retry, 422 for no ids', async () => {
    const store = await sandboxStore('shopify', 'GLOBAL', 'push-none.myshopify.com');
    const [order] = await openOrders(store.id);
    expect((await post('retry-shipment-push', { ids: [order!.id] })).status).toBe(409);
    expect((await post('retry-shipment-push', { ids: [] })).status).toBe(422);
  });
});
