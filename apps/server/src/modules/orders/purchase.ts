import { and, asc, eq, inArray } from 'drizzle-orm';
import { DESK_STATUS, type OrderSubmitResult, type PurchaseLinkSkip } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orders } from '../../db/schema.ts';
import { renderText } from '../../i18n/render-text.ts';
import { ownedBy } from '../../tenancy.ts';
import { writeOrderLog } from './access.ts';
import { allowedActions } from './transitions.ts';

interface PurchaseRef {
  id: number;
  number: string;
}

type Linked = NonNullable<OrderSubmitResult['linked_orders']>;
type Skipped = NonNullable<OrderSubmitResult['skipped_orders']>;

/**
 * Inside checkout's transaction (the seller's money row is locked first, as on every path that
 * touches purchase orders): the marketplace orders the ordered cart lines were added for move to
 * purchased (40) with the purchase order linked and the status they had kept, so cancelling
 * the purchase order can put them back; buying ends "awaiting funds". Orders whose status no
 * longer allows it stay as they are and are reported.
 */
export async function purchaseLinkedOrders(
  ctx: Ctx,
  purchase: PurchaseRef,
  orderIds: readonly number[],
): Promise<{ linked_orders: Linked; skipped_orders: Skipped }> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  const linked: Linked = [];
  const skipped: Skipped = [];
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), ownedBy(ctx, orders.sellerId)))
    .orderBy(asc(orders.id))
    .for('update');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const skip = (id: number, number: string | null, code: PurchaseLinkSkip) =>
    skipped.push({
      id,
      number,
      reason_code: code,
      reason: renderText(ctx.lang, `reason.purchase_${code}`),
    });
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) {
      skip(id, null, 'missing');
      continue;
    }
    if (!allowedActions(row).includes('purchase')) {
      skip(id, row.number, row.status === DESK_STATUS.purchased ? 'purchased' : 'status');
      continue;
    }
    await ctx.db
      .update(orders)
      .set({
        status: DESK_STATUS.purchased,
        statusBeforePurchase: row.status,
        purchaseOrderId: purchase.id,
        awaitingFunds: false,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id));
    await writeOrderLog(ctx, id, 'purchase', {
      from: row.status,
      purchase_order_id: purchase.id,
      purchase_order_number: purchase.number,
    });
    linked.push({ id, number: row.number });
  }
  return { linked_orders: linked, skipped_orders: skipped };
}

/**
 * Inside the purchase order's cancel: its marketplace orders still purchased (40) go back to
 * the status they had before, unlinked, each with a log row. An order being cancelled through
 * its own cancel has left 40 already, so it is not touched here.
 */
export async function releasePurchasedOrders(
  ctx: Ctx,
  purchase: PurchaseRef & { status: string },
): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        ownedBy(ctx, orders.sellerId),
        eq(orders.purchaseOrderId, purchase.id),
        eq(orders.status, DESK_STATUS.purchased),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
  for (const row of rows) {
    const status = row.statusBeforePurchase ?? DESK_STATUS.new;
    await ctx.db
      .update(orders)
      .set({ status, statusBeforePurchase: null, purchaseOrderId: null, updatedAt: new Date() })
      .where(eq(orders.id, row.id));
    await writeOrderLog(ctx, row.id, 'purchase_cancelled', {
      from: row.status,
      to: status,
      purchase_order_id: purchase.id,
      purchase_order_number: purchase.number,
      purchase_status: purchase.status,
    });
  }
}
