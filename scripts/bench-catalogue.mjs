import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './lib.mjs';
import {
  api,
  createPgDatabase,
  demoToken,
  hasTaskset,
  load,
  startServer,
  stopServer,
} from './bench-server.mjs';

// The catalogue at scale: 100,000 parent and 100,000 finished products, then the library pages
// and title searches through the real HTTP server, one request at a time, so p50/p95 are the
// latency one user sees (req/s is therefore one connection's rate, not the server's ceiling).
// Alone: `node scripts/bench-catalogue.mjs`; `npm run bench` runs it unless BENCH_CATALOGUE=0.
const DURATION = Number(process.env.BENCH_CATALOGUE_DURATION ?? 4);
const WARMUP = 1;
const DEEP_PAGE = 50;

/** p95 budgets in ms from the issue: pages 50 (PostgreSQL) / 150 (PGlite), searches 100. */
const BUDGETS = {
  page: { postgres: 50, pglite: 150 },
  search: { postgres: 100, pglite: 100 },
};

function seed(env) {
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/scripts/bench-catalogue-seed.ts'],
    { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' },
  );
}

function flatten(nodes) {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** Walks `pages` pages by next_cursor and returns the cursors of the last few, for a deep page. */
async function deepCursors(base, token, body, pages) {
  const cursors = [];
  let cursor;
  for (let page = 1; page <= pages + 4; page++) {
    const data = await api(base, 'POST', '/api/goods/goods-index', { ...body, cursor }, token);
    cursor = data.pagination.next_cursor ?? undefined;
    if (cursor === undefined) break;
    if (page >= pages) cursors.push(cursor);
  }
  return cursors;
}

/** The requests of each scenario, built from the seeded categories. */
async function scenarios(base, token) {
  const tree = await api(base, 'GET', '/api/goods-library/category/tree', undefined, token);
  const roots = tree.map((n) => n.id);
  const leaves = flatten(tree)
    .filter((n) => n.children.length === 0)
    .map((n) => n.id);
  const ranges = [
    [1000, 5000],
    [5000, 12000],
    [2000, 20000],
  ];
  const parentFilters = [...roots, ...leaves.slice(0, 4)].flatMap((category_id) =>
    ranges.map(([min, max], i) => ({
      category_id,
      min_cost: min,
      max_cost: max,
      sort: 'cost',
      order: 'asc',
      page: 1 + i,
      size: 20,
    })),
  );
  const finishedFilters = [...roots, ...leaves.slice(0, 4)].flatMap((category_id) =>
    ranges.map(([min, max]) => ({
      category_id,
      min_price: min + 500,
      max_price: max + 500,
      sort: 'price',
      order: 'asc',
      size: 20,
    })),
  );
  const deepBase = { sort: 'price', order: 'asc', size: 20 };
  const cursors = await deepCursors(base, token, deepBase, DEEP_PAGE).catch(() => []);
  return [
    {
      name: 'parent page: category + cost, by cost',
      kind: 'page',
      url: '/api/goods-library/index',
      requests: { method: 'POST', bodies: parentFilters },
    },
    {
      name: 'parent title search (zh)',
      kind: 'search',
      url: '/api/goods-library/index',
      requests: {
        method: 'POST',
        bodies: ['卫衣', '马克杯', '复古', '保温杯', '印花T恤'].map((keyword) => ({ keyword })),
      },
    },
    {
      name: 'parent title search (en)',
      kind: 'search',
      url: '/api/goods-library/index',
      requests: {
        method: 'POST',
        bodies: ['hoodie', 'mug', 'vintage', 'phone case', 'K4242'].map((keyword) => ({
          keyword,
        })),
      },
    },
    {
      name: 'private finished page (demo): category + price, by price',
      kind: 'page',
      url: '/api/goods/goods-index',
      requests: { method: 'POST', bodies: finishedFilters },
    },
    {
      name: 'shared finished page',
      kind: 'page',
      url: '/api/goods/index',
      requests: {
        method: 'GET',
        paths: [1, 2, 3, 4, 5].flatMap((page) => [
          `/api/goods/index?page=${page}&size=20`,
          `/api/goods/index?page=${page}&size=20&sort=price&order=asc`,
        ]),
      },
    },
    {
      name: 'finished title search (zh + en)',
      kind: 'search',
      url: '/api/goods/goods-index',
      requests: {
        method: 'POST',
        bodies: ['卫衣', '猫咪', '保温杯', 'hoodie', 'galaxy', 'K777'].map((keyword) => ({
          keyword,
        })),
      },
    },
    cursors.length > 0
      ? {
          name: `private finished, keyset page ${DEEP_PAGE} by price`,
          kind: 'page',
          url: '/api/goods/goods-index',
          requests: { method: 'POST', bodies: cursors.map((cursor) => ({ ...deepBase, cursor })) },
        }
      : {
          name: `private finished, keyset page ${DEEP_PAGE}`,
          skipped: 'goods-index gave no next_cursor',
        },
  ];
}

async function benchOne(database, env) {
  const { base, child } = await startServer(env);
  try {
    const token = await demoToken(base);
    const rows = [];
    for (const s of await scenarios(base, token)) {
      if (s.skipped) {
        rows.push({ database, scenario: s.name, note: s.skipped });
        continue;
      }
      const first = s.requests.paths?.[0] ?? s.url;
      try {
        // One checked call first: a load run only counts status codes, not envelope errors.
        await api(base, s.requests.method, first, s.requests.bodies?.[0], token);
      } catch (error) {
        rows.push({ database, scenario: s.name, note: `skipped: ${error.message}` });
        continue;
      }
      const opts = { connections: 1, requests: s.requests };
      load(base + s.url, token, { ...opts, duration: WARMUP });
      const r = load(base + s.url, token, { ...opts, duration: DURATION });
      const budget = BUDGETS[s.kind][database];
      rows.push({
        database,
        scenario: s.name,
        ...r,
        budget,
        verdict: r.non2xx > 0 || r.errors > 0 ? 'ERRORS' : r.p95 <= budget ? 'PASS' : 'FAIL',
      });
    }
    return rows;
  } finally {
    await stopServer(child);
  }
}

export async function benchCatalogue() {
  const rows = [];
  console.log('\nCatalogue bench: seeding PGlite...');
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-'));
  try {
    seed({ DATA_DIR: pgliteDir, DATABASE_URL: '' });
    rows.push(...(await benchOne('pglite', { DATA_DIR: pgliteDir })));
  } finally {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
  const pg = createPgDatabase('bench_catalogue');
  if (pg) {
    try {
      console.log('Catalogue bench: seeding PostgreSQL...');
      seed({ DATABASE_URL: pg.url });
      rows.push(...(await benchOne('postgres', { DATABASE_URL: pg.url, SEED_DEMO: '1' })));
    } finally {
      pg.drop();
    }
  }
  console.log(
    `\nCatalogue at 100,000 parent + 100,000 finished products, 1 connection, ${DURATION} s per run${hasTaskset ? ', server on core 0, load on core 1' : ''}:`,
  );
  console.table(
    rows.map((r) => ({
      database: r.database,
      scenario: r.scenario,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p95 ms': r.p95,
      'budget p95': r.budget,
      result: r.verdict ?? r.note,
    })),
  );
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildIfStale();
  const rows = await benchCatalogue();
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench-results/catalogue.json'),
    JSON.stringify({ at: new Date().toISOString(), rows }, null, 2),
  );
}
