import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, findTestChromium, root, run } from './lib.mjs';

// `npm test`: unit + API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) + browser e2e.
// The server's suites and the web's run side by side (a page test waits on its server a third
// of its time), then e2e alone. Each suite's output is printed whole when it ends, so the two
// lanes do not interleave.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Each failed test by name with its first message line, printed last: CI keeps only the tail.
const failedTests = [];

async function vitest(label, cwd, env = {}) {
  const name = label.replace(/\W+/g, '-');
  const out = path.join(reports, `${name}.json`);
  const logFile = path.join(reports, `${name}.log`);
  const log = fs.openSync(logFile, 'w');
  const started = Date.now();
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    {
      cwd: path.join(root, cwd),
      env: { ...process.env, FORCE_COLOR: '1', ...env },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n=== ${label} (${seconds} s) ===`);
  process.stdout.write(fs.readFileSync(logFile));
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

async function serverLane() {
  // The small suites run while the API suite's first seconds go to migrating its templates.
  const small = (async () => {
    await vitest('shared unit', 'packages/shared');
    await vitest('simulators', 'packages/sim');
  })();
  // One run, one project per database (apps/server/vitest.config.ts), so both share the workers.
  if (process.env.TEST_DATABASE_URL) {
    await vitest('server API on PGlite and PostgreSQL', 'apps/server');
  } else {
    await vitest('server API on PGlite', 'apps/server');
    console.log('\nTEST_DATABASE_URL is not set: the server suite ran on PGlite only.');
  }
  await small;
}

async function webLane(serverDone) {
  // The bundles e2e runs are built while the web suite runs, not after it.
  const chromium = findTestChromium();
  const built = chromium ? buildIfStale() : Promise.resolve();
  await vitest('web unit', 'apps/web');
  await built;
  // e2e waits for the server suite. Beside it on two cores, browser steps that take seconds took
  // over a minute, and e2e files failed twice even with a retry (also with the suites at nice 10:
  // PostgreSQL's own processes are not). Started beside the suite's last files only, CI took as
  // long (727 s against 726 s): e2e's servers and pages poll, so their CPU grows with the time a
  // step takes on a loaded machine.
  await serverDone;
  if (chromium) {
    await vitest('e2e in Chromium', 'e2e', { CHROMIUM_PATH: chromium });
  } else if (process.env.E2E_REQUIRED === '1') {
    console.log(
      '\nE2E_REQUIRED=1 but no Chromium was found (set CHROMIUM_PATH or install chromium).',
    );
    failures.push('e2e (no Chromium)');
  } else {
    console.log(
      '\nE2E SKIPPED: no Chromium (apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH).',
    );
  }
}

const serverDone = serverLane();
await Promise.all([serverDone, webLane(serverDone)]);

fs.rmSync(reports, { recursive: true, force: true });
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.join('\n')}`);
if (failures.length > 0) console.log(`\nFailed suites: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
