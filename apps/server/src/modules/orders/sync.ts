import { and, eq, inArray, sql } from 'drizzle-orm';
import { DESK_STATUS, STORE_STATUS, type DeskStatus } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { LOCKS } from '../../db/locks.ts';
import {
  jobs,
  orderItems,
  orderLogs,
  orders,
  orderSyncState,
  stores,
  type StoredOrderAddress,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { MarketOrder } from '../../integrations/marketplaces/connector.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { storeSessionFor, type StoreAccess, type StoreRow } from '../markets/service.ts';
import { toMinor } from './money.ts';
import { itemSummary, itemsOf, storedAddress, type OrderItemRow, type OrderRow } from './rows.ts';

export const ORDERS_SYNC = 'orders.sync';
export const ORDERS_SYNC_ALL = 'orders.sync-all';
export const EVERY_15_MINUTES = '*/15 * * * *';

/** Marketplaces index updates a little late; re-reading this much before the watermark catches them. */
const OVERLAP_MS = 10 * 60_000;
/**
 * A waiting sync untouched this long died with its process (pg-boss expires jobs after as
 * long), so it no longer keeps the schedule from queueing the store.
 */
const STALE_JOB_SECONDS = 4 * 60 * 60;
/** How far back a store's first sync reaches. */
const FIRST_SYNC_MS = 90 * 24 * 60 * 60_000;

export interface SyncResult {
  storeId: number;
  skipped: string | null;
  fetched: number;
  created: number;
  updated: number;
  watermark: number | null;
}

/** The seller's desk status an order takes when the marketplace moves it. */
function deskStatusAfter(current: DeskStatus | null, remote: MarketOrder['status']): DeskStatus {
  const open: number[] = [DESK_STATUS.new, DESK_STATUS.on_hold, DESK_STATUS.processing];
  if (current === null) {
    if (remote === 'canceled') return DESK_STATUS.cancelled;
    if (remote === 'shipped') return DESK_STATUS.shipped;
    return DESK_STATUS.new;
  }
  // A purchased order keeps its purchase order; the seller cancels that one deliberately.
  if (!open.includes(current)) return current;
  if (remote === 'canceled') return DESK_STATUS.cancelled;
  if (remote === 'shipped') return DESK_STATUS.shipped;
  return current;
}

type ItemValues = Omit<typeof orderItems.$inferInsert, 'orderId'>;

function itemValuesOf(remote: MarketOrder, currency: string): ItemValues[] {
  return remote.items.map((i) => ({
    remoteItemId: i.remoteItemId,
    sku: i.sku,
    title: i.title,
    quantity: i.quantity,
    quantityShipped: i.quantityShipped,
    lineTotalMinor: toMinor(i.lineTotal.amount, currency),
    lineTotal: i.lineTotal.amount,
  }));
}

const itemsKey = (
  items: Array<
    Pick<OrderItemRow, 'remoteItemId' | 'sku' | 'quantity' | 'quantityShipped' | 'lineTotalMinor'>
  >,
) =>
  JSON.stringify(
    items.map((i) => [i.remoteItemId, i.sku, i.quantity, i.quantityShipped, i.lineTotalMinor]),
  );

/** Field by field: jsonb hands keys back in its own order, so the JSON texts differ. */
function sameAddress(a: StoredOrderAddress | null, b: StoredOrderAddress | null): boolean {
  if (!a || !b) return a === b;
  return (Object.keys(b) as Array<keyof StoredOrderAddress>).every((key) => a[key] === b[key]);
}

/** What changed between the stored order and the marketplace's, as the order log records it. */
function changesOf(
  row: OrderRow,
  items: OrderItemRow[],
  remote: MarketOrder,
  remoteItems: ItemValues[],
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (row.orderStatus !== remote.status || row.remoteStatus !== remote.remoteStatus) {
    changes.status = { from: row.orderStatus, to: remote.status, remote: remote.remoteStatus };
  }
  if (row.localEdits) return changes;
  const totalMinor = toMinor(remote.total.amount, remote.total.currency);
  if (row.totalMinor !== totalMinor) changes.total = { from: row.total, to: remote.total.amount };
  if (!sameAddress(row.address, storedAddress(remote.address))) changes.address = true;
  if (itemsKey(items) !== itemsKey(remoteItems as OrderItemRow[])) changes.items = true;
  return changes;
}

async function insertOrder(db: Executor, store: StoreRow, remote: MarketOrder): Promise<void> {
  const currency = remote.total.currency;
  const items = itemValuesOf(remote, currency);
  const address = storedAddress(remote.address);
  const [row] = await db
    .insert(orders)
    .values({
      sellerId: store.sellerId,
      storeId: store.id,
      marketplace: store.marketplace,
      remoteId: remote.remoteId,
      number: remote.remoteId,
      orderStatus: remote.status,
      status: deskStatusAfter(null, remote.status),
      remoteStatus: remote.remoteStatus,
      purchasedAt: remote.purchasedAt,
      remoteUpdatedAt: remote.updatedAt,
      currency,
      totalMinor: toMinor(remote.total.amount, currency),
      total: remote.total.amount,
      fulfillmentChannel: remote.fulfillmentChannel,
      address,
      zone: address?.country_code ?? null,
      orderFrom: 'sync',
      ...itemSummary(items.map((i) => ({ ...i, cancelledAt: null }))),
    })
    .returning({ id: orders.id, status: orders.status });
  if (items.length > 0) {
    await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row!.id })));
  }
  await db.insert(orderLogs).values({
    orderId: row!.id,
    userId: null,
    action: 'sync.created',
    detail: {
      order_status: remote.status,
      remote_status: remote.remoteStatus,
      status: row!.status,
    },
  });
}

async function updateOrder(
  db: Executor,
  row: OrderRow,
  items: OrderItemRow[],
  remote: MarketOrder,
): Promise<boolean> {
  const currency = remote.total.currency;
  const remoteItems = itemValuesOf(remote, currency);
  const changes = changesOf(row, items, remote, remoteItems);
  const status = deskStatusAfter(row.status as DeskStatus, remote.status);
  if (Object.keys(changes).length === 0) {
    if (row.remoteUpdatedAt.getTime() !== remote.updatedAt.getTime()) {
      await db
        .update(orders)
        .set({ remoteUpdatedAt: remote.updatedAt })
        .where(eq(orders.id, row.id));
    }
    return false;
  }
  const set: Partial<typeof orders.$inferInsert> = {
    orderStatus: remote.status,
    remoteStatus: remote.remoteStatus,
    remoteUpdatedAt: remote.updatedAt,
    fulfillmentChannel: remote.fulfillmentChannel,
    status,
    // A hold ends when the marketplace ships or cancels the order.
    statusBeforeHold: status === row.status ? row.statusBeforeHold : null,
    updatedAt: new Date(),
  };
  if (!row.localEdits) {
    const address = storedAddress(remote.address);
    Object.assign(set, {
      currency,
      totalMinor: toMinor(remote.total.amount, currency),
      total: remote.total.amount,
      address,
      zone: address?.country_code ?? null,
      ...itemSummary(remoteItems.map((i) => ({ ...i, cancelledAt: null }))),
    });
    if (changes.items) {
      await db.delete(orderItems).where(eq(orderItems.orderId, row.id));
      if (remoteItems.length > 0) {
        await db.insert(orderItems).values(remoteItems.map((i) => ({ ...i, orderId: row.id })));
      }
    }
  }
  await db.update(orders).set(set).where(eq(orders.id, row.id));
  if (status !== row.status) changes.desk_status = { from: row.status, to: status };
  await db
    .insert(orderLogs)
    .values({ orderId: row.id, userId: null, action: 'sync.updated', detail: changes });
  return true;
}

/** Upserts one page of a store's orders in one transaction; answers how many were new and changed. */
async function savePage(
  db: Executor,
  store: StoreRow,
  page: MarketOrder[],
): Promise<{ created: number; updated: number }> {
  return db.transaction(async (tx) => {
    // Two syncs of one store (a click and the schedule) must not both insert an order.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.orderSync}::int, ${store.id}::int)`);
    const remoteIds = [...new Set(page.map((o) => o.remoteId))];
    const existing =
      remoteIds.length === 0
        ? []
        : await tx
            .select()
            .from(orders)
            .where(and(eq(orders.storeId, store.id), inArray(orders.remoteId, remoteIds)));
    const byRemote = new Map(existing.map((r) => [r.remoteId!, r]));
    const items = await itemsOf(
      tx,
      existing.map((r) => r.id),
    );
    let created = 0;
    let updated = 0;
    for (const remote of page) {
      const row = byRemote.get(remote.remoteId);
      if (!row) {
        await insertOrder(tx, store, remote);
        created++;
      } else if (await updateOrder(tx, row, items.get(row.id) ?? [], remote)) {
        updated++;
      }
    }
    return { created, updated };
  });
}

/**
 * Pages through a store's orders changed since its watermark (minus the overlap), saving each
 * page in its own transaction, then moves the watermark to the newest `updatedAt` seen. A
 * failure leaves the watermark where it was, so the next run reads the same orders again.
 * A switched-off store is skipped, never synced; one that needs authorizing again fails with
 * that message, kept in `order_sync_state.last_error`.
 */
export async function syncStore(
  access: StoreAccess,
  store: StoreRow,
  job: Pick<JobContext, 'progress'>,
): Promise<SyncResult> {
  const result: SyncResult = {
    storeId: store.id,
    skipped: null,
    fetched: 0,
    created: 0,
    updated: 0,
    watermark: null,
  };
  if (store.status !== STORE_STATUS.on) return { ...result, skipped: 'The store is switched off' };
  const { db } = access;
  const [state] = await db
    .select()
    .from(orderSyncState)
    .where(eq(orderSyncState.storeId, store.id));
  const startedAt = new Date();
  const updatedAfter = state?.updatedAfter
    ? new Date(state.updatedAfter.getTime() - OVERLAP_MS)
    : new Date(startedAt.getTime() - FIRST_SYNC_MS);
  let watermark = state?.updatedAfter ?? null;
  try {
    const { connector, session } = storeSessionFor(access, store, { forWrite: true });
    let cursor: string | null = null;
    await job.progress(0, undefined, `Fetching orders of ${store.alias}`);
    do {
      const page = await connector.fetchOrders(session, { updatedAfter, cursor });
      const saved = await savePage(db, store, page.orders);
      result.fetched += page.orders.length;
      result.created += saved.created;
      result.updated += saved.updated;
      for (const order of page.orders) {
        if (!watermark || order.updatedAt > watermark) watermark = order.updatedAt;
      }
      await job.progress(result.fetched, undefined, `${result.fetched} orders read`);
      cursor = page.nextCursor;
    } while (cursor);
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The sync failed unexpectedly';
    await saveState(db, store.id, { lastRunAt: startedAt, lastError: message });
    throw error;
  }
  await saveState(db, store.id, { updatedAfter: watermark, lastRunAt: startedAt, lastError: null });
  return { ...result, watermark: watermark ? Math.floor(watermark.getTime() / 1000) : null };
}

async function saveState(
  db: Executor,
  storeId: number,
  values: Partial<typeof orderSyncState.$inferInsert>,
): Promise<void> {
  await db
    .insert(orderSyncState)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: orderSyncState.storeId, set: values });
}

/** The `orders.sync` job: one store of the job's seller. */
export async function runStoreSync(access: StoreAccess, job: JobContext): Promise<SyncResult> {
  const storeId = Number((job.payload as { storeId?: unknown } | null)?.storeId);
  const [store] = await access.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.sellerId, job.sellerId ?? -1)));
  if (!store)
    return {
      storeId,
      skipped: 'The store no longer exists',
      fetched: 0,
      created: 0,
      updated: 0,
      watermark: null,
    };
  return syncStore(access, store, job);
}

/** Switched-on, authorized stores of the seller (or every seller); `skipQueued` leaves out those with a sync waiting. */
export async function syncableStores(
  db: Executor,
  where: { sellerId?: number; storeIds?: number[]; skipQueued?: boolean } = {},
): Promise<StoreRow[]> {
  const storeIdText = sql<string>`${jobs.payload}->>'storeId'`;
  return db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.status, STORE_STATUS.on),
        eq(stores.authStatus, 'active'),
        where.sellerId === undefined ? undefined : eq(stores.sellerId, where.sellerId),
        where.storeIds ? inArray(stores.id, where.storeIds) : undefined,
        where.skipQueued
          ? sql`not exists (select 1 from ${jobs} where ${jobs.kind} = ${ORDERS_SYNC}
          and ${jobs.status} in ('queued', 'running') and ${storeIdText} = ${stores.id}::text
          and ${jobs.updatedAt} > now() - make_interval(secs => ${STALE_JOB_SECONDS}))`
          : undefined,
      ),
    );
}

/** Queues one `orders.sync` per syncable store; answers the job id of each. */
export async function queueStoreSyncs(
  db: Executor,
  runner: Pick<JobRunner, 'enqueue'>,
  where: Parameters<typeof syncableStores>[1],
): Promise<Array<{ storeId: number; jobId: string }>> {
  const list = await syncableStores(db, where);
  const queued = [];
  for (const store of list) {
    const jobId = await runner.enqueue({
      kind: ORDERS_SYNC,
      sellerId: store.sellerId,
      payload: { storeId: store.id },
    });
    queued.push({ storeId: store.id, jobId });
  }
  return queued;
}
