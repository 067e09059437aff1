import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  INVITATION_TTL_SECONDS,
  type AcceptInvitationInput,
  type Invitation,
  type InvitationQuery,
} from '@app/shared';
import { sellers, staffInvitations, users } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ValidationError } from '../../errors.ts';
import { renderText } from '../../i18n/render-text.ts';
import { unixSeconds } from '../../time.ts';
import { assertPasswordAllowed, hashPassword, type AuthCtx, type UserRow } from '../auth/index.ts';

/** Only the code's SHA-256 is stored: 256 random bits need no salt or slow hash. */
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** Where the accept page lives: PUBLIC_URL, else the origin the boss's browser called. */
export interface InviteLink {
  appUrl: string;
}

/**
 * Issues the member a new code, replacing any earlier one (which then stops working), and sends
 * the accept link in the member's language: by e-mail when they have one, else by SMS.
 */
export async function sendInvitation(ctx: AuthCtx, user: UserRow, link: InviteLink): Promise<void> {
  const code = randomBytes(32).toString('base64url');
  const codeHash = hashOf(code);
  const expiresAt = new Date(Date.now() + INVITATION_TTL_SECONDS * 1000);
  await ctx.db
    .insert(staffInvitations)
    .values({ userId: user.id, codeHash, expiresAt })
    .onConflictDoUpdate({
      target: staffInvitations.userId,
      set: { codeHash, expiresAt, sentAt: new Date() },
    });
  const [seller] = await ctx.db
    .select({ name: sellers.name })
    .from(sellers)
    .where(eq(sellers.id, user.sellerId));
  const lang = user.language ?? ctx.lang;
  const params = {
    site: ctx.config.SITE_NAME,
    seller: seller?.name ?? '',
    name: user.name,
    days: INVITATION_TTL_SECONDS / 86_400,
    link: `${link.appUrl.replace(/\/$/, '')}/invite?code=${code}`,
  };
  await ctx.messenger.send({
    channel: user.email ? 'email' : 'sms',
    to: user.email ?? user.mobile ?? '',
    subject: renderText(lang, 'mail.invite_subject', params),
    body: renderText(lang, 'mail.invite_body', params),
  });
}

/** The open invitation of a code: unknown, used and replaced codes alike are 422 on `code`. */
async function findOpen(ctx: AuthCtx, code: string) {
  const [row] = await ctx.db
    .select({ invitation: staffInvitations, user: users, sellerName: sellers.name })
    .from(staffInvitations)
    .innerJoin(users, eq(users.id, staffInvitations.userId))
    .innerJoin(sellers, eq(sellers.id, users.sellerId))
    .where(eq(staffInvitations.codeHash, hashOf(code)))
    .limit(1);
  // A member the boss disabled meanwhile cannot join through an old link.
  if (!row || row.user.status !== 1) {
    throw new ValidationError({ code: 'team.invitation_invalid' }, 'team.invitation_invalid');
  }
  if (row.invitation.expiresAt.getTime() <= Date.now()) {
    throw new ValidationError({ code: 'team.invitation_expired' }, 'team.invitation_expired');
  }
  return row;
}

export async function showInvitation(ctx: AuthCtx, q: InvitationQuery): Promise<Invitation> {
  const { invitation, user, sellerName } = await findOpen(ctx, q.code);
  return {
    name: user.name,
    login: user.email ?? user.mobile ?? '',
    seller_name: sellerName,
    expires_at: unixSeconds(invitation.expiresAt),
  };
}

/**
 * The invitee sets their password (the sign-up policy applies) and can sign in. The row goes
 * with it in one statement, so of two accepts racing with one code only one sets a password.
 */
export async function acceptInvitation(ctx: AuthCtx, input: AcceptInvitationInput): Promise<void> {
  const { user } = await findOpen(ctx, input.code);
  await assertPasswordAllowed(input.password, [user.email, user.mobile]);
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (tx) => {
    const [taken] = await tx.db
      .delete(staffInvitations)
      .where(
        and(
          eq(staffInvitations.userId, user.id),
          eq(staffInvitations.codeHash, hashOf(input.code)),
        ),
      )
      .returning({ userId: staffInvitations.userId });
    if (!taken) {
      throw new ValidationError({ code: 'team.invitation_invalid' }, 'team.invitation_invalid');
    }
    await tx.db
      .update(users)
      .set({
        passwordHash,
        // The link went to the member's e-mail (when they have one): opening it proves the address.
        ...(user.email ? { emailVerifiedAt: user.emailVerifiedAt ?? new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
  });
}
