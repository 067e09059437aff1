import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpRevision, MENUS_REVISION } from '../src/db/revisions.ts';
import { menus, sysTasks } from '../src/db/schema.ts';
import { runDueTasks } from '../src/modules/sys-tasks/index.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;
let op: { token: string };
let seller: SellerFixture;
beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
  op = await createOperator(t.database.db);
  seller = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const sys = (
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; query?: Record<string, string>; token?: string } = {},
) => call(t.app, method, `/api/sys/task/${path}`, { token: op.token, ...opts });

type TaskRow = { id: number; job: string; status: string; next_run_at: number | null };
const orderSync = async (): Promise<TaskRow> => {
  const res = await sys('GET', 'list');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list.find((task: TaskRow) => task.job === 'orders.sync-all');
};

/** A runner that records what the scheduler's tick queues instead of running it. */
function recordingRunner() {
  const queued: string[] = [];
  return {
    queued,
    sweepSeconds: null,
    defines: () => true,
    enqueue: async ({ kind }: { kind: string }) => {
      queued.push(kind);
      // The run log references a real job row: borrow the runner's.
      return t.jobs.enqueue({ kind: 'test.noop', sellerId: null });
    },
  };
}

describe('scheduled tasks', () => {
  beforeAll(() => t.jobs.define('test.noop', async () => null));

  it('lists the default tasks, running, each with its next run', async () => {
    const res = await sys('GET', 'list');
    const jobsListed = res.body.data.list.map((task: TaskRow) => task.job);
    expect(jobsListed).toEqual(
      expect.arrayContaining([
        'orders.sync-all',
        'maintenance.purge-expired',
        'fba.sync-shipments',
      ]),
    );
    const sync = await orderSync();
    expect(sync).toMatchObject({ status: 'running', cron: '*/15 * * * *' });
    expect(sync.next_run_at).toEqual(expect.any(Number));
    const page = await sys('GET', 'page', { query: { keyword: 'orders.sync-all', size: '5' } });
    expect(page.body.data.pagination.total).toBe(1);
  });

  it('stopped, order sync is passed by at the tick; started again, it is queued', async () => {
    const sync = await orderSync();
    const stopped = await sys('POST', 'stop', { body: { id: sync.id } });
    expect(stopped.body.data).toMatchObject({ status: 'stopped', next_run_at: null });

    const later = new Date(Date.now() + 24 * 3600 * 1000);
    const first = recordingRunner();
    await runDueTasks(t.database.db, first, later);
    expect(first.queued).toContain('maintenance.purge-expired');
    expect(first.queued).not.toContain('orders.sync-all');

    const started = await sys('POST', 'start', { body: { id: sync.id } });
    expect(started.body.data.status).toBe('running');
    expect(started.body.data.next_run_at).toBeGreaterThan(0);
    const second = recordingRunner();
    await runDueTasks(t.database.db, second, new Date(later.getTime() + 3600 * 1000));
    expect(second.queued).toContain('orders.sync-all');
    // Claimed once: a second tick at the same moment queues nothing more.
    const third = recordingRunner();
    await runDueTasks(t.database.db, third, new Date(later.getTime() + 3600 * 1000));
    expect(third.queued).not.toContain('orders.sync-all');
  });

  it('runs once with a JSON body and logs the run with its duration and result', async () => {
    const sync = await orderSync();
    const data = { seller_id: seller.sellerId };
    const once = await sys('POST', 'once', { body: { id: sync.id, data } });
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    let run: Record<string, unknown> = {};
    await expect
      .poll(
        async () => {
          const log = await sys('GET', 'log', { query: { id: String(sync.id) } });
          run = log.body.data.list.find((r: { id: number }) => r.id === once.body.data.run_id);
          return run?.status;
        },
        { timeout: 20_000 },
      )
      .toBe('succeeded');
    expect(run).toMatchObject({ trigger: 'once', data, result: { queued: 0 }, error: null });
    expect(run.duration_ms).toEqual(expect.any(Number));
    expect(run.started_at).toEqual(expect.any(Number));
    expect((await orderSync()) as unknown).toMatchObject({
      last_run: { id: once.body.data.run_id, status: 'succeeded' },
    });
  });

  it('logs a failed run with its error', async () => {
    const sync = await orderSync();
    const once = await sys('POST', 'once', { body: { id: sync.id, data: { store_ids: 'all' } } });
    await expect
      .poll(
        async () =>
          (await sys('GET', 'log', { query: { id: String(sync.id) } })).body.data.list[0].status,
        { timeout: 20_000 },
      )
      .toBe('failed');
    const log = await sys('GET', 'log', { query: { id: String(sync.id) } });
    expect(log.body.data.list[0]).toMatchObject({ id: once.body.data.run_id });
    expect(log.body.data.list[0].error).toBe('输入有误');
  });

  it('adds, updates and deletes a task; a new cron moves the next run', async () => {
    const added = await sys('POST', 'add', {
      body: { name: 'Night sync', job: 'orders.sync-all', cron: '0 3 * * *', remark: 'nightly' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.id;
    expect(new Date(added.body.data.next_run_at * 1000).getMinutes()).toBe(0);
    const dup = await sys('POST', 'add', {
      body: { name: 'Night sync', job: 'orders.sync-all', cron: '0 3 * * *' },
    });
    expect(dup.status).toBe(409);
    const updated = await sys('POST', 'update', { body: { id, cron: '30 4 * * *' } });
    expect(updated.body.data).toMatchObject({ cron: '30 4 * * *', remark: 'nightly' });
    expect(new Date(updated.body.data.next_run_at * 1000).getMinutes()).toBe(30);
    const info = await sys('GET', 'info', { query: { id: String(id) } });
    expect(info.body.data.name).toBe('Night sync');
    expect((await sys('POST', 'delete', { body: { ids: [id] } })).body.data).toEqual({
      deleted: 1,
    });
    expect((await sys('GET', 'info', { query: { id: String(id) } })).status).toBe(404);
  });

  it('answers bad input 422 naming the field', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['add', { name: 'x', job: 'orders.sync-all', cron: 'every minute' }, 'cron'],
      ['add', { name: 'x', job: 'orders.sync-all', cron: '99 * * * *' }, 'cron'],
      ['add', { name: 'x', job: 'rm -rf', cron: '* * * * *' }, 'job'],
      ['add', { name: '', job: 'orders.sync-all', cron: '* * * * *' }, 'name'],
      ['once', { id: 1, data: [1, 2] }, 'data'],
      ['stop', { id: 'one' }, 'id'],
      ['update', { id: 1, cron: '* * *' }, 'cron'],
    ];
    for (const [path, body, field] of cases) {
      const res = await sys('POST', path, { body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.body.data.fields).toHaveProperty(field);
    }
    expect((await sys('GET', 'log', { query: { id: 'x' } })).status).toBe(422);
  });

  it('answers an unknown task 404', async () => {
    for (const [method, path, opts] of [
      ['GET', 'info', { query: { id: '999999' } }],
      ['GET', 'log', { query: { id: '999999' } }],
      ['POST', 'stop', { body: { id: 999999 } }],
      ['POST', 'start', { body: { id: 999999 } }],
      ['POST', 'once', { body: { id: 999999 } }],
      ['POST', 'update', { body: { id: 999999, name: 'x' } }],
      ['POST', 'delete', { body: { ids: [999999] } }],
    ] as const) {
      expect((await sys(method, path, opts)).status, path).toBe(404);
    }
  });

  it('answers seller tokens 403, and an operator without sys:task:stop 403', async () => {
    const sync = await orderSync();
    for (const [method, path] of [
      ['GET', 'list'],
      ['GET', 'page'],
      ['POST', 'stop'],
      ['POST', 'once'],
    ] as const) {
      const body = method === 'POST' ? { id: sync.id } : undefined;
      expect((await sys(method, path, { token: seller.token, body })).status, path).toBe(403);
    }
    await t.database.db.delete(menus).where(eq(menus.perms, 'sys:task:stop'));
    await bumpRevision(t.database.db, MENUS_REVISION);
    expect((await sys('POST', 'stop', { body: { id: sync.id } })).status).toBe(403);
    expect((await sys('GET', 'list')).status).toBe(200);
    const [row] = await t.database.db.select().from(sysTasks).where(eq(sysTasks.id, sync.id));
    expect(row!.status).toBe('running');
  });
});
