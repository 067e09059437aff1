import { eq } from 'drizzle-orm';
import { TOKEN_TTL_SECONDS, type SysLoginInput, type SysLoginResult } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { adminLoginLogs, adminUsers } from '../../db/schema.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import {
  issueToken,
  passwordMatches,
  revokeToken,
  verifyCaptcha,
  type AuthCtx,
} from '../auth/index.ts';

/** At most this much of a user agent is kept: it is the client's text. */
const USER_AGENT_MAX = 500;

/**
 * The operators' login log: every attempt, with the failure's error key. Written outside any
 * transaction, so a refused attempt is kept too.
 */
async function recordAdminLogin(
  ctx: AuthCtx,
  attempt: { adminId: number | null; username: string; reason: string | null },
): Promise<void> {
  await ctx.db.insert(adminLoginLogs).values({
    adminId: attempt.adminId,
    username: attempt.username.slice(0, 64),
    success: attempt.reason === null,
    reason: attempt.reason,
    ip: ctx.ip,
    userAgent: ctx.userAgent.slice(0, USER_AGENT_MAX),
  });
}

/** Operator login for the admin console; the captcha fields use the console's names. */
export async function sysLogin(ctx: AuthCtx, input: SysLoginInput): Promise<SysLoginResult> {
  await verifyCaptcha(ctx, input.captchaId, input.verifyCode, 'verifyCode');
  const [admin] = await ctx.db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.username, input.username))
    .limit(1);
  const attempt = { adminId: admin?.id ?? null, username: input.username };
  if (!(await passwordMatches(admin ?? null, input.password)) || !admin) {
    const key = 'auth.username_or_password_incorrect';
    await recordAdminLogin(ctx, { ...attempt, reason: key });
    throw new ValidationError({ password: key }, key);
  }
  if (admin.status !== 1) {
    await recordAdminLogin(ctx, { ...attempt, reason: 'auth.operator_disabled' });
    throw new ForbiddenError('auth.operator_disabled');
  }
  const issued = await issueToken(ctx.db, { type: 'admin', id: admin.id }, ctx.ip);
  await recordAdminLogin(ctx, { ...attempt, reason: null });
  return { token: issued.token, expire: TOKEN_TTL_SECONDS };
}

export async function sysLogout(ctx: Ctx): Promise<void> {
  if (ctx.actor.kind !== 'admin') throw new UnauthorizedError();
  await revokeToken(ctx.db, ctx.actor.token);
}
