import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import parser from 'cron-parser';
import { TASK_JOBS, type TaskJob } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { jobs, seededMenus, sysTaskRuns, sysTasks } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/runner.ts';

/** The scheduler's own job: every minute it queues the tasks that are due. */
export const TASKS_TICK = 'sys.tasks-tick';

const EVERY_MINUTE = '* * * * *';

interface DefaultTask {
  /** Names and remarks are i18n keys (`task.name.*`, `task.remark.*`) the console translates. */
  id: string;
  job: TaskJob;
  cron: string;
  /** Added after the first version: platforms seeded before then get it too, once. */
  later?: true;
}

/** The tasks a new platform starts with, all running; operators stop, edit or add from here. */
export const DEFAULT_TASKS: DefaultTask[] = [
  { id: 'orderSync', job: 'orders.sync-all', cron: '*/15 * * * *' },
  { id: 'logCleanup', job: 'maintenance.purge-expired', cron: '0 * * * *' },
  { id: 'trackingPoll', job: 'production.track-parcels', cron: EVERY_MINUTE },
  { id: 'shipmentPush', job: 'orders.shipment-push', cron: EVERY_MINUTE },
  { id: 'fbaSync', job: 'fba.sync-shipments', cron: EVERY_MINUTE },
  { id: 'notificationMail', job: 'notifications.mail', cron: EVERY_MINUTE },
  // The ECB publishes once a working day around 16:00 CET; four reads a day catch it.
  { id: 'ratesRefresh', job: 'rates.refresh', cron: '5 */6 * * *', later: true },
  // Every store is read at most once per `sync.listing_interval_minutes`; this only asks often.
  { id: 'listingStatusSync', job: 'listings.status-sync-all', cron: '*/15 * * * *', later: true },
];

/** The first version's names, zh-CN text, which a start renames to their keys. */
const FIRST_NAMES: Record<string, string> = {
  orderSync: '订单同步',
  logCleanup: '日志清理',
  trackingPoll: '物流轨迹查询',
  shipmentPush: '发货信息回传',
  fbaSync: 'FBA 货件同步',
  notificationMail: '通知邮件',
};

const nameKey = (id: string) => `task.name.${id}`;
const remarkKey = (id: string) => `task.remark.${id}`;

export function isTaskJob(kind: string): kind is TaskJob {
  return (TASK_JOBS as readonly string[]).includes(kind);
}

/** Whether `cron` parses as five fields; answers nothing, throws nothing. */
export function cronIsValid(cron: string): boolean {
  try {
    parser.parseExpression(cron);
    return cron.trim().split(/\s+/).length === 5;
  } catch {
    return false;
  }
}

/**
 * The next run after `from`. With the demo's sweep (`sweepSeconds`), a minute task comes due
 * every sweep instead, as the minute sweeps did before tasks were rows.
 */
export function nextRunOf(cron: string, from: Date, sweepSeconds: number | null = null): Date {
  if (sweepSeconds && cron.trim() === EVERY_MINUTE) {
    return new Date(from.getTime() + sweepSeconds * 1000);
  }
  return parser.parseExpression(cron, { currentDate: from }).next().toDate();
}

/**
 * Seeds each default task once (`seeded_menus` scope `task` remembers it by job kind), so a task
 * an operator deleted stays deleted and a default added by a later version arrives once. Tasks
 * of the first version named in zh-CN text are renamed to their keys.
 */
export async function seedTasks(db: Executor, now = new Date()): Promise<void> {
  for (const [id, name] of Object.entries(FIRST_NAMES)) {
    await db
      .update(sysTasks)
      .set({ name: nameKey(id), remark: remarkKey(id) })
      .where(eq(sysTasks.name, name));
  }
  const seeded = new Set(
    (
      await db
        .select({ identity: seededMenus.identity })
        .from(seededMenus)
        .where(eq(seededMenus.scope, 'task'))
    ).map((r) => r.identity),
  );
  const [any] = await db.select({ id: sysTasks.id }).from(sysTasks).limit(1);
  // A platform seeded before tasks were remembered has the first version's (or its operators').
  const firstSeedDone = seeded.size > 0 || any !== undefined;
  const missing = DEFAULT_TASKS.filter(
    (task) => !seeded.has(task.job) && (!firstSeedDone || task.later),
  );
  if (missing.length) {
    await db
      .insert(sysTasks)
      .values(
        missing.map((task) => ({
          name: nameKey(task.id),
          remark: remarkKey(task.id),
          job: task.job,
          cron: task.cron,
          nextRunAt: nextRunOf(task.cron, now),
        })),
      )
      .onConflictDoNothing();
  }
  await db
    .insert(seededMenus)
    .values(DEFAULT_TASKS.map((task) => ({ scope: 'task' as const, identity: task.job })))
    .onConflictDoNothing();
}

/** Queues one run of `task` through the job runner and logs it as the task's run. */
export async function queueTaskRun(
  db: Executor,
  runner: Pick<JobRunner, 'enqueue'>,
  task: { id: number; job: string },
  trigger: 'schedule' | 'once',
  data: unknown,
): Promise<{ runId: number; jobId: string }> {
  const jobId = await runner.enqueue({ kind: task.job, sellerId: null, payload: data ?? null });
  const [run] = await db
    .insert(sysTaskRuns)
    .values({ taskId: task.id, jobId, trigger })
    .returning({ id: sysTaskRuns.id });
  await db
    .update(sysTasks)
    .set({ lastRunAt: sql`now()` })
    .where(eq(sysTasks.id, task.id));
  return { runId: run!.id, jobId };
}

/**
 * The minute tick: each running task whose time has come is claimed by moving its
 * `next_run_at` on (one conditional UPDATE, so of several processes only one queues it) and
 * queued, unless its last run is still queued or running (runs must not pile up behind a long
 * one; the next tick tries again). Kinds this process does not handle are left to a process
 * that does.
 */
export async function runDueTasks(
  db: Executor,
  runner: Pick<JobRunner, 'enqueue'> & {
    defines(kind: string): boolean;
    sweepSeconds: number | null;
  },
  now = new Date(),
): Promise<{ queued: number }> {
  const due = await db
    .select()
    .from(sysTasks)
    .where(
      and(
        eq(sysTasks.status, 'running'),
        isNotNull(sysTasks.nextRunAt),
        // With the demo's sweep every tick runs the minute tasks, as the minute sweeps did.
        runner.sweepSeconds
          ? or(lte(sysTasks.nextRunAt, now), eq(sysTasks.cron, EVERY_MINUTE))
          : lte(sysTasks.nextRunAt, now),
      ),
    );
  let queued = 0;
  for (const task of due) {
    if (!runner.defines(task.job)) continue;
    const busy = await db
      .select({ id: sysTaskRuns.id })
      .from(sysTaskRuns)
      .innerJoin(jobs, eq(jobs.id, sysTaskRuns.jobId))
      .where(
        and(
          eq(sysTaskRuns.taskId, task.id),
          inArray(jobs.status, ['queued', 'running']),
          // A run left queued by a worker that never came is not waited for after an hour.
          sql`${jobs.updatedAt} > now() - interval '1 hour'`,
        ),
      )
      .limit(1);
    if (busy.length) continue;
    const [claimed] = await db
      .update(sysTasks)
      .set({ nextRunAt: nextRunOf(task.cron, now, runner.sweepSeconds) })
      .where(
        and(
          eq(sysTasks.id, task.id),
          eq(sysTasks.status, 'running'),
          eq(sysTasks.nextRunAt, task.nextRunAt!),
        ),
      )
      .returning({ id: sysTasks.id });
    if (!claimed) continue;
    await queueTaskRun(db, runner, task, 'schedule', task.data);
    queued++;
  }
  return { queued };
}
