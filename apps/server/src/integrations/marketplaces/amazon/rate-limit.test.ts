import { describe, expect, it } from 'vitest';
import { OperationLimiter, USAGE_PLANS } from './rate-limit.ts';

function limiter() {
  let now = 0;
  const waits: number[] = [];
  const l = new OperationLimiter(
    USAGE_PLANS,
    async (ms) => {
      waits.push(ms);
      now += ms;
    },
    () => now,
  );
  return { l, waits, advance: (ms: number) => (now += ms) };
}

describe('OperationLimiter', () => {
  it('lets searchOrders burst 20 and then paces at 0.0056/s (Orders 2026-01-01)', async () => {
    const { l, waits } = limiter();
    for (let i = 0; i < 20; i++) await l.take('A1', 'searchOrders');
    expect(waits).toEqual([]);
    await l.take('A1', 'searchOrders');
    expect(waits).toEqual([Math.ceil(1000 / 0.0056)]);
  });

  it('keeps one bucket per selling partner and operation, refilled over time', async () => {
    const { l, waits, advance } = limiter();
    for (let i = 0; i < 5; i++) await l.take('A1', 'patchListingsItem');
    await l.take('A2', 'patchListingsItem');
    await l.take('A1', 'getListingsItem');
    expect(waits).toEqual([]);
    advance(200);
    await l.take('A1', 'patchListingsItem');
    expect(waits).toEqual([]);
    await l.take('A1', 'patchListingsItem');
    expect(waits).toEqual([200]);
  });

  it('follows the rate x-amzn-RateLimit-Limit reports', async () => {
    const { l, waits } = limiter();
    l.observeRate('A1', 'getOrder', 1);
    for (let i = 0; i < 31; i++) await l.take('A1', 'getOrder');
    expect(waits).toEqual([1000]);
  });
});
