import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';
import { createPgDatabase } from './bench-server.mjs';

// Batch publish of 1,000 Amazon listings to the simulator (apps/server/scripts/bench-listings.ts),
// on PGlite and, when a server is reachable, on PostgreSQL. Budget: under 60 s and 500 MB.
// `npm run bench` runs it; alone: `node scripts/bench-listings.mjs`.
function runPhase(phase, env) {
  return execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/scripts/bench-listings.ts', phase],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  ).trim();
}

/** Setup and the timed publish in separate processes, so the figure is the batch's own memory. */
function runOnce(env) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-listings-'));
  const shared = { BENCH_DIR: dir, BENCH_STORE_KEY: randomBytes(32).toString('hex'), ...env };
  try {
    runPhase('setup', shared);
    const lines = runPhase('publish', shared).split('\n');
    console.log(lines.find((l) => l.startsWith('Listings batch publish')) ?? lines.join('\n'));
    return JSON.parse(lines[lines.length - 1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchListings() {
  const results = { pglite: runOnce({ DATABASE_URL: '' }) };
  const pg = createPgDatabase('bench_listings');
  if (pg) {
    try {
      results.postgres = runOnce({ DATABASE_URL: pg.url });
    } catch (error) {
      console.log(`PostgreSQL listings bench failed: ${error.message.split('\n')[0]}`);
    } finally {
      pg.drop();
    }
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchListings();
