import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { create as createSvgCaptcha } from 'svg-captcha';
import { CAPTCHA_TTL_SECONDS, type CaptchaResult } from '@app/shared';
import { captchas } from '../../db/schema.ts';
import { ValidationError } from '../../errors.ts';
import type { AuthCtx } from './context.ts';

/** No 0/O, 1/I/L: answers are compared case-insensitively, so only shapes that cannot be confused remain. */
const CAPTCHA_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function hashAnswer(key: string, answer: string): string {
  return createHash('sha256').update(`${key}:${answer.trim().toLowerCase()}`).digest('hex');
}

export async function createCaptcha(ctx: AuthCtx): Promise<CaptchaResult> {
  const { text, data } = createSvgCaptcha({
    size: 4,
    charPreset: CAPTCHA_CHARS,
    noise: 3,
    width: 120,
    height: 40,
  });
  const key = randomBytes(18).toString('base64url');
  const now = new Date();
  await ctx.db.insert(captchas).values({
    key,
    answerHash: hashAnswer(key, text),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
  });
  return {
    captcha_key: key,
    image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
  };
}

/**
 * Every captcha-protected call goes through here. The key is spent by the first attempt,
 * right or wrong, so one image never buys more than one guess.
 */
export async function verifyCaptcha(
  ctx: AuthCtx,
  key: string,
  answer: string,
  field = 'captcha',
): Promise<void> {
  const now = new Date();
  const [row] = await ctx.db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.key, key), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  if (!row) throw new ValidationError({ [field]: 'auth.captcha_expired' });

  const expected = Buffer.from(row.answerHash, 'hex');
  const given = Buffer.from(hashAnswer(key, answer), 'hex');
  const devAnswer = ctx.config.DEMO ? ctx.config.DEV_CAPTCHA_ANSWER : undefined;
  const matches =
    timingSafeEqual(expected, given) ||
    (devAnswer !== undefined && devAnswer !== '' && answer.trim() === devAnswer);
  if (!matches) throw new ValidationError({ [field]: 'auth.captcha_incorrect' });
}
