import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfStale, findChromium, root } from './lib.mjs';
import {
  createPgDatabase,
  demoToken,
  freePort,
  hasTaskset,
  load,
  pinned,
  startServer,
  stopServer,
} from './bench-server.mjs';
import { benchCatalogue } from './bench-catalogue.mjs';
import { benchOrders } from './bench-orders.mjs';
import { benchDesign } from './bench-design.mjs';
import { benchImages } from './bench-images.mjs';
import { benchPayments } from './bench-pay.mjs';
import { benchListings } from './bench-listings.mjs';
import { benchPublish } from './bench-publish.mjs';
import { benchPushes } from './bench-pushes.mjs';
import { benchStatistics } from './bench-statistics.mjs';

// `npm run bench`: API throughput/latency on PGlite and PostgreSQL (against a bare node:http
// server sending the same SQL), the login page's initial JS,
// upload throughput, design mockup rendering, balance payments, batch publish of 1,000 listings to
// Shopify, Shopee and Temu (BENCH_PUBLISH=0 skips it), 10,000 shipment confirmations to
// the marketplace simulators (BENCH_PUSHES=0 skips them) and the catalogue at 100,000 products
// (BENCH_CATALOGUE=0 skips that part). `npm run bench -- api` measures only the authenticated
// routes against the bare server (BENCH_DATABASES=pglite or postgres narrows it to one database).
const API_ONLY = process.argv[2] === 'api';
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const DURATION = process.env.BENCH_DURATION ?? '10';
const CONNECTIONS = '50';

const ENDPOINTS = ['/api/common/get-user-info', '/api/get-menu'];

/** Warm-up run (discarded), then the measured one. */
function measure(url, token) {
  const run = () => load(url, token, { duration: DURATION, connections: CONNECTIONS });
  run();
  return run();
}

/** The bare node:http server of scripts/bench-baseline.mjs on core 0, where the product ran. */
async function startBaseline(database, menuFile) {
  const port = await freePort();
  const [cmd, args] = pinned(0, process.execPath, [
    path.join(root, 'scripts/bench-baseline.mjs'),
    String(port),
    database,
    menuFile,
  ]);
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', () => reject(new Error('baseline server did not start')));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/**
 * Each endpoint on the product, then on the bare baseline against the same database (the product
 * stopped first: PGlite allows one process, and each gets core 0 to itself). `vs bare` is the
 * product's req/s over the baseline's.
 */
async function benchDatabase(label, env, baselineDatabase) {
  const { base, child } = await startServer(env);
  const rows = [];
  let token;
  const menuFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-menu-')), 'menu.json');
  try {
    token = await demoToken(base);
    const menu = await fetch(`${base}/api/get-menu`, {
      headers: { authorization: `Bearer ${token}` },
    });
    fs.writeFileSync(menuFile, Buffer.from(await menu.arrayBuffer()));
    for (const endpoint of ENDPOINTS) {
      rows.push({ database: label, endpoint, ...measure(base + endpoint, token) });
    }
  } finally {
    await stopServer(child);
  }
  const baseline = await startBaseline(baselineDatabase, menuFile);
  try {
    for (const row of rows) {
      const bare = measure(baseline.base + row.endpoint, token);
      row.bareRps = bare.rps;
      row.vsBare = +(row.rps / bare.rps).toFixed(2);
    }
  } finally {
    await stopServer(baseline.child);
    fs.rmSync(path.dirname(menuFile), { recursive: true, force: true });
  }
  return rows;
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
if (DATABASES.includes('pglite')) {
  results.push(
    ...(await benchDatabase(
      'pglite',
      { DATA_DIR: pgliteDir },
      `pglite:${path.join(pgliteDir, 'pglite')}`,
    )),
  );
}

const pg = DATABASES.includes('postgres') ? createPgDatabase('bench') : null;
if (pg) {
  try {
    results.push(
      ...(await benchDatabase('postgres', { DATABASE_URL: pg.url, SEED_DEMO: '1' }, pg.url)),
    );
  } catch (error) {
    console.log(`PostgreSQL bench failed: ${error.message.split('\n')[0]}`);
  } finally {
    pg.drop();
  }
}

const bundle = API_ONLY ? null : await loginPageJs();
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
    'bare req/s': r.bareRps,
    'vs bare': r.vsBare,
  })),
);
console.log(
  '`vs bare`: req/s of the product over a bare node:http server sending the same SQL (scripts/bench-baseline.mjs); budget 0.8',
);
if (API_ONLY) {
  fs.rmSync(pgliteDir, { recursive: true, force: true });
  process.exit(0);
}
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
const images = await benchImages();
const payments = await benchPayments();
const listings = await benchListings();
const publish = process.env.BENCH_PUBLISH === '0' ? null : await benchPublish();
const pushes = process.env.BENCH_PUSHES === '0' ? null : await benchPushes();
const catalogue = process.env.BENCH_CATALOGUE === '0' ? null : await benchCatalogue();
const orders = process.env.BENCH_ORDERS === '0' ? null : await benchOrders();
const statistics = process.env.BENCH_STATISTICS === '0' ? null : await benchStatistics();
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
      images,
      payments,
      listings,
      publish,
      pushes,
      catalogue,
      orders,
      statistics,
    },
    null,
    2,
  ),
);
fs.rmSync(pgliteDir, { recursive: true, force: true });
