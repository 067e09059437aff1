import { expect, it } from 'vitest';
import {
  OperationLimiter,
  USAGE_PLANS,
} from '../src/integrations/marketplaces/amazon/rate-limit.ts';
import { databaseBuckets } from '../src/integrations/marketplaces/rate-buckets.ts';
import { databaseForFile } from './helper.ts';

/**
 * Two processes publishing to one Amazon store share its quota through the database: together
 * they get one burst and then the plan's rate, as one process would (they sent 110-118
 * listing calls in 10 s against the 60 allowed while each kept its own bucket).
 */
const database = databaseForFile();

it('paces two limiters on one database as one', async () => {
  let now = 1_000_000;
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  const process = () =>
    new OperationLimiter(USAGE_PLANS, sleep, () => now, databaseBuckets(database().db));
  const [a, b] = [process(), process()];
  // putListingsItem: 5 a second, bursts of 10.
  await Promise.all(
    Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take('A1SHARED', 'putListingsItem')),
  );
  expect(waits).toEqual([]);
  for (const limiter of [a, b, a, b]) await limiter.take('A1SHARED', 'putListingsItem');
  expect(waits).toEqual([200, 400, 600, 800]);
  // Another selling partner has its own bucket; time refills them.
  await b.take('A2OTHER', 'putListingsItem');
  now += 2_000;
  await a.take('A1SHARED', 'putListingsItem');
  expect(waits).toEqual([200, 400, 600, 800]);
});

it('takes a cost and settles to what the marketplace reported, for every process', async () => {
  const [a, b] = [databaseBuckets(database().db), databaseBuckets(database().db)];
  const plan = { rate: 50, burst: 1000 };
  // Shopify's cost bucket: a 903-point query fits a full bucket.
  expect(await a.take('shopify:shared.myshopify.com', plan, 0, 903)).toBe(0);
  // The answer said 100 points are left; the other process waits for the refill from there.
  await a.settle('shopify:shared.myshopify.com', 0, 100);
  expect(await b.take('shopify:shared.myshopify.com', plan, 0, 600)).toBe(10_000);
});
