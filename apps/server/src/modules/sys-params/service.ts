import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sysParams } from '../../db/schema.ts';

/** The keys of `sys_params` the server reads; each names its value's meaning where it is used. */
export const PARAM_KEYS = { logKeepDays: 'log.keep_days' } as const;
export type ParamKey = (typeof PARAM_KEYS)[keyof typeof PARAM_KEYS];

/** The stored value of `key`, or undefined when nobody set it (the caller owns the default). */
export async function readParam(db: Executor, key: ParamKey): Promise<unknown> {
  const [row] = await db
    .select({ value: sysParams.value })
    .from(sysParams)
    .where(eq(sysParams.key, key))
    .limit(1);
  return row?.value;
}

/** Sets `key` to `value`, creating the row on first use. */
export async function writeParam(db: Executor, key: ParamKey, value: unknown): Promise<void> {
  await db
    .insert(sysParams)
    .values({ key, value })
    .onConflictDoUpdate({ target: sysParams.key, set: { value, updatedAt: sql`now()` } });
}
