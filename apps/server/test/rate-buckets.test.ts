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

it('takes a cost and settles by what the marketplace reported, keeping what others took', async () => {
  const [a, b] = [databaseBuckets(database().db), databaseBuckets(database().db)];
  const plan = { rate: 50, burst: 1000 };
  const key = 'shopify:shared.myshopify.com';
  // Shopify's cost bucket: a 903-point query fits a full bucket; the other process takes 50
  // for a call it has not sent yet.
  expect(await a.take(key, plan, 0, 903)).toBe(0);
  expect(await b.take(key, plan, 0, 50)).toBe(0);
  // The 903-point query cost 880: Shopify reports 120 left, which does not count b's 50 yet.
  // The bucket keeps them taken (47 + the 23 refunded), so the next 600 wait for 530 points.
  await a.settle(key, plan, 0, 120, 23);
  expect(await b.take(key, plan, 0, 600)).toBe(10_600);
  // Less than the bucket holds (calls it never saw): the report is the bound.
  await a.settle(key, plan, 20_000, 10);
  expect(await b.take(key, plan, 20_000, 60)).toBe(1_000);
});
