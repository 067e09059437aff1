import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/http/deps.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedBase } from '../src/seed/seed.ts';
import type { Connectors } from '../src/integrations/marketplaces/index.ts';
import { createMessenger } from '../src/integrations/messengers.ts';
import { createLocalStorage, type ObjectStorage } from '../src/integrations/object-storage.ts';
import { storeSecretBox } from '../src/integrations/secret-box.ts';
import type { RateSource } from '../src/integrations/exchange-rates/index.ts';
import { createJobRunner } from '../src/jobs/pg-boss-runner.ts';
import { registerJobHandlers } from '../src/jobs/handlers.ts';
import type { JobRunner } from '../src/jobs/runner.ts';
import { adminQuery, databaseUrl, scratchRoot } from './databases.ts';
import { createTranslator } from '../src/integrations/translator/index.ts';

export const TEST_CAPTCHA = 'test-captcha';
const execFileAsync = promisify(execFile);

export interface TestApp {
  app: App;
  database: Database;
  jobs: JobRunner;
  config: Config;
  storage: ObjectStorage;
  close(): Promise<void>;
}

export interface ScratchDatabase {
  /** A new handle on the database; several may be open at once on PostgreSQL. */
  open(): Promise<Database>;
  remove(): Promise<void>;
  /** The PGlite folder (a server started on it as DATA_DIR opens it); absent on PostgreSQL. */
  dataDir?: string;
  /** The PostgreSQL database (a server started with it as DATABASE_URL opens it); absent on PGlite. */
  url?: string;
}

/**
 * A new database of this test file's own, migrated and base-seeded: a copy of the run's
 * template (test/global-setup.ts), which costs a fraction of migrating. On the server named
 * by TEST_DATABASE_URL it is a new database; otherwise a PGlite folder in a temporary
 * directory, which outlives its handles (a restart test opens it again). `empty` gives one
 * nothing touched yet, for tests of what migrating does.
 */
export async function scratchDatabase(opts: { empty?: boolean } = {}): Promise<ScratchDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = await fs.mkdtemp(path.join(scratchRoot, 'test-pglite-'));
    // cp(1) copies the template's 1,400 files in a tenth of the time fs.cp takes.
    if (!opts.empty) await execFileAsync('cp', ['-R', `${inject('databaseTemplate')}/.`, dir]);
    return {
      dataDir: dir,
      open: () => openDatabase({ dataDir: dir }),
      remove: () => fs.rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? '' : ` TEMPLATE ${inject('databaseTemplate')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template}`);
  const url = databaseUrl(serverUrl, name);
  return {
    url,
    open: () => openDatabase({ url, dataDir: null }),
    remove: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A scratch database open for the whole test file, closed and removed after its tests; call it
 * at the top of a file (or a describe) and read the handle inside tests.
 */
export function databaseForFile(): () => Database {
  let scratch: ScratchDatabase | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    scratch = await scratchDatabase();
    database = await scratch.open();
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.remove();
  });
  return () => database!;
}

export interface StartAppOptions {
  jobs?: boolean;
  config?: Partial<Config>;
  /** Adds test-only routes or hooks before the app is ready. */
  setup?: (app: App) => void | Promise<void>;
  /** Instead of local disk in a temporary folder (e.g. S3 storage on the simulator). */
  storage?: ObjectStorage;
  /** Marketplace connectors for the app's config; none by default, so no test calls out by accident. */
  connectors?: (config: Config) => Connectors;
  /** Exchange-rate sources (e.g. the ECB simulator on its own port); none by default. */
  rateSources?: Record<string, RateSource>;
}

/** The app as main.ts builds it, on an open database seeded with the base data. */
export async function startApp(
  database: Database,
  opts: StartAppOptions = {},
): Promise<{
  app: App;
  jobs: JobRunner;
  config: Config;
  storage: ObjectStorage;
  stop(): Promise<void>;
}> {
  await seedBase(database.db);
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DEMO: '1',
      // The mounted simulators at their own pace; a test tells the story itself (demo-story).
      DEMO_STORY: 'off',
      LOG_LEVEL: 'silent',
      DEV_CAPTCHA_ANSWER: TEST_CAPTCHA,
      DATA_DIR: '/tmp/unused',
    },
    opts.config ?? {},
  );
  const messenger = createMessenger(config, database.db);
  const jobs = createJobRunner(database, { log: pino({ level: config.LOG_LEVEL }) });
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'test-files-'));
  const storage = opts.storage ?? createLocalStorage(filesDir);
  const connectors = opts.connectors?.(config) ?? {};
  const app = await buildApp({ config, database, messenger, jobs, storage, connectors });
  registerJobHandlers(jobs, {
    database,
    log: app.log,
    storage,
    connectors,
    box: storeSecretBox(config),
    messenger,
    site: { name: config.SITE_NAME, url: 'http://localhost' },
    translator: createTranslator(config),
    rateSources: opts.rateSources ?? {},
  });
  const stop = async () => {
    await app.close();
    await jobs.stop();
    await fs.rm(filesDir, { recursive: true, force: true });
  };
  try {
    await opts.setup?.(app);
    if (opts.jobs) await jobs.start();
    await app.ready();
  } catch (error) {
    await stop();
    throw error;
  }
  return { app, jobs, config, storage, stop };
}

/** A database of its own per call (`scratchDatabase`), with the app on it; `close` drops it all. */
export async function buildTestApp(opts: StartAppOptions = {}): Promise<TestApp> {
  const scratch = await scratchDatabase();
  const database = await scratch.open();
  const closeDatabase = async () => {
    await database.close();
    await scratch.remove();
  };
  let started;
  try {
    started = await startApp(database, opts);
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  const { app, jobs, config, storage, stop } = started;
  return {
    app,
    database,
    jobs,
    config,
    storage,
    close: async () => {
      await stop();
      await closeDatabase();
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
  body: { code: number; data: any; message: string; key?: string };
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
