import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './lib.mjs';
import { api, createPgDatabase, demoToken, startServer, stopServer } from './bench-server.mjs';

// Balance payments on PostgreSQL: 50 clients pay the demo seller's unpaid purchase orders through
// `POST /api/pay/accountPay` (pay password, Idempotency-Key, row locks, ledger) for DURATION
// seconds, then the same through `batchAccountPay` with 10 orders per call. Afterwards the
// invariants are checked in SQL: the balance equals the sum of the ledger, every paid order has
// exactly one payment row, and the balance fell by exactly what the paid orders cost.
// `npm run bench` runs it; alone: `node scripts/bench-pay.mjs`.
const DURATION_S = Number(process.env.BENCH_DURATION ?? '10');
const CLIENTS = 50;
const BATCH = 10;
const ORDER_MINOR = 100;
const ORDERS = 20_000;
const START_BALANCE_MINOR = ORDER_MINOR * ORDERS;
const PAY_PASSWORD = '246810';

const sql = (url, text) =>
  execFileSync('psql', [url, '-qAtX', '-v', 'ON_ERROR_STOP=1', '-c', text], {
    encoding: 'utf8',
  }).trim();

/** The demo seller's money and orders, written the way the ledger writes them. */
function prepare(url) {
  const seller = sql(url, `select seller_id from users where email = 'demo@example.com'`);
  sql(
    url,
    `begin;
     insert into ledger_entries (seller_id, kind, amount_minor, balance_after_minor, frozen_after_minor, memo)
       select id, 'recharge', ${START_BALANCE_MINOR}, balance_minor + ${START_BALANCE_MINOR}, frozen_minor, 'bench'
       from sellers where id = ${seller};
     update sellers set balance_minor = balance_minor + ${START_BALANCE_MINOR} where id = ${seller};
     insert into purchase_orders (seller_id, number, amount_minor)
       select ${seller}, 'PBENCH' || lpad(g::text, 8, '0'), ${ORDER_MINOR}
       from generate_series(1, ${ORDERS}) g;
     commit;`,
  );
  const ids = sql(url, `select id from purchase_orders where seller_id = ${seller} order by id`)
    .split('\n')
    .map(Number);
  return { seller, ids };
}

async function run(base, token, ids, { path, body }) {
  const latencies = [];
  let failures = 0;
  const reasons = new Map();
  const until = Date.now() + DURATION_S * 1000;
  const worker = async () => {
    while (Date.now() < until && ids.length > 0) {
      const started = performance.now();
      const res = await fetch(base + path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(body(ids)),
      });
      const json = await res.json();
      latencies.push(performance.now() - started);
      if (json.code !== 0) {
        failures++;
        const reason = json.message.replace(/ \(request id [^)]*\)/, '');
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    +latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  return {
    calls: latencies.length,
    perSecond: +(latencies.length / seconds).toFixed(1),
    p50: pct(0.5),
    p95: pct(0.95),
    failures,
    reasons: Object.fromEntries(reasons),
  };
}

function invariants(url, seller) {
  const [balance, ledgerSum, paid, payments, spent] = sql(
    url,
    `select s.balance_minor,
            (select coalesce(sum(amount_minor), 0) from ledger_entries where seller_id = s.id),
            (select count(*) from purchase_orders where seller_id = s.id and status = 'paid'),
            (select count(*) from ledger_entries where seller_id = s.id and kind = 'payment'),
            (select coalesce(-sum(amount_minor), 0) from ledger_entries where seller_id = s.id and kind = 'payment')
     from sellers s where s.id = ${seller}`,
  )
    .split('|')
    .map(Number);
  const paidMinor = paid * ORDER_MINOR;
  return {
    paidOrders: paid,
    balanceEqualsLedger: balance === ledgerSum,
    onePaymentPerOrder: payments === paid,
    chargedExactly: spent === paidMinor && balance === START_BALANCE_MINOR - paidMinor,
  };
}

export async function benchPayments() {
  const pg = createPgDatabase('benchpay');
  if (!pg) return null;
  const { base, child } = await startServer({ DATABASE_URL: pg.url, SEED_DEMO: '1', JOBS: 'off' });
  try {
    const token = await demoToken(base);
    await api(
      base,
      'POST',
      '/api/save-pay-pwd',
      {
        password: 'Demo@123456',
        pay_password: PAY_PASSWORD,
        pay_password_confirmation: PAY_PASSWORD,
      },
      token,
    );
    const { seller, ids } = prepare(pg.url);
    const single = await run(base, token, ids, {
      path: '/api/pay/accountPay',
      body: (queue) => ({ order_id: queue.shift(), pay_password: PAY_PASSWORD }),
    });
    const batch = await run(base, token, ids, {
      path: '/api/pay/batchAccountPay',
      body: (queue) => ({ order_ids: queue.splice(0, BATCH), pay_password: PAY_PASSWORD }),
    });
    const checked = invariants(pg.url, seller);
    const result = {
      clients: CLIENTS,
      seconds: DURATION_S,
      accountPay: single,
      batchAccountPay: { ...batch, ordersPerSecond: +(batch.perSecond * BATCH).toFixed(1) },
      invariants: checked,
    };
    console.log(
      `\nBalance payments on PostgreSQL, ${CLIENTS} clients, ${DURATION_S} s each, one seller:` +
        `\n  accountPay: ${single.perSecond} payments/s, p50 ${single.p50} ms, p95 ${single.p95} ms, ${single.failures} refused` +
        `\n  batchAccountPay (${BATCH} orders/call): ${batch.perSecond} calls/s = ${result.batchAccountPay.ordersPerSecond} orders/s, p95 ${batch.p95} ms, ${batch.failures} refused` +
        `\n  refusals: ${JSON.stringify({ ...single.reasons, ...batch.reasons })}` +
        `\n  after the run: ${checked.paidOrders} orders paid; balance = sum of ledger: ${checked.balanceEqualsLedger}; ` +
        `one payment per order: ${checked.onePaymentPerOrder}; charged exactly: ${checked.chargedExactly}`,
    );
    return result;
  } finally {
    await stopServer(child);
    pg.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildIfStale();
  await benchPayments();
}
