import { z } from 'zod';
import { pageResultOf, queryInt, text, UNIX_SECONDS_MAX } from './common.ts';

const unix = z.number().int();
const unixQuery = queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX));

/** Who made a logged request: a seller's user or a platform operator. */
export const OPERATION_ACTORS = ['user', 'admin'] as const;
export type OperationActor = (typeof OPERATION_ACTORS)[number];

/** The operation log's bounds for keep-days (`sys/log/set-keep`). */
export const LOG_KEEP_DAYS_MIN = 1;
export const LOG_KEEP_DAYS_MAX = 3650;
/** Keep-days before an operator sets one. */
export const LOG_KEEP_DAYS_DEFAULT = 30;

/** `GET /api/sys/log/page`: who (kind, name), what (path, method), when, paged newest first. */
export const OperationLogQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  actor: z.enum(OPERATION_ACTORS).optional(),
  /** Part of the operator's username, or of the seller user's name, e-mail or mobile. */
  name: text().trim().max(64).optional(),
  /** Part of the request path (`/api/sys/production`). */
  path: text().trim().max(200).optional(),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  /** Unix seconds, inclusive. */
  start: unixQuery.optional(),
  end: unixQuery.optional(),
});
export type OperationLogQuery = z.infer<typeof OperationLogQuery>;

export const OperationLog = z.object({
  id: z.number().int(),
  at: unix,
  actor: z.enum(OPERATION_ACTORS),
  actor_id: z.number().int(),
  /** The operator's username or the user's name; null when the account was deleted since. */
  actor_name: z.string().nullable(),
  /** The seller a user acted for; null for operators. */
  seller_id: z.number().int().nullable(),
  seller_name: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  duration_ms: z.number().int(),
  ip: z.string(),
  /** The JSON body with secret-named fields masked, cut at a few KB; null for other bodies. */
  params: z.string().nullable(),
});
export type OperationLog = z.infer<typeof OperationLog>;
export const OperationLogPage = pageResultOf(OperationLog);
export type OperationLogPage = z.infer<typeof OperationLogPage>;

/** `GET /api/sys/login-log/page`: operator and seller sign-ins, by who, IP, time and result. */
export const SysLoginLogQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  actor: z.enum(OPERATION_ACTORS).optional(),
  /** Part of the username an operator typed, or of the seller user's name, e-mail or mobile. */
  user: text().trim().max(64).optional(),
  /** Part of the client's IP address. */
  ip: text().trim().max(64).optional(),
  /** Unix seconds, inclusive. */
  start: unixQuery.optional(),
  end: unixQuery.optional(),
  result: z.enum(['success', 'failure']).optional(),
});
export type SysLoginLogQuery = z.infer<typeof SysLoginLogQuery>;

export const SysLoginLog = z.object({
  id: z.number().int(),
  at: unix,
  actor: z.enum(OPERATION_ACTORS),
  /** The operator or user the attempt named; null when none had that name, or it was deleted. */
  actor_id: z.number().int().nullable(),
  /** The username typed (operators) or the user's name (sellers' users; null when unknown). */
  user_name: z.string().nullable(),
  /** The seller user's e-mail or mobile; null for operators. */
  account: z.string().nullable(),
  seller_id: z.number().int().nullable(),
  seller_name: z.string().nullable(),
  ip: z.string(),
  user_agent: z.string(),
  success: z.boolean(),
  /** Why a failure failed, in the reader's language; null on success. */
  reason: z.string().nullable(),
});
export type SysLoginLog = z.infer<typeof SysLoginLog>;
export const SysLoginLogPage = pageResultOf(SysLoginLog);
export type SysLoginLogPage = z.infer<typeof SysLoginLogPage>;

/** `get-keep` answers and `set-keep` takes the days the operation log is kept. */
export const LogKeep = z.object({
  value: z.number().int().min(LOG_KEEP_DAYS_MIN).max(LOG_KEEP_DAYS_MAX),
});
export type LogKeep = z.infer<typeof LogKeep>;

export const LogClearResult = z.object({ deleted: z.number().int() });
export type LogClearResult = z.infer<typeof LogClearResult>;

const bytes = z.number().int().nullable();

/** `GET /api/sys/info/record`: the server's health as the operator console shows it. */
export const ServerHealth = z.object({
  version: z.string(),
  node: z.string(),
  platform: z.string(),
  started_at: unix,
  /** Seconds since this process started, and since the machine booted. */
  uptime_seconds: z.number().int(),
  os_uptime_seconds: z.number().int(),
  cpus: z.number().int(),
  load_average: z.array(z.number()),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `pg_database_size` of the current database. */
    size_bytes: bytes,
  }),
  /** Jobs of the `jobs` table per status (queued, running, done, failed, ...). */
  jobs: z.array(z.object({ status: z.string(), count: z.number().int() })),
  disk: z.object({
    path: z.string(),
    free_bytes: bytes,
    total_bytes: bytes,
  }),
  memory: z.object({
    rss_bytes: z.number().int(),
    heap_used_bytes: z.number().int(),
    heap_total_bytes: z.number().int(),
    system_free_bytes: z.number().int(),
    system_total_bytes: z.number().int(),
  }),
});
export type ServerHealth = z.infer<typeof ServerHealth>;
