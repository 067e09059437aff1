import { desc, eq } from 'drizzle-orm';
import type {
  AccountOverview,
  SaveLanguageInput,
  BindingState,
  PublicConfig,
  SaveMemMobileInput,
  SaveMemPwdInput,
  SavePayPwdInput,
  SaveUserNameInput,
  SubscribeState,
  UpdateSmsCodeInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { withTransaction } from '../../db/tx.ts';
import { loginLogs, sellers, users } from '../../db/schema.ts';
import { UnauthorizedError, ValidationError } from '../../errors.ts';
import { requireUser } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import {
  assertPasswordAllowed,
  conflictOn,
  consumeCode,
  findUserBy,
  hashPassword,
  isUniqueViolation,
  revokeSubjectSessions,
  sendCode,
  verifyPassword,
  type AuthCtx,
  type UserRow,
} from '../auth/index.ts';

async function currentUser(ctx: Ctx): Promise<UserRow> {
  const user = await findUserBy(ctx.db, { id: requireUser(ctx).userId });
  if (!user) throw new UnauthorizedError();
  return user;
}

/** The code is bound to the account that asked for it, not only to the number. */
function mobileCodeTarget(userId: number, mobile: string): string {
  return `user:${userId}:${mobile}`;
}

async function assertMobileFree(ctx: Ctx, userId: number, mobile: string): Promise<void> {
  const holder = await findUserBy(ctx.db, { mobile });
  if (holder?.id === userId) throw new ValidationError({ mobile: 'account.same_mobile' });
  if (holder) throw conflictOn('mobile');
}

function touch<T extends object>(values: T): T & { updatedAt: Date } {
  return { ...values, updatedAt: new Date() };
}

export async function sendUpdateSmsCode(ctx: AuthCtx, input: UpdateSmsCodeInput): Promise<void> {
  const { userId } = requireUser(ctx);
  await assertMobileFree(ctx, userId, input.mobile);
  await sendCode(ctx, {
    purpose: 'update',
    channel: 'sms',
    to: input.mobile,
    target: mobileCodeTarget(userId, input.mobile),
  });
}

export async function saveMemMobile(ctx: AuthCtx, input: SaveMemMobileInput): Promise<void> {
  const { userId } = requireUser(ctx);
  await assertMobileFree(ctx, userId, input.mobile);
  await consumeCode(ctx, {
    purpose: 'update',
    target: mobileCodeTarget(userId, input.mobile),
    code: input.code,
  });
  try {
    await ctx.db
      .update(users)
      .set(touch({ mobile: input.mobile }))
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error, 'users_mobile_unique')) throw conflictOn('mobile');
    throw error;
  }
}

export async function saveUserName(ctx: Ctx, input: SaveUserNameInput): Promise<void> {
  const { userId } = requireUser(ctx);
  await ctx.db
    .update(users)
    .set(touch({ name: input.name }))
    .where(eq(users.id, userId));
}

export async function saveLanguage(ctx: Ctx, input: SaveLanguageInput): Promise<void> {
  const { userId } = requireUser(ctx);
  await ctx.db
    .update(users)
    .set(touch({ language: input.language }))
    .where(eq(users.id, userId));
}

/** A password change keeps this session and ends every other one (ASVS 7.4.3). */
export async function saveMemPwd(ctx: Ctx, input: SaveMemPwdInput): Promise<void> {
  const actor = requireUser(ctx);
  const user = await currentUser(ctx);
  // The policy first: it is cheap, and a refused new password then costs no scrypt hash.
  await assertPasswordAllowed(input.password, [user.email, user.mobile]);
  if (!(await verifyPassword(input.old_password, user.passwordHash))) {
    throw new ValidationError({ old_password: 'account.current_password_incorrect' });
  }
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (tx) => {
    await tx.db.update(users).set(touch({ passwordHash })).where(eq(users.id, user.id));
    await revokeSubjectSessions(tx.db, { type: 'user', id: user.id }, actor.sessionId);
  });
}

export async function savePayPwd(ctx: Ctx, input: SavePayPwdInput): Promise<void> {
  const user = await currentUser(ctx);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new ValidationError({ password: 'account.login_password_incorrect' });
  }
  const payPasswordHash = await hashPassword(input.pay_password);
  await ctx.db.update(users).set(touch({ payPasswordHash })).where(eq(users.id, user.id));
}

/** How many of the user's own sign-in attempts the admin page lists. */
const OWN_LOGINS = 10;

/** The signed-in user's own account and last sign-ins: the boss's, or a staff member's own. */
export async function accountOverview(ctx: Ctx): Promise<AccountOverview> {
  const user = await currentUser(ctx);
  const [[seller], logins] = await Promise.all([
    ctx.db.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, user.sellerId)),
    ctx.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.userId, user.id))
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
      .limit(OWN_LOGINS),
  ]);
  return {
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    is_boss: user.isBoss,
    seller_name: seller?.name ?? '',
    created_at: unixSeconds(user.createdAt),
    pay_password: user.payPasswordHash !== null,
    logins: logins.map((l) => ({
      id: l.id,
      created_at: unixSeconds(l.createdAt),
      ip: l.ip,
      user_agent: l.userAgent,
      success: l.success,
      reason: l.reason,
    })),
  };
}

export async function getBindingState(ctx: Ctx): Promise<BindingState> {
  const user = await currentUser(ctx);
  return {
    mobile: user.mobile !== null,
    email: user.email !== null,
    pay_password: user.payPasswordHash !== null,
    external: user.externalBinding !== null,
  };
}

export async function getSubscribeState(ctx: Ctx): Promise<SubscribeState> {
  const user = await currentUser(ctx);
  return { subscribed: user.externalBinding !== null };
}

export async function untieUser(ctx: Ctx): Promise<void> {
  const { userId } = requireUser(ctx);
  await ctx.db
    .update(users)
    .set(touch({ externalBinding: null }))
    .where(eq(users.id, userId));
}

/** What the login and sign-up pages need before anyone is signed in. */
export function getPublicConfig(ctx: AuthCtx): PublicConfig {
  return {
    site_name: ctx.config.SITE_NAME,
    register_enabled: true,
    mobile_login_enabled: true,
    router_mode: ctx.config.ROUTER_MODE,
    dev_outbox: ctx.config.DEMO,
  };
}
