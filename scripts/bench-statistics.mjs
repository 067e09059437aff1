import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';
import { createPgDatabase } from './bench-server.mjs';

// Statistics at scale (issue 23): one seller with 1,000,000 orders, the rollups built by the
// full rebuild, p95 of every statistics call through its service (budget 100 ms on PostgreSQL,
// 400 ms on PGlite), and 100,000 more orders written in the import job's batches with the
// rollups grown by each batch in its transaction, exact against a full recount afterwards
// (apps/server/scripts/bench-statistics.ts, one process per database).
// `npm run bench` runs it unless BENCH_STATISTICS=0; alone: `node scripts/bench-statistics.mjs`.
// BENCH_STAT_ORDERS / BENCH_STAT_IMPORT change the sizes; BENCH_STAT_DATABASES=postgres (or
// pglite) runs one database only.
const BUDGET_P95 = { postgres: 100, pglite: 400 };

function run(env) {
  const out = execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/scripts/bench-statistics.ts'],
    {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 24,
    },
  );
  for (const line of out.split('\n')) if (!line.startsWith('RESULT ')) console.log(line);
  const result = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!result) throw new Error('bench-statistics: no result');
  return JSON.parse(result.slice('RESULT '.length));
}

export async function benchStatistics() {
  const which = process.env.BENCH_STAT_DATABASES ?? 'postgres,pglite';
  const results = [];
  if (which.includes('postgres')) {
    const pg = createPgDatabase('bench_stats');
    if (pg) {
      try {
        console.log('\nStatistics bench on PostgreSQL...');
        results.push({ database: 'postgres', ...run({ DATABASE_URL: pg.url }) });
      } catch (error) {
        console.log(`Statistics bench on PostgreSQL failed: ${error.message.split('\n')[0]}`);
      } finally {
        pg.drop();
      }
    }
  }
  if (which.includes('pglite')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stats-'));
    try {
      console.log('\nStatistics bench on PGlite...');
      results.push({ database: 'pglite', ...run({ DATA_DIR: dir, DATABASE_URL: '' }) });
    } catch (error) {
      console.log(`Statistics bench on PGlite failed: ${error.message.split('\n')[0]}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
  console.log('\nStatistics calls (service, p95 of the runs):');
  console.table(
    results.flatMap((r) =>
      Object.entries(r.calls).map(([call, t]) => ({
        database: r.database,
        orders: r.orders,
        call,
        'p50 ms': t.p50,
        'p95 ms': t.p95,
        'budget p95': BUDGET_P95[r.database],
        result: verdict(t.p95 <= BUDGET_P95[r.database]),
      })),
    ),
  );
  console.log('Rollups through an import (exact afterwards):');
  console.table(
    results.map((r) => ({
      database: r.database,
      'imported orders': r.imported.orders,
      seconds: r.imported.seconds,
      'mismatching rows': r.imported.mismatches,
      result: verdict(r.imported.mismatches === 0),
    })),
  );
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await benchStatistics();
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench-results/statistics.json'),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  );
}
