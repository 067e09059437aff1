import { eq } from 'drizzle-orm';
import type { JobIdParams, JobState } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { jobs } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { findOwned } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';

type JobRow = typeof jobs.$inferSelect;

function progressOf(row: JobRow): number {
  if (row.status === 'succeeded') return 100;
  if (row.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((row.done * 100) / row.total)));
}

export function toJobState(row: JobRow): JobState {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: progressOf(row),
    total: row.total,
    done: row.done,
    message: row.message,
    result: row.result ?? null,
    createdAt: unixSeconds(row.createdAt),
    updatedAt: unixSeconds(row.updatedAt),
  };
}

/** A seller sees only its own jobs (another seller's id is a 404); an operator sees any job. */
export async function getJob(ctx: Ctx, input: JobIdParams): Promise<JobState> {
  if (ctx.actor.kind !== 'admin')
    return toJobState(await findOwned(ctx, jobs, input.id, 'jobs.not_found'));
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, input.id)).limit(1);
  if (!row) throw new NotFoundError('jobs.not_found');
  return toJobState(row);
}
