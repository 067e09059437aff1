import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { OrderExportInput, OrderListQuery } from '@app/shared';
import type { Ctx } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedBase } from '../src/seed/seed.ts';
import { createLocalStorage } from '../src/integrations/object-storage.ts';
import type { JobContext } from '../src/jobs/runner.ts';
import { runOrderExport } from '../src/modules/orders/export.ts';
import { runOrderImport } from '../src/modules/orders/import.ts';
import { listOrders } from '../src/modules/orders/list.ts';

// `scripts/bench-orders.mjs` runs this once per phase, each in its own process, on one database
// (DATABASE_URL for PostgreSQL, else PGlite under DATA_DIR/pglite):
//   seed    one seller with 5 stores, BENCH_ORDERS orders (1,000,000) and two items each,
//           written by INSERT … SELECT generate_series
//   list    the order list through its service: store + desk status + date range, by total,
//           at page 1 and page 5,000 (limit 20), RUNS runs each after a warm-up
//   export  100,000 of those orders into an xlsx through the export job, time and peak RSS
//   import-file  a 100,000-row csv (50,000 orders of 2 items) into the import's storage
//   import  that csv through the import job: time, peak RSS and the p95 wait (from when it
//           was due) of a small query fired every 100 ms meanwhile
// The last line of output is `RESULT <json>`.
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_ORDER_RUNS ?? 30);
const EXPORT_ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const COUNTRIES = ['US', 'DE', 'GB', 'FR', 'JP', 'CA', 'AU', 'IT'];
const SELLER_EMAIL = 'bench-orders@example.com';
const DAY = 86_400;
/** Purchase dates spread over the year before this fixed time, so runs are comparable. */
const NOW = Date.UTC(2026, 0, 1) / 1000;

const phase = process.argv[2] ?? 'seed';
const dataDir = process.env.DATABASE_URL ? null : path.join(process.env.DATA_DIR ?? './data');
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
const { db } = database;
const log = pino({ level: 'silent' });
/** The process with its modules loaded and the database open, before the phase does anything. */
const openedRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);

const words = (list: readonly string[]) =>
  sql.raw(`(ARRAY[${list.map((w) => `'${w}'`).join(',')}]::text[])`);
const h = (salt: number) => sql.raw(`(hashint4(g + ${salt}) & 2147483647)`);

async function sellerOf(): Promise<{ sellerId: number; userId: number; stores: number[] }> {
  const user = await db.execute<{ id: number; seller_id: number }>(
    sql`select id, seller_id from users where email = ${SELLER_EMAIL}`,
  );
  const row = user.rows[0]!;
  const stores = await db.execute<{ id: number }>(
    sql`select id from stores where seller_id = ${row.seller_id} order by id`,
  );
  return {
    sellerId: Number(row.seller_id),
    userId: Number(row.id),
    stores: stores.rows.map((s) => Number(s.id)),
  };
}

function ctxOf(s: { sellerId: number; userId: number }): Ctx {
  return {
    db,
    log,
    ip: '127.0.0.1',
    lang: 'zh-CN' as const,
    actor: {
      kind: 'user',
      userId: s.userId,
      sellerId: s.sellerId,
      isBoss: true,
      sessionId: 0,
      token: '',
      expiresAt: new Date(8.64e15),
    },
  };
}

function jobOf(sellerId: number, payload: unknown): JobContext {
  return {
    jobId: '00000000-0000-4000-8000-000000000000',
    sellerId,
    payload,
    attempt: 0,
    log,
    signal: new AbortController().signal,
    progress: async () => {},
  };
}

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
};
/**
 * Where the RSS went: the peak of V8's heap in use (live objects and garbage not yet collected)
 * and of memory outside it, mostly PGlite's WASM heap (the whole reserved size, touched or not).
 */
const partsMb = (parts: { heapUsed: number; external: number }) => ({
  peakHeapUsedMb: Math.round(parts.heapUsed / 1024 / 1024),
  peakExternalMb: Math.round(parts.external / 1024 / 1024),
});
/**
 * The size of PGlite's WebAssembly memory (0 on PostgreSQL): it grows when the database inside
 * needs more and never shrinks, so its size after a phase is its peak.
 */
const wasmMb = () => {
  const client = (db as unknown as { $client?: { Module?: { HEAPU8?: Uint8Array } } }).$client;
  return Math.round((client?.Module?.HEAPU8?.length ?? 0) / 1024 / 1024);
};
/** CPU time of the whole process (every thread, the garbage collector's too) since `from`. */
const cpuSecondsSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return +((used.user + used.system) / 1e6).toFixed(1);
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function seed() {
  await seedBase(db);
  const steps: Record<string, number> = {};
  // Each statement in a transaction of its own without the server's 30 s statement timeout.
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const [, ms] = await timed(() =>
      db.transaction(async (tx) => {
        if (database.kind === 'postgres') await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(query);
      }),
    );
    steps[label] = Math.round(ms);
    console.log(`  ${label}: ${(ms / 1000).toFixed(1)} s`);
  };
  await step(
    'seller, user, 5 stores',
    sql`with s as (insert into sellers (name) values ('Bench orders') returning id),
        u as (insert into users (seller_id, name, email, password_hash, is_boss)
              select id, 'Bench', ${SELLER_EMAIL}, 'x', true from s returning seller_id)
        insert into stores (seller_id, marketplace, market_site_id, alias, account, source, credentials)
        select seller_id, 'amazon', 1, 'Bench store ' || n, 'BENCH-' || n, 'sandbox', 'unused'
        from u cross join generate_series(1, 5) n`,
  );
  const { sellerId, stores } = await sellerOf();
  // Indexes are built once after the load rather than row by row during it.
  const indexes = await db.execute<{ name: string; def: string }>(
    sql`select indexname as name, indexdef as def from pg_indexes
        where tablename in ('orders', 'order_items') and indexname not like '%_pkey'`,
  );
  for (const index of indexes.rows) await db.execute(sql.raw(`drop index "${index.name}"`));
  // Items reference orders; the key is checked once for the whole load when it is added back.
  await db.execute(
    sql.raw('alter table order_items drop constraint order_items_order_id_orders_id_fk'),
  );
  // Store 1 holds half the orders; desk status 10 is 40 %, 30 20 %, 50 25 %, 20/40/60 5 % each.
  await step(
    `${ORDERS} orders`,
    sql`insert into orders (seller_id, store_id, marketplace, remote_id, number, order_status,
          status, remote_status, purchased_at, remote_updated_at, currency, total_minor, total,
          fulfillment_channel, address, zone, memo, order_from, item_count, quantity, sku_text)
        select ${sellerId},
          (${`{${stores.join(',')}}`}::bigint[])[case when ${h(1)} % 2 = 0 then 1 else 2 + ${h(2)} % 4 end],
          'amazon', 'B' || g, 'B' || g,
          (array['unshipped','shipped','canceled','unconfirmed','partially_shipped'])[1 + ${h(3)} % 5],
          (array[10,10,10,10,10,10,10,10,30,30,30,30,50,50,50,50,50,20,40,60])[1 + ${h(4)} % 20],
          '', to_timestamp(${NOW} - ${h(5)} % (365 * ${DAY})),
          to_timestamp(${NOW} - ${h(5)} % (365 * ${DAY}) + 3600),
          'USD', 500 + ${h(6)} % 50000,
          to_char((500 + ${h(6)} % 50000) / 100.0, 'FM999999990.00'), case when ${h(7)} % 10 = 0 then 'AFN' else 'MFN' end,
          jsonb_build_object('name', 'Buyer ' || g, 'phone', '555-0100', 'line1', g || ' Main St',
            'line2', '', 'city', 'Springfield', 'state', 'CA', 'postal_code', '90001',
            'country_code', ${words(COUNTRIES)}[1 + ${h(8)} % 8]),
          ${words(COUNTRIES)}[1 + ${h(8)} % 8],
          '', 'sync', 2, 2 + ${h(9)} % 3,
          'sku-' || (${h(10)} % 5000) || ' sku-' || (${h(11)} % 5000)
        from generate_series(1, ${ORDERS}) g`,
  );
  await step(
    `${ORDERS * 2} items`,
    sql`insert into order_items (order_id, remote_item_id, sku, title, quantity, line_total_minor, line_total)
        select o.id, 'L' || n, split_part(o.sku_text, ' ', n), 'Bench item ' || n,
          case when n = 1 then 1 else o.quantity - 1 end,
          case when n = 1 then o.total_minor / 2 else o.total_minor - o.total_minor / 2 end,
          to_char((case when n = 1 then o.total_minor / 2 else o.total_minor - o.total_minor / 2 end) / 100.0, 'FM999999990.00')
        from orders o cross join generate_series(1, 2) n where o.seller_id = ${sellerId}`,
  );
  const [, built] = await timed(async () => {
    for (const index of indexes.rows) await step(index.name, sql.raw(index.def));
    await step(
      'order_items foreign key',
      sql.raw(
        'alter table order_items add constraint order_items_order_id_orders_id_fk foreign key (order_id) references orders(id) on delete cascade',
      ),
    );
  });
  steps.indexes = Math.round(built);
  console.log(`  ${indexes.rows.length} indexes: ${(built / 1000).toFixed(1)} s`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_items`);
  return { orders: ORDERS, items: ORDERS * 2, stepsMs: steps };
}

/** The filter measured: the big store, desk status new, purchased in the last 300 days, by total. */
const listFilter = (store: number) => ({
  market_id: store,
  status: 10,
  start_time: NOW - 300 * DAY,
  end_time: NOW,
  orderBy_field: 'total' as const,
  orderBy_type: 'desc' as const,
  limit: 20,
});

async function list() {
  const s = await sellerOf();
  const ctx = ctxOf(s);
  const result: Record<string, unknown> = {};
  for (const page of [1, 5000]) {
    const q = OrderListQuery.parse({ ...listFilter(s.stores[0]!), page });
    const first = await listOrders(ctx, q);
    for (let i = 0; i < 3; i += 1) await listOrders(ctx, q);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) times.push((await timed(() => listOrders(ctx, q)))[1]);
    times.sort((a, b) => a - b);
    result[`page${page}`] = {
      rows: first.list.length,
      total: first.pagination.total,
      more: first.pagination.more,
      runs: RUNS,
      p50: +pct(times, 50).toFixed(1),
      p95: +pct(times, 95).toFixed(1),
    };
  }
  return result;
}

async function exportPhase() {
  const s = await sellerOf();
  // The newest EXPORT_ORDERS orders of the seller: a date range found by counting.
  const edge = await db.execute<{ at: string }>(
    sql`select purchased_at::text as at from orders where seller_id = ${s.sellerId}
        order by purchased_at desc, id desc offset ${EXPORT_ORDERS - 1} limit 1`,
  );
  const from = Math.floor(new Date(edge.rows[0]!.at).getTime() / 1000);
  const input = OrderExportInput.parse({
    filter: { start_time: from, orderBy_field: 'purchase_date', orderBy_type: 'desc' },
    columns: [
      'order_number',
      'store',
      'order_status',
      'desk_status',
      'purchase_date',
      'currency',
      'total',
      'buyer_name',
      'address_line1',
      'city',
      'postcode',
      'country',
      'tracking_number',
      'memo',
      'sku',
      'title',
      'quantity',
      'line_total',
    ],
    one_row_per: 'order',
  });
  const storage = createLocalStorage(
    path.join(process.env.BENCH_FILES ?? '/tmp', 'bench-order-files'),
  );
  const before = process.memoryUsage().rss;
  const wasmBefore = wasmMb();
  const cpuBefore = process.cpuUsage();
  let peak = before;
  const parts = { heapUsed: 0, external: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    parts.heapUsed = Math.max(parts.heapUsed, m.heapUsed);
    parts.external = Math.max(parts.external, m.external);
  }, 20);
  const [result, ms] = await timed(() =>
    runOrderExport(
      { db, storage },
      jobOf(s.sellerId, {
        userId: s.userId,
        isBoss: true,
        key: `private/${s.sellerId}/00000000-0000-4000-8000-000000000001.xlsx`,
        input,
      }),
    ),
  );
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await storage.delete(`private/${s.sellerId}/00000000-0000-4000-8000-000000000001.xlsx`);
  return {
    orders: result.orders,
    rows: result.rows,
    mb: +(result.bytes / 1024 / 1024).toFixed(1),
    seconds: +(ms / 1000).toFixed(1),
    rssBeforeMb: Math.round(before / 1024 / 1024),
    peakRssMb: Math.round(peak / 1024 / 1024),
    cpuSeconds: cpuSecondsSince(cpuBefore),
    wasmBeforeMb: wasmBefore,
    wasmAfterMb: wasmMb(),
    ...partsMb(parts),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

const IMPORT_KEY = (sellerId: number) =>
  `private/${sellerId}/00000000-0000-4000-8000-000000000002.csv`;
const importStorage = () =>
  createLocalStorage(path.join(process.env.BENCH_FILES ?? '/tmp', 'bench-order-files'));

/** The import's csv, made in a process of its own so the import's RSS is the import's. */
async function importFilePhase() {
  const s = await sellerOf();
  const header =
    'store,order_number,purchase_date,currency,buyer_name,buyer_phone,address_line1,address_line2,city,state,postcode,country,fulfillment_channel,sku,title,quantity,line_total';
  const lines = [header];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < IMPORT_ROWS; i += 1) {
    const order = Math.floor(i / 2);
    lines.push(
      `Bench store 3,IMP-${stamp}-${order},2025-12-${String(1 + (order % 28)).padStart(2, '0')} 10:00:00,USD,Buyer ${order},555,${order} Elm St,,Austin,TX,73301,US,MFN,SKU-${i % 977},Item ${i},${1 + (i % 3)},${(10 + (i % 90)).toFixed(2)}`,
    );
  }
  const bytes = Buffer.from(lines.join('\n'));
  await importStorage().put(IMPORT_KEY(s.sellerId), bytes, 'text/csv');
  return { mb: +(bytes.length / 1024 / 1024).toFixed(1) };
}

async function importPhase() {
  const s = await sellerOf();
  const storage = importStorage();
  const key = IMPORT_KEY(s.sellerId);
  const before = process.memoryUsage().rss;
  const wasmBefore = wasmMb();
  const cpuBefore = process.cpuUsage();
  let peak = before;
  const parts = { heapUsed: 0, external: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    parts.heapUsed = Math.max(parts.heapUsed, m.heapUsed);
    parts.external = Math.max(parts.external, m.external);
  }, 20);
  // Another user's request every 100 ms during the import: the session lookup every
  // authenticated request starts with. Each is timed from when it was due, so time the event
  // loop was blocked (or the one PGlite connection held) counts as it would for a client.
  const waits: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  let asking = true;
  const start = performance.now();
  const other = (async () => {
    for (let k = 0; asking; k += 1) {
      const due = start + k * 100;
      const early = due - performance.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      inFlight.push(
        db
          .execute(sql`select id, seller_id from users where email = ${SELLER_EMAIL}`)
          .then(() => void waits.push(performance.now() - due)),
      );
    }
  })();
  const [result, ms] = await timed(() =>
    runOrderImport(
      { db, storage },
      jobOf(s.sellerId, { userId: s.userId, isBoss: true, key, filename: 'bench.csv' }),
    ),
  );
  asking = false;
  await other;
  await Promise.all(inFlight);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  waits.sort((a, b) => a - b);
  return {
    rows: result.rows,
    imported_orders: result.imported_orders,
    errors: result.error_count,
    seconds: +(ms / 1000).toFixed(1),
    rssBeforeMb: Math.round(before / 1024 / 1024),
    peakRssMb: Math.round(peak / 1024 / 1024),
    cpuSeconds: cpuSecondsSince(cpuBefore),
    wasmBeforeMb: wasmBefore,
    wasmAfterMb: wasmMb(),
    ...partsMb(parts),
    otherRequests: waits.length,
    otherP95Ms: +pct(waits, 95).toFixed(1),
    otherMaxMs: +waits.at(-1)!.toFixed(1),
  };
}

try {
  const run = {
    seed,
    list,
    export: exportPhase,
    'import-file': importFilePhase,
    import: importPhase,
  }[phase];
  if (!run) throw new Error(`unknown phase ${phase}`);
  const [result, ms] = await timed(run);
  console.log(`RESULT ${JSON.stringify({ phase, ms: Math.round(ms), openedRssMb, ...result })}`);
} finally {
  await database.close();
}
