import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { pino } from 'pino';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { JobContext, JobHandler, JobRunner } from './runner.ts';

/** What travels in a pg-boss job: the `jobs` row it reports into (absent for cron runs). */
interface JobData {
  jobId?: string;
}

export interface PgBossJobRunner extends JobRunner {
  /**
   * Runs `kind` on a cron schedule once started. pg-boss keeps one schedule per queue in the
   * database, so several processes scheduling the same kind still run it once per tick.
   */
  schedule(kind: string, cron: string): void;
}

export interface JobRunnerOptions {
  log?: FastifyBaseLogger;
  /** How often an idle worker polls; enqueueing in this process wakes its worker at once. */
  pollingIntervalSeconds?: number;
}

const QUEUE_OPTIONS = {
  // A job owns its `jobs` row and reports failure there; a silent retry would confuse the UI.
  retryLimit: 0,
  // Imports and batch publishing can be long; pg-boss's 15-minute default would expire them.
  expireInSeconds: 4 * 60 * 60,
};
const STOP_TIMEOUT_MS = 30_000;
const MAX_MESSAGE_LENGTH = 500;

/** Messages of typed errors are meant for users; anything else stays in the log. */
function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.message.slice(0, MAX_MESSAGE_LENGTH);
  return 'The job failed unexpectedly';
}

/**
 * pg-boss on PostgreSQL (its own pool from the connection string) or on PGlite (through the
 * database's raw SQL adapter). pg-boss is started lazily: enqueueing alone only installs its
 * schema and sends, so a process with workers off can still hand work to other processes.
 */
export function createJobRunner(
  database: Database,
  options: JobRunnerOptions = {},
): PgBossJobRunner {
  const log = options.log ?? pino({ name: 'jobs' });
  const { db } = database;
  const handlers = new Map<string, JobHandler>();
  const concurrency = new Map<string, number>();
  const schedules = new Map<string, string>();
  const queues = new Map<string, Promise<void>>();
  /** Worker ids by kind, as promises: a kind defined after start gets its worker asynchronously. */
  const workers = new Map<string, Promise<string>>();
  const running = new Set<string>();
  let boss: Promise<PgBoss> | null = null;
  let started = false;

  const ensureBoss = (): Promise<PgBoss> => {
    boss ??= (async () => {
      const instance = new PgBoss({
        ...(database.url ? { connectionString: database.url } : { db: database.raw }),
        ...(options.pollingIntervalSeconds
          ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
          : {}),
      });
      instance.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
      await instance.start();
      return instance;
    })().catch((error: unknown) => {
      // Let the next call try again, e.g. once the database is reachable.
      boss = null;
      throw error;
    });
    return boss;
  };

  /**
   * One creation per kind in this process; PostgreSQL may still report a deadlock when another
   * process creates the same queue at the same moment, and then trying again succeeds.
   */
  const ensureQueue = (instance: PgBoss, kind: string): Promise<void> => {
    let pending = queues.get(kind);
    if (!pending) {
      pending = (async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            await instance.createQueue(kind, { name: kind, ...QUEUE_OPTIONS });
            return;
          } catch (error) {
            const deadlock = (error as { code?: string }).code === '40P01';
            if (!deadlock || attempt >= 3) throw error;
          }
        }
      })().catch((error: unknown) => {
        queues.delete(kind);
        throw error;
      });
      queues.set(kind, pending);
    }
    return pending;
  };

  const setStatus = (jobId: string, values: Partial<typeof jobs.$inferInsert>) =>
    db
      .update(jobs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(jobs.id, jobId));

  const run = async (kind: string, handler: JobHandler, data: JobData | null): Promise<unknown> => {
    let jobId = data?.jobId;
    if (!jobId) {
      const [row] = await db
        .insert(jobs)
        .values({ kind, sellerId: null })
        .returning({ id: jobs.id });
      jobId = row!.id;
    }
    // Only a queued row starts, so a job delivered twice never runs twice.
    const [row] = await db
      .update(jobs)
      .set({ status: 'running', updatedAt: new Date() })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')))
      .returning();
    if (!row) {
      log.warn({ jobId, kind }, 'job row is missing or already handled; skipped');
      return null;
    }

    const jobLog = log.child({ jobId, kind });
    const context: JobContext = {
      jobId,
      sellerId: row.sellerId,
      payload: row.payload,
      log: jobLog,
      progress: async (done, total, message) => {
        await setStatus(jobId, {
          done,
          ...(total === undefined ? {} : { total }),
          ...(message === undefined ? {} : { message }),
        });
      },
    };

    running.add(jobId);
    try {
      const result = await handler(context);
      await db
        .update(jobs)
        .set({
          status: 'succeeded',
          result: result ?? null,
          done: sql`greatest(${jobs.done}, ${jobs.total})`,
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, jobId));
      return result ?? null;
    } catch (error) {
      if (error instanceof AppError) jobLog.warn({ err: error }, 'job failed');
      else jobLog.error({ err: error }, 'job failed');
      await setStatus(jobId, { status: 'failed', message: failureMessage(error) });
      throw error;
    } finally {
      running.delete(jobId);
    }
  };

  const work = (instance: PgBoss, kind: string, handler: JobHandler): Promise<string> => {
    const workerId = (async () => {
      await ensureQueue(instance, kind);
      // One pg-boss worker takes one job at a time; a kind with concurrency n gets n workers.
      const ids: string[] = [];
      for (let i = 0; i < (concurrency.get(kind) ?? 1); i++) {
        ids.push(
          await instance.work<JobData>(kind, { batchSize: 1 }, async ([job]) =>
            job ? run(kind, handler, job.data) : null,
          ),
        );
      }
      const cron = schedules.get(kind);
      if (cron) await instance.schedule(kind, cron);
      return ids[0]!;
    })();
    workers.set(kind, workerId);
    return workerId;
  };

  return {
    define(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`Job kind ${kind} is already defined`);
      handlers.set(kind, handler);
      concurrency.set(kind, Math.max(1, options.concurrency ?? 1));
      if (started) {
        void ensureBoss()
          .then((instance) => work(instance, kind, handler))
          .catch((error: unknown) =>
            log.error({ err: error, kind }, 'could not start a job worker'),
          );
      }
    },

    schedule(kind, cron) {
      schedules.set(kind, cron);
    },

    async enqueue({ kind, sellerId, payload, total }) {
      const [row] = await db
        .insert(jobs)
        .values({ kind, sellerId, payload: payload ?? null, total: total ?? 0 })
        .returning({ id: jobs.id });
      const jobId = row!.id;
      try {
        const instance = await ensureBoss();
        await ensureQueue(instance, kind);
        await instance.send(kind, { jobId } satisfies JobData);
      } catch (error) {
        await setStatus(jobId, { status: 'failed', message: 'The job could not be queued' });
        throw error;
      }
      // A worker of this process picks the job up now instead of at its next poll.
      const workerId = await workers.get(kind)?.catch(() => null);
      if (workerId) (await ensureBoss()).notifyWorker(workerId);
      return jobId;
    },

    async start() {
      if (started) return;
      started = true;
      try {
        const instance = await ensureBoss();
        for (const [kind, handler] of handlers) await work(instance, kind, handler);
      } catch (error) {
        started = false;
        throw error;
      }
    },

    async stop() {
      if (!boss) return;
      const instance = await boss.catch(() => null);
      boss = null;
      started = false;
      workers.clear();
      queues.clear();
      if (!instance) return;
      await instance.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      // Handlers still going after the grace period lose their worker; say so in their rows.
      if (running.size > 0) {
        await db
          .update(jobs)
          .set({
            status: 'failed',
            message: 'Interrupted by a server shutdown',
            updatedAt: new Date(),
          })
          .where(and(inArray(jobs.id, [...running]), eq(jobs.status, 'running')));
      }
    },
  };
}
