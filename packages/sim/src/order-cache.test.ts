import { describe, expect, it } from 'vitest';
import { createOrderBook } from './amazon/orders.ts';
import { StateStore } from './amazon/state.ts';
import { createOrderGenerator, generateOrders, type OrderGeneratorOptions } from './http.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 27, 10, 0, 7);
const catalogue = [
  { sku: 'A', title: 'A', unitMinor: 100 },
  { sku: 'B', title: 'B', unitMinor: 250 },
  { sku: 'C', title: 'C', unitMinor: 990 },
];

/** The marketplaces' own 30 days, and the demo's history with its live orders. */
const shapes: Array<[string, (at: number) => OrderGeneratorOptions]> = [
  [
    'own pace',
    (at) => ({
      shopKey: 'cache-own',
      since: new Date(at - 30 * DAY),
      everyMinutes: 30,
      catalogue,
      countryCode: 'US',
      bulkLines: 3,
    }),
  ],
  [
    'demo pace',
    () => ({
      shopKey: 'cache-demo',
      since: new Date(0),
      everyMinutes: 90,
      catalogue,
      countryCode: 'SG',
      pace: {
        historyDays: 1,
        historyEveryMinutes: 1,
        live: { since: new Date(NOW - 2 * HOUR), everyMinutes: 5 },
      },
    }),
  ],
];

describe('order generator cache', () => {
  it.each(shapes)(
    '%s: a shop read as the clock moves holds what a fresh generation makes',
    (_, options) => {
      // Seconds, minutes (new orders, payments), hours and days (shipping, the window rolling on).
      const steps = [0, 1_000, 7 * MINUTE, 31 * MINUTE, 5 * HOUR, 13 * HOUR, 2 * DAY, 40 * DAY];
      for (const step of steps) {
        const at = NOW + step;
        const cached = generateOrders(options(at), new Date(at));
        const fresh = createOrderGenerator()(options(at), new Date(at));
        expect(cached.length).toBeGreaterThan(0);
        expect(cached).toEqual(fresh);
      }
      // A clock that goes back, as a test's may, still gets that time's orders.
      expect(generateOrders(options(NOW), new Date(NOW))).toEqual(
        createOrderGenerator()(options(NOW), new Date(NOW)),
      );
    },
  );

  it("holds a shop's new catalogue's orders, not the old one's", () => {
    const [, options] = shapes[0]!;
    generateOrders(options(NOW), new Date(NOW));
    const other = { ...options(NOW), catalogue: [{ sku: 'Z', title: 'Z', unitMinor: 5 }] };
    const orders = generateOrders(other, new Date(NOW));
    expect(orders).toEqual(createOrderGenerator()(other, new Date(NOW)));
    expect(new Set(orders.flatMap((o) => o.lines.map((l) => l.sku)))).toEqual(new Set(['Z']));
  });

  it("keeps an order's object while its status stays, and makes a new one when it moves", () => {
    const generate = createOrderGenerator();
    const [, options] = shapes[0]!;
    const before = generate(options(NOW), new Date(NOW));
    const after = generate(options(NOW), new Date(NOW + 20 * MINUTE));
    const bySlot = new Map(after.map((o) => [o.slot, o]));
    let moved = 0;
    for (const order of before) {
      const later = bySlot.get(order.slot);
      if (!later) continue;
      if (later.status === order.status) expect(later).toBe(order);
      else {
        moved += 1;
        expect(later).not.toBe(order);
        expect(order.status).toBe('pending');
      }
    }
    expect(moved).toBeGreaterThan(0);
  });
});

describe('Amazon order book', () => {
  it('shows a confirmation made within the second it last read the shop', () => {
    const store = new StateStore(undefined);
    const book = createOrderBook({ store });
    const now = new Date(NOW);
    const US = 'ATVPDKIKX0DER';
    const open = book
      .ordersOf('A1CACHE', US, now)
      .find((o) => o.status === 'UNSHIPPED' && !o.sim.marketplaceFulfilled)!;
    expect(book.orderOf('A1CACHE', US, open.orderId, now)?.status).toBe('UNSHIPPED');
    const items = Object.fromEntries(open.items.map((i) => [i.orderItemId, i.quantity]));
    store.state.shipments.A1CACHE = { [open.orderId]: { at: now.toISOString(), items } };
    store.save();
    expect(book.orderOf('A1CACHE', US, open.orderId, now)?.status).toBe('SHIPPED');
    const listed = book.ordersOf('A1CACHE', US, now).find((o) => o.orderId === open.orderId);
    expect(listed?.status).toBe('SHIPPED');
  });
});
