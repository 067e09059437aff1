import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type {
  IdInput,
  IdsInput,
  Task,
  TaskInput,
  TaskList,
  TaskLogPage,
  TaskLogQuery,
  TaskOnceInput,
  TaskOnceResult,
  TaskPage,
  TaskPageQuery,
  TaskRunSummary,
  TaskUpdateInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { jobs, sysTaskRuns, sysTasks } from '../../db/schema.ts';
import { refuseDuplicate } from '../../db/unique.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';
import { jobMessageIn } from '../jobs/index.ts';
import { cronIsValid, nextRunOf, queueTaskRun } from './scheduler.ts';

type TaskRow = typeof sysTasks.$inferSelect;
type RunRow = { run: typeof sysTaskRuns.$inferSelect; job: typeof jobs.$inferSelect };

/** What routes hand the task service: the runner that queues runs, and its demo sweep. */
export interface TaskDeps {
  runner: Pick<JobRunner, 'enqueue'>;
  sweepSeconds: number | null;
}

const FINISHED = new Set(['succeeded', 'failed']);

function toRun(ctx: Ctx, { run, job }: RunRow): TaskRunSummary {
  const finished = FINISHED.has(job.status);
  const started = job.startedAt;
  return {
    id: run.id,
    trigger: run.trigger,
    status: job.status,
    queued_at: unixSeconds(run.createdAt),
    started_at: started ? unixSeconds(started) : null,
    finished_at: finished ? unixSeconds(job.updatedAt) : null,
    duration_ms:
      finished && started ? Math.max(0, job.updatedAt.getTime() - started.getTime()) : null,
    data: job.payload ?? null,
    result: job.result ?? null,
    error: job.status === 'failed' ? jobMessageIn(ctx.lang, job) : null,
  };
}

/** The latest run of each task, one query for a page of tasks. */
async function lastRuns(ctx: Ctx, taskIds: number[]): Promise<Map<number, TaskRunSummary>> {
  if (!taskIds.length) return new Map();
  const latest = ctx.db
    .select({ id: sql<number>`max(${sysTaskRuns.id})` })
    .from(sysTaskRuns)
    .where(inArray(sysTaskRuns.taskId, taskIds))
    .groupBy(sysTaskRuns.taskId);
  const rows = await ctx.db
    .select({ run: sysTaskRuns, job: jobs })
    .from(sysTaskRuns)
    .innerJoin(jobs, eq(jobs.id, sysTaskRuns.jobId))
    .where(inArray(sysTaskRuns.id, latest));
  return new Map(rows.map((row) => [row.run.taskId, toRun(ctx, row)]));
}

async function toTasks(ctx: Ctx, rows: TaskRow[]): Promise<Task[]> {
  const runs = await lastRuns(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    job: row.job as Task['job'],
    cron: row.cron,
    data: row.data ?? null,
    remark: row.remark,
    status: row.status,
    next_run_at: row.status === 'running' && row.nextRunAt ? unixSeconds(row.nextRunAt) : null,
    last_run_at: row.lastRunAt ? unixSeconds(row.lastRunAt) : null,
    last_run: runs.get(row.id) ?? null,
    created_at: unixSeconds(row.createdAt),
    updated_at: unixSeconds(row.updatedAt),
  }));
}

async function findTask(ctx: Ctx, id: number): Promise<TaskRow> {
  const [row] = await ctx.db.select().from(sysTasks).where(eq(sysTasks.id, id)).limit(1);
  if (!row) throw new NotFoundError('tasks.not_found');
  return row;
}

function checkCron(cron: string | undefined): void {
  if (cron !== undefined && !cronIsValid(cron))
    throw new ValidationError({ cron: 'validation.cron' });
}

const uniqueName = (ctx: Ctx, name: string | undefined) => ({
  constraint: 'sys_tasks_name_uq',
  key: 'tasks.name_taken' as const,
  existingId: async () => {
    if (name === undefined) return null;
    const [row] = await ctx.db
      .select({ id: sysTasks.id })
      .from(sysTasks)
      .where(eq(sysTasks.name, name))
      .limit(1);
    return row?.id ?? null;
  },
});

export async function listTasks(ctx: Ctx): Promise<TaskList> {
  const rows = await ctx.db.select().from(sysTasks).orderBy(sysTasks.id);
  return { list: await toTasks(ctx, rows) };
}

export async function pageTasks(ctx: Ctx, q: TaskPageQuery): Promise<TaskPage> {
  const pattern = q.keyword ? containsPattern(q.keyword) : undefined;
  const where = and(
    q.status ? eq(sysTasks.status, q.status) : undefined,
    pattern ? or(ilike(sysTasks.name, pattern), ilike(sysTasks.job, pattern)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(sysTasks)
      .where(where)
      .orderBy(sysTasks.id)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(sysTasks).where(where),
  ]);
  return {
    list: await toTasks(ctx, rows),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

export async function taskInfo(ctx: Ctx, input: IdInput): Promise<Task> {
  return (await toTasks(ctx, [await findTask(ctx, input.id)]))[0]!;
}

/** A new task runs from its next cron time. */
export async function addTask(ctx: Ctx, deps: TaskDeps, input: TaskInput): Promise<Task> {
  checkCron(input.cron);
  const [row] = await refuseDuplicate(
    () =>
      ctx.db
        .insert(sysTasks)
        .values({ ...input, nextRunAt: nextRunOf(input.cron, new Date(), deps.sweepSeconds) })
        .returning(),
    uniqueName(ctx, input.name),
  );
  return (await toTasks(ctx, [row!]))[0]!;
}

/** A changed cron takes effect from now: a running task's next run is worked out again. */
export async function updateTask(ctx: Ctx, deps: TaskDeps, input: TaskUpdateInput): Promise<Task> {
  const { id, ...changes } = input;
  checkCron(changes.cron);
  const current = await findTask(ctx, id);
  const cron = changes.cron ?? current.cron;
  const [row] = await refuseDuplicate(
    () =>
      ctx.db
        .update(sysTasks)
        .set({
          ...changes,
          ...(current.status === 'running' && changes.cron !== undefined
            ? { nextRunAt: nextRunOf(cron, new Date(), deps.sweepSeconds) }
            : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(sysTasks.id, id))
        .returning(),
    uniqueName(ctx, changes.name),
  );
  return (await toTasks(ctx, [row!]))[0]!;
}

/** Deletes tasks and their run log; jobs already queued still finish. */
export async function deleteTasks(ctx: Ctx, input: IdsInput): Promise<{ deleted: number }> {
  const deleted = await ctx.db
    .delete(sysTasks)
    .where(inArray(sysTasks.id, input.ids))
    .returning({ id: sysTasks.id });
  if (!deleted.length) throw new NotFoundError('tasks.not_found');
  return { deleted: deleted.length };
}

/** A stopped task has no next run: the scheduler's tick passes it by until it is started. */
export async function stopTask(ctx: Ctx, input: IdInput): Promise<Task> {
  await findTask(ctx, input.id);
  const [row] = await ctx.db
    .update(sysTasks)
    .set({ status: 'stopped', nextRunAt: null, updatedAt: sql`now()` })
    .where(eq(sysTasks.id, input.id))
    .returning();
  return (await toTasks(ctx, [row!]))[0]!;
}

export async function startTask(ctx: Ctx, deps: TaskDeps, input: IdInput): Promise<Task> {
  const task = await findTask(ctx, input.id);
  const [row] = await ctx.db
    .update(sysTasks)
    .set({
      status: 'running',
      nextRunAt: nextRunOf(task.cron, new Date(), deps.sweepSeconds),
      updatedAt: sql`now()`,
    })
    .where(eq(sysTasks.id, input.id))
    .returning();
  return (await toTasks(ctx, [row!]))[0]!;
}

/** Runs the task now, stopped or not, with `data` as its body (else the task's own). */
export async function runTaskOnce(
  ctx: Ctx,
  deps: TaskDeps,
  input: TaskOnceInput,
): Promise<TaskOnceResult> {
  const task = await findTask(ctx, input.id);
  const { runId, jobId } = await queueTaskRun(
    ctx.db,
    deps.runner,
    task,
    'once',
    input.data ?? task.data,
  );
  return { run_id: runId, job_id: jobId };
}

/** The task's runs, newest first. */
export async function taskLog(ctx: Ctx, q: TaskLogQuery): Promise<TaskLogPage> {
  await findTask(ctx, q.id);
  const where = eq(sysTaskRuns.taskId, q.id);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ run: sysTaskRuns, job: jobs })
      .from(sysTaskRuns)
      .innerJoin(jobs, eq(jobs.id, sysTaskRuns.jobId))
      .where(where)
      .orderBy(desc(sysTaskRuns.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(sysTaskRuns).where(where),
  ]);
  return {
    list: rows.map((row) => toRun(ctx, row)),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}
