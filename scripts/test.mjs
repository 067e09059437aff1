import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, findChromium, root, run } from './lib.mjs';

// `npm test`: unit + API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) + browser e2e.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/**
 * Runs one vitest suite and counts its results. A `buffered` suite runs beside another: its output
 * goes to a file, printed whole when it ends, so the two logs do not interleave.
 */
async function vitest(label, cwd, env = {}, { buffered = false } = {}) {
  const slug = label.replace(/\W+/g, '-');
  const out = path.join(reports, `${slug}.json`);
  const log = buffered ? fs.openSync(path.join(reports, `${slug}.log`), 'w') : null;
  if (!buffered) console.log(`\n=== ${label} ===`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    {
      cwd: path.join(root, cwd),
      env: { ...process.env, ...env },
      ...(log === null ? {} : { stdio: ['ignore', log, log] }),
    },
  );
  if (log !== null) {
    fs.closeSync(log);
    console.log(`\n=== ${label} ===`);
    process.stdout.write(fs.readFileSync(path.join(reports, `${slug}.log`)));
  }
  let counted = false;
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    counted = r.numTotalTests > 0;
  }
  if (code !== 0 || !counted) failures.push(label);
}

await vitest('shared unit', 'packages/shared');
await vitest('simulators', 'packages/sim');
await vitest('web unit', 'apps/web');
// The browser suite spends much of its time waiting (on marketplace pacing, page loads), so it
// runs beside the server suite, which keeps both cores busy, instead of after it.
const chromium = findChromium();
let e2e = Promise.resolve();
if (chromium) {
  await buildIfStale();
  e2e = vitest('e2e in Chromium', 'e2e', { CHROMIUM_PATH: chromium }, { buffered: true });
} else if (process.env.E2E_REQUIRED === '1') {
  console.log(
    '\nE2E_REQUIRED=1 but no Chromium was found (set CHROMIUM_PATH or install chromium).',
  );
  failures.push('e2e (no Chromium)');
} else {
  console.log(
    '\nE2E SKIPPED: no Chromium at /usr/bin/chromium or CHROMIUM_PATH (apt-get install -y chromium).',
  );
}

// One run, one project per database (apps/server/vitest.config.ts), so both share the workers.
if (process.env.TEST_DATABASE_URL) {
  await vitest('server API on PGlite and PostgreSQL', 'apps/server');
} else {
  await vitest('server API on PGlite', 'apps/server');
  console.log('\nTEST_DATABASE_URL is not set: the server suite ran on PGlite only.');
}
await e2e;

fs.rmSync(reports, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nFailed suites: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
