import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';
import { createPgDatabase } from './bench-server.mjs';

// Batch publish of 1,000 Amazon listings to the simulator (apps/server/scripts/bench-listings.ts),
// on PGlite and, when a server is reachable, on PostgreSQL. Budget: under 60 s and 500 MB.
// `npm run bench` runs it; alone: `node scripts/bench-listings.mjs`.
function runOnce(env) {
  const out = execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/scripts/bench-listings.ts'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  ).trim();
  const lines = out.split('\n');
  console.log(lines.find((l) => l.startsWith('Listings batch publish')) ?? out);
  return JSON.parse(lines[lines.length - 1]);
}

export async function benchListings() {
  const results = { pglite: runOnce({}) };
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
