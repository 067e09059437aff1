import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfStale, findChromium, root } from './lib.mjs';

// `npm run bench`: API throughput/latency on PGlite and PostgreSQL, and the login page's initial JS.
const DURATION = process.env.BENCH_DURATION ?? '10';
const CONNECTIONS = '50';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CAPTCHA = 'bench-pass';
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return os.cpus().length > 1;
  } catch {
    return false;
  }
})();

function pinned(core, cmd, args) {
  return hasTaskset ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args];
}

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const [cmd, args] = pinned(0, process.execPath, ['apps/server/dist/main.js']);
  const child = spawn(cmd, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEV_CAPTCHA_ANSWER: CAPTCHA,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  child.kill();
  throw new Error('server did not start');
}

async function api(base, method, url, body, token) {
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

async function demoToken(base) {
  const { captcha_key } = await api(base, 'POST', '/api/common/captcha', {});
  const user = await api(base, 'POST', '/api/login', {
    email: 'demo@example.com',
    password: 'Demo@123456',
    captcha: CAPTCHA,
    captcha_key,
  });
  return user.api_token;
}

function load(url, token) {
  const [cmd, args] = pinned(1, process.execPath, [
    path.join(root, 'scripts/bench-load.mjs'),
    url,
    token,
    DURATION,
    CONNECTIONS,
  ]);
  return JSON.parse(execFileSync(cmd, args, { encoding: 'utf8' }).trim().split('\n').at(-1));
}

async function benchDatabase(label, env) {
  const { base, child } = await startServer(env);
  try {
    const token = await demoToken(base);
    const rows = [];
    for (const endpoint of ['/api/common/get-user-info', '/api/get-menu']) {
      load(base + endpoint, token); // warm-up run, discarded
      const r = load(base + endpoint, token);
      rows.push({ database: label, endpoint, ...r });
    }
    return rows;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function loginPageJs() {
  const chromiumPath = findChromium();
  const { base, child } = await startServer({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-')),
  });
  try {
    const dist = path.join(root, 'apps/web/dist');
    const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
    let files;
    if (chromiumPath) {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--disable-sync',
        ],
      });
      const page = await browser.newPage();
      const scripts = new Set();
      page.on('response', (res) => {
        const u = new URL(res.url());
        if (u.pathname.endsWith('.js') && u.pathname.startsWith('/assets/'))
          scripts.add(u.pathname.slice(1));
      });
      await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
      await browser.close();
      files = [...scripts];
    } else {
      const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
      files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    }
    const totalGz = files.reduce((sum, f) => sum + gz(f), 0);
    return {
      method: chromiumPath ? 'chromium: scripts loaded by /login' : 'index.html entry scripts',
      files: files.length,
      kbGzip: +(totalGz / 1024).toFixed(1),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

await buildIfStale();
const results = [];
const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
results.push(...(await benchDatabase('pglite', { DATA_DIR: pgliteDir })));

let pgDb = null;
try {
  execFileSync('pg_isready', ['-d', PG_URL, '-q']);
  pgDb = `bench_${Date.now()}`;
  execFileSync('psql', [PG_URL, '-q', '-c', `CREATE DATABASE ${pgDb}`]);
  const url = new URL(PG_URL);
  url.pathname = `/${pgDb}`;
  results.push(
    ...(await benchDatabase('postgres', { DATABASE_URL: url.toString(), SEED_DEMO: '1' })),
  );
} catch (error) {
  console.log(`PostgreSQL bench skipped: ${error.message.split('\n')[0]}`);
} finally {
  if (pgDb)
    execFileSync('psql', [PG_URL, '-q', '-c', `DROP DATABASE IF EXISTS ${pgDb} WITH (FORCE)`]);
}

const bundle = await loginPageJs();
console.log(
  `\nAPI at ${CONNECTIONS} connections, ${DURATION} s per run${hasTaskset ? ', server on core 0, load on core 1' : ''}:`,
);
console.table(
  results.map((r) => ({
    database: r.database,
    endpoint: r.endpoint,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p95 ms': r.p95,
    'p99 ms': r.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  })),
);
console.log(
  `Login page initial JS: ${bundle.kbGzip} KB gzipped in ${bundle.files} files (${bundle.method}); budget 250 KB`,
);
const uploads = execFileSync(
  path.join(root, 'node_modules/.bin/tsx'),
  ['apps/server/scripts/bench-uploads.ts'],
  { cwd: root, encoding: 'utf8' },
).trim();
console.log(uploads);
fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench-results/latest.json'),
  JSON.stringify({ at: new Date().toISOString(), results, bundle, uploads }, null, 2),
);
fs.rmSync(pgliteDir, { recursive: true, force: true });
