import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfStale, findChromium, root } from './lib.mjs';
import {
  createPgDatabase,
  demoToken,
  hasTaskset,
  load,
  startServer,
  stopServer,
} from './bench-server.mjs';
import { benchCatalogue } from './bench-catalogue.mjs';
import { benchOrders } from './bench-orders.mjs';
import { benchDesign } from './bench-design.mjs';
import { benchPayments } from './bench-pay.mjs';
import { benchListings } from './bench-listings.mjs';

// `npm run bench`: API throughput/latency on PGlite and PostgreSQL, the login page's initial JS,
// upload throughput, design mockup rendering, balance payments and the catalogue at 100,000 products
// (BENCH_CATALOGUE=0 skips that part).
const DURATION = process.env.BENCH_DURATION ?? '10';
const CONNECTIONS = '50';

async function benchDatabase(label, env) {
  const { base, child } = await startServer(env);
  try {
    const token = await demoToken(base);
    const rows = [];
    for (const endpoint of ['/api/common/get-user-info', '/api/get-menu']) {
      const run = () =>
        load(base + endpoint, token, { duration: DURATION, connections: CONNECTIONS });
      run(); // warm-up run, discarded
      const r = run();
      rows.push({ database: label, endpoint, ...r });
    }
    return rows;
  } finally {
    await stopServer(child);
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
    await stopServer(child);
  }
}

await buildIfStale();
const results = [];
const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
results.push(...(await benchDatabase('pglite', { DATA_DIR: pgliteDir })));

const pg = createPgDatabase('bench');
if (pg) {
  try {
    results.push(...(await benchDatabase('postgres', { DATABASE_URL: pg.url, SEED_DEMO: '1' })));
  } catch (error) {
    console.log(`PostgreSQL bench failed: ${error.message.split('\n')[0]}`);
  } finally {
    pg.drop();
  }
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
const design = await benchDesign();
const payments = await benchPayments();
const listings = await benchListings();
const catalogue = process.env.BENCH_CATALOGUE === '0' ? null : await benchCatalogue();
const orders = process.env.BENCH_ORDERS === '0' ? null : await benchOrders();
fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench-results/latest.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      results,
      bundle,
      uploads,
      design,
      payments,
      listings,
      catalogue,
      orders,
    },
    null,
    2,
  ),
);
fs.rmSync(pgliteDir, { recursive: true, force: true });
