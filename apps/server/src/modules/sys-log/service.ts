import { and, count, desc, eq, gte, ilike, lt, lte, or } from 'drizzle-orm';
import {
  LOG_KEEP_DAYS_DEFAULT,
  LogKeep,
  type LogClearResult,
  type OperationLogPage,
  type OperationLogQuery,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { adminUsers, operationLogs, sellers, users } from '../../db/schema.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';
import { PARAM_KEYS, readParam, writeParam } from '../sys-params/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The operator's search: who (kind, name), what (path, method), when; newest first. */
export async function searchOperationLog(
  ctx: Ctx,
  q: OperationLogQuery,
): Promise<OperationLogPage> {
  const name = q.name ? containsPattern(q.name) : undefined;
  const where = and(
    q.actor ? eq(operationLogs.actorKind, q.actor) : undefined,
    q.method ? eq(operationLogs.method, q.method) : undefined,
    q.path ? ilike(operationLogs.path, containsPattern(q.path)) : undefined,
    q.start !== undefined ? gte(operationLogs.at, new Date(q.start * 1000)) : undefined,
    q.end !== undefined ? lte(operationLogs.at, new Date(q.end * 1000)) : undefined,
    name
      ? or(
          ilike(adminUsers.username, name),
          ilike(adminUsers.name, name),
          ilike(users.name, name),
          ilike(users.email, name),
          ilike(users.mobile, name),
        )
      : undefined,
  );
  // Each actor id names a row of its kind's table; the other join finds nothing.
  const asAdmin = and(
    eq(operationLogs.actorKind, 'admin'),
    eq(adminUsers.id, operationLogs.actorId),
  );
  const asUser = and(eq(operationLogs.actorKind, 'user'), eq(users.id, operationLogs.actorId));
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({
        log: operationLogs,
        adminName: adminUsers.username,
        userName: users.name,
        sellerName: sellers.name,
      })
      .from(operationLogs)
      .leftJoin(adminUsers, asAdmin)
      .leftJoin(users, asUser)
      .leftJoin(sellers, eq(sellers.id, operationLogs.sellerId))
      .where(where)
      .orderBy(desc(operationLogs.at), desc(operationLogs.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db
      .select({ n: count() })
      .from(operationLogs)
      .leftJoin(adminUsers, asAdmin)
      .leftJoin(users, asUser)
      .where(where),
  ]);
  return {
    list: rows.map(({ log, adminName, userName, sellerName }) => {
      return {
        id: log.id,
        at: unixSeconds(log.at),
        actor: log.actorKind,
        actor_id: log.actorId,
        actor_name: log.actorKind === 'admin' ? adminName : userName,
        seller_id: log.sellerId,
        seller_name: sellerName,
        method: log.method,
        path: log.path,
        status: log.status,
        duration_ms: log.durationMs,
        ip: log.ip,
        params: log.params,
      };
    }),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

/** Empties the log. The clearing request itself is then logged, so who cleared it stays known. */
export async function clearOperationLog(ctx: Ctx): Promise<LogClearResult> {
  const deleted = await ctx.db.delete(operationLogs).returning({ id: operationLogs.id });
  return { deleted: deleted.length };
}

/** Days the log is kept: the operator's setting, else the default; a damaged value reads as the default. */
export async function logKeepDays(db: Executor): Promise<number> {
  const parsed = LogKeep.shape.value.safeParse(await readParam(db, PARAM_KEYS.logKeepDays));
  return parsed.success ? parsed.data : LOG_KEEP_DAYS_DEFAULT;
}

export async function getLogKeep(ctx: Ctx): Promise<LogKeep> {
  return { value: await logKeepDays(ctx.db) };
}

export async function setLogKeep(ctx: Ctx, input: LogKeep): Promise<LogKeep> {
  await writeParam(ctx.db, PARAM_KEYS.logKeepDays, input.value);
  return { value: input.value };
}

/** The purge job's step: deletes rows older than the keep-days, answering their ids. */
export async function purgeOperationLog(db: Executor, now: number): Promise<unknown[]> {
  const days = await logKeepDays(db);
  return db
    .delete(operationLogs)
    .where(lt(operationLogs.at, new Date(now - days * DAY_MS)))
    .returning({ id: operationLogs.id });
}
