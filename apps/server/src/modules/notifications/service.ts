import { and, count, desc, eq, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
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
import { notificationReads, notifications, users } from '../../db/schema.ts';
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

/** The reader's own read row of each notification (read state is per user). */
const readBy = (userId: number) =>
  and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId));

/** Not yet read by this user: no read row of theirs, found by its primary key. */
const unreadBy = (ctx: Ctx, userId: number): SQL =>
  notExists(
    ctx.db
      .select({ one: sql`1` })
      .from(notificationReads)
      .where(readBy(userId)),
  );

/** Newest first, optionally the unread ones only; each message in the reader's language. */
export async function listNotifications(ctx: Ctx, q: NotificationQuery): Promise<NotificationPage> {
  const { userId } = requireUser(ctx);
  const where = and(await visible(ctx), q.unread === '1' ? unreadBy(ctx, userId) : undefined);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ row: notifications, readAt: notificationReads.readAt })
      .from(notifications)
      .leftJoin(notificationReads, readBy(userId))
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(notifications).where(where),
  ]);
  return {
    list: rows.map(({ row, readAt }) => ({
      id: row.id,
      kind: row.kind,
      message: renderMessage(ctx.lang, {
        key: row.messageKey as MessageKey,
        params: row.params,
      }),
      link: row.link,
      read: readAt !== null,
      created_at: unixSeconds(row.createdAt),
    })),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

export async function unreadCount(ctx: Ctx): Promise<UnreadCount> {
  const { userId } = requireUser(ctx);
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(await visible(ctx), unreadBy(ctx, userId)));
  return { count: counted?.n ?? 0 };
}

/**
 * Marks the given notifications (404 naming the first the user cannot see: another seller's,
 * another user's, a kind beyond their permissions) or all they see as read by this user, in one
 * statement; answers what is left unread for them.
 */
export async function markRead(ctx: Ctx, input: MarkNotificationsReadInput): Promise<UnreadCount> {
  const { userId } = requireUser(ctx);
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
    .insert(notificationReads)
    .select(
      ctx.db
        .select({
          notificationId: notifications.id,
          userId: sql<number>`${userId}::bigint`.as('user_id'),
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(notifications)
        .where(
          and(
            where,
            unreadBy(ctx, userId),
            input.ids ? inArray(notifications.id, input.ids) : undefined,
          ),
        ),
    )
    .onConflictDoNothing();
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
