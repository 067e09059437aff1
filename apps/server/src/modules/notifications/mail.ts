import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { notificationMails, notifications, users } from '../../db/schema.ts';
import type { Messenger } from '../../integrations/messenger.ts';
import { renderMessage, type MessageKey } from '../../i18n/messages.ts';

export const NOTIFICATIONS_MAIL = 'notifications.mail';
/** Mails one run claims at a time. */
const BATCH = 100;

export interface MailDeps {
  db: Executor;
  log: FastifyBaseLogger;
  messenger: Messenger;
  siteName: string;
  /** Where the web app is, for the link in the mail. */
  siteUrl: string;
}

/** Claims owed mails (marked sent first, so two processes never send one twice). */
async function claim(db: Executor): Promise<number[]> {
  const due = db
    .select({ id: notificationMails.id })
    .from(notificationMails)
    .where(isNull(notificationMails.sentAt))
    .orderBy(asc(notificationMails.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(notificationMails)
    .set({ sentAt: sql`now()` })
    .where(inArray(notificationMails.id, due))
    .returning({ id: notificationMails.id });
  return rows.map((r) => r.id);
}

/**
 * Sends the e-mails `notify` owed, each in its recipient's language through the messenger (SMTP,
 * or the outbox without it). A failed send is owed again and retried by the next run.
 */
export async function sendNotificationMails(deps: MailDeps): Promise<{ sent: number }> {
  let sent = 0;
  for (;;) {
    const ids = await claim(deps.db);
    if (ids.length === 0) return { sent };
    const rows = await deps.db
      .select({ mail: notificationMails, notice: notifications, user: users })
      .from(notificationMails)
      .innerJoin(notifications, eq(notifications.id, notificationMails.notificationId))
      .innerJoin(users, eq(users.id, notificationMails.userId))
      .where(inArray(notificationMails.id, ids));
    const failed: number[] = [];
    for (const { mail, notice, user } of rows) {
      if (!user.email || !user.notifyByEmail) continue;
      const lang = user.language ?? DEFAULT_LANGUAGE;
      const message = renderMessage(lang, {
        key: notice.messageKey as MessageKey,
        params: notice.params,
      });
      const params = { site: deps.siteName, message, url: `${deps.siteUrl}${notice.link}` };
      try {
        await deps.messenger.send({
          channel: 'email',
          to: user.email,
          subject: renderMessage(lang, { key: 'notifications.mail.subject', params }),
          body: renderMessage(lang, { key: 'notifications.mail.body', params }),
        });
        sent += 1;
      } catch (error) {
        deps.log.warn({ err: error, mailId: mail.id }, 'notification mail not sent');
        failed.push(mail.id);
      }
    }
    if (failed.length > 0) {
      // Owed again; the next run tries them, this one stops rather than spin on a dead provider.
      await deps.db
        .update(notificationMails)
        .set({ sentAt: null })
        .where(inArray(notificationMails.id, failed));
      return { sent };
    }
  }
}
