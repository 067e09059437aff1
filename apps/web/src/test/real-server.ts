/// <reference types="node" />
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { PAGE_TEST_CAPTCHA } from './page-constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Page tests talk to the real API server (house style 11: no hand-made fake backend): one
 * process on a free port with a throw-away embedded database and the demo data.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'web-page-tests-'));
  let log = '';
  let stopping = false;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    // The demo switch: the dev outbox, demo logins and DEV_CAPTCHA_ANSWER the page tests use.
    DEMO: '1',
    // The simulators' plain orders and no story (first syncs, purchase orders) to start with.
    DEMO_STORY: 'off',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEV_CAPTCHA_ANSWER: PAGE_TEST_CAPTCHA,
    LOG_LEVEL: 'warn',
    JOBS: 'off',
    // Registering and logging in hundreds of users at the real scrypt cost (~350 ms each) took
    // most of this server's CPU; the cost itself is checked by the server's unit tests.
    PASSWORD_HASH_COST: '10',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // pages.tsx gives each test a client address of its own (rate limits count per address).
    TRUST_PROXY: '127.0.0.1',
  };
  // Always the embedded database: page tests must not touch a developer's PostgreSQL.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  // No waiting here: the page tests' first hook waits for /api/health (pages.tsx), so the unit
  // files run while the server migrates and seeds. A server that dies early prints its output.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`The API server exited (${signal ?? code}):\n${log}`);
  });
  project.provide('apiBase', `http://127.0.0.1:${port}`);

  return async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
