import { desc, eq } from 'drizzle-orm';
import type { OutboxMessage, OutboxQuery } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { outboxMessages } from '../../db/schema.ts';
import { unixSeconds } from '../../time.ts';

const OUTBOX_LIMIT = 50;

/** The latest messages the development Messenger kept instead of sending. */
export async function listOutbox(ctx: Ctx, query: OutboxQuery): Promise<OutboxMessage[]> {
  const rows = await ctx.db
    .select()
    .from(outboxMessages)
    .where(
      query.recipient === undefined ? undefined : eq(outboxMessages.recipient, query.recipient),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(OUTBOX_LIMIT);
  return rows.map((m) => ({
    id: m.id,
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    created_at: unixSeconds(m.createdAt),
  }));
}
