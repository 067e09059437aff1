import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedBase } from '../src/db/seed.ts';
import { createMessenger } from '../src/integrations/messengers.ts';
import { createJobRunner } from '../src/jobs/pg-boss-runner.ts';
import { registerJobHandlers } from '../src/jobs/handlers.ts';
import type { JobRunner } from '../src/jobs/runner.ts';

export const TEST_CAPTCHA = 'test-captcha';

export interface TestApp {
  app: App;
  database: Database;
  jobs: JobRunner;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database per call: in-memory PGlite, or a new database on the server named by
 * TEST_DATABASE_URL (dropped on close), migrated and seeded with the base data.
 */
export async function buildTestApp(
  opts: {
    jobs?: boolean;
    config?: Partial<Config>;
    /** Adds test-only routes or hooks before the app is ready. */
    setup?: (app: App) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await seedBase(database.db);
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEV_CAPTCHA_ANSWER: TEST_CAPTCHA,
      DATA_DIR: '/tmp/unused',
    },
    opts.config ?? {},
  );
  const messenger = createMessenger(config, database.db);
  const jobs = createJobRunner(database, { log: pino({ level: config.LOG_LEVEL }) });
  const app = await buildApp({ config, database, messenger, jobs });
  registerJobHandlers(jobs, { database, log: app.log });
  try {
    await opts.setup?.(app);
    if (opts.jobs) await jobs.start();
    await app.ready();
  } catch (error) {
    await app.close();
    await jobs.stop();
    await database.close();
    await drop();
    throw error;
  }
  return {
    app,
    database,
    jobs,
    config,
    close: async () => {
      await app.close();
      await jobs.stop();
      await database.close();
      await drop();
    },
  };
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { database: await openDatabase({ dataDir: null }), drop: async () => {} };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** `app.inject` with a JSON body and an optional bearer token; returns status and parsed envelope. */
export async function call(
  app: App,
  method: InjectOptions['method'],
  url: string,
  opts: {
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    ip?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{
  status: number;
  body: { code: number; data: any; message: string };
  res: LightMyRequestResponse;
}> {
  const res = await app.inject({
    method,
    url,
    query: opts.query,
    payload: opts.body as InjectOptions['payload'],
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });
  return { status: res.statusCode, body: res.json(), res };
}
