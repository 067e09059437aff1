import { isNotNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import {
  auditLogs,
  captchas,
  idempotencyKeys,
  loginLogs,
  outboxMessages,
  sessions,
  verificationCodes,
} from '../db/schema.ts';
import type { Connectors } from '../integrations/marketplaces/index.ts';
import type { Messenger } from '../integrations/messenger.ts';
import type { ObjectStorage } from '../integrations/object-storage.ts';
import type { SecretBox } from '../integrations/secret-box.ts';
import { AUDIT_RETENTION_DAYS } from '../modules/audit/index.ts';
import { purgeOperationLog } from '../modules/sys-log/index.ts';
import { ORDERS_AUTO_BUY, queueAutoBuy, runAutoBuy } from '../modules/auto-buy/index.ts';
import { DESIGN_RENDER, renderDesign } from '../modules/design/service.ts';
import { FBA_SYNC, syncOpenShipments } from '../modules/fba/index.ts';
import {
  ORDERS_SYNC,
  ORDERS_SYNC_ALL,
  queueStoreSyncs,
  runStoreSync,
} from '../modules/orders/sync.ts';
import { ORDERS_EXPORT, runOrderExport } from '../modules/orders/export.ts';
import { ORDERS_SYNC_ORDER, runOrderSync } from '../modules/orders/sync-order.ts';
import { kickShipmentPushes, ORDERS_SHIPMENT_PUSH } from '../modules/orders/shipment-push.ts';
import { runShipmentPushes } from '../modules/orders/shipment-push-job.ts';
import { ORDERS_IMPORT, runOrderImport } from '../modules/orders/import.ts';
import { NOTIFICATIONS_MAIL, sendNotificationMails } from '../modules/notifications/index.ts';
import {
  LISTINGS_IMAGES_TRANSLATE,
  registerListingJobs,
  registerListingStatusJobs,
  runImagesTranslate,
} from '../modules/listings/index.ts';
import type { Translator } from '../integrations/translator/index.ts';
import { RATES_REFRESH, refreshExchangeRates } from '../modules/templates/index.ts';
import type { RateSource } from '../integrations/exchange-rates/index.ts';
import {
  pollParcels,
  runShipImport,
  SHIP_IMPORT,
  TRACKING_POLL,
  type TrackingDeps,
} from '../modules/production/index.ts';
import { DEMO_STORY, runDemoStoryJob } from '../modules/demo/index.ts';
import { PICTURE_ZIP, runPictureZip } from '../modules/picture-zip/index.ts';
import { runDueTasks, TASKS_TICK } from '../modules/sys-tasks/index.ts';
import { paramValue } from '../modules/sys-params/index.ts';
import { EVERY_MINUTE, type PgBossJobRunner } from './pg-boss-runner.ts';
import type { JobContext } from './runner.ts';
import { ValidationError } from '../errors.ts';

export const PURGE_EXPIRED = 'maintenance.purge-expired';

/** A run of the order-sync task may name the stores or the seller it syncs (`sys/task/once`). */
const OrderSyncAllData = z
  .object({
    store_ids: z.array(z.number().int().positive()).max(1000).optional(),
    seller_id: z.number().int().positive().optional(),
  })
  .strict()
  .nullable();

const DAY_MS = 24 * 60 * 60 * 1000;
/** Codes outlive their 10-minute TTL by a day so support can still see what was sent. */
const CODE_RETENTION_MS = DAY_MS;
/** Old sessions and outbox messages are kept a week for troubleshooting. */
const SESSION_RETENTION_MS = 7 * DAY_MS;
const OUTBOX_RETENTION_MS = 7 * DAY_MS;
/**
 * A paying call's replay window: a client retries within minutes; a day covers a browser left
 * open overnight. After it the same key pays again, as the key's owner would then expect.
 */
const IDEMPOTENCY_RETENTION_MS = DAY_MS;

/** The boss's visit log reaches back this far. */
const LOGIN_LOG_RETENTION_MS = AUDIT_RETENTION_DAYS * DAY_MS;
const AUDIT_RETENTION_MS = AUDIT_RETENTION_DAYS * DAY_MS;

export type PurgeResult = Record<
  | 'captchas'
  | 'verificationCodes'
  | 'sessions'
  | 'outboxMessages'
  | 'idempotencyKeys'
  | 'loginLogs'
  | 'auditLogs'
  | 'operationLogs',
  number
>;

/** Deletes what can no longer be used, one table at a time, reporting progress per table. */
export async function purgeExpired(
  db: Executor,
  job: Pick<JobContext, 'progress'>,
): Promise<PurgeResult> {
  const now = Date.now();
  const before = (ms: number) => new Date(now - ms);
  const steps: Array<[keyof PurgeResult, () => Promise<unknown[]>]> = [
    [
      'captchas',
      () =>
        db
          .delete(captchas)
          .where(or(lt(captchas.expiresAt, new Date(now)), isNotNull(captchas.usedAt)))
          .returning({ key: captchas.key }),
    ],
    [
      'verificationCodes',
      () =>
        db
          .delete(verificationCodes)
          .where(lt(verificationCodes.createdAt, before(CODE_RETENTION_MS)))
          .returning({ id: verificationCodes.id }),
    ],
    [
      'sessions',
      () =>
        db
          .delete(sessions)
          .where(
            or(
              lt(sessions.expiresAt, before(SESSION_RETENTION_MS)),
              lt(sessions.revokedAt, before(SESSION_RETENTION_MS)),
            ),
          )
          .returning({ id: sessions.id }),
    ],
    [
      'outboxMessages',
      () =>
        db
          .delete(outboxMessages)
          .where(lt(outboxMessages.createdAt, before(OUTBOX_RETENTION_MS)))
          .returning({ id: outboxMessages.id }),
    ],
    [
      'idempotencyKeys',
      () =>
        db
          .delete(idempotencyKeys)
          .where(lt(idempotencyKeys.createdAt, before(IDEMPOTENCY_RETENTION_MS)))
          .returning({ key: idempotencyKeys.key }),
    ],
    [
      'loginLogs',
      () =>
        db
          .delete(loginLogs)
          .where(lt(loginLogs.createdAt, before(LOGIN_LOG_RETENTION_MS)))
          .returning({ id: loginLogs.id }),
    ],
    [
      'auditLogs',
      () =>
        db
          .delete(auditLogs)
          .where(lt(auditLogs.at, before(AUDIT_RETENTION_MS)))
          .returning({ id: auditLogs.id }),
    ],
    // The operator's keep-days (`sys/log/set-keep`), read at each run.
    ['operationLogs', () => purgeOperationLog(db, now)],
  ];

  const result: PurgeResult = {
    captchas: 0,
    verificationCodes: 0,
    sessions: 0,
    outboxMessages: 0,
    idempotencyKeys: 0,
    loginLogs: 0,
    auditLogs: 0,
    operationLogs: 0,
  };
  await job.progress(0, steps.length);
  for (const [index, [table, purge]] of steps.entries()) {
    result[table] = (await purge()).length;
    await job.progress(index + 1, steps.length, {
      key: 'jobs.progress.purged',
      params: { table, deleted: result[table] },
    });
  }
  return result;
}

/**
 * Every job kind the server runs. Recurring ones are rows of `sys_tasks` (their defaults in
 * `modules/sys-tasks`): the scheduler's minute tick queues those that are due.
 */
export function registerJobHandlers(
  runner: PgBossJobRunner,
  deps: {
    database: Database;
    log: FastifyBaseLogger;
    storage: ObjectStorage;
    connectors: Connectors;
    box: SecretBox;
    messenger: Messenger;
    /** The site's name and address, for the links in notification e-mails. */
    site: { name: string; url: string };
    /** The exchange-rate refresh's sources, by the names `exchange_rate.source` takes. */
    rateSources: Record<string, RateSource>;
    /** Carrier tracking; without it parcels are not polled. */
    tracking?: Pick<TrackingDeps, 'provider' | 'pollEverySeconds'> | null;
    /** How long a push a run claimed is its own before another run may take it again. */
    pushLeaseSeconds?: number;
    /** Machine translation for image work; without it those jobs fail with 503's message. */
    translator?: Translator | null;
  },
): void {
  runner.define(PURGE_EXPIRED, async (job) => {
    const result = await purgeExpired(deps.database.db, job);
    deps.log.info({ jobId: job.jobId, deleted: result }, 'purged expired rows');
    return result;
  });
  runner.define(TASKS_TICK, () => runDueTasks(deps.database.db, runner));
  runner.schedule(TASKS_TICK, EVERY_MINUTE);
  runner.define(DESIGN_RENDER, (job) =>
    renderDesign({ db: deps.database.db, storage: deps.storage }, job),
  );
  const stores = { db: deps.database.db, connectors: deps.connectors, box: deps.box };
  // A store's first sync can take minutes (Amazon allows one order's items every two seconds);
  // it must not hold back the other stores. Each store still syncs once at a time (advisory lock).
  // A run is bounded by its 20-minute item budget plus the order pages.
  // A sync that read orders of a store with auto-buy on queues its auto-buy.
  runner.define(
    ORDERS_SYNC,
    async (job) => {
      const result = await runStoreSync(stores, job);
      await queueAutoBuy(deps.database.db, runner, result);
      return result;
    },
    { concurrency: 4, expireInSeconds: 60 * 60 },
  );
  // An order a webhook named: one short read and one upsert, so many may run at once.
  runner.define(
    ORDERS_SYNC_ORDER,
    async (job) => {
      const result = await runOrderSync(stores, job);
      await queueAutoBuy(deps.database.db, runner, result);
      return result;
    },
    { concurrency: 4 },
  );
  // One at a time per process: each order is one short transaction under the seller's money lock.
  runner.define(ORDERS_AUTO_BUY, (job) => runAutoBuy(deps.database.db, job));
  runner.define(ORDERS_SYNC_ALL, async (job) => {
    const parsed = OrderSyncAllData.safeParse(job.payload);
    // A run once with a body it cannot read says so in the task's log.
    if (!parsed.success) throw new ValidationError({ data: 'validation.invalid_input' });
    const data = parsed.data;
    // A scheduled run honours `sync.order_interval_minutes` (read now, so a change applies from
    // this run); a run once naming stores or a seller syncs them whenever asked.
    const named = data?.store_ids !== undefined || data?.seller_id !== undefined;
    const interval = named
      ? null
      : await paramValue(deps.database.db, 'sync.order_interval_minutes');
    const where = {
      skipQueued: true,
      ...(interval ? { freshSeconds: interval * 60 } : {}),
      ...(data?.store_ids ? { storeIds: data.store_ids } : {}),
      ...(data?.seller_id ? { sellerId: data.seller_id } : {}),
    };
    return { queued: (await queueStoreSyncs(deps.database.db, runner, where)).length };
  });
  // One run sends every due push; a kick after save-logistics starts one at once, the minute
  // sweep picks up the rest (and the backoffs that came due). Ten thousand Amazon packages at
  // 2 a second take under 90 minutes.
  runner.define(
    ORDERS_SHIPMENT_PUSH,
    (job) => runShipmentPushes(stores, job, { leaseSeconds: deps.pushLeaseSeconds }),
    { expireInSeconds: 2 * 60 * 60 },
  );
  registerListingJobs(runner, { ...stores, storage: deps.storage, jobs: runner });
  // OCR is one worker per process, so one listing's images at a time.
  runner.define(LISTINGS_IMAGES_TRANSLATE, (job) =>
    runImagesTranslate(
      { ...stores, storage: deps.storage, jobs: runner, translator: deps.translator ?? null },
      job,
    ),
  );
  registerListingStatusJobs(runner, { ...stores, storage: deps.storage, jobs: runner });
  runner.define(RATES_REFRESH, () => refreshExchangeRates(deps.database.db, deps.rateSources));
  const files = { db: deps.database.db, storage: deps.storage };
  // 100,000 rows take under 30 s on the bench; an hour leaves room for the largest files.
  const fileWork = { expireInSeconds: 60 * 60 };
  runner.define(ORDERS_EXPORT, (job) => runOrderExport(files, job), fileWork);
  runner.define(ORDERS_IMPORT, (job) => runOrderImport(files, job), fileWork);
  runner.define(PICTURE_ZIP, (job) => runPictureZip(files, job), fileWork);
  // The tracking of the packages it shipped goes out now, not at the minute sweep.
  runner.define(SHIP_IMPORT, async (job) => {
    const result = await runShipImport({ db: deps.database.db, log: deps.log }, job);
    await kickShipmentPushes(runner);
    return result;
  });
  // Notification e-mails owed by the minute: the bell shows the news at once anyway.
  runner.define(NOTIFICATIONS_MAIL, () =>
    sendNotificationMails({
      db: deps.database.db,
      log: deps.log,
      messenger: deps.messenger,
      siteName: deps.site.name,
      siteUrl: deps.site.url,
    }),
  );
  // FBA shipments are read back from Amazon until it closes them, as often as parcels are.
  runner.define(FBA_SYNC, () =>
    syncOpenShipments({
      ...stores,
      log: deps.log,
      everySeconds: deps.tracking?.pollEverySeconds ?? 30 * 60,
    }),
  );
  // Queued once, at the demo's first start (DEMO_STORY); it waits up to ten minutes for syncs.
  runner.define(DEMO_STORY, (job) => runDemoStoryJob(deps.database.db, job), {
    expireInSeconds: 30 * 60,
  });
  const tracking = deps.tracking;
  if (tracking) {
    runner.define(TRACKING_POLL, (job) =>
      pollParcels({ db: deps.database.db, log: deps.log, ...tracking }, job),
    );
  }
}
