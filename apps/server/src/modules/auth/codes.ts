import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CODE_MAX_CHECKS, CODE_TTL_SECONDS } from '@app/shared';
import { verificationCodes } from '../../db/schema.ts';
import { ValidationError } from '../../errors.ts';
import type { AuthCtx } from './context.ts';

export type CodePurpose = (typeof verificationCodes.$inferInsert)['purpose'];

const PURPOSE_TEXT: Record<CodePurpose, { zh: string; en: string }> = {
  register: { zh: '注册账号', en: 'sign up' },
  login: { zh: '登录', en: 'sign in' },
  forget: { zh: '重置密码', en: 'reset your password' },
  mail: { zh: '验证邮箱', en: 'verify your e-mail address' },
  update: { zh: '绑定手机号', en: 'bind this mobile number' },
};

/** The code is bound to what it was sent for: the same digits for another purpose or target do not match. */
function hashCode(purpose: CodePurpose, target: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');
}

export interface CodeRequest {
  purpose: CodePurpose;
  channel: 'sms' | 'email';
  /** Where the message goes: the mobile number or e-mail address. */
  to: string;
  /** What the code is bound to; defaults to `to`. */
  target?: string;
}

/**
 * Issues a 6-digit one-time code (ASVS 6.5.4) and sends it. A new code supersedes any
 * earlier live one for the same purpose and target, so only the latest message counts.
 */
export async function sendCode(ctx: AuthCtx, req: CodeRequest): Promise<void> {
  const target = req.target ?? req.to;
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const now = new Date();
  const scope = and(
    eq(verificationCodes.purpose, req.purpose),
    eq(verificationCodes.target, target),
  );
  await ctx.db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(scope, isNull(verificationCodes.usedAt)));
  await ctx.db.insert(verificationCodes).values({
    purpose: req.purpose,
    target,
    codeHash: hashCode(req.purpose, target, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
  });

  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  const site = ctx.config.SITE_NAME;
  const text = PURPOSE_TEXT[req.purpose];
  await ctx.messenger.send({
    channel: req.channel,
    to: req.to,
    subject: `${site} 验证码 / verification code`,
    body:
      `【${site}】您正在${text.zh}，验证码 ${code}，${minutes} 分钟内有效，请勿告诉他人。\n` +
      `${site}: your code to ${text.en} is ${code}. It expires in ${minutes} minutes. Do not share it.`,
  });
}

/**
 * Spends one check of the latest live code for (purpose, target) and marks it used when it
 * matches. Each statement commits on its own so a wrong guess still counts when the caller's
 * request then fails; after CODE_MAX_CHECKS guesses the code is dead (ASVS 6.6.3).
 */
export async function consumeCode(
  ctx: AuthCtx,
  input: { purpose: CodePurpose; target: string; code: string },
  field = 'code',
): Promise<void> {
  if (ctx.inTransaction)
    throw new Error(
      'consumeCode must not run inside a transaction: a rollback would refund the check',
    );
  const now = new Date();
  const invalid = new ValidationError({
    [field]: 'auth.code_invalid',
  });
  const [latest] = await ctx.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, input.purpose),
        eq(verificationCodes.target, input.target),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!latest) throw invalid;

  const [checked] = await ctx.db
    .update(verificationCodes)
    .set({ checks: sql`${verificationCodes.checks} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.usedAt),
        lt(verificationCodes.checks, CODE_MAX_CHECKS),
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash });
  if (!checked) throw invalid;

  const expected = Buffer.from(checked.codeHash, 'hex');
  const given = Buffer.from(hashCode(input.purpose, input.target, input.code), 'hex');
  if (!timingSafeEqual(expected, given)) throw invalid;

  const [used] = await ctx.db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (!used) throw invalid;
}

/**
 * Tells the holder of an address or number that someone tried to sign up with it although it
 * already has an account: sign-up answers the same either way, and this message, not the
 * answer, is where the owner learns it.
 */
export async function sendAlreadyRegisteredNotice(
  ctx: AuthCtx,
  req: { channel: 'sms' | 'email'; to: string },
): Promise<void> {
  const site = ctx.config.SITE_NAME;
  await ctx.messenger.send({
    channel: req.channel,
    to: req.to,
    subject: `${site} 账号已存在 / you already have an account`,
    body:
      `【${site}】有人尝试用此${req.channel === 'sms' ? '手机号' : '邮箱'}注册，但它已有账号。如是您本人，请直接登录或找回密码；否则请忽略。\n` +
      `${site}: someone tried to sign up with this ${req.channel === 'sms' ? 'number' : 'address'}, which already has an account. If it was you, log in or reset your password; otherwise ignore this message.`,
  });
}
