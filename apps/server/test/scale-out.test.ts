import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { MARKET_SITES } from '@app/shared';
import {
  combineSimulators,
  createMarketplaceSimulators,
  startSimulator,
  type RunningSimulator,
} from '@app/sim';
import { openDatabase, type Database } from '../src/db/client.ts';
import { jobs, listingBatchItems, listings, stores } from '../src/db/schema.ts';
import { prepareStoreSecretBox } from '../src/integrations/secret-box.ts';
import { sealAuth } from '../src/modules/markets/service.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { createSeller } from './fixtures.ts';
import { serverBundle } from './server-bundle.ts';

/**
 * Two server processes (`src/main.ts`, as deployed) on one empty PostgreSQL database, without
 * a STORE_SECRET_KEY and each with its own DATA_DIR, against one standalone marketplace
 * simulator. They must both come up (migrations under a lock), open each other's sealed store
 * credentials (the generated key lives in the database), stay within one Amazon store's
 * quota together (getListingsItem: 5 a second, bursts of 10, so at most 35 calls in 5 s),
 * and when one is killed mid-batch, the other resumes its job within 30 s under the same job
 * row, which the client follows to the end.
 */
const LISTINGS_PER_BATCH = 30;
const sims = createMarketplaceSimulators({ basePath: '/__sim' });
/** When each getListingsItem call (a takedown's first) reached the simulator. */
const reads: number[] = [];
let sim: RunningSimulator | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let database: Database | undefined;
const servers: ChildServer[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const { child } of servers) child.kill('SIGKILL');
  await database?.close();
  await dropDatabase?.();
  await sim?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts `src/main.ts`; resolves with its URL once it listens. */
function startServer(bundle: string, env: Record<string, string>): Promise<ChildServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
  dirs.push(dataDir);
  return startChildServer(bundle, {
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
}

async function post(url: string, token: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: any; message: string } };
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

it.skipIf(!process.env.TEST_DATABASE_URL)(
  'two processes on one PostgreSQL: start together, share keys and quotas, resume a killed job',
  async () => {
    const handler = combineSimulators(sims, '/__sim');
    sim = await startSimulator({
      handle(req, res) {
        if (req.method === 'GET' && req.url?.includes('/listings/')) reads.push(Date.now());
        handler.handle(req, res);
      },
    });
    const bundle = await serverBundle();
    const name = `t_scale_${randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const dbUrl = new URL(process.env.TEST_DATABASE_URL!);
    dbUrl.pathname = `/${name}`;
    const env = {
      DATABASE_URL: dbUrl.toString(),
      MARKETPLACE_SIM: 'on',
      SIM_BASE_URL: `${sim.url}/__sim`,
    };

    // 1. Started together on the empty database, both come up.
    const startedAt = Date.now();
    const [a, b] = await Promise.all([startServer(bundle, env), startServer(bundle, env)]);
    const startMs = Date.now() - startedAt;
    servers.push(a, b);

    // 2. A store sealed with the generated key opens on either process.
    database = await openDatabase({ url: dbUrl.toString(), dataDir: null });
    const { db } = database;
    const testDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-test-'));
    dirs.push(testDir);
    const box = await prepareStoreSecretBox(
      { STORE_SECRET_KEY: undefined, NODE_ENV: 'development', DATA_DIR: testDir },
      db,
    );
    const seller = await createSeller(db);
    const site = MARKET_SITES.find((s) => s.marketplace === 'amazon' && s.code === 'US')!;
    const auth = sims.amazon.grant('A1SCALEOUT0001', 'US');
    const [store] = await db
      .insert(stores)
      .values({
        ...sealAuth(box, auth),
        sellerId: seller.sellerId,
        marketplace: 'amazon',
        marketSiteId: site.id,
        alias: 'Scale-out',
        account: auth.account,
        source: 'sandbox',
      })
      .returning();
    for (const server of [a, b]) {
      const status = await post(`${server.url}/api/market/status`, seller.token, {
        id: store!.id,
      });
      expect(status.status, JSON.stringify(status.body)).toBe(200);
      expect(status.body.data.auth_status).toBe('active');
    }

    // 3. Two batches of takedowns for the one store, one started on each process.
    const rows = await db
      .insert(listings)
      .values(
        Array.from({ length: 2 * LISTINGS_PER_BATCH }, (_, i) => ({
          sellerId: seller.sellerId,
          storeId: store!.id,
          siteId: site.id,
          currency: 'USD',
          status: 'published' as const,
          parentSku: `SCALE-${i}`,
          remoteId: `SCALE-${i}`,
          title: `Tee ${i}`,
        })),
      )
      .returning({ id: listings.id });
    const ids = rows.map((r) => r.id);
    const started: string[] = [];
    for (const [server, part] of [
      [a, ids.slice(0, LISTINGS_PER_BATCH)],
      [b, ids.slice(LISTINGS_PER_BATCH)],
    ] as const) {
      const res = await post(`${server.url}/api/publish/batch-down`, seller.token, { ids: part });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      started.push(res.body.data.job_id as string);
    }
    const jobRows = () => db.select().from(jobs).where(inArray(jobs.id, started));
    await until(
      async () => reads.length > 0,
      10_000,
      async () =>
        JSON.stringify([await jobRows(), await db.select().from(listingBatchItems).limit(3)]),
    );
    await sleep(reads[0]! + 5_000 - Date.now());
    const inFiveSeconds = reads.filter((t) => t < reads[0]! + 5_000).length;
    // 4. Killed mid-batch, A's job resumes on B within 30 s and ends under the same row.
    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    await until(async () => (await jobRows()).some((j) => j.attempt > 0), 30_000);
    const resumedAfter = Date.now() - killedAt;
    await until(async () => (await jobRows()).every((j) => j.status === 'succeeded'), 30_000);
    const ended = await jobRows();
    console.log(
      `scale-out: both up in ${startMs} ms; ${inFiveSeconds} getListingsItem calls in the first 5 s; resumed ${resumedAfter} ms after the kill`,
    );
    expect(inFiveSeconds).toBeLessThanOrEqual(36);
    expect(resumedAfter).toBeLessThan(30_000);
    expect(ended.map((j) => [j.status, j.done, j.total])).toEqual([
      ['succeeded', LISTINGS_PER_BATCH, LISTINGS_PER_BATCH],
      ['succeeded', LISTINGS_PER_BATCH, LISTINGS_PER_BATCH],
    ]);
  },
  90_000,
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  state: () => Promise<string> = async () => '',
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) {
      const logs = servers.map((s) => s.output()).join('\n');
      throw new Error(`not within ${timeoutMs} ms: ${await state()}\n${logs}`);
    }
    await sleep(100);
  }
}
