import { and, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import {
  checkPerm,
  NOTIFICATION_KINDS,
  type MarkNotificationsReadInput,
  type NotificationPage,
  type NotificationQuery,
  type NotificationSettings,
  type UnreadCount,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { notifications, users } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { renderMessage, type MessageKey } from '../../i18n/messages.ts';
import { ownedBy, requireUser } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { loadPerms } from '../menus/index.ts';
import { KIND_PERM } from './kinds.ts';

/**
 * What the signed-in user sees: the account's notifications of the kinds their permissions
 * cover (all of them for the boss), and those addressed to them.
 */
async function visible(ctx: Ctx): Promise<SQL> {
  const { userId } = requireUser(ctx);
  const held = await loadPerms(ctx);
  const kinds = NOTIFICATION_KINDS.filter((kind) => checkPerm(held, KIND_PERM[kind]));
  return and(
    ownedBy(ctx, notifications.sellerId),
    or(isNull(notifications.userId), eq(notifications.userId, userId)),
    kinds.length > 0 ? inArray(notifications.kind, kinds) : eq(notifications.id, -1),
  )!;
}

/** Newest first, optionally the unread ones only; each message in the reader's language. */
export async function listNotifications(ctx: Ctx, q: NotificationQuery): Promise<NotificationPage> {
  const where = and(
    await visible(ctx),
    q.unread === '1' ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(notifications).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      message: renderMessage(ctx.lang, {
        key: row.messageKey as MessageKey,
        params: row.params,
      }),
      link: row.link,
      read: row.readAt !== null,
      created_at: unixSeconds(row.createdAt),
    })),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

export async function unreadCount(ctx: Ctx): Promise<UnreadCount> {
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(await visible(ctx), isNull(notifications.readAt)));
  return { count: counted?.n ?? 0 };
}

/**
 * Marks the given notifications (404 naming the first the user cannot see: another seller's,
 * another user's, a kind beyond their permissions) or all they see as read; answers what is
 * left unread.
 */
export async function markRead(ctx: Ctx, input: MarkNotificationsReadInput): Promise<UnreadCount> {
  const where = await visible(ctx);
  if (input.ids) {
    const found = await ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(where, inArray(notifications.id, input.ids)));
    const seen = new Set(found.map((r) => r.id));
    const missing = input.ids.find((id) => !seen.has(id));
    if (missing !== undefined) throw new NotFoundError('notifications.not_found', { id: missing });
  }
  await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        where,
        isNull(notifications.readAt),
        input.ids ? inArray(notifications.id, input.ids) : undefined,
      ),
    );
  return unreadCount(ctx);
}

export async function notificationSettings(ctx: Ctx): Promise<NotificationSettings> {
  const { userId } = requireUser(ctx);
  const [row] = await ctx.db
    .select({ email: users.notifyByEmail })
    .from(users)
    .where(eq(users.id, userId));
  return { email: row?.email ?? false };
}

export async function saveNotificationSettings(
  ctx: Ctx,
  input: NotificationSettings,
): Promise<NotificationSettings> {
  const { userId } = requireUser(ctx);
  await ctx.db
    .update(users)
    .set({ notifyByEmail: input.email, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return notificationSettings(ctx);
}
