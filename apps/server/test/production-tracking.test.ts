import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_CHANNELS } from '@app/shared';
import { SIM_KUAIDI100_DEFAULTS, startKuaidi100Simulator } from '@app/sim';
import { createKuaidi100, kuaidi100Code } from '../src/integrations/tracking/kuaidi100.ts';
import { TrackingError } from '../src/integrations/tracking/index.ts';
import { pollParcels } from '../src/modules/production/index.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { operatorDesk, paidOrder } from './production-fixtures.ts';

// Kuaidi100 is played by the simulator of packages/sim on its own port, with a clock we move.
let clock = Date.now();
let sim: Awaited<ReturnType<typeof startKuaidi100Simulator>>;
let t: TestApp;
let desk: Awaited<ReturnType<typeof operatorDesk>>;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  sim = await startKuaidi100Simulator({ now: () => clock, stepSeconds: 60 });
  t = await buildTestApp({ config: { KUAIDI100_URL: sim.url } });
  desk = await operatorDesk(t);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const provider = () =>
  createKuaidi100({
    url: sim.url,
    customer: SIM_KUAIDI100_DEFAULTS.customer,
    key: SIM_KUAIDI100_DEFAULTS.key,
  });
const poll = () =>
  pollParcels(
    {
      db: t.database.db,
      log: pino({ level: 'silent' }),
      provider: provider(),
      pollEverySeconds: 60,
      now: () => new Date(clock),
    },
    null,
  );

async function shipped(tracking: Record<string, string>) {
  const { order, seller } = await paidOrder(t);
  await desk.accept([order.id]);
  const res = await desk.ship({ id: order.id, ...tracking });
  expect(res.body.data.status).toBe('shipped');
  return { order, seller };
}

describe('carrier tracking', () => {
  it('follows a parcel to delivery and closes the purchase order; the seller sees the timeline', async () => {
    const { order, seller } = await shipped({
      carrier_code: 'YANWEN-SL',
      tracking_no: 'UG900000001YP',
    });
    const first = await desk.post('track', { id: order.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.packages[0].status).toBe('in_transit');
    expect(first.body.data.packages[0].events).toHaveLength(1);

    clock += 10 * MINUTE;
    const result = await poll();
    expect(result).toMatchObject({ delivered: 1, failed: 0 });
    const show = await call(t.app, 'GET', '/api/purchase-order/show', {
      token: seller.token,
      query: { id: String(order.id) },
    });
    expect(show.body.data.status).toBe('delivered');
    const [pkg] = show.body.data.packages;
    expect(pkg.status).toBe('delivered');
    expect(pkg.events).toHaveLength(6);
    expect(pkg.events[0].description).toMatch(/Delivered/);
    expect(Math.abs(pkg.events[5].time * 1000 - (clock - 10 * MINUTE))).toBeLessThan(2_000);
    const last = show.body.data.log.at(-1);
    expect(last).toMatchObject({ action: 'deliver', actor_kind: 'system', to_status: 'delivered' });
    const notices = await call(t.app, 'GET', '/api/notification/list', {
      token: seller.token,
      headers: { 'accept-language': 'en' },
    });
    expect(notices.body.data.list[0]).toMatchObject({
      kind: 'po_delivered',
      message: `Purchase order ${order.number} was delivered`,
      link: `/my/accountPay?order=${order.id}`,
    });
  });

  it('flags a parcel without a new event for seven days as an exception', async () => {
    const { order } = await shipped({ carrier_name: 'Yanwen', tracking_no: 'UGSTUCK0001' });
    await desk.post('track', { id: order.id });
    clock += 8 * DAY;
    expect((await poll()).flagged).toBeGreaterThanOrEqual(1);
    const info = await desk.info(order.id);
    expect(info.status).toBe('exception');
    expect(info.exception.reason).toBe('stuck');
    expect(info.packages[0].status).toBe('exception');
  });

  it('refuses a bad sign and an unknown number as Kuaidi100 does', async () => {
    const forged = createKuaidi100({
      url: sim.url,
      customer: SIM_KUAIDI100_DEFAULTS.customer,
      key: 'wrong',
    });
    await expect(forged.track('Yanwen', 'UG900000001YP')).rejects.toMatchObject({ code: '503' });
    const strict = await startKuaidi100Simulator({ autoHandOver: false });
    try {
      const client = createKuaidi100({
        url: strict.url,
        customer: SIM_KUAIDI100_DEFAULTS.customer,
        key: SIM_KUAIDI100_DEFAULTS.key,
      });
      const unknown = client.track('Yanwen', 'UG900000002YP');
      await expect(unknown).rejects.toBeInstanceOf(TrackingError);
      await expect(unknown).rejects.toMatchObject({ code: '500' });
      strict.sim.handOver('yw56', 'UG900000002YP');
      expect((await client.track('Yanwen', 'UG900000002YP')).status).toBe('in_transit');
    } finally {
      await strict.close();
    }
  });

  it("asks Kuaidi100 by its codes for every channel's carrier; one it has no code for is refused", async () => {
    const client = provider();
    for (const channel of LOGISTICS_CHANNELS) {
      const asked = client.track(channel.carrier, channel.tracking_example);
      if (channel.carrier === 'Shopee Xpress') {
        // Kuaidi100 has no code for Shopee's own logistics: "找不到对应公司".
        await expect(asked).rejects.toMatchObject({ code: '400' });
      } else {
        expect((await asked).status, channel.carrier).toBe('in_transit');
      }
    }
    expect(kuaidi100Code('4PX')).toBe('disifang');
    expect(kuaidi100Code('Yanwen')).toBe('yw56');
    expect(kuaidi100Code('Cainiao')).toBe('cainiaoglobal');
  });
});
