import { z } from 'zod';
import { IdInput, multilineText, pageResultOf, queryInt, text } from './common.ts';

/**
 * The recurring work an operator may schedule (`sys/task`): each is a job kind of the server's
 * one job runner. Adding a task picks one of these; the server refuses any other.
 */
export const TASK_JOBS = [
  'orders.sync-all',
  'maintenance.purge-expired',
  'production.track-parcels',
  'orders.shipment-push',
  'fba.sync-shipments',
  'notifications.mail',
  'rates.refresh',
  'listings.status-sync-all',
] as const;
export type TaskJob = (typeof TASK_JOBS)[number];

export const TASK_STATUSES = ['running', 'stopped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const TASK_TRIGGERS = ['schedule', 'once'] as const;

/** Five cron fields (minute hour day month weekday); the server checks that it parses. */
const cron = text()
  .trim()
  .min(9)
  .max(100)
  .regex(/^\S+( \S+){4}$/, 'validation.cron');

const JSONB_UNSAFE =
  /\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f][0-9a-f]{2})|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

/** A run's JSON body: an object, kept small. */
export const TaskData = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 4000, 'validation.json_too_large')
  // PostgreSQL's jsonb holds neither the NUL character nor half a surrogate pair.
  .refine((value) => !JSONB_UNSAFE.test(JSON.stringify(value)), 'validation.invalid_input');
export type TaskData = z.infer<typeof TaskData>;

const taskFields = {
  name: text().trim().min(1).max(64),
  job: z.enum(TASK_JOBS),
  cron,
  /** The JSON body every scheduled run gets (a run once may send its own). */
  data: TaskData.nullable(),
  remark: multilineText().max(500),
};
export const TaskInput = z.object({
  ...taskFields,
  data: taskFields.data.default(null),
  remark: taskFields.remark.default(''),
});
export type TaskInput = z.infer<typeof TaskInput>;
/** Only the fields sent change (no defaults here, or they would overwrite). */
export const TaskUpdateInput = z.object(taskFields).partial().extend(IdInput.shape);
export type TaskUpdateInput = z.infer<typeof TaskUpdateInput>;

/** `POST /sys/task/once`: the task's id and the JSON body this run gets instead of its own. */
export const TaskOnceInput = IdInput.extend({ data: TaskData.optional() });
export type TaskOnceInput = z.infer<typeof TaskOnceInput>;

export const TaskPageQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  /** Part of the name or the job. */
  keyword: text().trim().max(64).optional(),
  status: z.enum(TASK_STATUSES).optional(),
});
export type TaskPageQuery = z.infer<typeof TaskPageQuery>;

const unix = z.number().int();

export const TaskRunSummary = z.object({
  id: z.number().int(),
  trigger: z.enum(TASK_TRIGGERS),
  status: z.enum(TASK_RUN_STATUSES),
  /** Unix seconds it was queued, started (null while queued) and finished (null until then). */
  queued_at: unix,
  started_at: unix.nullable(),
  finished_at: unix.nullable(),
  duration_ms: z.number().int().nullable(),
  data: z.unknown(),
  /** What the job answered on success. */
  result: z.unknown(),
  /** The failure, rendered in the reader's language; null on success. */
  error: z.string().nullable(),
});
export type TaskRunSummary = z.infer<typeof TaskRunSummary>;

export const Task = z.object({
  id: z.number().int(),
  name: z.string(),
  job: z.enum(TASK_JOBS),
  cron: z.string(),
  data: z.unknown(),
  remark: z.string(),
  status: z.enum(TASK_STATUSES),
  /** Unix seconds of the next scheduled run (null when stopped) and of the last run. */
  next_run_at: unix.nullable(),
  last_run_at: unix.nullable(),
  last_run: TaskRunSummary.nullable(),
  created_at: unix,
  updated_at: unix,
});
export type Task = z.infer<typeof Task>;
export const TaskList = z.object({ list: z.array(Task) });
export type TaskList = z.infer<typeof TaskList>;
export const TaskPage = pageResultOf(Task);
export type TaskPage = z.infer<typeof TaskPage>;

export const TaskLogQuery = z.object({
  id: queryInt(z.number().int().positive()),
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
});
export type TaskLogQuery = z.infer<typeof TaskLogQuery>;
export const TaskLogPage = pageResultOf(TaskRunSummary);
export type TaskLogPage = z.infer<typeof TaskLogPage>;

export const TaskOnceResult = z.object({ run_id: z.number().int(), job_id: z.string() });
export type TaskOnceResult = z.infer<typeof TaskOnceResult>;
