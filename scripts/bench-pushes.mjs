import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPgDatabase } from './bench-server.mjs';
import { root } from './lib.mjs';

// 10,000 shipment confirmations across the four marketplace simulators through the push job's
// run (apps/server/scripts/bench-pushes.ts), on each database of BENCH_DATABASES (default
// `pglite,postgres`; PostgreSQL on BENCH_DATABASE_URL's server when it answers), paced by the
// marketplaces' real quotas. Budget (issue 18): within 10 minutes, none recorded twice.
// `npm run bench` runs it (skip with BENCH_PUSHES=0); alone: `node scripts/bench-pushes.mjs`.
export async function benchPushes() {
  const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
  const results = {};
  for (const database of databases) {
    const pg = database === 'postgres' ? createPgDatabase('benchpush') : null;
    if (database === 'postgres' && !pg) continue;
    try {
      results[database] = benchOne(pg ? { DATABASE_URL: pg.url } : {});
    } finally {
      pg?.drop();
    }
  }
  return results;
}

function benchOne(env) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pushes-'));
  try {
    const out = execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['apps/server/scripts/bench-pushes.ts'],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          ...env,
          BENCH_DIR: dir,
          BENCH_STORE_KEY: randomBytes(32).toString('hex'),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    ).trim();
    const lines = out.split('\n');
    console.log(lines.find((l) => l.startsWith('Shipment pushes')) ?? out);
    return JSON.parse(lines[lines.length - 1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchPushes();
