import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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

/** Platform settings the operator edits (`sys/param`), one JSON value per key. */
export const sysParams = pgTable('sys_params', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
