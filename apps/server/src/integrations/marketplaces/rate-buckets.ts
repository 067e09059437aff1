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
 * process's clock) adds nothing. `settle` puts in what the marketplace reported as left (Shopify
 * tells its bucket in every answer), which is the truth for every process.
 */
export interface RateBuckets {
  take(key: string, plan: UsagePlan, now: number, cost?: number): Promise<number>;
  settle(key: string, now: number, tokens: number): Promise<void>;
}

const waitFor = (tokens: number, plan: UsagePlan) =>
  tokens < 0 ? Math.ceil((-tokens / plan.rate) * 1000) : 0;

/** Buckets in this process: exact for one process (PGlite always is one). */
export function memoryBuckets(): RateBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(key, plan, now, cost = 1) {
      const bucket = buckets.get(key) ?? { tokens: plan.burst, at: now };
      const refill = (Math.max(0, now - bucket.at) / 1000) * plan.rate;
      bucket.tokens = Math.min(plan.burst, bucket.tokens + refill) - cost;
      bucket.at = Math.max(bucket.at, now);
      buckets.set(key, bucket);
      return waitFor(bucket.tokens, plan);
    },
    async settle(key, now, tokens) {
      buckets.set(key, { tokens, at: now });
    },
  };
}

/**
 * Buckets in the `rate_buckets` table, shared by every process on the database: one upsert per
 * request, the row lock ordering concurrent takes, so two processes together stay within a
 * store's quota as one would.
 */
export function databaseBuckets(db: Executor): RateBuckets {
  return {
    async take(key, plan, now, cost = 1) {
      const refilled = sql`least(${plan.burst}::float8, ${rateBuckets.tokens} + greatest(0, ${now}::float8 - ${rateBuckets.atMs}) / 1000 * ${plan.rate}::float8)`;
      const [row] = await db
        .insert(rateBuckets)
        .values({ key, tokens: plan.burst - cost, atMs: now })
        .onConflictDoUpdate({
          target: rateBuckets.key,
          set: {
            tokens: sql`${refilled} - ${cost}::float8`,
            atMs: sql`greatest(${rateBuckets.atMs}, ${now}::float8)`,
          },
        })
        .returning({ tokens: rateBuckets.tokens });
      return waitFor(row!.tokens, plan);
    },
    async settle(key, now, tokens) {
      await db
        .insert(rateBuckets)
        .values({ key, tokens, atMs: now })
        .onConflictDoUpdate({ target: rateBuckets.key, set: { tokens, atMs: now } });
    },
  };
}
