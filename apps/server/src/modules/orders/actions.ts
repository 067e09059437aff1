import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  type CartNum,
  DESK_STATUS,
  type EditOrderNumInput,
  fromMinor,
  type Order,
  type OrderAction,
  type OrderAddress,
  type OrderBatchResult,
  type OrderLog,
  type OrderMarket,
  type SaveBatchLogisticsInput,
  type SaveLogisticsInput,
  type SaveOrderMemoInput,
  type SplitOrderInput,
  type SplitOrderResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import {
  cartItems,
  orderItems,
  orderLogs,
  orders,
  purchaseOrders,
  stores,
  users,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import {
  AppError,
  ConflictError,
  NotFoundError,
  ValidationError,
  type FieldMessages,
  reasonText,
} from '../../errors.ts';
import type { PaymentProvider } from '../../integrations/payments/provider.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { linkedOrderIds, orderLogText } from './log-text.ts';
import { cancelPurchaseOrder, lockSellerMoney } from '../finance/index.ts';
import { visibleStores } from '../markets/service.ts';
import { recordAudit } from '../audit/index.ts';
import { visibleOrder, writeOrderLog } from './access.ts';
import { visibleOrders } from './list.ts';
import { assertLogistics } from './logistics.ts';
import { proportion } from './money.ts';
import { queueShipmentPush } from './shipment-push.ts';
import { itemSummary, itemsOf, toOrders, type OrderItemRow, type OrderRow } from './rows.ts';
import { assertAllowed } from './transitions.ts';

async function orderOf(ctx: Ctx, id: number): Promise<Order> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  return (await toOrders(ctx.db, [row!]))[0]!;
}

/**
 * Locks the order, checks the transition table, runs the change and answers the order as it is
 * now: the shape of every single-order action.
 */
function act(
  ctx: Ctx,
  id: number,
  action: OrderAction,
  change: (tx: Ctx, row: OrderRow) => Promise<void>,
): Promise<Order> {
  return withTransaction(ctx, async (tx) => {
    const row = await visibleOrder(tx, id, { lock: true });
    assertAllowed(row, action);
    await change(tx, row);
    // Every desk action passes here, so the audit log sees each of them with what it changed.
    const [after] = await tx.db.select().from(orders).where(eq(orders.id, row.id));
    await recordAudit(tx, { object: 'order', id: row.id, before: row, after: after ?? null });
    return orderOf(tx, id);
  });
}

async function activeItem(ctx: Ctx, order: OrderRow, itemId: number): Promise<OrderItemRow> {
  const [item] = await ctx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
  if (!item) throw new NotFoundError('orders.item_not_found');
  if (item.cancelledAt) throw new ConflictError('orders.item_cancelled');
  return item;
}

/** Recomputes what the list reads from the items and marks the order as edited here. */
async function refreshItems(ctx: Ctx, order: OrderRow, totalMinor: number): Promise<void> {
  const items = (await itemsOf(ctx.db, [order.id])).get(order.id) ?? [];
  await ctx.db
    .update(orders)
    .set({
      ...itemSummary(items),
      totalMinor,
      total: fromMinor(totalMinor, order.currency),
      localEdits: true,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
}

export function saveAddress(ctx: Ctx, input: { id: number; address: OrderAddress }) {
  return act(ctx, input.id, 'save_address', async (tx, row) => {
    await tx.db
      .update(orders)
      .set({
        address: input.address,
        zone: input.address.country_code,
        localEdits: true,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, row.id));
    await writeOrderLog(tx, row.id, 'address', { from: row.address, to: input.address });
  });
}

export function saveMemo(ctx: Ctx, input: SaveOrderMemoInput) {
  return act(ctx, input.id, 'save_memo', async (tx, row) => {
    await tx.db
      .update(orders)
      .set({ memo: input.memo, updatedAt: new Date() })
      .where(eq(orders.id, row.id));
    await writeOrderLog(tx, row.id, 'memo', { memo: input.memo });
  });
}

/** Holding keeps the status to return to; lifting the hold goes back to it. */
export function setHold(ctx: Ctx, input: { id: number; hold: boolean }) {
  return act(ctx, input.id, input.hold ? 'hold' : 'unhold', async (tx, row) => {
    const status = input.hold ? DESK_STATUS.on_hold : (row.statusBeforeHold ?? DESK_STATUS.new);
    await tx.db
      .update(orders)
      .set({
        status,
        statusBeforeHold: input.hold ? row.status : null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, row.id));
    await writeOrderLog(tx, row.id, input.hold ? 'hold' : 'unhold', {
      from: row.status,
      to: status,
    });
  });
}

/**
 * Cancels the order. A purchased one (40) cancels its platform purchase order too, which
 * refunds what was paid and puts the purchase order's other marketplace orders back; if that
 * is refused, the order stays as it was. The seller's money row is locked before the order, the
 * order every path to purchase orders takes (checkout, payment, the purchase order's cancel),
 * so they queue instead of deadlocking. The order leaves 40 before the purchase order is
 * cancelled, so that cancel does not put it back.
 */
export function cancelOrder(
  ctx: Ctx,
  provider: PaymentProvider | null,
  input: { id: number; reason: string },
) {
  return withTransaction(ctx, async (outer) => {
    await lockSellerMoney(outer.db, sellerIdOf(outer));
    return act(outer, input.id, 'cancel', async (tx, row) => {
      const detail: Record<string, unknown> = { from: row.status, reason: input.reason };
      await tx.db
        .update(orders)
        .set({
          status: DESK_STATUS.cancelled,
          statusBeforeHold: null,
          statusBeforePurchase: null,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, row.id));
      if (row.status === DESK_STATUS.purchased && row.purchaseOrderId !== null) {
        const [linked] = await tx.db
          .select({ status: purchaseOrders.status })
          .from(purchaseOrders)
          .where(eq(purchaseOrders.id, row.purchaseOrderId));
        // One cancelled from the purchase-order page already gave the money back.
        const open = linked && linked.status !== 'cancelled' && linked.status !== 'refunded';
        const purchase = open
          ? await cancelPurchaseOrder(tx, provider, {
              id: row.purchaseOrderId,
              reason: input.reason || `Order ${row.number} cancelled`,
            })
          : null;
        Object.assign(detail, {
          purchase_order_id: row.purchaseOrderId,
          purchase_status: purchase?.status ?? linked?.status ?? null,
          refunded_minor: purchase?.refunded_minor ?? 0,
        });
      }
      await writeOrderLog(tx, row.id, 'cancel', detail);
    });
  });
}

/** Cancels one item; its line total leaves the order's. The last item goes with the order's cancel. */
export function cancelItem(ctx: Ctx, input: { id: number; item_id: number }) {
  return act(ctx, input.id, 'cancel_item', async (tx, row) => {
    const item = await activeItem(tx, row, input.item_id);
    if (row.itemCount <= 1) {
      throw new ConflictError('orders.only_item');
    }
    await tx.db
      .update(orderItems)
      .set({ cancelledAt: new Date() })
      .where(eq(orderItems.id, item.id));
    await refreshItems(tx, row, row.totalMinor - item.lineTotalMinor);
    await writeOrderLog(tx, row.id, 'cancel_item', { item_id: item.id, sku: item.sku });
  });
}

/** Changes an item's quantity; the line total scales with it (half-up) and so does the order's. */
export function editNum(ctx: Ctx, input: EditOrderNumInput) {
  return act(ctx, input.id, 'edit_num', async (tx, row) => {
    const item = await activeItem(tx, row, input.item_id);
    const lineTotalMinor = proportion(item.lineTotalMinor, input.quantity, item.quantity);
    await tx.db
      .update(orderItems)
      .set({
        quantity: input.quantity,
        lineTotalMinor,
        lineTotal: fromMinor(lineTotalMinor, row.currency),
      })
      .where(eq(orderItems.id, item.id));
    await refreshItems(tx, row, row.totalMinor - item.lineTotalMinor + lineTotalMinor);
    await writeOrderLog(tx, row.id, 'edit_num', {
      item_id: item.id,
      from: item.quantity,
      to: input.quantity,
    });
  });
}

async function childNumber(ctx: Ctx, row: OrderRow, suffix: 'S' | 'C'): Promise<string> {
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(orders)
    .where(
      and(eq(orders.parentId, row.id), eq(orders.orderFrom, suffix === 'S' ? 'split' : 'copy')),
    );
  return `${row.number}-${suffix}${(counted?.n ?? 0) + 1}`;
}

/** A new order like `row`, made here: no remote id, tracking or purchase order, status new. */
async function insertChild(
  ctx: Ctx,
  row: OrderRow,
  origin: 'split' | 'copy',
  items: Array<Omit<typeof orderItems.$inferInsert, 'orderId'>>,
  totalMinor: number,
): Promise<number> {
  const [created] = await ctx.db
    .insert(orders)
    .values({
      sellerId: row.sellerId,
      storeId: row.storeId,
      marketplace: row.marketplace,
      remoteId: null,
      number: await childNumber(ctx, row, origin === 'split' ? 'S' : 'C'),
      orderStatus: row.orderStatus,
      status: origin === 'split' ? row.status : DESK_STATUS.new,
      remoteStatus: row.remoteStatus,
      purchasedAt: row.purchasedAt,
      remoteUpdatedAt: row.remoteUpdatedAt,
      currency: row.currency,
      totalMinor,
      total: fromMinor(totalMinor, row.currency),
      fulfillmentChannel: row.fulfillmentChannel,
      address: row.address,
      zone: row.zone,
      memo: origin === 'split' ? row.memo : '',
      locationId: row.locationId,
      orderFrom: origin,
      parentId: row.id,
      localEdits: true,
      ...itemSummary(items.map((i) => ({ sku: i.sku, quantity: i.quantity, cancelledAt: null }))),
    })
    .returning({ id: orders.id });
  if (items.length > 0) {
    await ctx.db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: created!.id })));
  }
  return created!.id;
}

/**
 * Moves the given quantities into a new order. A whole item moves as it is; part of one takes
 * its share of the line total (half-up) and the rest stays, so the two orders' totals add up
 * to the original's exactly. At least one piece must stay.
 */
export async function splitOrder(ctx: Ctx, input: SplitOrderInput): Promise<SplitOrderResult> {
  return withTransaction(ctx, async (tx) => {
    const row = await visibleOrder(tx, input.id, { lock: true });
    assertAllowed(row, 'split');
    const items = ((await itemsOf(tx.db, [row.id])).get(row.id) ?? []).filter(
      (i) => !i.cancelledAt,
    );
    const moves = new Map<number, number>();
    for (const m of input.items) moves.set(m.item_id, (moves.get(m.item_id) ?? 0) + m.quantity);
    const fields: FieldMessages = {};
    let movedPieces = 0;
    for (const [itemId, quantity] of moves) {
      const item = items.find((i) => i.id === itemId);
      if (!item) fields[`items.${itemId}`] = 'orders.not_an_item';
      else if (quantity > item.quantity)
        fields[`items.${itemId}`] = {
          key: 'orders.at_most_pieces',
          params: { count: item.quantity },
        };
      movedPieces += quantity;
    }
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
    if (movedPieces >= row.quantity) {
      throw new ValidationError({ items: 'orders.leave_one_piece' });
    }
    const moved: Array<Omit<typeof orderItems.$inferInsert, 'orderId'>> = [];
    let movedMinor = 0;
    for (const item of items) {
      const quantity = moves.get(item.id);
      if (!quantity) continue;
      const share =
        quantity === item.quantity
          ? item.lineTotalMinor
          : proportion(item.lineTotalMinor, quantity, item.quantity);
      movedMinor += share;
      moved.push({
        remoteItemId: item.remoteItemId,
        sku: item.sku,
        title: item.title,
        quantity,
        quantityShipped: 0,
        lineTotalMinor: share,
        lineTotal: fromMinor(share, row.currency),
      });
      if (quantity === item.quantity) {
        await tx.db.delete(orderItems).where(eq(orderItems.id, item.id));
      } else {
        const rest = item.lineTotalMinor - share;
        await tx.db
          .update(orderItems)
          .set({
            quantity: item.quantity - quantity,
            quantityShipped: Math.min(item.quantityShipped, item.quantity - quantity),
            lineTotalMinor: rest,
            lineTotal: fromMinor(rest, row.currency),
          })
          .where(eq(orderItems.id, item.id));
      }
    }
    const createdId = await insertChild(tx, row, 'split', moved, movedMinor);
    await refreshItems(tx, row, row.totalMinor - movedMinor);
    await writeOrderLog(tx, row.id, 'split', { created_id: createdId, moved_minor: movedMinor });
    await writeOrderLog(tx, createdId, 'split_from', { order_id: row.id, moved_minor: movedMinor });
    const [original, created] = await toOrders(
      tx.db,
      await tx.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [row.id, createdId]))
        .orderBy(asc(orders.id)),
    );
    return { original: original!, created: created! };
  });
}

/** A new order with the same buyer and items (not the cancelled ones), to ship again. */
export async function copyOrder(ctx: Ctx, input: { id: number }): Promise<Order> {
  return withTransaction(ctx, async (tx) => {
    const row = await visibleOrder(tx, input.id, { lock: true });
    assertAllowed(row, 'copy');
    const items = ((await itemsOf(tx.db, [row.id])).get(row.id) ?? []).filter(
      (i) => !i.cancelledAt,
    );
    const copied = items.map((i) => ({
      remoteItemId: i.remoteItemId,
      sku: i.sku,
      title: i.title,
      quantity: i.quantity,
      quantityShipped: 0,
      lineTotalMinor: i.lineTotalMinor,
      lineTotal: i.lineTotal,
    }));
    const totalMinor = copied.reduce((sum, i) => sum + i.lineTotalMinor, 0);
    const createdId = await insertChild(tx, row, 'copy', copied, totalMinor);
    await writeOrderLog(tx, row.id, 'copy', { created_id: createdId });
    await writeOrderLog(tx, createdId, 'copy_from', { order_id: row.id });
    return orderOf(tx, createdId);
  });
}

/**
 * Sets the logistics channel and tracking number; the order is then processing (30), or stays
 * purchased (40) when its purchase order's package brings the tracking. Either way the tracking
 * is queued for the marketplace (`shipment-push.ts`).
 */
export function saveLogistics(ctx: Ctx, input: SaveLogisticsInput) {
  return act(ctx, input.id, 'save_logistics', async (tx, row) => {
    assertLogistics(row.marketplace, input);
    await tx.db
      .update(orders)
      .set({
        logisticsChannelId: input.user_logistics_channel_id,
        trackingNumber: input.shipped_number.toUpperCase(),
        status: row.status === DESK_STATUS.purchased ? row.status : DESK_STATUS.processing,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, row.id));
    await writeOrderLog(tx, row.id, 'logistics', {
      user_logistics_channel_id: input.user_logistics_channel_id,
      shipped_number: input.shipped_number.toUpperCase(),
      from: row.status,
    });
    // Committed with the number, so a saved tracking number always reaches the marketplace.
    await queueShipmentPush(tx.db, row, input);
  });
}

/** A refusal as one line: a 422's field messages rather than its generic "Invalid input". */
/** Each order in its own transaction: one refusal never undoes the others. */
export async function saveBatchLogistics(
  ctx: Ctx,
  input: SaveBatchLogisticsInput,
): Promise<OrderBatchResult> {
  const results: OrderBatchResult['results'] = [];
  for (const item of input.list) {
    try {
      await saveLogistics(ctx, item);
      results.push({ id: item.id, ok: true, reason: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id: item.id, ok: false, reason: reasonText(error, ctx.lang) });
    }
  }
  return { results };
}

export async function showOrderLog(ctx: Ctx, input: { id: number }): Promise<OrderLog[]> {
  const [row] = await ctx.db
    .select({ id: orders.id, currency: orders.currency })
    .from(orders)
    .where(and(eq(orders.id, input.id), visibleOrders(ctx)));
  if (!row) throw new NotFoundError('orders.not_found');
  const rows = await ctx.db
    .select({ log: orderLogs, userName: users.name })
    .from(orderLogs)
    .leftJoin(users, eq(users.id, orderLogs.userId))
    .where(eq(orderLogs.orderId, row.id))
    .orderBy(asc(orderLogs.id));
  const linked = [...new Set(rows.flatMap(({ log }) => linkedOrderIds(log.detail)))];
  const numbers = new Map(
    linked.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: orders.id, number: orders.number })
            .from(orders)
            .where(and(inArray(orders.id, linked), visibleOrders(ctx)))
        ).map((o) => [o.id, o.number] as const),
  );
  return rows.map(({ log: l, userName }) => ({
    id: l.id,
    order_id: l.orderId,
    at: unixSeconds(l.at),
    user_id: l.userId,
    user_name: userName,
    action: l.action,
    detail: l.detail,
    text: orderLogText(ctx.lang, l.action, l.detail, row.currency, (id) => numbers.get(id)),
  }));
}

/** The stores the actor may filter orders by. */
export async function marketList(ctx: Ctx): Promise<OrderMarket[]> {
  return ctx.db
    .select({
      id: stores.id,
      alias: stores.alias,
      marketplace: stores.marketplace,
      market_site_id: stores.marketSiteId,
      status: stores.status,
    })
    .from(stores)
    .where(visibleStores(ctx))
    .orderBy(asc(stores.alias), asc(stores.id));
}

export async function cartNum(ctx: Ctx): Promise<CartNum> {
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(cartItems)
    .where(ownedBy(ctx, cartItems.sellerId));
  return { count: counted?.n ?? 0 };
}
