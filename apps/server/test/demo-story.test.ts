import { and, eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KUAIDI100_DEFAULTS, startKuaidi100Simulator } from '@app/sim';
import {
  orders,
  orderSyncState,
  purchaseOrderPackages,
  purchaseOrders,
  shipmentPushes,
  stores,
  users,
} from '../src/db/schema.ts';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import { createKuaidi100 } from '../src/integrations/tracking/kuaidi100.ts';
import { pollParcels } from '../src/modules/production/index.ts';
import { runShipmentPushes } from '../src/modules/orders/shipment-push-job.ts';
import { syncStore } from '../src/modules/orders/sync.ts';
import { DEMO_LOGINS, seedDemo } from '../src/seed/seed.ts';
import { tellDemoStory } from '../src/modules/demo/index.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';
import type { TestApp } from './helper.ts';

/**
 * The demo's story (DEMO_STORY) on a fresh database: the demo seller's stores synced from the
 * simulators, then purchase orders bought, produced and shipped by the functions the seller's
 * and the operator's requests call; the push job takes the tracking to the marketplaces and
 * the tracking poll delivers the parcels.
 */
const log = pino({ level: 'silent' });
const noProgress = { progress: async () => {} };
const MINUTE = 60_000;
let h: SimHarness;
let t: TestApp;
let clock = Date.now();
let kuaidi: Awaited<ReturnType<typeof startKuaidi100Simulator>>;
let sellerId: number;

const access = () => ({
  db: t.database.db,
  connectors: createMarketplaceConnectors(t.config),
  box: storeSecretBox(t.config),
});

beforeAll(async () => {
  h = await startSimHarness();
  kuaidi = await startKuaidi100Simulator({ now: () => clock, stepSeconds: 60 });
  t = await h.app();
  expect(
    await seedDemo(t.database.db, {
      stores: { box: storeSecretBox(t.config), simulators: h.sims },
    }),
  ).toBe(true);
  const [boss] = await t.database.db
    .select({ sellerId: users.sellerId })
    .from(users)
    .where(eq(users.email, DEMO_LOGINS.seller.email));
  sellerId = boss!.sellerId;
});
afterAll(async () => {
  await h?.close();
  await kuaidi?.close();
});

describe('demo story', { timeout: 180_000 }, () => {
  it('puts purchase orders in every state of the loop; the simulators hold the shipped ones with their tracking', async () => {
    const fast = await t.database.db
      .select()
      .from(stores)
      .where(
        and(
          eq(stores.sellerId, sellerId),
          inArray(stores.marketplace, ['shopify', 'shopee', 'temu']),
        ),
      );
    for (const store of fast) {
      // The last two days of orders: those the story can buy (the first sync reads 90 days).
      await t.database.db
        .insert(orderSyncState)
        .values({ storeId: store.id, updatedAfter: new Date(Date.now() - 2 * 86_400_000) });
      await syncStore(access(), store, noProgress);
    }

    const told = await tellDemoStory(t.database.db, log, sellerId);
    expect(told).toEqual({ unpaid: 1, paid: 1, in_production: 2, shipped: 2, exception: 1 });

    // The push job confirms each shipped order's tracking on its marketplace.
    const pushed = await runShipmentPushes(access(), noProgress);
    expect(pushed).toMatchObject({ confirmed: 3, refused: 0 });
    const pushes = await t.database.db
      .select({
        orderId: shipmentPushes.orderId,
        tracking: shipmentPushes.trackingNumber,
        status: shipmentPushes.status,
      })
      .from(shipmentPushes);
    expect(pushes.map((p) => p.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    const packages = await t.database.db
      .select({ tracking: purchaseOrderPackages.trackingNo })
      .from(purchaseOrderPackages);
    expect(pushes.map((p) => p.tracking).sort()).toEqual(packages.map((p) => p.tracking).sort());
    const onSimulators = fast.flatMap((s) =>
      h.sims[s.marketplace].shipments(s.account).map((r) => ({ ...r, storeId: s.id })),
    );
    expect(onSimulators.map((s) => s.trackingNumber).sort()).toEqual(
      pushes.map((p) => p.tracking).sort(),
    );
    const remote = await t.database.db
      .select({ remoteId: orders.remoteId, storeId: orders.storeId })
      .from(orders)
      .where(
        inArray(
          orders.id,
          pushes.map((p) => p.orderId),
        ),
      );
    expect(onSimulators.map((s) => `${s.storeId}:${s.orderId}`).sort()).toEqual(
      remote.map((r) => `${r.storeId}:${r.remoteId}`).sort(),
    );

    // The carrier delivers the two parcels in transit; the lost one stays an exception.
    const provider = createKuaidi100({
      url: kuaidi.url,
      customer: SIM_KUAIDI100_DEFAULTS.customer,
      key: SIM_KUAIDI100_DEFAULTS.key,
    });
    const poll = () =>
      pollParcels(
        { db: t.database.db, log, provider, pollEverySeconds: 60, now: () => new Date(clock) },
        null,
      );
    await poll();
    clock += 10 * MINUTE;
    expect(await poll()).toMatchObject({ delivered: 2, failed: 0 });
    expect(await tellDemoStoryCounts()).toEqual({
      unpaid: 1,
      paid: 1,
      in_production: 2,
      delivered: 2,
      exception: 1,
    });
  });
});

async function tellDemoStoryCounts() {
  const rows = await t.database.db
    .select({ status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.sellerId, sellerId));
  const counts: Record<string, number> = {};
  for (const { status } of rows) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
