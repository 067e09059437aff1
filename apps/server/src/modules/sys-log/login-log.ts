import { and, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Language, OperationActor, SysLoginLogPage, SysLoginLogQuery } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { adminLoginLogs, loginLogs, sellers, users } from '../../db/schema.ts';
import { hasMessage, renderMessage, type MessageKey } from '../../i18n/messages.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';

/** A failure's reason key in the reader's language; a key the catalogue lacks shows as stored. */
function reasonIn(lang: Language, reason: string | null): string | null {
  if (reason === null || !hasMessage(reason)) return reason;
  return renderMessage(lang, { key: reason as MessageKey });
}

/** Both tables' conditions from one query: each names its own columns. */
function conditions(
  q: SysLoginLogQuery,
  cols: { at: AnyPgColumn; ip: AnyPgColumn; success: AnyPgColumn },
): (SQL | undefined)[] {
  return [
    q.ip ? ilike(cols.ip, containsPattern(q.ip)) : undefined,
    q.start !== undefined ? gte(cols.at, new Date(q.start * 1000)) : undefined,
    q.end !== undefined ? lte(cols.at, new Date(q.end * 1000)) : undefined,
    q.result ? eq(cols.success, q.result === 'success') : undefined,
  ];
}

/**
 * Every sign-in attempt, operators' (`admin_login_logs`) and sellers' users' (`login_logs`), in one
 * list newest first: the two tables keep the same facts, so a UNION ALL pages them together.
 */
export async function searchLoginLog(ctx: Ctx, q: SysLoginLogQuery): Promise<SysLoginLogPage> {
  const user = q.user ? containsPattern(q.user) : undefined;
  const sellerSide = ctx.db
    .select({
      id: loginLogs.id,
      at: loginLogs.createdAt,
      actor: sql<OperationActor>`'user'`.as('actor'),
      actorId: loginLogs.userId,
      userName: sql<string | null>`${users.name}`.as('user_name'),
      account: sql<string | null>`coalesce(${users.email}, ${users.mobile})`.as('account'),
      sellerId: loginLogs.sellerId,
      sellerName: sql<string | null>`${sellers.name}`.as('seller_name'),
      ip: loginLogs.ip,
      userAgent: loginLogs.userAgent,
      success: loginLogs.success,
      reason: loginLogs.reason,
    })
    .from(loginLogs)
    .leftJoin(users, eq(users.id, loginLogs.userId))
    .leftJoin(sellers, eq(sellers.id, loginLogs.sellerId))
    .where(
      and(
        ...conditions(q, { at: loginLogs.createdAt, ip: loginLogs.ip, success: loginLogs.success }),
        user
          ? or(ilike(users.name, user), ilike(users.email, user), ilike(users.mobile, user))
          : undefined,
      ),
    );
  const operatorSide = ctx.db
    .select({
      id: adminLoginLogs.id,
      at: adminLoginLogs.at,
      actor: sql<OperationActor>`'admin'`.as('actor'),
      actorId: adminLoginLogs.adminId,
      userName: sql<string | null>`${adminLoginLogs.username}`.as('user_name'),
      account: sql<string | null>`null::text`.as('account'),
      sellerId: sql<number | null>`null::bigint`.as('seller_id'),
      sellerName: sql<string | null>`null::text`.as('seller_name'),
      ip: adminLoginLogs.ip,
      userAgent: adminLoginLogs.userAgent,
      success: adminLoginLogs.success,
      reason: adminLoginLogs.reason,
    })
    .from(adminLoginLogs)
    .where(
      and(
        ...conditions(q, {
          at: adminLoginLogs.at,
          ip: adminLoginLogs.ip,
          success: adminLoginLogs.success,
        }),
        user ? ilike(adminLoginLogs.username, user) : undefined,
      ),
    );
  const all = (
    q.actor === 'user'
      ? sellerSide
      : q.actor === 'admin'
        ? operatorSide
        : unionAll(sellerSide, operatorSide)
  ).as('all_logins');
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(all)
      .orderBy(sql`${all.at} desc`, sql`${all.id} desc`)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(all),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      at: unixSeconds(r.at),
      actor: r.actor,
      actor_id: r.actorId,
      user_name: r.userName,
      account: r.account,
      seller_id: r.sellerId,
      seller_name: r.sellerName,
      ip: r.ip,
      user_agent: r.userAgent,
      success: r.success,
      reason: reasonIn(ctx.lang, r.reason),
    })),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}
