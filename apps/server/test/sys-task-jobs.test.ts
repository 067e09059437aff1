import { eq } from 'drizzle-orm';
import pino from 'pino';
import { startEcbSimulator, type EcbSimulator } from '@app/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRates, jobs, listings, seededMenus, stores, sysTasks } from '../src/db/schema.ts';
import { createEcbRateSource } from '../src/integrations/exchange-rates/index.ts';
import {
  MarketplaceError,
  type MarketplaceConnector,
} from '../src/integrations/marketplaces/connector.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import {
  queueListingStatusSyncs,
  runListingStatusSync,
} from '../src/modules/listings/status-sync.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { ORDERS_SYNC, syncableStores } from '../src/modules/orders/sync.ts';
import { storeFor } from './order-fixtures.ts';
import { seedTasks } from '../src/modules/sys-tasks/index.ts';
import { createOperator, createSeller } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;
let op: { token: string };
let ecb: { url: string; sim: EcbSimulator; close(): Promise<void> };
beforeAll(async () => {
  ecb = await startEcbSimulator({ day: () => '2026-11-27' });
  t = await buildTestApp({
    jobs: true,
    rateSources: { ecb: createEcbRateSource({ url: ecb.url }) },
  });
  op = await createOperator(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await ecb?.close();
});

const api = (method: 'GET' | 'POST', url: string, input: Record<string, unknown> = {}) =>
  call(t.app, method, url, {
    token: op.token,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
type TaskRow = { id: number; job: string; name: string; remark: string };
const taskOf = async (job: string): Promise<TaskRow> =>
  (await api('GET', '/api/sys/task/list')).body.data.list.find((r: TaskRow) => r.job === job);
/** Runs the task once and answers its run from the task's log once it has finished. */
const runOnce = async (job: string) => {
  const task = await taskOf(job);
  const once = await api('POST', '/api/sys/task/once', { id: task.id });
  expect(once.status, JSON.stringify(once.body)).toBe(200);
  let run: { status: string; result: unknown; error: string | null; duration_ms: number | null };
  await expect
    .poll(
      async () => {
        const log = await api('GET', '/api/sys/task/log', { id: String(task.id) });
        run = log.body.data.list.find((r: { id: number }) => r.id === once.body.data.run_id);
        return run?.status;
      },
      { timeout: 20_000 },
    )
    .toMatch(/succeeded|failed/);
  return run!;
};
const setParam = async (key: string, dataType: string, value: string) => {
  const res = await api('POST', '/api/sys/param/update', {
    key,
    name: `params.${key}`,
    dataType,
    value,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const usd = async () =>
  (
    await t.database.db
      .select({ rate: exchangeRates.rate })
      .from(exchangeRates)
      .where(eq(exchangeRates.currency, 'USD'))
  )[0]?.rate;

describe('the exchange-rate refresh task', () => {
  it('keeps the operators’ rates while the source is manual', async () => {
    const before = await usd();
    const run = await runOnce('rates.refresh');
    expect(run).toMatchObject({ status: 'succeeded', result: { source: 'manual', skipped: true } });
    expect(await usd()).toBe(before);
  });

  it('reads the ECB’s daily file once the parameter names it, from the next run on', async () => {
    await setParam('exchange_rate.source', 'string', '"ecb"');
    const run = await runOnce('rates.refresh');
    expect(run).toMatchObject({
      status: 'succeeded',
      result: { source: 'ecb', day: '2026-11-27', updated: 19 },
      error: null,
    });
    expect(run.duration_ms).toEqual(expect.any(Number));
    // 7.8000 CNY per euro over 1.0850 USD per euro.
    expect(await usd()).toBe('7.1889400922');
    expect(ecb.sim.stats.requests).toBe(1);
  });

  it('fails the run, with its reason in the log, when the source answers nothing usable', async () => {
    ecb.sim.setRates({});
    const run = await runOnce('rates.refresh');
    expect(run.status).toBe('failed');
    expect(run.error).toBeTruthy();
    expect(await usd()).toBe('7.1889400922');
  });
});

describe('the seeded tasks', () => {
  it('are named by i18n keys, the later defaults arrive once, and a deleted one stays deleted', async () => {
    const sync = await taskOf('orders.sync-all');
    expect(sync).toMatchObject({ name: 'task.name.orderSync', remark: 'task.remark.orderSync' });
    expect((await taskOf('listings.status-sync-all')).name).toBe('task.name.listingStatusSync');

    const { db } = t.database;
    // A platform of the first version: zh-CN names, no later tasks, nothing remembered.
    await db.delete(seededMenus).where(eq(seededMenus.scope, 'task'));
    await db.delete(sysTasks).where(eq(sysTasks.job, 'rates.refresh'));
    await db.update(sysTasks).set({ name: '订单同步' }).where(eq(sysTasks.id, sync.id));
    await seedTasks(db);
    expect((await taskOf('orders.sync-all')).name).toBe('task.name.orderSync');
    const refresh = await taskOf('rates.refresh');
    expect(refresh.name).toBe('task.name.ratesRefresh');

    await api('POST', '/api/sys/task/delete', { ids: [refresh.id] });
    await seedTasks(db);
    expect(await taskOf('rates.refresh')).toBeUndefined();
  });
});

describe('the listing-status sync', () => {
  it('reads each live listing back and records what the marketplace says', async () => {
    const { db } = t.database;
    const seller = await createSeller(db);
    const box = storeSecretBox(t.config);
    const [store] = await db
      .insert(stores)
      .values({
        ...sealAuth(box, {
          account: 'A1',
          accessToken: 'x',
          accessTokenExpiresAt: null,
          refreshToken: null,
          extra: {},
        }),
        sellerId: seller.sellerId,
        marketplace: 'amazon',
        marketSiteId: 1,
        alias: 'Status store',
        account: 'A1',
        source: 'sandbox',
      })
      .returning();
    const row = (sku: string, status: 'published' | 'publishing' | 'draft') => ({
      sellerId: seller.sellerId,
      storeId: store!.id,
      siteId: 1,
      currency: 'USD',
      status,
      parentSku: sku,
      remoteId: `R-${sku}`,
    });
    const made = await db
      .insert(listings)
      .values([
        row('LIVE', 'publishing'),
        row('GONE', 'published'),
        row('WAIT', 'publishing'),
        row('FAIL', 'published'),
        row('DRAFT', 'draft'),
      ])
      .returning({ id: listings.id, sku: listings.parentSku });
    const asked: string[] = [];
    const states: Record<string, 'live' | 'not_found' | 'pending'> = {
      LIVE: 'live',
      GONE: 'not_found',
      WAIT: 'pending',
    };
    const connector = {
      sandbox: true,
      async listingState(_session: unknown, ref: { sku: string; remoteId: string | null }) {
        asked.push(ref.sku);
        const status = states[ref.sku];
        if (!status)
          throw new MarketplaceError('amazon', 'rate_limit', 'QuotaExceeded', 'Too many', 429);
        return { remoteId: ref.remoteId, status, issues: [] };
      },
    } as unknown as MarketplaceConnector;
    const deps = {
      db,
      connectors: { amazon: connector },
      box,
      storage: t.storage,
      jobs: t.jobs,
    };
    const queued: unknown[] = [];
    const recorder = { enqueue: async (job: unknown) => (queued.push(job), 'job-id') };
    expect(await queueListingStatusSyncs(db, recorder)).toMatchObject({ intervalMinutes: 120 });
    expect(queued).toContainEqual(expect.objectContaining({ payload: { storeId: store!.id } }));

    const result = await runListingStatusSync(deps, {
      payload: { storeId: store!.id },
      log: pino({ level: 'silent' }),
      progress: async () => {},
    });
    expect(result).toEqual({ checked: 4, changed: 2, failed: 1 });
    expect(asked.sort()).toEqual(['FAIL', 'GONE', 'LIVE', 'WAIT']);
    const statuses = Object.fromEntries(
      (
        await db
          .select({ sku: listings.parentSku, status: listings.status })
          .from(listings)
          .where(eq(listings.storeId, store!.id))
      ).map((r) => [r.sku, r.status]),
    );
    expect(statuses).toEqual({
      LIVE: 'published',
      GONE: 'taken_down',
      WAIT: 'publishing',
      FAIL: 'published',
      DRAFT: 'draft',
    });
    expect(made).toHaveLength(5);
  });
});

describe('the order sync interval', () => {
  it('a scheduled run passes by a store whose last sync succeeded within sync.order_interval_minutes', async () => {
    const { db } = t.database;
    const seller = await createSeller(db);
    const storeId = await storeFor(db, seller.sellerId);
    await db.insert(jobs).values({
      kind: ORDERS_SYNC,
      sellerId: seller.sellerId,
      status: 'succeeded',
      payload: { storeId },
    });
    const ids = async (freshSeconds?: number) =>
      (await syncableStores(db, { storeIds: [storeId], freshSeconds })).map((s) => s.id);
    expect(await ids()).toEqual([storeId]);
    expect(await ids(60 * 60)).toEqual([]);
    // The job row was touched just now: a 1-second interval has passed once a second is over.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await ids(1)).toEqual([storeId]);
  });
});
