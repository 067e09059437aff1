import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  EMAIL_LINK_RESEND_SECONDS,
  EMAIL_LINK_TTL_SECONDS,
  type ChangeEmailInput,
  type EmailState,
  type VerifyEmailInput,
  type VerifyEmailResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { emailVerifications, users } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { renderText } from '../../i18n/render-text.ts';
import { requireUser } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import {
  conflictOn,
  findUserBy,
  isUniqueViolation,
  verifyPassword,
  waitParams,
  type AuthCtx,
  type UserRow,
} from '../auth/index.ts';

/** Where the verify page lives: PUBLIC_URL, else the origin the browser called. */
export interface VerifyLink {
  appUrl: string;
}

/** The token carries 256 random bits, so its SHA-256 is all that is kept (as for invitations). */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function currentUser(ctx: Ctx): Promise<UserRow> {
  const user = await findUserBy(ctx.db, { id: requireUser(ctx).userId });
  if (!user) throw new UnauthorizedError();
  return user;
}

/**
 * Sends `user` a link proving `email`, replacing any earlier one (which then stops working).
 * One link a minute per user, counted in the database so every process sees it.
 */
async function sendLink(
  ctx: AuthCtx,
  user: UserRow,
  email: string,
  link: VerifyLink,
): Promise<void> {
  const [last] = await ctx.db
    .select({ sentAt: emailVerifications.sentAt })
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, user.id));
  const wait = last
    ? Math.ceil(EMAIL_LINK_RESEND_SECONDS - (Date.now() - last.sentAt.getTime()) / 1000)
    : 0;
  if (wait > 0) {
    throw new TooManyRequestsError('account.email_resend_too_soon', waitParams(wait), wait);
  }
  const token = randomBytes(32).toString('base64url');
  const values = {
    email,
    tokenHash: hashOf(token),
    expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_SECONDS * 1000),
    sentAt: new Date(),
  };
  await ctx.db
    .insert(emailVerifications)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: emailVerifications.userId, set: values });
  const lang = user.language ?? ctx.lang;
  const params = {
    site: ctx.config.SITE_NAME,
    name: user.name,
    email,
    hours: EMAIL_LINK_TTL_SECONDS / 3600,
    link: `${link.appUrl.replace(/\/$/, '')}/verify-email?token=${token}`,
  };
  await ctx.messenger.send({
    channel: 'email',
    to: email,
    subject: renderText(lang, 'mail.verify_subject', params),
    body: renderText(lang, 'mail.verify_body', params),
  });
}

/** The address the open link proves, if it is a change still waiting for its link. */
async function pendingOf(ctx: Ctx, user: UserRow) {
  const [row] = await ctx.db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, user.id));
  return row && row.email !== user.email && row.expiresAt.getTime() > Date.now() ? row : null;
}

export async function getEmailState(ctx: Ctx): Promise<EmailState> {
  const user = await currentUser(ctx);
  const [row] = await ctx.db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, user.id));
  const pending = await pendingOf(ctx, user);
  const resendAt = row ? row.sentAt.getTime() + EMAIL_LINK_RESEND_SECONDS * 1000 : 0;
  return {
    email: user.email,
    verified: user.email !== null && user.emailVerifiedAt !== null,
    pending_email: pending?.email ?? null,
    resend_at: resendAt > Date.now() ? unixSeconds(new Date(resendAt)) : null,
  };
}

/**
 * Asks for a new address: the account keeps its old one (and signs in with it) until the
 * link sent to the new one is opened, so a typo or a stolen session cannot take the account.
 */
export async function changeEmail(
  ctx: AuthCtx,
  input: ChangeEmailInput,
  link: VerifyLink,
): Promise<void> {
  const user = await currentUser(ctx);
  if (input.email === user.email) throw new ValidationError({ email: 'account.same_email' });
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new ValidationError({ password: 'account.login_password_incorrect' });
  }
  if (await findUserBy(ctx.db, { email: input.email })) throw conflictOn('email');
  await sendLink(ctx, user, input.email, link);
}

/** Sends the link again: for the pending new address, else for the account's unverified one. */
export async function resendEmailLink(ctx: AuthCtx, link: VerifyLink): Promise<void> {
  const user = await currentUser(ctx);
  const pending = await pendingOf(ctx, user);
  const email = pending?.email ?? (user.emailVerifiedAt === null ? user.email : null);
  if (!email) throw new ValidationError({}, 'account.email_nothing_to_verify');
  await sendLink(ctx, user, email, link);
}

/**
 * Opens a link: the address it names becomes the account's, verified. Public (the link is the
 * proof, and it may be opened in another browser); the link is deleted in the same transaction,
 * so it works once.
 */
export async function verifyEmail(ctx: Ctx, input: VerifyEmailInput): Promise<VerifyEmailResult> {
  const invalid = new ValidationError(
    { token: 'account.email_link_invalid' },
    'account.email_link_invalid',
  );
  try {
    return await withTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .delete(emailVerifications)
        .where(eq(emailVerifications.tokenHash, hashOf(input.token)))
        .returning();
      if (!row) throw invalid;
      if (row.expiresAt.getTime() <= Date.now()) {
        throw new ValidationError(
          { token: 'account.email_link_expired' },
          'account.email_link_expired',
        );
      }
      const [user] = await tx.db
        .update(users)
        .set({ email: row.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, row.userId), eq(users.status, 1)))
        .returning({ id: users.id });
      if (!user) throw invalid;
      return { email: row.email };
    });
  } catch (error) {
    // Someone registered the address after the link was sent.
    if (isUniqueViolation(error, 'users_email_unique')) throw conflictOn('email');
    throw error;
  }
}
