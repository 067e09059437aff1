import path from 'node:path';
import { root, run } from './lib.mjs';

// `npm run fuzz`: the schema-driven fuzz test of every API route with many payloads per route
// (FUZZ_RUNS, default 300; FUZZ_SEED to replay a run), on PGlite and, when TEST_DATABASE_URL is
// set, on PostgreSQL too. `npm test` runs the same file with a few payloads per route.
const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '300' };
const args = ['vitest', 'run', 'test/fuzz.test.ts'];
const cwd = path.join(root, 'apps/server');
const databases = [['PGlite', '']];
if (process.env.TEST_DATABASE_URL) databases.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);
let failed = false;
for (const [label, url] of databases) {
  console.log(`\n=== fuzz on ${label}, ${env.FUZZ_RUNS} payloads per route ===`);
  if ((await run('npx', args, { cwd, env: { ...env, TEST_DATABASE_URL: url } })) !== 0)
    failed = true;
}
process.exit(failed ? 1 : 0);
