/// <reference types="node" />
import { spawn, type ChildProcess } from 'node:child_process';
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

async function waitForHealth(
  base: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API server exited early:\n${output()}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The API server did not answer within 90 s:\n${output()}`);
}

/**
 * Page tests talk to the real API server (house style 11: no hand-made fake backend): one
 * process on a free port with a throw-away embedded database and the demo data.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'web-page-tests-'));
  let log = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEV_CAPTCHA_ANSWER: PAGE_TEST_CAPTCHA,
    LOG_LEVEL: 'warn',
    JOBS: 'off',
    WEB_DIST: path.join(dataDir, 'no-web'),
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

  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('apiBase', base);

  return async () => {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
