import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { createJobRunner } from '../src/jobs/pg-boss-runner.ts';
import { databaseForFile } from './helper.ts';

/**
 * Jobs a dead worker left `running` (no heartbeat for a minute) are taken at start-up, not at
 * a later tick: a resumable kind runs again under the same row with its attempt raised, and
 * the dead worker's late writes land nowhere; any other kind ends as interrupted, so no
 * progress bar waits forever.
 */
const database = databaseForFile();

it('resumes a silent resumable job under its own id and fails a silent other one', async () => {
  const { db } = database();
  const silent = (kind: string) =>
    db
      .insert(jobs)
      .values({ kind, sellerId: null, status: 'running', total: 3, done: 1 })
      .returning({ id: jobs.id })
      .then(([row]) => row!.id);
  const resumable = await silent('test.resumable');
  const once = await silent('test.once');
  const fresh = await silent('test.once');
  await db
    .update(jobs)
    .set({ updatedAt: sql`now() - interval '1 minute'` })
    .where(eq(jobs.kind, 'test.resumable'));
  await db
    .update(jobs)
    .set({ updatedAt: sql`now() - interval '1 minute'` })
    .where(eq(jobs.id, once));

  const runner = createJobRunner(database(), { log: pino({ level: 'silent' }) });
  const runs: string[] = [];
  runner.define(
    'test.resumable',
    async (job) => {
      runs.push(job.jobId);
      await job.progress(3, 3);
      return { resumed: true };
    },
    { resumable: true },
  );
  runner.define('test.once', async () => ({ ran: true }));
  await runner.start();
  try {
    const row = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
    for (let i = 0; i < 200 && (await row(resumable)).status !== 'succeeded'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await row(resumable)).toMatchObject({
      status: 'succeeded',
      attempt: 1,
      done: 3,
      result: { resumed: true },
    });
    expect(runs).toEqual([resumable]);
    expect(await row(once)).toMatchObject({
      status: 'failed',
      message: 'jobs.interrupted',
    });
    // A job whose worker still beats is left alone.
    expect(await row(fresh)).toMatchObject({ status: 'running', attempt: 0 });
  } finally {
    await runner.stop();
  }
}, 60_000);
