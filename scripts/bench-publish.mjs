import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, SERVER_NODE_FLAGS } from './lib.mjs';
import { bundleServer } from '../apps/server/bundle.mjs';

// Batch publish of 1,000 listings to each of the Shopify, Shopee and Temu simulators within
// their rate limits (apps/server/scripts/bench-publish.ts, bundled and run as `npm start` runs
// the server), on PGlite, in minutes against the 5-minute budget, and the process's RSS.
// `npm run bench` runs it (BENCH_PUBLISH=0 skips it); alone: `node scripts/bench-publish.mjs`,
// with BENCH_PUBLISH_COUNT=50 for a quick check.
export async function benchPublish() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-'));
  try {
    await bundleServer('scripts/bench-publish.ts', 'dist/bench-publish.mjs');
    const out = execFileSync(
      process.execPath,
      [...SERVER_NODE_FLAGS, 'apps/server/dist/bench-publish.mjs'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, BENCH_DIR: dir, BENCH_STORE_KEY: randomBytes(32).toString('hex') },
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 16 * 1024 * 1024,
      },
    ).trim();
    const lines = out.split('\n');
    for (const line of lines.filter((l) => l.startsWith('Batch publish'))) console.log(line);
    return JSON.parse(lines[lines.length - 1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchPublish();
