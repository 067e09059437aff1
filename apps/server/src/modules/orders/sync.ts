import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, not, sql } from 'drizzle-orm';
import { DESK_STATUS, type DeskStatus, STORE_STATUS, toMinor } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import {
  orderItems,
  orderLogs,
  orders,
  orderSyncState,
  stores,
  type StoredOrderAddress,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  MarketplaceError,
  type MarketOrder,
  type MarketOrderDetails,
  type MarketOrderItem,
  type MarketplaceConnector,
  type StoreSession,
} from '../../integrations/marketplaces/connector.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { storeJobWithin } from '../../jobs/store-jobs.ts';
import { storeSessionFor, type StoreAccess, type StoreRow } from '../markets/service.ts';
import { itemSummary, itemsOf, storedAddress, type OrderItemRow, type OrderRow } from './rows.ts';
import { ofSeller } from '../../tenancy.ts';
import { refreshOrderFigures } from '../statistics/index.ts';
import { fetchPendingFees } from './sync-fees.ts';
import { lockStore } from './sync-lock.ts';

export const ORDERS_SYNC = 'orders.sync';
export const ORDERS_SYNC_ALL = 'orders.sync-all';

/** Marketplaces index updates a little late; re-reading this much before the watermark catches them. */
const OVERLAP_MS = 10 * 60_000;
/**
 * A waiting sync untouched this long died with its process (pg-boss expires jobs after as
 * long), so it no longer keeps the schedule from queueing the store.
 */
const STALE_JOB_SECONDS = 4 * 60 * 60;
/** How far back a store's first sync reaches. */
const FIRST_SYNC_MS = 90 * 24 * 60 * 60_000;
/**
 * How long one run fetches pending items (Amazon allows one order's items every two seconds,
 * 600 orders in this time); the rest wait for the next run, so a large store's first sync
 * never holds a job slot for hours.
 */
const ITEMS_BUDGET_MS = 20 * 60_000;
/**
 * A sync fetching a store's items renews its lease as it goes; one that died frees the store
 * this long after its last renewal.
 */
const ITEMS_LEASE_MS = 2 * 60_000;
/** Pending orders read at a time, open ones and the newest first. */
const ITEMS_BATCH = 20;
/** Fetched items are saved this many orders at a time, or once the oldest waited this long. */
const SAVE_BATCH = 10;
const SAVE_AFTER_MS = 1000;

export interface SyncResult {
  storeId: number;
  skipped: string | null;
  fetched: number;
  created: number;
  updated: number;
  /** Orders whose items were fetched after their header (connectors with `fetchOrderDetails`). */
  itemsLoaded: number;
  /** Orders still waiting for their items: left for the next run, or another run fetches them. */
  itemsPending: number;
  /** Orders whose marketplace fees were read (connectors with `fetchOrderFees`). */
  feesLoaded: number;
  /** Why the marketplace refused the fee calls, when it did; the orders keep no fees till a later run. */
  feesRefused: string | null;
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

/**
 * The one merge rule for statuses: the marketplace moves an order only when its own status
 * (`remote_status`, the text every connector derives `status` from) changed since the last
 * sync. A status the seller set here (a refund records the order as cancelled, though the
 * marketplace still says unshipped; a hold; a split) stands against the unchanged status a
 * later sync reads again, while a marketplace-side move (it cancelled or shipped the order)
 * applies, through `deskStatusAfter`, which never re-opens a closed order.
 */
export function statusesAfter(
  row: OrderRow,
  remote: MarketOrder,
): { orderStatus: OrderRow['orderStatus']; status: DeskStatus } {
  if (sameRemoteStatus(row.remoteStatus, remote.remoteStatus)) {
    return { orderStatus: row.orderStatus, status: row.status as DeskStatus };
  }
  return {
    orderStatus: remote.status,
    status: deskStatusAfter(row.status as DeskStatus, remote.status),
  };
}

/**
 * Amazon's Orders v0 spelled a status `PartiallyShipped` / `Canceled`, Orders 2026-01-01 spells
 * it `PARTIALLY_SHIPPED` / `CANCELLED`: an order stored before the switch has not moved when
 * only the spelling did.
 */
export function sameRemoteStatus(stored: string, remote: string): boolean {
  const key = (s: string) => s.replace(/_/g, '').toLowerCase().replace('cancelled', 'canceled');
  return key(stored) === key(remote);
}

type ItemValues = Omit<typeof orderItems.$inferInsert, 'orderId'>;

function itemValuesOf(items: MarketOrderItem[], currency: string): ItemValues[] {
  return items.map((i) => ({
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
  if (!sameRemoteStatus(row.remoteStatus, remote.remoteStatus)) {
    changes.status = { from: row.orderStatus, to: remote.status, remote: remote.remoteStatus };
  }
  if (row.localEdits) return changes;
  const totalMinor = toMinor(remote.total.amount, remote.total.currency);
  if (row.totalMinor !== totalMinor) changes.total = { from: row.total, to: remote.total.amount };
  // A header read has no items and a partial address: fetching the details compares those.
  if (remote.itemsPending) return changes;
  return { ...changes, ...detailChanges(row, items, remote.address, remoteItems) };
}

function detailChanges(
  row: OrderRow,
  items: OrderItemRow[],
  address: MarketOrder['address'],
  remoteItems: ItemValues[],
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (!sameAddress(row.address, storedAddress(address))) changes.address = true;
  if (itemsKey(items) !== itemsKey(remoteItems as OrderItemRow[])) changes.items = true;
  return changes;
}

async function insertOrder(db: Executor, store: StoreRow, remote: MarketOrder): Promise<void> {
  const currency = remote.total.currency;
  const items = itemValuesOf(remote.items, currency);
  // A header's address lacks the name and street an order address needs; its country is the zone.
  const address = remote.itemsPending ? null : storedAddress(remote.address);
  const zone = address?.country_code ?? (remote.address?.countryCode.toUpperCase() || null);
  const [row] = await db
    .insert(orders)
    .values({
      sellerId: store.sellerId,
      storeId: store.id,
      marketplace: store.marketplace,
      remoteId: remote.remoteId,
      number: remote.number ?? remote.remoteId,
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
      zone,
      orderFrom: 'sync',
      itemsPending: remote.itemsPending ?? false,
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

/**
 * Applies the marketplace's order to the stored one and logs what changed; answers the log
 * row's id, or null when nothing did. A header read (`itemsPending`) leaves items and address
 * alone and, when the marketplace touched the order, marks it for its items to be fetched again.
 */
async function updateOrder(
  db: Executor,
  row: OrderRow,
  items: OrderItemRow[],
  remote: MarketOrder,
): Promise<number | null> {
  const currency = remote.total.currency;
  const remoteItems = itemValuesOf(remote.items, currency);
  const changes = changesOf(row, items, remote, remoteItems);
  const { orderStatus, status } = statusesAfter(row, remote);
  const touched = row.remoteUpdatedAt.getTime() !== remote.updatedAt.getTime();
  const itemsPending = row.itemsPending || (!!remote.itemsPending && touched && !row.localEdits);
  if (Object.keys(changes).length === 0) {
    if (touched) {
      await db
        .update(orders)
        .set({ remoteUpdatedAt: remote.updatedAt, itemsPending })
        .where(eq(orders.id, row.id));
    }
    return null;
  }
  const set: Partial<typeof orders.$inferInsert> = {
    orderStatus,
    remoteStatus: remote.remoteStatus,
    remoteUpdatedAt: remote.updatedAt,
    fulfillmentChannel: remote.fulfillmentChannel,
    status,
    // A hold ends when the marketplace ships or cancels the order.
    statusBeforeHold: status === row.status ? row.statusBeforeHold : null,
    itemsPending,
    updatedAt: new Date(),
  };
  if (!row.localEdits) {
    Object.assign(set, {
      currency,
      totalMinor: toMinor(remote.total.amount, currency),
      total: remote.total.amount,
    });
    if (!remote.itemsPending) {
      Object.assign(set, addressValues(remote.address), itemSummaryOf(remoteItems));
      if (changes.items) await replaceItems(db, row.id, remoteItems);
    }
  }
  await db.update(orders).set(set).where(eq(orders.id, row.id));
  if (status !== row.status) changes.desk_status = { from: row.status, to: status };
  const [log] = await db
    .insert(orderLogs)
    .values({ orderId: row.id, userId: null, action: 'sync.updated', detail: changes })
    .returning({ id: orderLogs.id });
  return log!.id;
}

function addressValues(remote: MarketOrder['address']) {
  const address = storedAddress(remote);
  return { address, zone: address?.country_code ?? null };
}

const itemSummaryOf = (items: ItemValues[]) =>
  itemSummary(items.map((i) => ({ ...i, cancelledAt: null })));

async function replaceItems(db: Executor, orderId: number, items: ItemValues[]): Promise<void> {
  await db.delete(orderItems).where(eq(orderItems.orderId, orderId));
  if (items.length > 0) await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId })));
}

/**
 * Upserts one page of a store's orders in one transaction; answers how many were new, and the
 * log row written for each changed order.
 */
export async function savePage(
  db: Executor,
  store: StoreRow,
  page: MarketOrder[],
): Promise<{ created: number; logs: Map<number, number> }> {
  return db.transaction(async (tx) => {
    await lockStore(tx, store.id);
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
    const logs = new Map<number, number>();
    for (const remote of page) {
      const row = byRemote.get(remote.remoteId);
      if (!row) {
        await insertOrder(tx, store, remote);
        created++;
        continue;
      }
      const logId = await updateOrder(tx, row, items.get(row.id) ?? [], remote);
      if (logId !== null) logs.set(row.id, logId);
    }
    await refreshStoreFigures(tx, store.id, remoteIds);
    return { created, logs };
  });
}

/** The statistics of the page's orders, new and changed, recounted in the page's transaction. */
async function refreshStoreFigures(db: Executor, storeId: number, remoteIds: string[]) {
  if (remoteIds.length === 0) return;
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.remoteId, remoteIds)));
  await refreshOrderFigures(
    db,
    rows.map((r) => r.id),
  );
}

/**
 * Writes fetched items and full addresses in one transaction. The first fill of an order synced
 * from its header is part of its creation and not logged; a change to items it had is, merged
 * into the log this run already wrote for the order when there is one (`runLogs`), so one
 * marketplace change is one log row. Answers how many log rows it added.
 */
async function saveDetails(
  db: Executor,
  store: StoreRow,
  fetched: Array<{ id: number; details: MarketOrderDetails | null }>,
  runLogs: Map<number, number>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockStore(tx, store.id);
    const ids = fetched.map((f) => f.id);
    const rows = await tx.select().from(orders).where(inArray(orders.id, ids)).for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const stored = await itemsOf(tx, ids);
    let logged = 0;
    for (const { id, details } of fetched) {
      const row = byId.get(id);
      if (!row?.itemsPending) continue;
      // The seller's own items and address stand (as on a full sync); a vanished order keeps its header.
      if (!details || row.localEdits) {
        await tx.update(orders).set({ itemsPending: false }).where(eq(orders.id, id));
        continue;
      }
      const items = stored.get(id) ?? [];
      const remoteItems = itemValuesOf(details.items, row.currency);
      const changes = detailChanges(row, items, details.address, remoteItems);
      await tx
        .update(orders)
        .set({
          itemsPending: false,
          ...addressValues(details.address),
          ...itemSummaryOf(remoteItems),
        })
        .where(eq(orders.id, id));
      if (changes.items) await replaceItems(tx, id, remoteItems);
      if (items.length === 0 || Object.keys(changes).length === 0) continue;
      const logId = runLogs.get(id);
      if (logId !== undefined) {
        await tx
          .update(orderLogs)
          .set({ detail: sql`${orderLogs.detail} || ${JSON.stringify(changes)}::jsonb` })
          .where(eq(orderLogs.id, logId));
        continue;
      }
      const [log] = await tx
        .insert(orderLogs)
        .values({ orderId: id, userId: null, action: 'sync.updated', detail: changes })
        .returning({ id: orderLogs.id });
      runLogs.set(id, log!.id);
      logged++;
    }
    await refreshOrderFigures(tx, ids);
    return logged;
  });
}

/** Takes (or renews) the store's item-fetching lease; false while another sync holds it. */
async function takeItemsLease(db: Executor, storeId: number, holder: string): Promise<boolean> {
  const until = new Date(Date.now() + ITEMS_LEASE_MS);
  const taken = await db
    .insert(orderSyncState)
    .values({ storeId, itemsLeaseUntil: until, itemsLeaseHolder: holder })
    .onConflictDoUpdate({
      target: orderSyncState.storeId,
      set: { itemsLeaseUntil: until, itemsLeaseHolder: holder },
      setWhere: sql`${orderSyncState.itemsLeaseUntil} is null
        or ${orderSyncState.itemsLeaseUntil} < now()
        or ${orderSyncState.itemsLeaseHolder} = ${holder}`,
    })
    .returning({ storeId: orderSyncState.storeId });
  return taken.length > 0;
}

const pendingOf = (storeId: number) =>
  and(eq(orders.storeId, storeId), eq(orders.itemsPending, true));

/**
 * Fetches the items and full address of the store's orders synced from their headers, the
 * orders waiting on the seller (new, on hold, processing) first, then the newest, so the desk
 * fills in where it is looked at. One sync at a time per store (a lease), for ITEMS_BUDGET_MS
 * at most; what is left waits for the next run.
 */
async function fetchPendingItems(
  db: Executor,
  store: StoreRow,
  fetchDetails: (remoteId: string) => Promise<MarketOrderDetails | null>,
  job: Pick<JobContext, 'progress'>,
  runLogs: Map<number, number>,
): Promise<{ loaded: number; updated: number; pending: number }> {
  const holder = randomUUID();
  const result = { loaded: 0, updated: 0, pending: 0 };
  const countPending = async () =>
    (await db.select({ n: count() }).from(orders).where(pendingOf(store.id)))[0]!.n;
  const total = await countPending();
  if (total === 0) return result;
  if (!(await takeItemsLease(db, store.id, holder))) {
    await job.progress(0, total, { key: 'jobs.progress.items_elsewhere', params: { total } });
    return { ...result, pending: total };
  }
  let leasedAt = Date.now();
  const open = [DESK_STATUS.new, DESK_STATUS.on_hold, DESK_STATUS.processing];
  const deadline = Date.now() + ITEMS_BUDGET_MS;
  let unsaved: Array<{ id: number; details: MarketOrderDetails | null }> = [];
  let unsavedSince = 0;
  const save = async () => {
    if (unsaved.length === 0) return;
    result.updated += await saveDetails(db, store, unsaved, runLogs);
    result.loaded += unsaved.length;
    unsaved = [];
    if (Date.now() - leasedAt > ITEMS_LEASE_MS / 4) {
      await takeItemsLease(db, store.id, holder);
      leasedAt = Date.now();
    }
    await job.progress(result.loaded, total, {
      key: 'jobs.progress.items_loaded',
      params: { loaded: result.loaded, total },
    });
  };
  try {
    while (Date.now() < deadline) {
      const batch = await db
        .select({ id: orders.id, remoteId: orders.remoteId })
        .from(orders)
        .where(pendingOf(store.id))
        .orderBy(desc(inArray(orders.status, open)), desc(orders.purchasedAt), desc(orders.id))
        .limit(ITEMS_BATCH);
      if (batch.length === 0) break;
      for (const order of batch) {
        if (unsaved.length === 0) unsavedSince = Date.now();
        unsaved.push({ id: order.id, details: await fetchDetails(order.remoteId!) });
        // Within the rate's burst orders come in milliseconds apart and are saved together;
        // once throttled (a wait of two seconds per order) each is saved as it comes.
        if (unsaved.length >= SAVE_BATCH || Date.now() - unsavedSince >= SAVE_AFTER_MS) {
          await save();
        }
        if (Date.now() >= deadline) break;
      }
      await save();
    }
  } finally {
    await db
      .update(orderSyncState)
      .set({ itemsLeaseUntil: null, itemsLeaseHolder: null })
      .where(
        and(eq(orderSyncState.storeId, store.id), eq(orderSyncState.itemsLeaseHolder, holder)),
      );
  }
  return { ...result, pending: await countPending() };
}

/**
 * Pages through a store's orders changed since its watermark (minus the overlap), saving each
 * page in its own transaction, then moves the watermark to the newest `updatedAt` seen. A
 * failure leaves the watermark where it was, so the next run reads the same orders again.
 * Connectors with `fetchOrderDetails` (Amazon) page headers only, so every order is on the
 * desk within seconds; their items are fetched afterwards, the pending ones being marked in
 * the table, so that part survives a failure or a budget that ran out without the watermark.
 * Last, the marketplace fees of shipped orders that have none, where the connector reads them
 * (`sync-fees.ts`); a refusal there leaves the fees for a later run and the sync succeeded.
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
    itemsLoaded: 0,
    itemsPending: 0,
    feesLoaded: 0,
    feesRefused: null,
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
  const runLogs = new Map<number, number>();
  let items: ((remoteId: string) => Promise<MarketOrderDetails | null>) | null = null;
  try {
    const { connector, session } = storeSessionFor(access, store, { forWrite: true });
    items = detailsFetcher(connector, session);
    let cursor: string | null = null;
    await job.progress(0, undefined, {
      key: 'jobs.progress.fetching_orders',
      params: { store: store.alias },
    });
    do {
      const page = await connector.fetchOrders(session, {
        updatedAfter,
        cursor,
        headersOnly: items !== null,
      });
      const saved = await savePage(db, store, page.orders);
      result.fetched += page.orders.length;
      result.created += saved.created;
      result.updated += saved.logs.size;
      saved.logs.forEach((logId, orderId) => runLogs.set(orderId, logId));
      for (const order of page.orders) {
        if (!watermark || order.updatedAt > watermark) watermark = order.updatedAt;
      }
      await job.progress(result.fetched, undefined, {
        key: 'jobs.progress.orders_read',
        params: { fetched: result.fetched },
      });
      cursor = page.nextCursor;
    } while (cursor);
    await saveState(db, store.id, { updatedAfter: watermark });
    if (items) {
      const fetched = await fetchPendingItems(db, store, items, job, runLogs);
      result.itemsLoaded = fetched.loaded;
      result.itemsPending = fetched.pending;
      result.updated += fetched.updated;
    }
    const fees = await fetchPendingFees(db, store, connector, session, job);
    result.feesLoaded = fees.loaded;
    result.feesRefused = fees.refused;
    await saveState(db, store.id, { lastRunAt: startedAt, lastError: null });
  } catch (error) {
    // A store deleted meanwhile took its orders and sync state with it: nothing is left to
    // record, and its rows would now break the foreign keys.
    if (await storeGone(db, store.id)) return { ...result, skipped: STORE_GONE };
    const message = error instanceof AppError ? error.message : 'The sync failed unexpectedly';
    await saveState(db, store.id, { lastRunAt: startedAt, lastError: message });
    throw error;
  }
  return { ...result, watermark: watermark ? Math.floor(watermark.getTime() / 1000) : null };
}

const STORE_GONE = 'The store was deleted';

async function storeGone(db: Executor, storeId: number): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  return !row;
}

/** The connector's per-order detail call, an order it no longer knows answering null. */
function detailsFetcher(
  connector: MarketplaceConnector,
  session: StoreSession,
): ((remoteId: string) => Promise<MarketOrderDetails | null>) | null {
  if (!connector.fetchOrderDetails) return null;
  const fetchDetails = connector.fetchOrderDetails.bind(connector);
  return async (remoteId) => {
    try {
      return await fetchDetails(session, remoteId);
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'not_found') return null;
      throw error;
    }
  };
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
    .where(and(eq(stores.id, storeId), ofSeller(stores.sellerId, job.sellerId ?? -1)));
  if (!store)
    return {
      storeId,
      skipped: STORE_GONE,
      fetched: 0,
      created: 0,
      updated: 0,
      itemsLoaded: 0,
      itemsPending: 0,
      feesLoaded: 0,
      feesRefused: null,
      watermark: null,
    };
  return syncStore(access, store, job);
}

/**
 * Switched-on, authorized stores of the seller (or every seller); `skipQueued` leaves out those
 * with a sync waiting, `freshSeconds` those whose last sync succeeded that recently.
 */
export async function syncableStores(
  db: Executor,
  where: {
    sellerId?: number;
    storeIds?: number[];
    skipQueued?: boolean;
    freshSeconds?: number;
  } = {},
): Promise<StoreRow[]> {
  return db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.status, STORE_STATUS.on),
        eq(stores.authStatus, 'active'),
        where.sellerId === undefined ? undefined : ofSeller(stores.sellerId, where.sellerId),
        where.storeIds ? inArray(stores.id, where.storeIds) : undefined,
        where.skipQueued
          ? not(storeJobWithin(ORDERS_SYNC, ['queued', 'running'], STALE_JOB_SECONDS))
          : undefined,
        where.freshSeconds
          ? not(storeJobWithin(ORDERS_SYNC, ['succeeded'], where.freshSeconds))
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
