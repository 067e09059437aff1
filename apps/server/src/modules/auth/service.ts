import { eq } from 'drizzle-orm';
import type {
  AutoLoginInput,
  CheckMailCodeInput,
  CheckMailCodeResult,
  ForgetByMobileInput,
  LoginByMobileInput,
  LoginInput,
  MailCodeInput,
  MobileCodeInput,
  RegisterByMobileInput,
  RegisterInput,
  UserInfo,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { withTransaction } from '../../db/tx.ts';
import { sellers, users } from '../../db/schema.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { requireUser } from '../../tenancy.ts';
import { recordLogin } from '../team/index.ts';
import { verifyCaptcha } from './captcha.ts';
import { createTenant } from './tenants.ts';
import { consumeCode, sendAlreadyRegisteredNotice, sendCode } from './codes.ts';
import type { AuthCtx } from './context.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import {
  issueToken,
  resolveToken,
  revokeSubjectSessions,
  revokeToken,
  rotateToken,
} from './sessions.ts';
import {
  conflictOn,
  findUserBy,
  isUniqueViolation,
  loadUserInfo,
  passwordMatches,
  type UserRow,
} from './users.ts';

/** `isBind=1` with `encode` links a third-party account at login or sign-up; `encode` is then required. */
function externalBindingOf(input: {
  isBind?: number | undefined;
  encode?: string | undefined;
}): string | null {
  if (input.isBind !== 1) return null;
  if (!input.encode) throw new ValidationError({ encode: 'auth.binding_code_required' });
  return input.encode;
}

async function signIn(ctx: Ctx, userId: number): Promise<UserInfo> {
  return withTransaction(ctx, async (tx) => {
    const issued = await issueToken(tx.db, { type: 'user', id: userId }, ctx.ip);
    return loadUserInfo(tx.db, userId, issued);
  });
}

/** A disabled account, or one of a seller an operator froze, learns so only after proving its credentials. */
async function assertActive(db: Executor, user: UserRow): Promise<void> {
  if (user.status !== 1) throw new ForbiddenError('auth.account_disabled');
  const [seller] = await db
    .select({ frozenAt: sellers.accountFrozenAt })
    .from(sellers)
    .where(eq(sellers.id, user.sellerId));
  if (seller?.frozenAt) throw new ForbiddenError('auth.seller_frozen');
}

interface NewBoss {
  name: string;
  email?: string;
  mobile?: string;
  password: string;
  externalBinding?: string | null;
}

/** A sign-up creates the tenant (seller) and its boss user together, then logs the boss in. */
async function createBoss(ctx: Ctx, input: NewBoss): Promise<UserInfo> {
  // Hashing takes ~350 ms; done before the transaction so no connection is held meanwhile.
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTransaction(ctx, async (tx) => {
      const { userId } = await createTenant(tx, {
        sellerName: input.name,
        boss: {
          name: input.name,
          email: input.email,
          mobile: input.mobile,
          passwordHash,
          externalBinding: input.externalBinding,
          // Sign-up by e-mail spent a code sent to the address: that proves it.
          emailVerified: input.email !== undefined,
        },
      });
      return signIn(tx, userId);
    });
  } catch (error) {
    // Two sign-ups racing for the same address: the unique index decides.
    if (isUniqueViolation(error, 'users_email_unique')) throw conflictOn('email');
    if (isUniqueViolation(error, 'users_mobile_unique')) throw conflictOn('mobile');
    throw error;
  }
}

/**
 * The code from mail-code (sent to any address, registered or not) comes first, so only the
 * holder of the mailbox learns that an address is taken: to anyone else sign-up answers the
 * same for a registered address and a free one.
 */
export async function register(ctx: AuthCtx, input: RegisterInput): Promise<UserInfo> {
  await verifyCaptcha(ctx, input.captcha_key, input.captcha);
  await assertPasswordAllowed(input.password, [input.email]);
  await consumeCode(ctx, { purpose: 'mail', target: input.email, code: input.code });
  if (await findUserBy(ctx.db, { email: input.email })) throw conflictOn('email');
  return createBoss(ctx, { name: input.name, email: input.email, password: input.password });
}

/**
 * Answers the same whether or not the number is registered (no account enumeration): a new
 * number gets a sign-up code, a registered one a notice without a code, so only the holder of
 * the phone learns that it already has an account.
 */
export async function sendRegisterSmsCode(ctx: AuthCtx, input: MobileCodeInput): Promise<void> {
  await verifyCaptcha(ctx, input.captcha_key, input.captcha);
  if (await findUserBy(ctx.db, { mobile: input.mobile })) {
    await sendAlreadyRegisteredNotice(ctx, { channel: 'sms', to: input.mobile });
    return;
  }
  await sendCode(ctx, { purpose: 'register', channel: 'sms', to: input.mobile });
}

export async function registerByMobile(
  ctx: AuthCtx,
  input: RegisterByMobileInput,
): Promise<UserInfo> {
  const externalBinding = externalBindingOf(input);
  await assertPasswordAllowed(input.password, [input.mobile]);
  // The code first: a registered number never gets one, so it fails here like a wrong code
  // would, and only the phone's holder can learn that the number is taken.
  await consumeCode(ctx, { purpose: 'register', target: input.mobile, code: input.code });
  if (await findUserBy(ctx.db, { mobile: input.mobile })) throw conflictOn('mobile');
  return createBoss(ctx, {
    name: input.name,
    mobile: input.mobile,
    password: input.password,
    externalBinding,
  });
}

/**
 * Runs a sign-in attempt on `user` (null: no such account) and writes its outcome to the login
 * log, failures with their error key, so the boss sees every attempt on their team's accounts.
 */
async function logAttempt(
  ctx: AuthCtx,
  user: UserRow | null,
  attempt: () => Promise<UserInfo>,
): Promise<UserInfo> {
  const base = { user: user && { id: user.id, sellerId: user.sellerId }, ip: ctx.ip };
  const entry = { ...base, userAgent: ctx.userAgent };
  try {
    const info = await attempt();
    await recordLogin(ctx, { ...entry, success: true });
    return info;
  } catch (error) {
    if (error instanceof AppError) {
      await recordLogin(ctx, { ...entry, success: false, reason: error.key });
    }
    throw error;
  }
}

export async function login(ctx: AuthCtx, input: LoginInput): Promise<UserInfo> {
  await verifyCaptcha(ctx, input.captcha_key, input.captcha);
  const user = await findUserBy(ctx.db, { email: input.email });
  return logAttempt(ctx, user, async () => {
    if (!(await passwordMatches(user, input.password)) || !user) {
      const key = 'auth.email_or_password_incorrect';
      throw new ValidationError({ password: key }, key);
    }
    await assertActive(ctx.db, user);
    return signIn(ctx, user.id);
  });
}

/** Unknown numbers get the same answer and no message, so this cannot list who is registered. */
export async function sendLoginSmsCode(ctx: AuthCtx, input: MobileCodeInput): Promise<void> {
  await verifyCaptcha(ctx, input.captcha_key, input.captcha);
  if (!(await findUserBy(ctx.db, { mobile: input.mobile }))) return;
  await sendCode(ctx, { purpose: 'login', channel: 'sms', to: input.mobile });
}

export async function loginByMobile(ctx: AuthCtx, input: LoginByMobileInput): Promise<UserInfo> {
  // The schema asks a password login for the captcha; a code login proved one to get its code.
  if (input.password !== undefined) {
    await verifyCaptcha(ctx, input.captcha_key ?? '', input.captcha ?? '');
  }
  const externalBinding = externalBindingOf(input);
  const user = await findUserBy(ctx.db, { mobile: input.mobile });
  return logAttempt(ctx, user, () => loginWithMobile(ctx, input, user, externalBinding));
}

async function loginWithMobile(
  ctx: AuthCtx,
  input: LoginByMobileInput,
  user: UserRow | null,
  externalBinding: string | null,
): Promise<UserInfo> {
  if (input.password !== undefined) {
    if (!(await passwordMatches(user, input.password)) || !user) {
      const key = 'auth.mobile_or_password_incorrect';
      throw new ValidationError({ password: key }, key);
    }
  } else {
    // No code is ever sent to an unknown number, so this fails the same way for it.
    await consumeCode(ctx, { purpose: 'login', target: input.mobile, code: input.code ?? '' });
    if (!user)
      throw new ValidationError({
        code: 'auth.code_invalid',
      });
  }
  await assertActive(ctx.db, user);
  if (externalBinding !== null) {
    await ctx.db
      .update(users)
      .set({ externalBinding, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  }
  return signIn(ctx, user.id);
}

export async function sendForgetSmsCode(ctx: AuthCtx, input: MobileCodeInput): Promise<void> {
  await verifyCaptcha(ctx, input.captcha_key, input.captcha);
  if (!(await findUserBy(ctx.db, { mobile: input.mobile }))) return;
  await sendCode(ctx, { purpose: 'forget', channel: 'sms', to: input.mobile });
}

/** A reset ends every session of the account: whoever knew the old password is logged out. */
export async function forgetByMobile(ctx: AuthCtx, input: ForgetByMobileInput): Promise<void> {
  // Before the code is spent, so a refused password does not cost the user a new code.
  await assertPasswordAllowed(input.password, [input.mobile]);
  await consumeCode(ctx, { purpose: 'forget', target: input.mobile, code: input.code });
  const user = await findUserBy(ctx.db, { mobile: input.mobile });
  if (!user)
    throw new ValidationError({
      code: 'auth.code_invalid',
    });
  await assertPasswordAllowed(input.password, [user.email, user.mobile]);
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (tx) => {
    await tx.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeSubjectSessions(tx.db, { type: 'user', id: user.id });
  });
}

export async function sendMailCode(ctx: AuthCtx, input: MailCodeInput): Promise<void> {
  await sendCode(ctx, { purpose: 'mail', channel: 'email', to: input.email });
}

export async function checkMailCode(
  ctx: AuthCtx,
  input: CheckMailCodeInput,
): Promise<CheckMailCodeResult> {
  await consumeCode(ctx, { purpose: 'mail', target: input.email, code: input.code });
  return { verified: true };
}

/** Trades a still-valid token for a new one; the old token stops working at once. */
export async function autoLogin(ctx: Ctx, input: AutoLoginInput): Promise<UserInfo> {
  const actor = await resolveToken(ctx.db, input.token);
  if (actor.kind !== 'user') throw new UnauthorizedError();
  return withTransaction(ctx, async (tx) => {
    const rotated = await rotateToken(tx.db, input.token, ctx.ip);
    if (!rotated) throw new UnauthorizedError();
    return loadUserInfo(tx.db, actor.userId, rotated);
  });
}

export async function logout(ctx: Ctx): Promise<void> {
  if (ctx.actor.kind !== 'user' && ctx.actor.kind !== 'admin') throw new UnauthorizedError();
  await revokeToken(ctx.db, ctx.actor.token);
}

/** The profile with the token of this request and that token's own expiry. */
export async function getUserInfo(ctx: Ctx): Promise<UserInfo> {
  const actor = requireUser(ctx);
  return loadUserInfo(ctx.db, actor.userId, { token: actor.token, expiresAt: actor.expiresAt });
}
