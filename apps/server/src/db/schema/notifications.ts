import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@app/shared';
import { sellers, users } from './accounts.ts';

/**
 * What the bell in the seller console shows. The text is a catalogue key with its parameters,
 * rendered in the reader's language when read. `user_id` null is for the whole account (the
 * boss, and staff whose permissions cover the kind); set, for that user alone. Who has read it
 * is `notification_reads`: each reader their own.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    messageKey: text('message_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    /** The web path that shows what it is about. */
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first.
    index('notifications_seller_idx').on(t.sellerId, t.id.desc().nullsFirst()),
    // The unread count polled by every open console: the account's rows of the kinds the
    // reader sees, each then looked up in notification_reads by its primary key.
    index('notifications_seller_kind_idx').on(t.sellerId, t.kind, t.id),
  ],
);

/**
 * Who has read what: a row per reader and notification, so the boss reading an account-wide
 * notice leaves it unread for staff. Unread is "no row for me".
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/**
 * E-mails owed to users who opted in, written in the notification's transaction and sent by
 * the `notifications.mail` job, so a rolled-back change mails nobody and SMTP never runs
 * inside a transaction.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_mails_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);
