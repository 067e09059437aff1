import { describe, expect, it } from 'vitest';
import { generateOrders, type OrderGeneratorOptions } from './http.ts';

const HOUR = 3_600_000;
const NOW = new Date(Date.UTC(2026, 10, 27, 10, 0));
const base: OrderGeneratorOptions = {
  shopKey: 'pace-test',
  since: new Date(NOW.getTime() - 30 * 24 * HOUR),
  everyMinutes: 90,
  catalogue: [{ sku: 'A', title: 'A', unitMinor: 100 }],
  countryCode: 'US',
};

describe('order pace', () => {
  it("without one: the marketplace's own pace over 30 days", () => {
    const orders = generateOrders(base, NOW);
    expect(orders.length).toBeGreaterThan(400);
    expect(orders[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(base.since.getTime());
  });

  it('holds a sparser, longer history, then a new order every few minutes from `since` on', () => {
    const liveSince = new Date(NOW.getTime() - 2 * HOUR);
    const pace = {
      historyDays: 60,
      historyEveryMinutes: 180,
      live: { since: liveSince, everyMinutes: 5 },
    };
    const orders = generateOrders({ ...base, pace }, NOW);
    const history = orders.filter((o) => o.createdAt < liveSince);
    const live = orders.filter((o) => o.createdAt >= liveSince);
    // 60 days at one order per 3 hours; the two live hours at one per 5 minutes.
    expect(history.length).toBeGreaterThan(470);
    expect(history.length).toBeLessThanOrEqual(480);
    expect(history[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 60 * 24 * HOUR);
    expect(live.length).toBeGreaterThanOrEqual(22);
    expect(live.length).toBeLessThanOrEqual(25);
    // Slot numbers are the orders' stable ids: unique, and the same a minute later.
    expect(new Set(orders.map((o) => o.slot)).size).toBe(orders.length);
    const later = generateOrders({ ...base, pace }, new Date(NOW.getTime() + 60_000));
    const bySlot = new Map(later.map((o) => [o.slot, o.createdAt.getTime()]));
    for (const o of orders) expect(bySlot.get(o.slot)).toBe(o.createdAt.getTime());
    // Orders move on with the real clock, not with the live phase's start.
    expect(history.filter((o) => o.status === 'shipped').length).toBeGreaterThan(400);
  });
});
