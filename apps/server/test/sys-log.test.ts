import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, operationLogs } from '../src/db/schema.ts';
import { purgeExpired } from '../src/jobs/handlers.ts';
import { createOperator, createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;
let op: { adminId: number; token: string };
let seller: SellerFixture;
const username = `logop-${Date.now()}`;
beforeAll(async () => {
  t = await buildTestApp();
  op = await createOperator(t.database.db, { username });
  seller = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const sys = (method: 'GET' | 'POST', path: string, opts: Parameters<typeof call>[3] = {}) =>
  call(t.app, method, `/api/sys/log/${path}`, { token: op.token, ...opts });
type Row = { actor: string; actor_name: string | null; path: string; params: string | null };
/** The log is written after the answer is sent, so a search waits for the row to land. */
const search = async (query: Record<string, string>, expected: number) => {
  let list: Row[] = [];
  await expect
    .poll(async () => {
      const res = await sys('GET', 'page', { query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      list = res.body.data.list;
      return res.body.data.pagination.total;
    })
    .toBe(expected);
  return list;
};

describe('the operation log', () => {
  it('records operator and seller writes, masks secrets, and searches by who, path and time', async () => {
    const since = String(Math.floor(Date.now() / 1000) - 1);
    expect((await sys('POST', 'set-keep', { body: { value: 60 } })).status).toBe(200);
    const wrong = await call(t.app, 'POST', '/api/save-mem-pwd', {
      token: seller.token,
      body: {
        old_password: 'Not-it-123',
        password: 'N3w-secret-pw',
        password_confirmation: 'N3w-secret-pw',
      },
    });
    expect(wrong.status).toBe(422);
    // Reads are not operations.
    await call(t.app, 'GET', '/api/account/overview', { token: seller.token });

    const mine = await search({ name: username }, 1);
    expect(mine[0]).toMatchObject({
      actor: 'admin',
      actor_name: username,
      path: '/api/sys/log/set-keep',
      params: '{"value":60}',
    });
    const sellers = await search({ actor: 'user', path: 'save-mem-pwd', start: since }, 1);
    expect(sellers[0]).toMatchObject({ actor: 'user', status: 422, seller_id: seller.sellerId });
    expect(JSON.parse(sellers[0]!.params!)).toEqual({
      old_password: '***',
      password: '***',
      password_confirmation: '***',
    });
    await search({ path: 'account/overview' }, 0);
    await search({ name: username, end: String(Number(since) - 10) }, 0);
  });

  it('keeps rows for the operator’s keep-days: the hourly purge deletes older ones', async () => {
    expect((await sys('GET', 'get-keep')).body.data).toEqual({ value: 60 });
    expect((await sys('POST', 'set-keep', { body: { value: 7 } })).body.data).toEqual({ value: 7 });
    expect((await sys('GET', 'get-keep')).body.data).toEqual({ value: 7 });
    const day = 24 * 60 * 60 * 1000;
    const row = (daysAgo: number, path: string) => ({
      at: new Date(Date.now() - daysAgo * day),
      actorKind: 'admin' as const,
      actorId: op.adminId,
      method: 'POST',
      path,
      status: 200,
      durationMs: 1,
    });
    await t.database.db
      .insert(operationLogs)
      .values([row(8, '/api/purge/old'), row(6, '/api/purge/recent')]);
    const purged = await purgeExpired(t.database.db, { progress: async () => {} });
    expect(purged.operationLogs).toBe(1);
    const left = await t.database.db
      .select({ path: operationLogs.path })
      .from(operationLogs)
      .where(eq(operationLogs.actorId, op.adminId));
    expect(left.map((r) => r.path)).toContain('/api/purge/recent');
    expect(left.map((r) => r.path)).not.toContain('/api/purge/old');
  });

  it('refuses keep-days outside 1-3650 or not a number, naming the field', async () => {
    for (const value of [0, 3651, '7', 1.5]) {
      const res = await sys('POST', 'set-keep', { body: { value } });
      expect(res.status).toBe(422);
      expect(res.body.data.fields).toHaveProperty('value');
    }
    const bad = await sys('GET', 'page', { query: { method: 'GET' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('method');
  });

  it('clears every row, then logs the clearing itself', async () => {
    const cleared = await sys('POST', 'clear');
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.deleted).toBeGreaterThan(0);
    const after = await search({}, 1);
    expect(after[0]).toMatchObject({ actor: 'admin', path: '/api/sys/log/clear' });
  });

  it('answers seller tokens 403 and no token 401', async () => {
    for (const [method, path] of [
      ['GET', 'page'],
      ['POST', 'clear'],
      ['GET', 'get-keep'],
      ['POST', 'set-keep'],
    ] as const) {
      const body = method === 'POST' ? { value: 5 } : undefined;
      const asSeller = await sys(method, path, { token: seller.token, body });
      expect(asSeller.status, path).toBe(403);
      expect((await call(t.app, method, `/api/sys/log/${path}`, { body })).status).toBe(401);
    }
    expect((await sys('GET', 'get-keep')).body.data).toEqual({ value: 7 });
  });
});

describe('sys/info/record', () => {
  it('answers the server’s health to the operator', async () => {
    const record = () => call(t.app, 'GET', '/api/sys/info/record', { token: op.token });
    const queuedBefore = (await record()).body.data.jobs[0].count;
    await t.database.db
      .insert(jobs)
      .values({ kind: 'test.health', status: 'queued', sellerId: seller.sellerId });
    const res = await record();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const info = res.body.data;
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.node).toBe(process.version);
    expect(info.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(info.database.kind).toBe(t.database.kind);
    expect(info.database.size_bytes).toBeGreaterThan(0);
    expect(info.disk.free_bytes).toBeGreaterThan(0);
    expect(info.disk.total_bytes).toBeGreaterThanOrEqual(info.disk.free_bytes);
    expect(info.memory.rss_bytes).toBeGreaterThan(0);
    // Every status of the jobs table, an empty one as zero; the queue below holds one queued job.
    expect(info.jobs.map((j: { status: string }) => j.status)).toEqual([
      'queued',
      'running',
      'succeeded',
      'failed',
    ]);
    expect(info.jobs[0].count).toBe(queuedBefore + 1);
  });

  it('refuses sellers (403) and strangers (401)', async () => {
    const url = '/api/sys/info/record';
    expect((await call(t.app, 'GET', url, { token: seller.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
  });
});
