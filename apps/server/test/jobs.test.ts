import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchas,
  idempotencyKeys,
  jobs,
  outboxMessages,
  sessions,
  verificationCodes,
} from '../src/db/schema.ts';
import { PURGE_EXPIRED } from '../src/jobs/handlers.ts';
import { TASKS_TICK } from '../src/modules/sys-tasks/index.ts';
import { loadConfig } from '../src/config.ts';
import { createJobRunner, EVERY_MINUTE } from '../src/jobs/pg-boss-runner.ts';
import { NotFoundError } from '../src/errors.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let operator: { token: string };

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

beforeAll(async () => {
  t = await buildTestApp();
  // Test kinds are defined before the workers start, like the real handlers.
  t.jobs.define('test.count', async (job) => {
    const { steps } = job.payload as { steps: number };
    for (let i = 1; i <= steps; i++) {
      await job.progress(i, steps, { key: 'jobs.progress.orders_read', params: { fetched: i } });
    }
    return { counted: steps, sellerId: job.sellerId };
  });
  t.jobs.define('test.fail', async () => {
    throw new NotFoundError('orders.store_not_found');
  });
  t.jobs.define('test.crash', async () => {
    throw new Error('connection string postgres://secret leaked');
  });
  await t.jobs.start();
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  operator = await createOperator(t.database.db);
});
afterAll(() => t?.close());

async function waitForJob(token: string, id: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(t.app, 'GET', `/api/jobs/${id}`, { token });
    if (
      res.status !== 200 ||
      ['succeeded', 'failed'].includes(res.body.data.status) ||
      Date.now() > until
    )
      return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('job runner end to end', () => {
  it('runs a seller job: queued, then progress to 100 and succeeded with its result', async () => {
    const id = await t.jobs.enqueue({
      kind: 'test.count',
      sellerId: seller.sellerId,
      payload: { steps: 3 },
      total: 3,
    });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ kind: 'test.count', sellerId: seller.sellerId, total: 3 });

    const { status, body } = await waitForJob(seller.token, id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id,
      kind: 'test.count',
      status: 'succeeded',
      progress: 100,
      done: 3,
      total: 3,
      message: '已读取 3 个订单',
      result: { counted: 3, sellerId: seller.sellerId },
    });
    expect(body.data.updatedAt).toBeGreaterThanOrEqual(body.data.createdAt);
    expect(body.data.createdAt).toBeLessThan(10_000_000_000);
  });

  it('hides a seller job from another seller but not from an operator', async () => {
    const id = await t.jobs.enqueue({
      kind: 'test.count',
      sellerId: seller.sellerId,
      payload: { steps: 1 },
    });
    await waitForJob(seller.token, id);
    const foreign = await call(t.app, 'GET', `/api/jobs/${id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(404);
    const admin = await call(t.app, 'GET', `/api/jobs/${id}`, { token: operator.token });
    expect(admin.status).toBe(200);
    expect(admin.body.data.status).toBe('succeeded');
  });

  it('says its progress in the reader language', async () => {
    const id = await t.jobs.enqueue({
      kind: 'test.count',
      sellerId: seller.sellerId,
      payload: { steps: 2 },
    });
    await waitForJob(seller.token, id);
    const zh = await call(t.app, 'GET', `/api/jobs/${id}`, {
      token: seller.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.data.message).toBe('已读取 2 个订单');
    const en = await call(t.app, 'GET', `/api/jobs/${id}`, {
      token: seller.token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.data.message).toBe('2 orders read');
  });

  it('records a failure with the typed error message and hides unexpected ones', async () => {
    const typed = await t.jobs.enqueue({ kind: 'test.fail', sellerId: seller.sellerId });
    const failed = await waitForJob(seller.token, typed);
    expect(failed.body.data).toMatchObject({
      status: 'failed',
      message: '店铺不存在',
    });
    const en = await call(t.app, 'GET', `/api/jobs/${typed}`, {
      token: seller.token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.data.message).toBe('Store not found');
    expect(failed.body.data.progress).toBeLessThan(100);

    const crash = await t.jobs.enqueue({ kind: 'test.crash', sellerId: seller.sellerId });
    const crashed = await waitForJob(seller.token, crash);
    expect(crashed.body.data).toMatchObject({
      status: 'failed',
      message: '任务意外失败',
    });
    expect(JSON.stringify(crashed.body)).not.toContain('secret');
  });

  it('purges expired rows through maintenance.purge-expired', async () => {
    const db = t.database.db;
    await db.insert(captchas).values([
      { key: 'expired', answerHash: 'x', expiresAt: ago(1000) },
      {
        key: 'used',
        answerHash: 'x',
        expiresAt: new Date(Date.now() + 60_000),
        usedAt: new Date(),
      },
      { key: 'live', answerHash: 'x', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await db.insert(verificationCodes).values([
      {
        purpose: 'login',
        target: 'old',
        codeHash: 'x',
        expiresAt: ago(2 * DAY),
        createdAt: ago(2 * DAY),
      },
      { purpose: 'login', target: 'new', codeHash: 'x', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await db.insert(sessions).values([
      {
        tokenHash: 'expired-long-ago',
        subjectType: 'user',
        subjectId: seller.userId,
        expiresAt: ago(8 * DAY),
      },
      {
        tokenHash: 'revoked-long-ago',
        subjectType: 'user',
        subjectId: seller.userId,
        expiresAt: new Date(Date.now() + DAY),
        revokedAt: ago(8 * DAY),
      },
      {
        tokenHash: 'revoked-recently',
        subjectType: 'user',
        subjectId: seller.userId,
        expiresAt: new Date(Date.now() + DAY),
        revokedAt: ago(DAY),
      },
    ]);
    await db.insert(outboxMessages).values([
      { channel: 'sms', recipient: 'old', subject: 's', body: 'b', createdAt: ago(8 * DAY) },
      { channel: 'sms', recipient: 'new', subject: 's', body: 'b' },
    ]);
    const key = { sellerId: seller.sellerId, route: '/api/pay/accountPay', requestHash: 'h' };
    await db.insert(idempotencyKeys).values([
      { ...key, key: 'paid-two-days-ago', createdAt: ago(2 * DAY) },
      { ...key, key: 'paid-an-hour-ago', createdAt: ago(3_600_000) },
    ]);

    const id = await t.jobs.enqueue({ kind: PURGE_EXPIRED, sellerId: null });
    const forSeller = await call(t.app, 'GET', `/api/jobs/${id}`, { token: seller.token });
    expect(forSeller.status).toBe(404);
    const { body } = await waitForJob(operator.token, id);
    expect(body.data).toMatchObject({
      status: 'succeeded',
      progress: 100,
      done: 8,
      total: 8,
      result: {
        captchas: 2,
        verificationCodes: 1,
        sessions: 2,
        outboxMessages: 1,
        idempotencyKeys: 1,
        loginLogs: 0,
        auditLogs: 0,
        operationLogs: 0,
      },
    });

    expect((await db.select({ key: captchas.key }).from(captchas)).map((c) => c.key)).toEqual([
      'live',
    ]);
    expect((await db.select().from(verificationCodes)).map((c) => c.target)).toEqual(['new']);
    const left = (await db.select({ h: sessions.tokenHash }).from(sessions)).map((s) => s.h);
    expect(left).toContain('revoked-recently');
    expect(left).not.toContain('expired-long-ago');
    expect(left).not.toContain('revoked-long-ago');
    // The fixtures' own live sessions stay.
    expect((await call(t.app, 'GET', '/api/get-menu', { token: seller.token })).status).toBe(200);
    expect((await db.select().from(outboxMessages)).map((m) => m.recipient)).toEqual(['new']);
    expect((await db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual([
      'paid-an-hour-ago',
    ]);
  });
});

describe('GET /api/jobs/:id', () => {
  it('needs a token', async () => {
    const res = await call(t.app, 'GET', '/api/jobs/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(401);
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    const unknown = await call(t.app, 'GET', '/api/jobs/00000000-0000-4000-8000-000000000000', {
      token: operator.token,
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(t.app, 'GET', '/api/jobs/not-a-uuid', { token: seller.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.data.fields).toHaveProperty('id');
  });

  it('reports a queued job at 0%', async () => {
    const [row] = await t.database.db
      .insert(jobs)
      .values({ kind: 'test.idle', sellerId: seller.sellerId, total: 10, done: 0 })
      .returning();
    const { status, body } = await call(t.app, 'GET', `/api/jobs/${row!.id}`, {
      token: seller.token,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      status: 'queued',
      progress: 0,
      total: 10,
      done: 0,
      result: null,
    });
  });
});

describe('runner lifecycle', () => {
  it('stops safely when never started', async () => {
    await expect(createJobRunner(t.database).stop()).resolves.toBeUndefined();
  });

  it('works a kind defined after the runner started', async () => {
    t.jobs.define('test.late', async (job) => {
      await job.progress(1, 1);
      return 'late';
    });
    const id = await t.jobs.enqueue({ kind: 'test.late', sellerId: seller.sellerId });
    const { body } = await waitForJob(seller.token, id);
    expect(body.data).toMatchObject({ status: 'succeeded', result: 'late' });
  });

  it('runs jobs of a kind side by side up to its concurrency', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    t.jobs.define(
      'test.pair',
      async () => {
        started += 1;
        if (started === 2) release();
        // Each job finishes only once both have started: one worker alone would never get there.
        await Promise.race([gate, new Promise((r) => setTimeout(r, 15_000))]);
        return started;
      },
      { concurrency: 2 },
    );
    const ids = await Promise.all(
      [1, 2].map(() => t.jobs.enqueue({ kind: 'test.pair', sellerId: seller.sellerId })),
    );
    const done = await Promise.all(ids.map((id) => waitForJob(seller.token, id)));
    expect(done.map((d) => d.body.data.result)).toEqual([2, 2]);
  });

  it('refuses to define a kind twice', () => {
    expect(() => t.jobs.define('test.count', async () => null)).toThrow(/already defined/);
  });

  it('schedules the task scheduler’s tick every minute in pg-boss when started', async () => {
    const rows = await t.database.raw.executeSql(
      'select name, cron from pgboss.schedule where name = $1',
      [TASKS_TICK],
    );
    expect(rows.rows).toEqual([{ name: TASKS_TICK, cron: EVERY_MINUTE }]);
  });

  it('drains a queue job after job, not one job per polling interval', async () => {
    // A pg-boss worker waits out its polling interval after each job unless woken; three jobs
    // queued behind a busy one took a minute and a half at a 30 s interval.
    const runner = createJobRunner(t.database, { pollingIntervalSeconds: 30 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runner.define('test.queue', async (job) => {
      if ((job.payload as { first?: boolean } | null)?.first) await gate;
      return 'done';
    });
    await runner.start();
    try {
      const first = await runner.enqueue({
        kind: 'test.queue',
        sellerId: seller.sellerId,
        payload: { first: true },
      });
      await expect
        .poll(async () => (await waitForJob(seller.token, first, 0)).body.data.status)
        .toBe('running');
      const rest = await Promise.all(
        [1, 2, 3].map(() => runner.enqueue({ kind: 'test.queue', sellerId: seller.sellerId })),
      );
      release();
      const done = await Promise.all(rest.map((id) => waitForJob(seller.token, id, 10_000)));
      expect(done.map((d) => d.body.data.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    } finally {
      await runner.stop();
    }
  });

  // Last: a second runner's start drops the schedules it does not know (the purge's above).
  it('runs a minute sweep every JOB_SWEEP_SECONDS instead, only in a demo', async () => {
    const runner = createJobRunner(t.database, { sweepSeconds: 1 });
    let runs = 0;
    runner.define('test.sweep', async () => (runs += 1));
    runner.schedule('test.sweep', EVERY_MINUTE);
    await runner.start();
    try {
      await expect.poll(() => runs, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      const cron = await t.database.raw.executeSql(
        'select name from pgboss.schedule where name = $1',
        ['test.sweep'],
      );
      expect(cron.rows).toEqual([]);
    } finally {
      await runner.stop();
    }
    expect(loadConfig({ DEMO: '1', JOB_SWEEP_SECONDS: '5' }).JOB_SWEEP_SECONDS).toBe(5);
    expect(() => loadConfig({ JOB_SWEEP_SECONDS: '5' })).toThrow(/JOB_SWEEP_SECONDS/);
  });
});
