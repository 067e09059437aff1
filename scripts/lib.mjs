import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node flags the server runs with (`npm start`, and the benches that measure it). V8 lets its
 * old generation grow to about four times what survived the last full collection before it
 * collects again, so a job's garbage (an import's rows) took a PGlite server from 288 MB to
 * 418 MB on a 100,000-row import, for some 70 MB of live objects. At 1.5 times it peaked at
 * 344 MB (PostgreSQL: 237 to 191 MB) for about a tenth more CPU in the import (issue 16).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--heap-growing-percent=50'];

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(cmd, args, opts = {}) {
  const code = await run(cmd, args, opts);
  if (code !== 0) process.exit(code);
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** True when `output` is missing or older than any file under `inputs`. */
export function isStale(output, inputs) {
  const out = path.join(root, output);
  if (!fs.existsSync(out)) return true;
  const built = fs.statSync(out).mtimeMs;
  return inputs.some((dir) => newestMtime(path.join(root, dir)) > built);
}

/** Builds the web app and the server bundle only when their sources changed. */
export async function buildIfStale() {
  if (
    isStale('apps/web/dist/index.html', [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ])
  ) {
    console.log('Building the web app...');
    await runOrExit('npm', ['run', 'build', '-w', 'apps/web']);
  }
  if (
    isStale('apps/server/dist/main.js', [
      'apps/server/src',
      'apps/server/drizzle',
      'packages/shared/src',
      'packages/sim/src',
    ])
  ) {
    console.log('Building the server...');
    await runOrExit('npm', ['run', 'build', '-w', 'apps/server']);
  }
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((c) => c && fs.existsSync(c)) ?? null;
}

/**
 * The browser e2e drives: Chromium's headless shell (Debian's chromium-headless-shell, the
 * build Playwright itself runs headless) when it is there, else the full Chromium. The same
 * Blink and V8 without the desktop browser around them: the suite took 17% less CPU in it.
 */
export function findTestChromium() {
  if (process.env.CHROMIUM_PATH) return findChromium();
  const shell = '/usr/bin/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : findChromium();
}
