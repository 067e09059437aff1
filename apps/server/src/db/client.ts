import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { LOCKS } from './locks.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A plain handle or an open transaction: services accept either. */
export type Executor = Db | Tx;

/** Runs raw SQL on the underlying connection; pg-boss uses it through its `db` option. */
export interface RawSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: RawSql;
  /** Connection string for clients that open their own pool (pg-boss on PostgreSQL). */
  url: string | null;
  close(): Promise<void>;
}

/** Statement timeout on every connection, so one heavy query cannot hold the process. */
const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * PGlite's buffer cache lives in the server's own memory. Its default (128 MB) bought nothing
 * measurable on the orders bench (1,000,000 orders: list p50 40/55 ms at page 1/5,000 either
 * way) and cost about 100 MB of RSS in every process: the operating system's file cache already
 * holds the data files.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Extensions the schema's indexes need; drizzle-kit does not emit CREATE EXTENSION, so they are
 * created here before the migrations run. pg_trgm is a trusted extension, so a database owner
 * may create it without superuser rights.
 */
const EXTENSIONS_SQL = 'CREATE EXTENSION IF NOT EXISTS pg_trgm';

/**
 * Extensions and migrations under one session advisory lock: processes started together on an
 * empty database take turns, and each later one finds the migrations applied (drizzle's
 * migrator takes no lock; two at once collide on `pg_type` creating the same table).
 */
async function migrateLocked(pool: pg.Pool, db: Db): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCKS.migrations]);
    try {
      await client.query(EXTENSIONS_SQL);
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.migrations]);
    }
  } finally {
    client.release();
  }
}

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../drizzle'), path.resolve(here, '../../drizzle')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * One query at a time per connection, queued here. A transaction is one connection, and services
 * that read several things at once (`Promise.all`) also do so inside one; pg queues such calls
 * itself but deprecates it (a warning on every process, refused in pg 9). Callback and
 * submittable (cursor) calls pass through: none of ours makes them on a shared connection.
 */
function queueQueries(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') {
      return send(...args);
    }
    const result = last.then(() => send(...args));
    last = result.catch(() => undefined);
    return result;
  }) as typeof client.query;
}

/**
 * Creates a new PGlite folder in a child process. PGlite runs initdb in a second PGlite and
 * an initdb module, and that memory stays with the process that made them: a server started
 * on an empty folder peaked at 845 MB and kept about 140 MB more RSS than one opened on an
 * existing folder (issue 16). The child exits and gives it all back.
 */
async function initdbApart(pgliteDir: string): Promise<void> {
  const script =
    "const { PGlite } = await import('@electric-sql/pglite');" +
    'await (await PGlite.create({ dataDir: process.argv[1] })).close();';
  // Run from this file's folder, so the package resolves as it does here (source or bundle).
  await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script, path.resolve(pgliteDir)],
    { cwd: path.dirname(fileURLToPath(import.meta.url)), maxBuffer: 1 << 24 },
  );
}

/** PGlite under `dataDir` (or in memory when `dataDir` is null); PostgreSQL when `url` is set. */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string | null;
  /** Told about idle connections the server ended (restart, failover, a dropped database). */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      options: `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
    });
    // Without a listener such an error would crash the process; the pool drops the connection
    // and the next query opens a new one.
    pool.on('error', (error) => opts.onConnectionError?.(error));
    pool.on('connect', queueQueries);
    const db = drizzlePg(pool, { schema });
    await migrateLocked(pool, db);
    return {
      kind: 'postgres',
      db,
      url: opts.url,
      raw: { executeSql: async (text, values) => pool.query(text, values) },
      close: () => pool.end(),
    };
  }
  const pgliteDir = opts.dataDir ? path.join(opts.dataDir, 'pglite') : null;
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  if (pgliteDir && !fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) await initdbApart(pgliteDir);
  const client = await PGlite.create({
    ...(pgliteDir ? { dataDir: pgliteDir } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.exec(`SET statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
  await client.exec(EXTENSIONS_SQL);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return {
    kind: 'pglite',
    db,
    url: null,
    raw: {
      // pg-boss sends its schema migrations as one multi-statement string without parameters;
      // PGlite's extended protocol takes one statement, so those go through `exec`.
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    close: () => client.close(),
  };
}
