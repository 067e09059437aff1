import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateBuckets } from '../../db/schema.ts';

/** A marketplace's usage plan: sustained requests per second and bucket size. */
export interface UsagePlan {
  rate: number;
  burst: number;
}

/**
 * Token buckets of marketplace quotas. `take` spends one token of `key`'s bucket at `now` (ms
 * on the connector's clock) and answers how long the caller must wait before sending: tokens
 * may go negative, so concurrent callers queue behind one another instead of all waiting for
 * the same refill. A bucket starts full; time going backwards (another process's clock) adds
 * nothing.
 */
export interface RateBuckets {
  take(key: string, plan: UsagePlan, now: number): Promise<number>;
}

const waitFor = (tokens: number, plan: UsagePlan) =>
  tokens < 0 ? Math.ceil((-tokens / plan.rate) * 1000) : 0;

/** Buckets in this process: exact for one process (PGlite always is one). */
export function memoryBuckets(): RateBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(key, plan, now) {
      const bucket = buckets.get(key) ?? { tokens: plan.burst, at: now };
      const refill = (Math.max(0, now - bucket.at) / 1000) * plan.rate;
      bucket.tokens = Math.min(plan.burst, bucket.tokens + refill) - 1;
      bucket.at = Math.max(bucket.at, now);
      buckets.set(key, bucket);
      return waitFor(bucket.tokens, plan);
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
    async take(key, plan, now) {
      const refilled = sql`least(${plan.burst}::float8, ${rateBuckets.tokens} + greatest(0, ${now}::float8 - ${rateBuckets.atMs}) / 1000 * ${plan.rate}::float8)`;
      const [row] = await db
        .insert(rateBuckets)
        .values({ key, tokens: plan.burst - 1, atMs: now })
        .onConflictDoUpdate({
          target: rateBuckets.key,
          set: {
            tokens: sql`${refilled} - 1`,
            atMs: sql`greatest(${rateBuckets.atMs}, ${now}::float8)`,
          },
        })
        .returning({ tokens: rateBuckets.tokens });
      return waitFor(row!.tokens, plan);
    },
  };
}
