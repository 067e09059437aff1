import { randomBytes } from 'node:crypto';
import type { Marketplace } from '@app/shared';
import type { Executor } from '../src/db/client.ts';
import { orderItems, orders, stores } from '../src/db/schema.ts';
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
