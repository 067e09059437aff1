import { eq } from 'drizzle-orm';
import type { JobIdParams, JobState, Language } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { jobs } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { hasMessage, renderMessage, type MessageKey } from '../../i18n/messages.ts';
import { findOwned } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';

type JobRow = typeof jobs.$inferSelect;

function progressOf(row: JobRow): number {
  if (row.status === 'succeeded') return 100;
  if (row.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((row.done * 100) / row.total)));
}

/** The job's message in `lang`; text stored before messages were keys shows as it is. */
export function messageIn(lang: Language, row: JobRow): string | null {
  if (row.message === null || !hasMessage(row.message)) return row.message;
  const key = row.message as MessageKey;
  return renderMessage(lang, { key, params: row.messageParams ?? {} });
}

function toJobState(lang: Language, row: JobRow): JobState {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: progressOf(row),
    total: row.total,
    done: row.done,
    message: messageIn(lang, row),
    result: row.result ?? null,
    createdAt: unixSeconds(row.createdAt),
    updatedAt: unixSeconds(row.updatedAt),
  };
}

/** A seller sees only its own jobs (another seller's id is a 404); an operator sees any job. */
export async function getJob(ctx: Ctx, input: JobIdParams): Promise<JobState> {
  if (ctx.actor.kind !== 'admin')
    return toJobState(ctx.lang, await findOwned(ctx, jobs, input.id, 'jobs.not_found'));
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, input.id)).limit(1);
  if (!row) throw new NotFoundError('jobs.not_found');
  return toJobState(ctx.lang, row);
}
