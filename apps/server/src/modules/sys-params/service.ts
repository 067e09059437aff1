import { asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  LOG_KEEP_DAYS_DEFAULT,
  LOG_KEEP_DAYS_MAX,
  LOG_KEEP_DAYS_MIN,
  type AddParamInput,
  type DeletedCount,
  type DeleteParamsInput,
  type ParamDataType,
  type ParamKeyQuery,
  type ParamPage,
  type ParamPageQuery,
  type SysParam,
  type UpdateParamInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { sysParams } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';
import { recordAudit } from '../audit/index.ts';
import { containsPattern } from '../goods-library/service.ts';

interface ParamDef<T> {
  dataType: ParamDataType;
  /** The bounds the server needs; a stored value outside them reads as the default. */
  schema: z.ZodType<T>;
  fallback: T;
}
const def = <T>(dataType: ParamDataType, schema: z.ZodType<T>, fallback: T): ParamDef<T> => ({
  dataType,
  schema,
  fallback,
});

/**
 * The parameters the server reads at run time, with their types, bounds and defaults. Their rows
 * are seeded (named by an i18n key the console translates); operators change the values but
 * cannot delete them or change their type.
 */
export const PARAM_DEFS = {
  'log.keep_days': def(
    'number',
    z.number().int().min(LOG_KEEP_DAYS_MIN).max(LOG_KEEP_DAYS_MAX),
    LOG_KEEP_DAYS_DEFAULT,
  ),
  /** Where the exchange-rate refresh reads rates: `manual` keeps the operators' own. */
  'exchange_rate.source': def('string', z.enum(['manual', 'ecb']), 'manual'),
  /** The largest image an upload takes, in MB (the multipart limit of 10 MB caps it). */
  'upload.max_mb': def('number', z.number().int().min(1).max(10), 10),
  /**
   * Minutes a store's last sync must be old before a scheduled sync takes it again. Under the
   * task's 15-minute tick by default, so every tick syncs a store nobody synced by hand meanwhile.
   */
  'sync.order_interval_minutes': def('number', z.number().int().min(5).max(1440), 10),
  /** Minutes between two listing-status syncs of a store. */
  'sync.listing_interval_minutes': def('number', z.number().int().min(5).max(1440), 120),
} as const;
export type ParamKey = keyof typeof PARAM_DEFS;
type ParamValue<K extends ParamKey> = (typeof PARAM_DEFS)[K]['fallback'];

/** The keys of `sys_params` the server reads. */
export const PARAM_KEYS = { logKeepDays: 'log.keep_days' } as const satisfies Record<
  string,
  ParamKey
>;

const isSystem = (key: string): key is ParamKey => Object.hasOwn(PARAM_DEFS, key);

/** The stored value of `key`, or undefined when nobody set it (the caller owns the default). */
export async function readParam(db: Executor, key: ParamKey): Promise<unknown> {
  const [row] = await db
    .select({ value: sysParams.value })
    .from(sysParams)
    .where(eq(sysParams.key, key))
    .limit(1);
  return row?.value;
}

/** `key`'s value within its bounds: the stored one, else the default. */
export async function paramValue<K extends ParamKey>(db: Executor, key: K): Promise<ParamValue<K>> {
  const parsed = PARAM_DEFS[key].schema.safeParse(await readParam(db, key));
  return (parsed.success ? parsed.data : PARAM_DEFS[key].fallback) as ParamValue<K>;
}

/** Sets `key` to `value`, creating the row on first use. */
export async function writeParam(db: Executor, key: ParamKey, value: unknown): Promise<void> {
  const { dataType } = PARAM_DEFS[key];
  await db
    .insert(sysParams)
    .values({ key, value, name: `params.${key}`, dataType })
    .onConflictDoUpdate({ target: sysParams.key, set: { value, updatedAt: sql`now()` } });
}

/** The server's parameters with their defaults, for rows nobody wrote yet (every start). */
export async function seedParams(db: Executor): Promise<void> {
  await db
    .insert(sysParams)
    .values(
      Object.entries(PARAM_DEFS).map(([key, d]) => ({
        key,
        value: d.fallback,
        name: `params.${key}`,
        dataType: d.dataType,
      })),
    )
    // Rows written before parameters had types get their name and type; values stay.
    .onConflictDoUpdate({
      target: sysParams.key,
      set: { name: sql`excluded.name`, dataType: sql`excluded.data_type` },
    });
}

type Row = typeof sysParams.$inferSelect;

const toParam = (row: Row): SysParam => ({
  key: row.key,
  name: row.name,
  dataType: row.dataType,
  value: JSON.stringify(row.value),
  remark: row.remark,
  system: isSystem(row.key),
  updateTime: unixSeconds(row.updatedAt),
});

const TYPE_CHECKS: Record<ParamDataType, z.ZodType> = {
  string: z.string(),
  number: z.number(),
  boolean: z.boolean(),
  json: z.unknown(),
};

/** The JSON text of `value` as its type says, and within the server's bounds for its keys (422). */
function valueOf(input: AddParamInput): unknown {
  let value: unknown;
  try {
    value = JSON.parse(input.value);
  } catch {
    // A plain word for a string parameter is what the operator means.
    if (input.dataType !== 'string') throw new ValidationError({ value: 'console.param_not_json' });
    value = input.value;
  }
  if (!TYPE_CHECKS[input.dataType].safeParse(value).success) {
    throw new ValidationError({
      value: { key: 'console.param_wrong_type', params: { type: input.dataType } },
    });
  }
  if (isSystem(input.key)) {
    const d = PARAM_DEFS[input.key];
    if (input.dataType !== d.dataType) {
      throw new ValidationError({ dataType: 'console.param_type_fixed' });
    }
    if (!d.schema.safeParse(value).success) {
      throw new ValidationError({ value: 'console.param_out_of_bounds' });
    }
  }
  return value;
}

export async function listParams(ctx: Ctx): Promise<SysParam[]> {
  return (await ctx.db.select().from(sysParams).orderBy(asc(sysParams.key))).map(toParam);
}

export async function pageParams(ctx: Ctx, q: ParamPageQuery): Promise<ParamPage> {
  const pattern = q.keyword ? containsPattern(q.keyword) : null;
  const where = pattern
    ? or(ilike(sysParams.key, pattern), ilike(sysParams.name, pattern))
    : undefined;
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(sysParams)
      .where(where)
      .orderBy(asc(sysParams.key))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(sysParams).where(where),
  ]);
  return {
    list: rows.map(toParam),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

async function findParam(ctx: Ctx, key: string): Promise<Row> {
  const [row] = await ctx.db.select().from(sysParams).where(eq(sysParams.key, key)).limit(1);
  if (!row) throw new NotFoundError('console.param_not_found');
  return row;
}

export async function getParam(ctx: Ctx, q: ParamKeyQuery): Promise<SysParam> {
  return toParam(await findParam(ctx, q.key));
}

export async function addParam(ctx: Ctx, input: AddParamInput): Promise<SysParam> {
  const value = valueOf(input);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(sysParams)
      .values({ ...input, value })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ValidationError({ key: 'console.param_key_taken' });
    await recordAudit(tx, { object: 'sys_param', id: row.key, before: null, after: row });
    return toParam(row);
  });
}

export async function updateParam(ctx: Ctx, input: UpdateParamInput): Promise<SysParam> {
  const value = valueOf(input);
  return withTransaction(ctx, async (tx) => {
    const before = await findParam(tx, input.key);
    const [row] = await tx.db
      .update(sysParams)
      .set({ ...input, value, updatedAt: new Date() })
      .where(eq(sysParams.key, input.key))
      .returning();
    await recordAudit(tx, { object: 'sys_param', id: input.key, before, after: row! });
    return toParam(row!);
  });
}

/** The server's own keys stay (409); the operators' own go. */
export async function deleteParams(ctx: Ctx, input: DeleteParamsInput): Promise<DeletedCount> {
  if (input.keys.some(isSystem)) throw new ConflictError('console.param_system');
  return withTransaction(ctx, async (tx) => {
    const rows = await tx.db.select().from(sysParams).where(inArray(sysParams.key, input.keys));
    if (rows.length !== new Set(input.keys).size)
      throw new NotFoundError('console.param_not_found');
    await tx.db.delete(sysParams).where(inArray(sysParams.key, input.keys));
    for (const row of rows) {
      await recordAudit(tx, { object: 'sys_param', id: row.key, before: row, after: null });
    }
    return { deleted: rows.length };
  });
}
