import { and, asc, eq, gte, isNull, notExists } from 'drizzle-orm';
import { DESK_STATUS, STORE_STATUS, type PurchaseOrderAddress } from '@app/shared';
import type { z } from 'zod';
import { systemCtx, type Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  autoBuys,
  orderItems,
  orders,
  stores,
  type AutoBuyOutcome,
  type StoredOrderAddress,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { ofSeller, ownedBy, sellerIdOf } from '../../tenancy.ts';
import {
  countryOf,
  placePurchaseOrder,
  quoteOrder,
  sharedStockChanges,
  skuLines,
} from '../cart/index.ts';
import { accountPay, lockSellerMoney } from '../finance/index.ts';
import { markAwaitingFunds, matchFinishedSkus, writeOrderLog } from '../orders/index.ts';
import { spentToday } from './settings.ts';

export const ORDERS_AUTO_BUY = 'orders.auto-buy';

export interface AutoBuyResult {
  storeId: number;
  paid: number;
  awaitingFunds: number;
  skipped: number;
}

/**
 * After a sync of a store with auto-buy on that read any order, queues the store's auto-buy:
 * the sync brings new paid orders (or orders paid since, or items loaded for them). The job
 * decides per order, so a run with nothing to buy costs one query.
 */
export async function queueAutoBuy(
  db: Executor,
  runner: Pick<JobRunner, 'enqueue'>,
  sync: { storeId: number; skipped: string | null; fetched: number; itemsLoaded: number },
): Promise<string | null> {
  if (sync.skipped !== null || sync.fetched + sync.itemsLoaded === 0) return null;
  const [store] = await db
    .select({ sellerId: stores.sellerId })
    .from(stores)
    .where(and(eq(stores.id, sync.storeId), eq(stores.autoBuy, true)));
  if (!store) return null;
  return runner.enqueue({
    kind: ORDERS_AUTO_BUY,
    sellerId: store.sellerId,
    payload: { storeId: sync.storeId },
  });
}

/**
 * The store's orders auto-buy has to decide: synced from the marketplace (not the seller's
 * imports, copies or splits), paid (`unshipped`), new on the desk, shipped by the seller (not
 * FBA), with their items and address in, arrived since it was switched on and not decided before. Oldest first, so the cap goes to the orders that came first.
 */
function candidates(ctx: Ctx, store: { id: number; since: Date }) {
  return ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        ownedBy(ctx, orders.sellerId),
        eq(orders.storeId, store.id),
        eq(orders.orderFrom, 'sync'),
        eq(orders.status, DESK_STATUS.new),
        eq(orders.orderStatus, 'unshipped'),
        eq(orders.fulfillmentChannel, 'MFN'),
        eq(orders.itemsPending, false),
        gte(orders.createdAt, store.since),
        notExists(
          ctx.db.select({ id: autoBuys.id }).from(autoBuys).where(eq(autoBuys.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(asc(orders.purchasedAt), asc(orders.id));
}

/** The buyer's address as the purchase order keeps it: the platform ships to the customer. */
function shipToOf(address: StoredOrderAddress): z.infer<typeof PurchaseOrderAddress> {
  return {
    name: address.name,
    phone: address.phone,
    country_code: address.country_code,
    province: address.state,
    city: address.city,
    district: '',
    address1: address.line1,
    address2: address.line2,
    postcode: address.postal_code,
  };
}

/**
 * Decides one order in one transaction, the seller's money row locked first (as every money
 * path does), so concurrent runs of the seller's stores queue. The order's `auto_buys` row is
 * claimed first: the unique order id is the idempotency key, so a retried or concurrent run
 * finds it and does nothing, and a failure rolls the claim back with everything else. An order
 * whose items do not all match finished products is left untouched; one that cannot be bought
 * (off sale, short stock, no shipping to the country) gets a log entry; too little balance or
 * the store's daily cap makes it "awaiting funds"; otherwise its purchase order is created as
 * checkout creates one and paid from the balance without a pay password, under the
 * authorisation the boss gave by switching auto-buy on with it.
 */
async function decideOrder(ctx: Ctx, storeId: number, orderId: number) {
  return withTransaction(ctx, async (tx): Promise<AutoBuyOutcome | null> => {
    const sellerId = sellerIdOf(tx);
    const { balanceMinor } = await lockSellerMoney(tx.db, sellerId);
    const [store] = await tx.db
      .select()
      .from(stores)
      .where(and(eq(stores.id, storeId), ownedBy(tx, stores.sellerId)));
    if (!store?.autoBuy || store.status !== STORE_STATUS.on) return null;
    const [order] = await tx.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), ownedBy(tx, orders.sellerId)))
      .for('update');
    if (order?.status !== DESK_STATUS.new) return null;
    const [claim] = await tx.db
      .insert(autoBuys)
      .values({ sellerId, storeId, orderId, outcome: 'skipped' })
      .onConflictDoNothing()
      .returning({ id: autoBuys.id });
    if (!claim) return null;
    const record = (values: Partial<typeof autoBuys.$inferInsert>) =>
      tx.db.update(autoBuys).set(values).where(eq(autoBuys.id, claim.id));

    const items = await tx.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.cancelledAt)));
    const matched = await matchFinishedSkus(
      tx,
      items.map((i) => i.sku),
    );
    const skuIds = items.map((i) => matched.get(i.sku.toLowerCase())?.id);
    if (items.length === 0 || skuIds.some((id) => id === undefined)) {
      await record({ reason: 'no_match' });
      return 'skipped';
    }
    const quantities = new Map<number, number>();
    items.forEach((item, n) =>
      quantities.set(skuIds[n]!, (quantities.get(skuIds[n]!) ?? 0) + item.quantity),
    );
    const lines = await skuLines(
      tx.db,
      [...quantities].map(([skuId, quantity]) => ({ skuId, quantity, orderIds: [orderId] })),
    );
    const address = order.address;
    const problem =
      lines.length < quantities.size
        ? 'not_fulfillable'
        : (lines.find((l) => l.line.problem !== null)?.line.problem ??
          (sharedStockChanges(lines).length > 0
            ? 'short_stock'
            : !address || !countryOf(address.country_code)
              ? 'no_shipping'
              : null));
    if (problem !== null) {
      await record({ reason: problem });
      await writeOrderLog(tx, orderId, 'auto_buy_skipped', { reason: problem });
      return 'skipped';
    }

    const quote = await quoteOrder(tx, lines, address);
    const spent = await spentToday(tx.db, storeId);
    const reason =
      spent + quote.totalMinor > store.autoBuyCapMinor
        ? 'cap'
        : quote.totalMinor > balanceMinor
          ? 'balance'
          : null;
    if (reason !== null) {
      await record({ outcome: 'awaiting_funds', reason, amountMinor: quote.totalMinor });
      await markAwaitingFunds(tx, orderId, {
        reason,
        amount_minor: quote.totalMinor,
        balance_minor: balanceMinor,
        cap_minor: store.autoBuyCapMinor,
        spent_today_minor: spent,
      });
      return 'awaiting_funds';
    }
    const { order: purchase } = await placePurchaseOrder(tx, {
      lines,
      quote,
      address: shipToOf(address!),
      remark: '',
    });
    await accountPay(tx, purchase.id);
    await record({
      outcome: 'paid',
      purchaseOrderId: purchase.id,
      amountMinor: quote.totalMinor,
    });
    await writeOrderLog(tx, orderId, 'auto_buy_paid', {
      purchase_order_id: purchase.id,
      purchase_order_number: purchase.number,
      amount_minor: quote.totalMinor,
    });
    return 'paid';
  });
}

/** The `orders.auto-buy` job: one store of the job's seller, every order it has to decide. */
export async function runAutoBuy(db: Executor, job: JobContext): Promise<AutoBuyResult> {
  const storeId = Number((job.payload as { storeId?: unknown } | null)?.storeId);
  const result: AutoBuyResult = { storeId, paid: 0, awaitingFunds: 0, skipped: 0 };
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), ofSeller(stores.sellerId, job.sellerId ?? -1)));
  if (!store?.autoBuy || !store.autoBuyAuthorizedAt) return result;
  const ctx = systemCtx(db, job.log, { sellerId: store.sellerId });
  const ids = await candidates(ctx, { id: store.id, since: store.autoBuyAuthorizedAt });
  await job.progress(0, ids.length);
  for (const [n, { id }] of ids.entries()) {
    if (job.signal.aborted) break;
    const outcome = await decideOrder(ctx, store.id, id);
    if (outcome === 'paid') result.paid++;
    if (outcome === 'awaiting_funds') result.awaitingFunds++;
    if (outcome === 'skipped') result.skipped++;
    await job.progress(n + 1, ids.length);
  }
  return result;
}
