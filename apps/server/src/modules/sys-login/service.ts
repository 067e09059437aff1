import { eq } from 'drizzle-orm';
import { TOKEN_TTL_SECONDS, type SysLoginInput, type SysLoginResult } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { adminUsers } from '../../db/schema.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import {
  issueToken,
  passwordMatches,
  revokeToken,
  verifyCaptcha,
  type AuthCtx,
} from '../auth/index.ts';

/** Operator login for the admin console; the captcha fields use the console's names. */
export async function sysLogin(ctx: AuthCtx, input: SysLoginInput): Promise<SysLoginResult> {
  await verifyCaptcha(ctx, input.captchaId, input.verifyCode, 'verifyCode');
  const [admin] = await ctx.db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.username, input.username))
    .limit(1);
  if (!(await passwordMatches(admin ?? null, input.password)) || !admin) {
    const key = 'auth.username_or_password_incorrect';
    throw new ValidationError({ password: key }, key);
  }
  if (admin.status !== 1) throw new ForbiddenError('auth.operator_disabled');
  const issued = await issueToken(ctx.db, { type: 'admin', id: admin.id }, ctx.ip);
  return { token: issued.token, expire: TOKEN_TTL_SECONDS };
}

export async function sysLogout(ctx: Ctx): Promise<void> {
  if (ctx.actor.kind !== 'admin') throw new UnauthorizedError();
  await revokeToken(ctx.db, ctx.actor.token);
}
