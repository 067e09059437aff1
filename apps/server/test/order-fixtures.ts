import { randomBytes } from 'node:crypto';
import type { Marketplace } from '@app/shared';
import { and, between, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { orderItems, orders, orderSyncState, stores } from '../src/db/schema.ts';
import { MarketplaceError, type StoreAuth } from '../src/integrations/marketplaces/connector.ts';
import { sealAuth, type StoreAccess } from '../src/modules/markets/service.ts';
import { syncStore } from '../src/modules/orders/sync.ts';
import { itemSummary } from '../src/modules/orders/rows.ts';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/** A store row for order tests that never call the marketplace (its credentials are a dummy). */
export async function storeFor(
  db: Executor,
  sellerId: number,
  opts: { marketplace?: Marketplace; alias?: string } = {},
): Promise<number> {
  const [row] = await db
    .insert(stores)
    .values({
      sellerId,
      marketplace: opts.marketplace ?? 'amazon',
      marketSiteId: 1,
      alias: opts.alias ?? `Store ${unique()}`,
      account: `ACC-${unique()}`,
      source: 'sandbox',
      credentials: 'unused',
    })
    .returning({ id: stores.id });
  return row!.id;
}

export interface OrderSpec {
  status?: number;
  orderStatus?: 'unconfirmed' | 'unshipped' | 'shipped' | 'partially_shipped' | 'canceled';
  purchasedAt?: Date;
  channel?: 'AFN' | 'MFN';
  /** The store's marketplace (Amazon unless said). */
  marketplace?: Marketplace;
  zone?: string;
  currency?: string;
  /** Line totals in minor units; the order total is their sum plus `extraMinor`. */
  items: Array<{ sku: string; quantity: number; lineMinor: number }>;
  extraMinor?: number;
  purchaseOrderId?: number;
  /** The marketplace fees it reported, minor units of its currency (none unless said). */
  feesMinor?: number;
}

const decimal = (minor: number) => (minor / 100).toFixed(2);

/** A synced order made directly in the database. */
export async function orderFor(
  db: Executor,
  sellerId: number,
  storeId: number,
  spec: OrderSpec,
): Promise<{ id: number; number: string; itemIds: number[] }> {
  const totalMinor = spec.items.reduce((s, i) => s + i.lineMinor, 0) + (spec.extraMinor ?? 0);
  const remoteId = `R-${unique()}`;
  const zone = spec.zone ?? 'US';
  const [row] = await db
    .insert(orders)
    .values({
      sellerId,
      storeId,
      marketplace: spec.marketplace ?? 'amazon',
      remoteId,
      number: remoteId,
      orderStatus: spec.orderStatus ?? 'unshipped',
      status: spec.status ?? 10,
      purchasedAt: spec.purchasedAt ?? new Date(),
      remoteUpdatedAt: spec.purchasedAt ?? new Date(),
      currency: spec.currency ?? 'USD',
      totalMinor,
      total: decimal(totalMinor),
      fulfillmentChannel: spec.channel ?? 'MFN',
      address: {
        name: 'Alex Kim',
        phone: '555-0100',
        line1: '1 Oak St',
        line2: '',
        city: 'Springfield',
        state: 'CA',
        postal_code: '90001',
        country_code: zone,
      },
      zone,
      orderFrom: 'sync',
      purchaseOrderId: spec.purchaseOrderId ?? null,
      feesMinor: spec.feesMinor ?? null,
      ...itemSummary(spec.items.map((i) => ({ ...i, cancelledAt: null }))),
    })
    .returning({ id: orders.id });
  const items = await db
    .insert(orderItems)
    .values(
      spec.items.map((i, n) => ({
        orderId: row!.id,
        remoteItemId: `L${n}`,
        sku: i.sku,
        title: `Item ${i.sku}`,
        quantity: i.quantity,
        lineTotalMinor: i.lineMinor,
        lineTotal: decimal(i.lineMinor),
      })),
    )
    .returning({ id: orderItems.id });
  return { id: row!.id, number: remoteId, itemIds: items.map((i) => i.id) };
}

/**
 * A sandbox store of `auth` (sealed with `access.box`) synced from its simulator since `syncFrom`,
 * and its open seller-fulfilled orders placed in `placed` ([from, to]), newest first, at most
 * `limit`: what the shipment-push tests and bench confirm. A busy machine can see an order leave
 * the simulator's rolling window between its list and its read ("not found"): syncing again
 * lists what is there then.
 */
export async function syncedOpenOrders(
  access: StoreAccess,
  store: Omit<typeof stores.$inferInsert, 'credentials' | 'source'> & { auth: StoreAuth },
  opts: { syncFrom: Date; placed: [Date, Date]; limit: number },
): Promise<Array<{ id: number; remoteId: string | null }>> {
  const { auth, ...values } = store;
  const [row] = await access.db
    .insert(stores)
    .values({ ...sealAuth(access.box, auth), ...values, source: 'sandbox' })
    .returning();
  await access.db.insert(orderSyncState).values({ storeId: row!.id, updatedAfter: opts.syncFrom });
  for (let attempt = 1; ; attempt++) {
    try {
      await syncStore(access, row!, { progress: async () => {} });
      break;
    } catch (error) {
      if (!(error instanceof MarketplaceError && error.kind === 'not_found') || attempt === 3) {
        throw error;
      }
    }
  }
  return access.db
    .select({ id: orders.id, remoteId: orders.remoteId })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, row!.id),
        eq(orders.orderStatus, 'unshipped'),
        eq(orders.fulfillmentChannel, 'MFN'),
        eq(orders.itemsPending, false),
        isNotNull(orders.remoteId),
        between(orders.purchasedAt, ...opts.placed),
      ),
    )
    .orderBy(desc(orders.purchasedAt))
    .limit(opts.limit);
}
