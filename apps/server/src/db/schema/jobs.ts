import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Progress of long work run by pg-boss; the UI polls GET /api/jobs/:id for its progress bar. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: bigint('seller_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /**
     * What the job says now, as a catalogue key (`jobs.*`, or a failure's error key) rendered
     * in the reader's language when read, with `message_params`; older rows hold plain text.
     */
    message: text('message'),
    messageParams: jsonb('message_params').$type<Record<string, string | number>>(),
    payload: jsonb('payload'),
    result: jsonb('result'),
    /**
     * Raised each time the job is handed to a new worker after its last one went silent; a
     * worker writes only while the attempt is still its own.
     */
    attempt: integer('attempt').notNull().default(0),
    /** When a worker last took it up; with `updated_at` of a finished job, its duration. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_seller_idx').on(t.sellerId, t.createdAt),
    // Running jobs refresh `updated_at` as their heartbeat; every worker process looks for
    // silent ones every few seconds.
    index('jobs_running_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Secrets the server generates for itself and every process on the database must share (the
 * store credentials key when STORE_SECRET_KEY is not set).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Token buckets of marketplace request quotas shared by every process: `tokens` left at
 * `at_ms` (the connectors' clock, in milliseconds).
 */
export const rateBuckets = pgTable('rate_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  atMs: doublePrecision('at_ms').notNull(),
});
