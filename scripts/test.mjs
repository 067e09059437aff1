import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, findChromium, root, run } from './lib.mjs';

// `npm test`: unit + API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) + browser e2e.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Each failed test by name with its first message line, printed last: CI keeps only the tail.
const failedTests = [];

async function vitest(label, cwd, env = {}) {
  console.log(`\n=== ${label} ===`);
  const out = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    {
      cwd: path.join(root, cwd),
      env: { ...process.env, ...env },
    },
  );
  let counted = false;
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    counted = r.numTotalTests > 0;
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const why = String(t.failureMessages?.[0] ?? '').split('\n')[0];
        failedTests.push(`${label}: ${where} > ${t.fullName}\n    ${why}`);
      }
      // A file that failed to load has no test results, only a message.
      if (file.status === 'failed' && !(file.assertionResults ?? []).length) {
        failedTests.push(`${label}: ${where}\n    ${String(file.message ?? '').split('\n')[0]}`);
      }
    }
  }
  if (code !== 0 || !counted) failures.push(label);
}

await vitest('shared unit', 'packages/shared');
await vitest('simulators', 'packages/sim');
await vitest('web unit', 'apps/web');
// One run, one project per database (apps/server/vitest.config.ts), so both share the workers.
if (process.env.TEST_DATABASE_URL) {
  await vitest('server API on PGlite and PostgreSQL', 'apps/server');
} else {
  await vitest('server API on PGlite', 'apps/server');
  console.log('\nTEST_DATABASE_URL is not set: the server suite ran on PGlite only.');
}

const chromium = findChromium();
if (chromium) {
  await buildIfStale();
  await vitest('e2e in Chromium', 'e2e', { CHROMIUM_PATH: chromium });
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

fs.rmSync(reports, { recursive: true, force: true });
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.join('\n')}`);
if (failures.length > 0) console.log(`\nFailed suites: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
