import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateBuckets } from '../../db/schema.ts';

/** A marketplace's usage plan: sustained requests per second and bucket size. */
export interface UsagePlan {
  rate: number;
  burst: number;
}

/**
 * Token buckets of marketplace quotas. `take` spends `cost` tokens (one request by default) of
 * `key`'s bucket at `now` (ms on the connector's clock) and answers how long the caller must wait
 * before sending: tokens may go negative, so concurrent callers queue behind one another instead
 * of all waiting for the same refill. A bucket starts full; time going backwards (another
 * process's clock) adds nothing.
 *
 * `settle` corrects a bucket by what the marketplace reported as left (Shopify tells its bucket
 * in every answer): `refund` goes back first (points taken that the marketplace did not spend:
 * a query cheaper than requested, a throttled call), then the bucket holds at most `reported`.
 * Never more: the report cannot count calls other callers have taken points for and not yet
 * sent, so adopting it outright handed their points out again and sent a batch's concurrent
 * calls into THROTTLED answers (143 of 1,000 publishes failed so).
 */
export interface RateBuckets {
  take(key: string, plan: UsagePlan, now: number, cost?: number): Promise<number>;
  settle(
    key: string,
    plan: UsagePlan,
    now: number,
    reported: number,
    refund?: number,
  ): Promise<void>;
}

const waitFor = (tokens: number, plan: UsagePlan) =>
  tokens < 0 ? Math.ceil((-tokens / plan.rate) * 1000) : 0;

/** Buckets in this process: exact for one process (PGlite always is one). */
export function memoryBuckets(): RateBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  /** The bucket refilled up to `now`. */
  const current = (key: string, plan: UsagePlan, now: number) => {
    const bucket = buckets.get(key) ?? { tokens: plan.burst, at: now };
    const refill = (Math.max(0, now - bucket.at) / 1000) * plan.rate;
    bucket.tokens = Math.min(plan.burst, bucket.tokens + refill);
    bucket.at = Math.max(bucket.at, now);
    buckets.set(key, bucket);
    return bucket;
  };
  return {
    async take(key, plan, now, cost = 1) {
      const bucket = current(key, plan, now);
      bucket.tokens -= cost;
      return waitFor(bucket.tokens, plan);
    },
    async settle(key, plan, now, reported, refund = 0) {
      const bucket = current(key, plan, now);
      bucket.tokens = Math.min(bucket.tokens + refund, reported);
    },
  };
}

/**
 * Buckets in the `rate_buckets` table, shared by every process on the database: one upsert per
 * request, the row lock ordering concurrent takes, so two processes together stay within a
 * store's quota as one would.
 */
export function databaseBuckets(db: Executor): RateBuckets {
  const refilled = (plan: UsagePlan, now: number) =>
    sql`least(${plan.burst}::float8, ${rateBuckets.tokens} + greatest(0, ${now}::float8 - ${rateBuckets.atMs}) / 1000 * ${plan.rate}::float8)`;
  return {
    async take(key, plan, now, cost = 1) {
      const [row] = await db
        .insert(rateBuckets)
        .values({ key, tokens: plan.burst - cost, atMs: now })
        .onConflictDoUpdate({
          target: rateBuckets.key,
          set: {
            tokens: sql`${refilled(plan, now)} - ${cost}::float8`,
            atMs: sql`greatest(${rateBuckets.atMs}, ${now}::float8)`,
          },
        })
        .returning({ tokens: rateBuckets.tokens });
      return waitFor(row!.tokens, plan);
    },
    async settle(key, plan, now, reported, refund = 0) {
      await db
        .insert(rateBuckets)
        .values({ key, tokens: Math.min(plan.burst, reported), atMs: now })
        .onConflictDoUpdate({
          target: rateBuckets.key,
          set: {
            tokens: sql`least(${refilled(plan, now)} + ${refund}::float8, ${reported}::float8)`,
            atMs: sql`greatest(${rateBuckets.atMs}, ${now}::float8)`,
          },
        });
    },
  };
}
