import { execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root, SERVER_NODE_FLAGS } from './lib.mjs';

// What the benchmarks share: the built server on a free port, the demo login, one load run.
export const CAPTCHA = 'bench-pass';
export const PG_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return os.cpus().length > 1;
  } catch {
    return false;
  }
})();

/** The server on core 0 and the load on core 1, so they do not steal each other's time. */
export function pinned(core, cmd, args) {
  return hasTaskset ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args];
}

export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(env) {
  const port = await freePort();
  const [cmd, args] = pinned(0, process.execPath, [
    ...SERVER_NODE_FLAGS,
    'apps/server/dist/main.js',
  ]);
  const child = spawn(cmd, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: '1',
      // No first syncs and purchase orders of the demo's story beside what is measured.
      DEMO_STORY: 'off',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEV_CAPTCHA_ANSWER: CAPTCHA,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Up to two minutes: migrating and seeding a new database is slow on a busy machine.
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  child.kill();
  throw new Error('server did not start');
}

export async function stopServer(child) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export async function api(base, method, url, body, token) {
  const res = await fetch(base + url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${url}: ${json.message}`);
  return json.data;
}

export async function demoToken(base) {
  const { captcha_key } = await api(base, 'POST', '/api/common/captcha', {});
  const user = await api(base, 'POST', '/api/login', {
    email: 'demo@example.com',
    password: 'Demo@123456',
    captcha: CAPTCHA,
    captcha_key,
  });
  return user.api_token;
}

/**
 * One autocannon run (scripts/bench-load.mjs) on core 1. `requests` optionally rotates the
 * method, path and JSON body per request: `{ method, paths?: string[], bodies?: unknown[] }`.
 */
export function load(url, token, { duration, connections, requests }) {
  const extra = requests ? [JSON.stringify(requests)] : [];
  const [cmd, args] = pinned(1, process.execPath, [
    path.join(root, 'scripts/bench-load.mjs'),
    url,
    token,
    String(duration),
    String(connections),
    ...extra,
  ]);
  return JSON.parse(execFileSync(cmd, args, { encoding: 'utf8' }).trim().split('\n').at(-1));
}

/** A new, empty PostgreSQL database for one run, or null when the server is not reachable. */
export function createPgDatabase(prefix) {
  try {
    execFileSync('pg_isready', ['-d', PG_URL, '-q']);
  } catch (error) {
    console.log(`PostgreSQL bench skipped: ${error.message.split('\n')[0]}`);
    return null;
  }
  const name = `${prefix}_${Date.now()}`;
  execFileSync('psql', [PG_URL, '-q', '-c', `CREATE DATABASE ${name}`]);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      execFileSync('psql', [PG_URL, '-q', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]),
  };
}
