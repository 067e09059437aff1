import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { pino } from 'pino';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Message } from '../i18n/messages.ts';
import type { JobContext, JobHandler, JobKindOptions, JobRunner } from './runner.ts';

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
  /** Whether this process has a handler for `kind` (the task scheduler queues only those). */
  defines(kind: string): boolean;
  /** `JobRunnerOptions.sweepSeconds`: the demo's stand-in for the minute tick, else null. */
  readonly sweepSeconds: number | null;
}

export interface JobRunnerOptions {
  log?: FastifyBaseLogger;
  /**
   * How often an idle worker polls; enqueueing in this process wakes its workers at once.
   * Default: pg-boss's 2 s on PostgreSQL, EMBEDDED_POLLING_SECONDS on PGlite.
   */
  pollingIntervalSeconds?: number;
  /**
   * Runs the every-minute schedules this often instead, from this process (a timer in place of
   * pg-boss's cron, whose finest tick is a minute): demo and test servers only
   * (`JOB_SWEEP_SECONDS`), so a browser test does not wait out the minute sweeps.
   */
  sweepSeconds?: number;
}

/** The cron of the minute sweeps `sweepSeconds` speeds up. */
export const EVERY_MINUTE = '* * * * *';

/**
 * On PGlite this process is the database's only client, so every job but pg-boss's cron sends
 * is sent here and wakes its workers at once; polling is only the cron's way in (a scheduled
 * run starts up to this late). Polling every 2 s cost an idle demo server 6 CPU-seconds a
 * minute (about 30 workers, each poll a query in the WebAssembly database); 30 s costs 0.65.
 */
const EMBEDDED_POLLING_SECONDS = 30;
/** pg-boss's own default; kinds with longer runs say so when they are defined. */
const DEFAULT_EXPIRE_SECONDS = 15 * 60;
/** A running job's worker refreshes the row's `updated_at` this often. */
const HEARTBEAT_MS = 5_000;
/** A running job silent this long lost its worker (a crash, kill -9, a stalled process). */
const SILENT_AFTER_SECONDS = 15;
/** How often every started runner looks for silent jobs; also once at start-up. */
const REAP_EVERY_MS = 5_000;
const INTERRUPTED: Message['key'] = 'jobs.interrupted';
const STOP_TIMEOUT_MS = 30_000;

/** The `message`/`message_params` columns of a job saying `message`. */
const says = (message: Message) => ({
  message: message.key,
  messageParams: message.params ?? null,
});

/**
 * Typed errors are meant for users: their key and parameters are kept and rendered in the
 * reader's language; anything else stays in the log.
 */
function failureMessage(error: unknown): Message {
  if (error instanceof AppError) return { key: error.key, params: error.params };
  return { key: 'jobs.failed_unexpectedly' };
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
  const kindOptions = new Map<string, JobKindOptions>();
  const schedules = new Map<string, string>();
  const queues = new Map<string, Promise<void>>();
  /** Worker ids by kind, as promises: a kind defined after start gets its workers asynchronously. */
  const workers = new Map<string, Promise<string[]>>();
  /** This process's running jobs: the attempt each belongs to, and how to tell it to stop. */
  const running = new Map<string, { kind: string; attempt: number; controller: AbortController }>();
  let boss: Promise<PgBoss> | null = null;
  let started = false;
  let timers: NodeJS.Timeout[] = [];
  const pollingIntervalSeconds =
    options.pollingIntervalSeconds ?? (database.url ? undefined : EMBEDDED_POLLING_SECONDS);

  const ensureBoss = (): Promise<PgBoss> => {
    boss ??= (async () => {
      const instance = new PgBoss({
        ...(database.url ? { connectionString: database.url } : { db: database.raw }),
        ...(pollingIntervalSeconds ? { pollingIntervalSeconds } : {}),
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
            await instance.createQueue(kind, {
              name: kind,
              // A job owns its `jobs` row and reports failure there; a silent retry would
              // confuse the UI. Resumable kinds come back through `reap` under the same row.
              retryLimit: 0,
              expireInSeconds: kindOptions.get(kind)?.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
            });
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

  /** This process's workers of `kind`, if any, fetch now instead of at their next poll. */
  const wake = async (instance: PgBoss, kind: string): Promise<void> => {
    const ids = await workers.get(kind)?.catch(() => null);
    for (const id of ids ?? []) instance.notifyWorker(id);
  };

  // Every write to a job row stamps the database's clock: it is the heartbeat that `reap`
  // compares across processes, whose own clocks may differ.
  const setStatus = (jobId: string, values: PgUpdateSetSource<typeof jobs>, attempt?: number) =>
    db
      .update(jobs)
      .set({ ...values, updatedAt: sql`now()` })
      .where(
        and(eq(jobs.id, jobId), attempt === undefined ? undefined : eq(jobs.attempt, attempt)),
      );

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
      .set({ status: 'running', startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')))
      .returning();
    if (!row) {
      log.warn({ jobId, kind }, 'job row is missing or already handled; skipped');
      return null;
    }

    const { attempt } = row;
    const jobLog = log.child({ jobId, kind, attempt });
    const controller = new AbortController();
    const context: JobContext = {
      jobId,
      sellerId: row.sellerId,
      payload: row.payload,
      attempt,
      log: jobLog,
      signal: controller.signal,
      progress: async (done, total, message) => {
        await setStatus(
          jobId,
          {
            done,
            ...(total === undefined ? {} : { total }),
            ...(message === undefined ? {} : says(message)),
          },
          attempt,
        );
      },
    };

    running.set(jobId, { kind, attempt, controller });
    try {
      const result = await handler(context);
      await setStatus(
        jobId,
        {
          status: 'succeeded',
          result: result ?? null,
          done: sql`greatest(${jobs.done}, ${jobs.total})`,
        },
        attempt,
      );
      return result ?? null;
    } catch (error) {
      if (error instanceof AppError) jobLog.warn({ err: error }, 'job failed');
      else jobLog.error({ err: error }, 'job failed');
      await setStatus(jobId, { status: 'failed', ...says(failureMessage(error)) }, attempt);
      throw error;
    } finally {
      // The same job may have come back to this process under a newer attempt meanwhile.
      if (running.get(jobId)?.attempt === attempt) running.delete(jobId);
    }
  };

  /** Refreshes this process's running jobs; one handed to another worker meanwhile is told so. */
  const heartbeat = async () => {
    for (const [jobId, { attempt, controller }] of running) {
      const [alive] = await db
        .update(jobs)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(jobs.id, jobId), eq(jobs.attempt, attempt), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      if (!alive && running.get(jobId)?.attempt === attempt) controller.abort();
    }
  };

  /**
   * Running jobs of the kinds this process knows whose worker went silent: a resumable one is
   * queued again under the same row (the id the client follows), with its attempt raised so
   * the old worker, should it wake up, writes nothing more; any other fails as interrupted.
   * One UPDATE decides, so of several processes looking at once only one takes each job.
   */
  const reap = async (instance: PgBoss): Promise<void> => {
    const kinds = [...handlers.keys()];
    const resumable = kinds.filter((kind) => kindOptions.get(kind)?.resumable);
    const resumes = resumable.length ? inArray(jobs.kind, resumable) : sql`false`;
    const rows = await db
      .update(jobs)
      .set({
        status: sql`case when ${resumes} then 'queued' else 'failed' end`,
        message: sql`case when ${resumes} then ${jobs.message} else ${INTERRUPTED} end`,
        messageParams: sql`case when ${resumes} then ${jobs.messageParams} else null end`,
        attempt: sql`${jobs.attempt} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(jobs.status, 'running'),
          inArray(jobs.kind, kinds),
          lt(jobs.updatedAt, sql`now() - make_interval(secs => ${SILENT_AFTER_SECONDS})`),
        ),
      )
      .returning({ id: jobs.id, kind: jobs.kind, status: jobs.status });
    for (const row of rows) {
      if (row.status !== 'queued') {
        log.warn({ jobId: row.id, kind: row.kind }, 'job lost its worker; marked interrupted');
        continue;
      }
      log.info({ jobId: row.id, kind: row.kind }, 'job lost its worker; resumed');
      await ensureQueue(instance, row.kind);
      await instance.send(row.kind, { jobId: row.id } satisfies JobData);
      await wake(instance, row.kind);
    }
  };

  /** Heartbeat and reaping on timers; a failed round is logged and the next one tries again. */
  const startTimers = (instance: PgBoss) => {
    const every = (ms: number, name: string, fn: () => Promise<void>) => {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        fn()
          .catch((error: unknown) => log.error({ err: error }, `job ${name} failed`))
          .finally(() => (busy = false));
      }, ms);
      timer.unref();
      timers.push(timer);
    };
    every(HEARTBEAT_MS, 'heartbeat', heartbeat);
    every(REAP_EVERY_MS, 'reaping', () => reap(instance));
  };

  /** Sends `kind` as its cron would, every `seconds`, and wakes this process's worker for it. */
  const sweep = (instance: PgBoss, kind: string, seconds: number) => {
    const timer = setInterval(() => {
      // A run still going takes the next tick's work along; sends must not pile up behind it.
      if ([...running.values()].some((r) => r.kind === kind)) return;
      void (async () => {
        await instance.send(kind, {} satisfies JobData);
        await wake(instance, kind);
      })().catch((error: unknown) => log.error({ err: error, kind }, 'job sweep failed'));
    }, seconds * 1000);
    timer.unref();
    timers.push(timer);
  };

  const work = (instance: PgBoss, kind: string, handler: JobHandler): Promise<string[]> => {
    const workerIds = (async () => {
      await ensureQueue(instance, kind);
      // One pg-boss worker takes one job at a time; a kind with concurrency n gets n workers.
      const ids: string[] = [];
      for (let i = 0; i < Math.max(1, kindOptions.get(kind)?.concurrency ?? 1); i++) {
        let id = '';
        id = await instance.work<JobData>(kind, { batchSize: 1 }, async ([job]) => {
          if (!job) return null;
          try {
            return await run(kind, handler, job.data);
          } finally {
            // More may be queued: a pg-boss worker otherwise waits out its polling interval
            // after every job, so a queue drained one job per interval and worker.
            instance.notifyWorker(id);
          }
        });
        ids.push(id);
      }
      const cron = schedules.get(kind);
      if (cron && cron === EVERY_MINUTE && options.sweepSeconds) {
        await instance.unschedule(kind);
        sweep(instance, kind, options.sweepSeconds);
      } else if (cron) {
        await instance.schedule(kind, cron);
      }
      return ids;
    })();
    workers.set(kind, workerIds);
    return workerIds;
  };

  return {
    sweepSeconds: options.sweepSeconds ?? null,

    defines: (kind) => handlers.has(kind),

    define(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`Job kind ${kind} is already defined`);
      handlers.set(kind, handler);
      kindOptions.set(kind, options);
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
        await setStatus(jobId, { status: 'failed', ...says({ key: 'jobs.not_queued' }) });
        throw error;
      }
      await wake(await ensureBoss(), kind);
      return jobId;
    },

    async start() {
      if (started) return;
      started = true;
      try {
        const instance = await ensureBoss();
        for (const [kind, handler] of handlers) await work(instance, kind, handler);
        // Schedules the code no longer defines (a retired kind) stop with it.
        for (const { name } of await instance.getSchedules()) {
          if (!schedules.has(name)) await instance.unschedule(name);
        }
        // Jobs a crash left running resume now, not at the next tick.
        await reap(instance);
        startTimers(instance);
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
      for (const timer of timers) clearInterval(timer);
      timers = [];
      workers.clear();
      queues.clear();
      if (!instance) return;
      await instance.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      // Handlers still going after the grace period lose their worker. A resumable job's row
      // is made silent at once, so another process (or the next start) takes it over without
      // waiting; any other says it was interrupted.
      for (const [jobId, { kind, attempt }] of running) {
        await db
          .update(jobs)
          .set(
            kindOptions.get(kind)?.resumable
              ? { updatedAt: new Date(0) }
              : { status: 'failed', ...says({ key: INTERRUPTED }), updatedAt: sql`now()` },
          )
          .where(and(eq(jobs.id, jobId), eq(jobs.attempt, attempt), eq(jobs.status, 'running')));
      }
    },
  };
}
