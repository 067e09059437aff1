import { inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { shopeeOrderState, type orders } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { ShopeeConnector } from '../../integrations/marketplaces/shopee/connector.ts';
import { findStore, openStoreSession, type MarketCtx } from '../markets/service.ts';
import { visibleOrdersById } from '../orders/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type StateRow = typeof shopeeOrderState.$inferSelect;

/** The actor's Shopee orders among `ids`; any other id (another seller's, not Shopee) is a 404. */
export async function shopeeOrders(
  ctx: Ctx,
  ids: number[],
  opts: { lock?: boolean } = {},
): Promise<OrderRow[]> {
  return visibleOrdersById(ctx, ids, { ...opts, marketplace: 'shopee' });
}

export async function shopeeOrder(ctx: Ctx, id: number): Promise<OrderRow> {
  return (await shopeeOrders(ctx, [id]))[0]!;
}

/** Shopee's order_sn; orders made here (split, copy) have none and cannot be acted on at Shopee. */
export function orderSnOf(order: OrderRow): string {
  if (!order.remoteId) {
    throw new ConflictError('shopee.order_not_on_shopee', { number: order.number });
  }
  return order.remoteId;
}

/** A Shopee store's session; another seller's store is a 404, another marketplace's a 409. */
export async function shopeeSession(ctx: MarketCtx, storeId: number, forWrite = true) {
  const store = await findStore(ctx, storeId);
  if (store.marketplace !== 'shopee') throw new NotFoundError('shopee.store_not_found');
  const opened = await openStoreSession(ctx, storeId, { forWrite });
  if (!(opened.connector instanceof ShopeeConnector)) {
    throw new ConflictError('shopee.no_connector');
  }
  return { store: opened.store, connector: opened.connector, session: opened.session };
}

export async function statesOf(ctx: Ctx, orderIds: number[]): Promise<Map<number, StateRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(shopeeOrderState)
    .where(inArray(shopeeOrderState.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** Creates or changes the Shopee side of an order. */
export async function saveState(
  ctx: Ctx,
  orderId: number,
  change: Partial<Omit<StateRow, 'orderId' | 'updatedAt'>>,
): Promise<void> {
  await ctx.db
    .insert(shopeeOrderState)
    .values({ orderId, ...change, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: shopeeOrderState.orderId,
      set: { ...change, updatedAt: new Date() },
    });
}
