import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { LoginLogPage, LoginLogQuery } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { loginLogs, users } from '../../db/schema.ts';
import { ownedBy } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';

/** At most this much of a user agent is kept: it is the client's text. */
const USER_AGENT_MAX = 500;

export interface LoginAttempt {
  /** The account the attempt named, when there is one. */
  user: { id: number; sellerId: number } | null;
  success: boolean;
  /** The error key the attempt failed with. */
  reason?: string;
  ip: string;
  userAgent: string;
}

/**
 * One row per sign-in attempt on a seller account. Written outside the login's transaction, so
 * a failed attempt is kept too; an attempt naming no account is kept without an owner.
 */
export async function recordLogin(ctx: Pick<Ctx, 'db'>, attempt: LoginAttempt): Promise<void> {
  await ctx.db.insert(loginLogs).values({
    userId: attempt.user?.id ?? null,
    sellerId: attempt.user?.sellerId ?? null,
    success: attempt.success,
    reason: attempt.success ? null : (attempt.reason ?? null),
    ip: attempt.ip,
    userAgent: attempt.userAgent.slice(0, USER_AGENT_MAX),
  });
}

/** The seller's visit log: every attempt on the boss's and the staff's accounts, newest first. */
export async function listLoginLogs(ctx: Ctx, q: LoginLogQuery): Promise<LoginLogPage> {
  const where = and(
    ownedBy(ctx, loginLogs.sellerId),
    q.user_id ? eq(loginLogs.userId, q.user_id) : undefined,
    q.success ? eq(loginLogs.success, q.success === 'true') : undefined,
    q.start !== undefined ? gte(loginLogs.createdAt, new Date(q.start * 1000)) : undefined,
    q.end !== undefined ? lte(loginLogs.createdAt, new Date(q.end * 1000)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ log: loginLogs, userName: users.name })
      .from(loginLogs)
      .leftJoin(users, eq(users.id, loginLogs.userId))
      .where(where)
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(loginLogs).where(where),
  ]);
  return {
    list: rows.map(({ log, userName }) => ({
      id: log.id,
      user_id: log.userId,
      user_name: userName,
      created_at: unixSeconds(log.createdAt),
      ip: log.ip,
      user_agent: log.userAgent,
      success: log.success,
      reason: log.reason,
    })),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}
