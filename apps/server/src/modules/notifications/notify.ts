import { and, eq, gte, isNotNull } from 'drizzle-orm';
import { checkPerm, formatMinor, toMinor, type NotificationKind } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { notificationMails, notifications, users } from '../../db/schema.ts';
import type { MessageKey, MessageParams } from '../../i18n/messages.ts';
import { ofSeller } from '../../tenancy.ts';
import { zonedDate, zonedDayRange } from '../../time.ts';
import { userPerms } from '../menus/index.ts';
import { KIND_PERM, links } from './kinds.ts';

export interface NotifyInput {
  sellerId: number;
  /** Only this user is told; without it the whole account (boss and staff the kind covers). */
  userId?: number;
  kind: NotificationKind;
  /** A `notifications.*` key of the server catalogue, rendered in the reader's language. */
  message: { key: MessageKey; params?: MessageParams };
  /** The web path that shows what it is about. */
  link: string;
}

/**
 * Tells a seller something, in the caller's transaction: the notification for the bell and an
 * e-mail owed to each user who opted in and may see the kind (the mail job sends it). `ctx`
 * needs only its handle, so jobs holding a bare transaction call it too.
 */
export async function notify(ctx: Pick<Ctx, 'db'>, input: NotifyInput): Promise<number> {
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      sellerId: input.sellerId,
      userId: input.userId ?? null,
      kind: input.kind,
      messageKey: input.message.key,
      params: input.message.params ?? {},
      link: input.link,
    })
    .returning({ id: notifications.id });
  const readers = await ctx.db
    .select({ userId: users.id, isBoss: users.isBoss })
    .from(users)
    .where(
      and(
        ofSeller(users.sellerId, input.sellerId),
        input.userId === undefined ? undefined : eq(users.id, input.userId),
        eq(users.notifyByEmail, true),
        eq(users.status, 1),
        isNotNull(users.email),
      ),
    );
  const mailed = [];
  for (const reader of readers) {
    if (checkPerm(await userPerms(ctx, reader), KIND_PERM[input.kind])) mailed.push(reader.userId);
  }
  if (mailed.length > 0) {
    await ctx.db
      .insert(notificationMails)
      .values(mailed.map((userId) => ({ notificationId: row!.id, userId })));
  }
  return row!.id;
}

/** Below this balance (CNY) a debit tells the seller to recharge. */
export const LOW_BALANCE_MINOR = toMinor('100', 'CNY');

/**
 * After a debit: a balance below `LOW_BALANCE_MINOR` is told once per business day (Beijing);
 * the ledger calls it under the seller's money lock, so two payments cannot both tell it.
 */
export async function noteBalance(
  ctx: Pick<Ctx, 'db'>,
  sellerId: number,
  balanceMinor: number,
): Promise<void> {
  if (balanceMinor >= LOW_BALANCE_MINOR) return;
  const [dayStart] = zonedDayRange(zonedDate(new Date()));
  const [told] = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        ofSeller(notifications.sellerId, sellerId),
        eq(notifications.kind, 'low_balance'),
        gte(notifications.createdAt, dayStart),
      ),
    )
    .limit(1);
  if (told) return;
  await notify(ctx, {
    sellerId,
    kind: 'low_balance',
    message: {
      key: 'notifications.low_balance',
      params: { balance: formatMinor(balanceMinor), threshold: formatMinor(LOW_BALANCE_MINOR) },
    },
    link: links.recharge,
  });
}
