import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { RankListQuery } from '@app/shared';
import type { Ctx } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedBase } from '../src/seed/seed.ts';
import { addNewOrderFigures, rebuildFigures } from '../src/modules/statistics/index.ts';
import {
  dashboard,
  markets,
  overview,
  purchaseSpend,
  rankList,
  series,
} from '../src/modules/statistics/service.ts';

// `scripts/bench-statistics.mjs` runs this once per database (DATABASE_URL for PostgreSQL, else
// PGlite under DATA_DIR): one seller with 5 stores and BENCH_STAT_ORDERS orders (1,000,000) of
// two items over the year before 2026-01-01, written by INSERT … SELECT generate_series, the
// rollups built by the full rebuild; then RUNS timed runs of every statistics call over that
// year (and a month, grouped by day and by month); then BENCH_STAT_IMPORT orders (100,000)
// written in batches of 250 the way the import job writes them (insert, then the rollups of the
// batch added in its transaction), and the rollups compared with a full recount. The last
// line of output is `RESULT <json>`.
const ORDERS = Number(process.env.BENCH_STAT_ORDERS ?? 1_000_000);
const IMPORT = Number(process.env.BENCH_STAT_IMPORT ?? 100_000);
const RUNS = Number(process.env.BENCH_STAT_RUNS ?? 20);
const BATCH = 250;
const DAY = 86_400;
const NOW = Date.UTC(2026, 0, 1) / 1000;
const SELLER_EMAIL = 'bench-statistics@example.com';

const dataDir = process.env.DATABASE_URL ? null : path.join(process.env.DATA_DIR ?? './data');
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
const { db } = database;
const log = pino({ level: 'silent' });
const h = (salt: number) => sql.raw(`(hashint4(g + ${salt}) & 2147483647)`);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

/** Each statement in its own transaction, without the server's statement timeout. */
async function step(label: string, query: ReturnType<typeof sql>) {
  const [, ms] = await timed(() =>
    db.transaction(async (tx) => {
      if (database.kind === 'postgres') await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(query);
    }),
  );
  console.log(`  ${label}: ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

/**
 * Orders `from`..`to` of generate_series for the seller's stores, with two items each. Orders of
 * the last two days are unshipped (new on the desk), older ones shipped or cancelled, as on a live
 * store, where an order does not wait unshipped for months.
 */
function ordersSql(sellerId: number, stores: number[], from: number, to: number) {
  return sql`
    with o as (
      insert into orders (seller_id, store_id, marketplace, remote_id, number, order_status,
        status, remote_status, purchased_at, remote_updated_at, currency, total_minor, total,
        fulfillment_channel, zone, order_from, item_count, quantity, sku_text)
      select ${sellerId},
        (${`{${stores.join(',')}}`}::bigint[])[1 + ${h(1)} % ${stores.length}],
        'amazon', 'S' || g, 'S' || g,
        case when ${h(5)} % (365 * ${DAY}) < 2 * ${DAY} then 'unshipped'
          else (array['shipped','shipped','shipped','canceled'])[1 + ${h(3)} % 4] end,
        case when ${h(5)} % (365 * ${DAY}) < 2 * ${DAY} then 10
          else (array[50, 50, 50, 60])[1 + ${h(3)} % 4] end,
        '', to_timestamp(${NOW} - ${h(5)} % (365 * ${DAY})),
        to_timestamp(${NOW} - ${h(5)} % (365 * ${DAY})),
        (array['USD','USD','EUR','JPY'])[1 + ${h(2)} % 4], 500 + ${h(6)} % 50000,
        to_char((500 + ${h(6)} % 50000) / 100.0, 'FM999999990.00'), 'MFN', 'US', 'sync', 2,
        2 + ${h(9)} % 3, 'sku-' || (${h(10)} % 500) || ' sku-' || (${h(11)} % 500)
      from generate_series(${from}::int, ${to}::int) g
      returning id, sku_text, quantity, total_minor
    )
    insert into order_items (order_id, remote_item_id, sku, title, quantity, line_total_minor, line_total)
    select o.id, 'L' || n, split_part(o.sku_text, ' ', n), 'Bench item',
      case when n = 1 then 1 else o.quantity - 1 end,
      case when n = 1 then o.total_minor / 2 else o.total_minor - o.total_minor / 2 end, '0'
    from o cross join generate_series(1, 2) n`;
}

async function seed(): Promise<{ sellerId: number; userId: number; stores: number[] }> {
  await seedBase(db);
  await step(
    'seller, user, 5 stores',
    sql`with s as (insert into sellers (name) values ('Bench statistics') returning id),
        u as (insert into users (seller_id, name, email, password_hash, is_boss)
              select id, 'Bench', ${SELLER_EMAIL}, 'x', true from s returning seller_id)
        insert into stores (seller_id, marketplace, market_site_id, alias, account, source, credentials)
        select seller_id, 'amazon', 1, 'Stat store ' || n, 'STAT-' || n, 'sandbox', 'unused'
        from u cross join generate_series(1, 5) n`,
  );
  const user = await db.execute<{ id: number; seller_id: number }>(
    sql`select id, seller_id from users where email = ${SELLER_EMAIL}`,
  );
  const sellerId = Number(user.rows[0]!.seller_id);
  const stores = await db.execute<{ id: number }>(
    sql`select id from stores where seller_id = ${sellerId} order by id`,
  );
  const ids = stores.rows.map((s) => Number(s.id));
  await step(`${ORDERS} orders, ${ORDERS * 2} items`, ordersSql(sellerId, ids, 1, ORDERS));
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_items`);
  const [, rebuildMs] = await timed(() =>
    db.transaction(async (tx) => {
      if (database.kind === 'postgres') await tx.execute(sql`set local statement_timeout = 0`);
      await rebuildFigures(tx, sellerId);
    }),
  );
  console.log(`  rollup rebuild: ${(rebuildMs / 1000).toFixed(1)} s`);
  await db.execute(sql`analyze stat_store_days`);
  await db.execute(sql`analyze stat_sku_days`);
  await db.execute(sql`analyze stat_sku_months`);
  return { sellerId, userId: Number(user.rows[0]!.id), stores: ids };
}

function ctxOf(s: { sellerId: number; userId: number }): Ctx {
  return {
    db,
    log,
    ip: '127.0.0.1',
    lang: 'zh-CN',
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

async function calls(ctx: Ctx) {
  const year = { range: 'custom', start_date: '2025-01-02', end_date: '2026-01-01' };
  const month = { range: 'custom', start_date: '2025-12-01', end_date: '2025-12-31' };
  const q = (input: Record<string, string>) => RankListQuery.parse(input);
  const cases: Record<string, () => Promise<unknown>> = {
    'index (year)': () => overview(ctx, q(year)),
    'order (year, by day)': () => series(ctx, q(year)),
    'sale (year, by month)': () => series(ctx, q({ ...year, group: 'month' })),
    'market (year)': () => markets(ctx, q(year)),
    'getRankList (year)': () => rankList(ctx, q(year)),
    'getRankList (month)': () => rankList(ctx, q(month)),
    'cw-order (year)': () => purchaseSpend(ctx, q(year)),
    '/api/index': () => dashboard(ctx),
  };
  const out: Record<string, { p50: number; p95: number }> = {};
  for (const [name, run] of Object.entries(cases)) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await timed(run))[1]);
    times.sort((a, b) => a - b);
    out[name] = { p50: Math.round(pct(times, 50)), p95: Math.round(pct(times, 95)) };
    console.log(`  ${name}: p50 ${out[name].p50} ms, p95 ${out[name].p95} ms`);
  }
  return out;
}

/** Rows where the rollups and a full recount from the orders table differ (0 = exact). */
async function mismatches(sellerId: number): Promise<number> {
  const day = sql.raw(`(o.purchased_at at time zone 'Asia/Shanghai')::date`);
  const result = await db.execute<{ n: number }>(sql`
    with truth as (
      select o.store_id, ${day} as day, o.currency,
        count(*) filter (where o.order_status <> 'canceled')::int as orders,
        coalesce(sum(o.total_minor) filter (where o.order_status <> 'canceled'), 0)::bigint as sales
      from orders o where o.seller_id = ${sellerId} group by 1, 2, 3
    )
    select count(*)::int as n from truth t
    full join (select * from stat_store_days where seller_id = ${sellerId}) r
      on r.store_id = t.store_id and r.day = t.day and r.currency = t.currency
    where t.orders is distinct from r.orders or t.sales is distinct from r.sales_minor`);
  return Number(result.rows[0]!.n);
}

async function importBatches(s: { sellerId: number; stores: number[] }) {
  const [, ms] = await timed(async () => {
    for (let from = ORDERS + 1; from <= ORDERS + IMPORT; from += BATCH) {
      const to = Math.min(from + BATCH - 1, ORDERS + IMPORT);
      await db.transaction(async (tx) => {
        await tx.execute(ordersSql(s.sellerId, s.stores, from, to));
        const ids = await tx.execute<{ id: number }>(
          sql`select id from orders where seller_id = ${s.sellerId} and remote_id in
            (select 'S' || g from generate_series(${from}::int, ${to}::int) g)`,
        );
        await addNewOrderFigures(
          tx,
          ids.rows.map((r) => Number(r.id)),
        );
      });
    }
  });
  const [wrong, checkMs] = await timed(() => mismatches(s.sellerId));
  console.log(
    `  import of ${IMPORT} orders with rollups: ${(ms / 1000).toFixed(1)} s; mismatching rollup rows: ${wrong} (checked in ${(checkMs / 1000).toFixed(1)} s)`,
  );
  return { orders: IMPORT, seconds: +(ms / 1000).toFixed(1), mismatches: wrong };
}

const s = await seed();
const timings = await calls(ctxOf(s));
const imported = await importBatches(s);
await database.close();
console.log(`RESULT ${JSON.stringify({ orders: ORDERS, calls: timings, imported })}`);
