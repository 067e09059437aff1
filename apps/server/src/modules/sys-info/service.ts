import { readFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { count, sql } from 'drizzle-orm';
import type { ServerHealth } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { jobs } from '../../db/schema.ts';

const startedAt = Math.floor(Date.now() / 1000 - process.uptime());

/**
 * The server package's version: the nearest package.json above this file, which is
 * apps/server's both from the sources and from the bundle in dist/.
 */
function readVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      return String(pkg.version ?? 'unknown');
    } catch {
      if (path.dirname(dir) === dir) return 'unknown';
    }
  }
}
const version = readVersion();

export interface HealthDeps {
  databaseKind: 'pglite' | 'postgres';
  dataDir: string;
}

/** `pg_database_size` of the current database; null where the database cannot say. */
async function databaseSize(ctx: Ctx): Promise<number | null> {
  try {
    const { rows } = await ctx.db.execute<{ size: string | number }>(
      sql`select pg_database_size(current_database()) as size`,
    );
    return rows[0] === undefined ? null : Number(rows[0].size);
  } catch (err) {
    ctx.log.warn({ err }, 'database size unavailable');
    return null;
  }
}

/**
 * Free and total bytes of the file system holding DATA_DIR (of its nearest existing parent when
 * it is not made yet); nulls when none can be read.
 */
async function disk(dataDir: string): Promise<ServerHealth['disk']> {
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    try {
      const fs = await statfs(dir);
      return { path: dataDir, free_bytes: fs.bavail * fs.bsize, total_bytes: fs.blocks * fs.bsize };
    } catch {
      if (path.dirname(dir) === dir) return { path: dataDir, free_bytes: null, total_bytes: null };
    }
  }
}

/** The server's health for the operator: this process, its database, job queue and machine. */
export async function serverHealth(ctx: Ctx, deps: HealthDeps): Promise<ServerHealth> {
  const [size, byStatus, space] = await Promise.all([
    databaseSize(ctx),
    ctx.db.select({ status: jobs.status, count: count() }).from(jobs).groupBy(jobs.status),
    disk(deps.dataDir),
  ]);
  const memory = process.memoryUsage();
  return {
    version,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    started_at: startedAt,
    uptime_seconds: Math.floor(process.uptime()),
    os_uptime_seconds: Math.floor(os.uptime()),
    cpus: os.availableParallelism(),
    load_average: os.loadavg().map((n) => Math.round(n * 100) / 100),
    database: { kind: deps.databaseKind, size_bytes: size },
    // Every status, a zero included, so the console shows an empty queue as such.
    jobs: jobs.status.enumValues.map((status) => ({
      status,
      count: byStatus.find((row) => row.status === status)?.count ?? 0,
    })),
    disk: space,
    memory: {
      rss_bytes: memory.rss,
      heap_used_bytes: memory.heapUsed,
      heap_total_bytes: memory.heapTotal,
      system_free_bytes: os.freemem(),
      system_total_bytes: os.totalmem(),
    },
  };
}
