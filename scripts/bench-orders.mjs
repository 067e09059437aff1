import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, SERVER_NODE_FLAGS } from './lib.mjs';
import { createPgDatabase } from './bench-server.mjs';
import { bundleServer } from '../apps/server/bundle.mjs';

// Orders at scale (issue 7): one seller with 1,000,000 orders and 2,000,000 items, seeded with
// set-based SQL, then the order list through its service (store + desk status + date range,
// sorted by total; page 1 and page 5,000 of 20), an xlsx export of 100,000 orders (time and
// peak RSS of the process) and an import of 100,000 csv rows (time, peak RSS, and the p95 wait
// of a small query every 100 ms meanwhile), on PostgreSQL (a throw-away
// database) and on PGlite (a throw-away folder). Each phase runs in its own process
// (apps/server/scripts/bench-orders.ts, bundled and run as `npm start` runs the server), so the
// export's RSS is its own.
// `npm run bench` runs it unless BENCH_ORDERS=0; alone: `node scripts/bench-orders.mjs`.
// BENCH_ORDERS / BENCH_PGLITE_ORDERS change the number of orders; BENCH_ORDERS_DATABASES=postgres
// (or pglite) runs one database only.
const BUDGETS = {
  list: { postgres: 50, pglite: 200 },
  exportSeconds: 30,
  exportRssMb: 400,
  importSeconds: 30,
  importRssMb: 300,
  importOtherP95Ms: 250,
};

const BUNDLE = 'apps/server/dist/bench-orders.mjs';

function phase(name, env) {
  const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, BUNDLE, name], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  for (const line of out.split('\n')) if (!line.startsWith('RESULT ')) console.log(line);
  const result = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!result) throw new Error(`bench-orders ${name}: no result`);
  return JSON.parse(result.slice('RESULT '.length));
}

function benchOne(database, env) {
  console.log(`\nOrders bench on ${database}: seeding ${env.BENCH_ORDERS} orders...`);
  const seed = phase('seed', env);
  const list = phase('list', env);
  const exported = phase('export', env);
  const file = phase('import-file', env);
  const imported = { ...phase('import', env), mb: file.mb };
  return {
    database,
    orders: seed.orders,
    items: seed.items,
    seedSeconds: +(seed.ms / 1000).toFixed(1),
    list,
    exported,
    imported,
  };
}

export async function benchOrders() {
  await bundleServer('scripts/bench-orders.ts', path.relative('apps/server', BUNDLE));
  const which = process.env.BENCH_ORDERS_DATABASES ?? 'postgres,pglite';
  const orders = process.env.BENCH_ORDERS ?? '1000000';
  const results = [];
  if (which.includes('postgres')) {
    const pg = createPgDatabase('bench_orders');
    if (pg) {
      try {
        results.push(benchOne('postgres', { DATABASE_URL: pg.url, BENCH_ORDERS: orders }));
      } catch (error) {
        console.log(`Orders bench on PostgreSQL failed: ${error.message.split('\n')[0]}`);
      } finally {
        pg.drop();
      }
    }
  }
  if (which.includes('pglite')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
    try {
      results.push(
        benchOne('pglite', {
          DATA_DIR: dir,
          DATABASE_URL: '',
          BENCH_ORDERS: process.env.BENCH_PGLITE_ORDERS ?? orders,
        }),
      );
    } catch (error) {
      console.log(`Orders bench on PGlite failed: ${error.message.split('\n')[0]}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
  console.log('\nOrder list (service, store + desk status + date range, by total, 20 a page):');
  console.table(
    results.flatMap((r) =>
      ['page1', 'page5000'].map((p) => ({
        database: r.database,
        orders: r.orders,
        page: p.slice(4),
        runs: r.list[p].runs,
        'p50 ms': r.list[p].p50,
        'p95 ms': r.list[p].p95,
        'budget p95': BUDGETS.list[r.database],
        result: verdict(r.list[p].rows === 20 && r.list[p].p95 <= BUDGETS.list[r.database]),
      })),
    ),
  );
  console.log('Export (100,000 orders to xlsx) and import (100,000 csv rows):');
  console.table(
    results.map((r) => ({
      database: r.database,
      'seed s': r.seedSeconds,
      'export orders': r.exported.orders,
      'export s': r.exported.seconds,
      'export MB': r.exported.mb,
      'RSS before MB': r.exported.rssBeforeMb,
      'peak RSS MB': r.exported.peakRssMb,
      'import rows': r.imported.rows,
      'import s': r.imported.seconds,
      'import RSS before MB': r.imported.rssBeforeMb,
      'import peak RSS MB': r.imported.peakRssMb,
      'other requests p95 ms': r.imported.otherP95Ms,
      result: verdict(
        r.exported.seconds <= BUDGETS.exportSeconds &&
          r.exported.peakRssMb <= BUDGETS.exportRssMb &&
          r.imported.seconds <= BUDGETS.importSeconds &&
          r.imported.peakRssMb <= BUDGETS.importRssMb &&
          r.imported.otherP95Ms <= BUDGETS.importOtherP95Ms &&
          r.imported.errors === 0,
      ),
    })),
  );
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await benchOrders();
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench-results/orders.json'),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  );
}
