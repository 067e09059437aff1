import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { loadConfig, seedsDemo } from './config.ts';
import { openDatabase } from './db/client.ts';
import { describeError } from './describe-error.ts';
import { setPasswordHashCost } from './modules/auth/index.ts';
import { DEMO_LOGINS, operatorPasswordFor, seedBase, seedDemo } from './seed/seed.ts';
import { DEMO_STAFF, demoStoreOptions } from './seed/markets.ts';
import {
  amazonNotificationQueue,
  createMarketplaceConnectors,
  simulatorsEnabled,
} from './integrations/marketplaces/index.ts';
import { createSqsQueue } from './integrations/sqs.ts';
import { databaseBuckets } from './integrations/marketplaces/rate-buckets.ts';
import { createMessenger } from './integrations/messengers.ts';
import { createObjectStorage } from './integrations/storage.ts';
import { prepareStoreSecretBox, storeSecretBox } from './integrations/secret-box.ts';
import { createJobRunner } from './jobs/pg-boss-runner.ts';
import { registerJobHandlers } from './jobs/handlers.ts';
import { trackingDeps } from './integrations/tracking/index.ts';
import { createRateSources } from './integrations/exchange-rates/index.ts';
import { demoStoryOn } from './http/simulators.ts';
import { startDemoStory } from './modules/demo/index.ts';
import { createTranslator } from './integrations/translator/index.ts';
import { startAmazonNotifications } from './modules/webhooks/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** How long a shutdown waits for requests in flight before it cuts them. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env, {});
  const webDist = config.WEB_DIST ?? path.resolve(here, '../../web/dist');
  const log = pino({ level: config.LOG_LEVEL });
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? null : config.DATA_DIR,
    onConnectionError: (error) => log.warn({ err: error }, 'database connection ended'),
  });
  // Default credentials (the operator's, the demo seller's) exist only in a demo.
  const operatorPassword = operatorPasswordFor(config);
  await seedBase(database.db, { operatorPassword });
  await prepareStoreSecretBox(config, database.db);
  const storage = createObjectStorage(config);
  const jobs = createJobRunner(database, {
    log: log.child({ name: 'jobs' }),
    sweepSeconds: config.JOB_SWEEP_SECONDS,
  });
  const seededDemo = seedsDemo(config)
    ? await seedDemo(database.db, { storage, stores: demoStoreOptions(config), jobs })
    : false;

  const messenger = createMessenger(config, database.db);
  // Several processes share PostgreSQL, so they share the stores' request quotas there too;
  // PGlite is one process, whose own buckets are exact.
  const connectors = createMarketplaceConnectors(
    config,
    database.kind === 'postgres' ? { buckets: databaseBuckets(database.db) } : {},
  );
  const app = await buildApp({
    config: { ...config, WEB_DIST: webDist },
    database,
    messenger,
    jobs,
    storage,
    connectors,
  });
  registerJobHandlers(jobs, {
    database,
    log: app.log,
    storage,
    connectors,
    box: storeSecretBox(config),
    messenger,
    site: {
      name: config.SITE_NAME,
      url: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    },
    tracking: trackingDeps(config),
    rateSources: createRateSources(config),
    pushLeaseSeconds: config.SHIPMENT_PUSH_LEASE_SECONDS,
    translator: createTranslator(config),
  });
  // Starting also resumes the jobs a crash or shutdown left running.
  if (config.JOBS === 'on') await jobs.start();
  // A new demo fills its order desk and its purchase orders at once (DEMO_STORY).
  if (seededDemo && config.JOBS === 'on' && demoStoryOn(config)) {
    await startDemoStory(database.db, jobs, DEMO_LOGINS.seller.email);
  }

  let notifications: { stop(): Promise<void> } | null = null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await notifications?.stop();
    // Requests still in flight after the grace period are cut: one stuck client must not hold
    // up a restart (closing waits for every request in flight).
    const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    cut.unref();
    await app.close();
    clearTimeout(cut);
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  // Amazon's notifications (read once listening: the simulator's queue is served here).
  const amazonQueue = amazonNotificationQueue(config);
  if (config.JOBS === 'on' && connectors.amazon && amazonQueue) {
    notifications = startAmazonNotifications(
      { db: database.db, log: app.log.child({ name: 'amazon-notifications' }), connectors, jobs },
      createSqsQueue(amazonQueue),
    );
  }
  const url =
    config.PUBLIC_URL ?? address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `  ${config.SITE_NAME} is running at ${url}`,
    `  database: ${database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
    config.DEMO
      ? '  mode: demo (DEMO=1): dev outbox at /api/dev/outbox, simulators, demo logins, API docs'
      : '  mode: production (DEMO unset): no dev outbox, no simulators, no default passwords, no public API docs',
  ];
  if (config.DEMO) lines.push(`  API docs: ${url}/api/docs`);
  if (seededDemo) {
    lines.push(
      '  demo logins:',
      `    seller boss  ${DEMO_LOGINS.seller.email} / ${DEMO_LOGINS.seller.password}  (mobile ${DEMO_LOGINS.seller.mobile}; pay password ${DEMO_LOGINS.seller.payPassword})`,
      ...(simulatorsEnabled(config)
        ? [
            `    staff        ${DEMO_STAFF.map((s) => `${s.email} (${s.group})`).join(', ')} / ${DEMO_LOGINS.seller.password}  (their group's permissions, on their assigned store)`,
          ]
        : []),
    );
  }
  if (operatorPassword)
    lines.push(
      `    operator     ${DEMO_LOGINS.admin.username} / ${config.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : DEMO_LOGINS.admin.password}  (POST /api/sys/login/login)`,
    );
  if (config.DEV_CAPTCHA_ANSWER)
    lines.push(
      `  DEV_CAPTCHA_ANSWER is set: every captcha also accepts "${config.DEV_CAPTCHA_ANSWER}"`,
    );
  app.log.info({ mode: config.DEMO ? 'demo' : 'production' }, 'server started');
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(`Start-up failed: ${describeError(error)}`);
  process.exit(1);
});
