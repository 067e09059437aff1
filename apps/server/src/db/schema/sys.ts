import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminUsers } from './accounts.ts';
import { jobs } from './jobs.ts';

/**
 * The operation log (`sys/log`): one row per write request (not GET) of a signed-in seller user
 * or operator, whatever its outcome. `actor_id` names a `users` or `admin_users` row by
 * `actor_kind` and has no foreign key, so a deleted account's operations stay in the log. Kept
 * for the operator's keep-days (`sys_params` `log.keep_days`) by the hourly purge job.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['user', 'admin'] }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    /** The seller a user acted for; null for operators. */
    sellerId: bigint('seller_id', { mode: 'number' }),
    method: text('method').notNull(),
    /** The path without its query string, which may carry a token. */
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip').notNull().default(''),
    /** The JSON body, secret-named fields masked and cut at a few KB; null for other bodies. */
    params: text('params'),
  },
  (t) => [
    index('operation_logs_at_idx').on(t.at.desc().nullsFirst()),
    index('operation_logs_actor_idx').on(t.actorKind, t.actorId, t.at.desc().nullsFirst()),
  ],
);

/**
 * Platform settings the operator edits (`sys/param`), one JSON value per key. `data_type` says
 * how the value is checked; keys the server reads (`PARAM_DEFS`) also carry bounds in code.
 */
export const sysParams = pgTable('sys_params', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  name: text('name').notNull().default(''),
  dataType: text('data_type', { enum: ['string', 'number', 'boolean', 'json'] })
    .notNull()
    .default('json'),
  remark: text('remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Scheduled tasks (`sys/task`): the recurring work of the one job runner. The scheduler's
 * minute tick claims each running task whose `next_run_at` has come (one UPDATE, so of several
 * processes only one queues it) and queues its job kind with `data`; stopped tasks have no
 * `next_run_at` and never run on their own.
 */
export const sysTasks = pgTable(
  'sys_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** A job kind of `TASK_JOBS`. */
    job: text('job').notNull(),
    cron: text('cron').notNull(),
    data: jsonb('data'),
    remark: text('remark').notNull().default(''),
    status: text('status', { enum: ['running', 'stopped'] })
      .notNull()
      .default('running'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_tasks_name_uq').on(t.name), index('sys_tasks_due_idx').on(t.nextRunAt)],
);

/** One row per run of a task, scheduled or run once; the `jobs` row tells its progress and end. */
export const sysTaskRuns = pgTable(
  'sys_task_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => sysTasks.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['schedule', 'once'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_task_runs_task_idx').on(t.taskId, t.id.desc())],
);

/** The operators' departments (`sys/dept`): a tree ordered by `order_num` among siblings. */
export const sysDepartments = pgTable(
  'sys_departments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_departments_parent_idx').on(t.parentId, t.orderNum)],
);

/**
 * An operator role (`sys/role`): permissions of the admin menu tree. The seeded `super` role
 * (`key`) holds the whole tree, whatever it becomes, and is read-only.
 */
export const sysRoles = pgTable(
  'sys_roles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key'),
    name: text('name').notNull(),
    remark: text('remark'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_roles_key_unique').on(t.key)],
);

/** Which roles an operator has; the operator holds the union of their permissions. */
export const adminUserRoles = pgTable(
  'admin_user_roles',
  {
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => sysRoles.id),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.roleId] }),
    index('admin_user_roles_role_idx').on(t.roleId),
  ],
);

/** Every operator sign-in attempt (the console's login log); kept like the operation log. */
export const adminLoginLogs = pgTable(
  'admin_login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null when no operator has the username given, or the operator was deleted since. */
    adminId: bigint('admin_id', { mode: 'number' }).references(() => adminUsers.id, {
      onDelete: 'set null',
    }),
    username: text('username').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    success: boolean('success').notNull(),
    /** Why a failure failed, as an error key; null on success. */
    reason: text('reason'),
  },
  (t) => [index('admin_login_logs_admin_idx').on(t.adminId, t.at.desc().nullsFirst())],
);
