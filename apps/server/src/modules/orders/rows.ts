import { asc, inArray } from 'drizzle-orm';
import {
  DESK_STATUS,
  deskStatusName,
  type Order,
  type OrderItem,
  type OrderStatus,
} from '@app/shared';
import type { Executor } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { orderItems, purchaseOrders, stores, type StoredOrderAddress } from '../../db/schema.ts';
import type { OrderAddress as RemoteAddress } from '../../integrations/marketplaces/connector.ts';
import { unixSeconds } from '../../time.ts';
import { isAwaitingFunds } from './awaiting-funds-tag.ts';
import { latestPushes } from './shipment-push-state.ts';
import { allowedActions } from './transitions.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export function storedAddress(address: RemoteAddress | null): StoredOrderAddress | null {
  if (!address) return null;
  return {
    name: address.name,
    phone: address.phone,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    country_code: address.countryCode.toUpperCase(),
  };
}

/** What the list and the filters read from the items: counts, pieces and searchable SKUs. */
export function itemSummary(items: Array<Pick<OrderItemRow, 'sku' | 'quantity' | 'cancelledAt'>>) {
  const active = items.filter((i) => !i.cancelledAt);
  return {
    itemCount: active.length,
    quantity: active.reduce((sum, i) => sum + i.quantity, 0),
    skuText: [...new Set(active.map((i) => i.sku.toLowerCase()))].join(' '),
  };
}

export async function itemsOf(
  db: Executor,
  orderIds: number[],
): Promise<Map<number, OrderItemRow[]>> {
  const result = new Map<number, OrderItemRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return result;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  for (const row of rows) result.get(row.orderId)?.push(row);
  return result;
}

function toItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    remote_item_id: row.remoteItemId,
    sku: row.sku,
    title: row.title,
    quantity: row.quantity,
    quantity_shipped: row.quantityShipped,
    line_total_minor: row.lineTotalMinor,
    line_total: row.lineTotal,
    cancelled: row.cancelledAt !== null,
  };
}

/** Rows as the API shows them, with their items and what may be done to them now. */
export async function toOrders(db: Executor, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const storeIds = [...new Set(rows.map((r) => r.storeId))];
  const purchaseIds = [
    ...new Set(rows.flatMap((r) => (r.purchaseOrderId === null ? [] : [r.purchaseOrderId]))),
  ];
  const [items, aliases, purchases, pushes] = await Promise.all([
    itemsOf(db, ids),
    storeIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: stores.id, alias: stores.alias })
          .from(stores)
          .where(inArray(stores.id, storeIds)),
    purchaseIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: purchaseOrders.id, number: purchaseOrders.number })
          .from(purchaseOrders)
          .where(inArray(purchaseOrders.id, purchaseIds)),
    latestPushes(db, ids),
  ]);
  const aliasOf = new Map(aliases.map((s) => [s.id, s.alias]));
  const purchaseNumberOf = new Map(purchases.map((p) => [p.id, p.number]));
  return rows.map((row) => ({
    id: row.id,
    market_id: row.storeId,
    marketplace: row.marketplace,
    market_alias: aliasOf.get(row.storeId) ?? '',
    seller_order_id: row.number,
    remote_id: row.remoteId,
    order_status: row.orderStatus as OrderStatus,
    remote_status: row.remoteStatus,
    status: row.status,
    status_name: deskStatusName(row.status),
    hold: row.status === DESK_STATUS.on_hold,
    purchase_date: unixSeconds(row.purchasedAt),
    remote_updated_at: unixSeconds(row.remoteUpdatedAt),
    currency: row.currency,
    total_minor: row.totalMinor,
    total: row.total,
    fulfillment_channel: row.fulfillmentChannel,
    address: row.address,
    zone: row.zone,
    memo: row.memo,
    shipped_number: row.trackingNumber,
    user_logistics_channel_id: row.logisticsChannelId,
    location_id: row.locationId,
    order_from: row.orderFrom,
    item_count: row.itemCount,
    quantity: row.quantity,
    purchase_order_id: row.purchaseOrderId,
    purchase_order_number:
      row.purchaseOrderId === null ? null : (purchaseNumberOf.get(row.purchaseOrderId) ?? null),
    parent_id: row.parentId,
    actions: allowedActions(row),
    items: (items.get(row.id) ?? []).map(toItem),
    items_pending: row.itemsPending,
    awaiting_funds: isAwaitingFunds(row),
    shipment_push: pushes.get(row.id) ?? null,
    created_at: unixSeconds(row.createdAt),
    updated_at: unixSeconds(row.updatedAt),
  }));
}
