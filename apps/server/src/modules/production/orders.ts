import { eq } from 'drizzle-orm';
import {
  nextPurchaseOrderStatus,
  type FlowFacts,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { purchaseOrders } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import {
  lockSellerMoney,
  poActorOf,
  writePurchaseOrderLog,
  type PurchaseOrderRow,
} from '../finance/index.ts';

/** Any seller's purchase order by id, for the operator; 404 when there is none. */
export async function orderById(ctx: Ctx, id: number): Promise<PurchaseOrderRow> {
  const [row] = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  if (!row) throw new NotFoundError('production.not_found', { id });
  return row;
}

/**
 * Locks one purchase order for a change, after its seller's money row: the order every money
 * path (checkout, payment, cancel) takes, so the operator's changes queue behind the seller's.
 */
export async function lockOrder(ctx: Ctx, id: number): Promise<PurchaseOrderRow> {
  const { sellerId } = await orderById(ctx, id);
  await lockSellerMoney(ctx.db, sellerId);
  const [row] = await ctx.db
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id))
    .for('update');
  return row!;
}

/** Where `action` leads from the order's status; 409 naming the status when it is not allowed. */
export function nextStatus(
  order: PurchaseOrderRow,
  action: PurchaseOrderAction,
  facts: FlowFacts = {},
): PurchaseOrderStatus {
  const next = nextPurchaseOrderStatus(order.status, action, facts);
  if (next === null) {
    throw new ConflictError(
      'production.not_allowed',
      { number: order.number, status: order.status, action },
      { status: order.status, action },
    );
  }
  return next;
}

/**
 * The one way the production desk moves a purchase order, in the caller's transaction (the
 * order locked): where `action` leads from its status (409 when it may not), the row's new
 * status with the action's own columns, and the log entry by the acting operator (or the
 * server, for the tracking poll).
 */
export async function transition(
  ctx: Ctx,
  order: PurchaseOrderRow,
  action: PurchaseOrderAction,
  opts: {
    facts?: FlowFacts;
    set?: Partial<typeof purchaseOrders.$inferInsert>;
    params?: Record<string, unknown>;
  } = {},
): Promise<PurchaseOrderStatus> {
  const to = nextStatus(order, action, opts.facts);
  await ctx.db
    .update(purchaseOrders)
    .set({ updatedAt: new Date(), ...opts.set, status: to })
    .where(eq(purchaseOrders.id, order.id));
  await writePurchaseOrderLog(ctx.db, {
    orderId: order.id,
    actor: poActorOf(ctx),
    action,
    from: order.status,
    to,
    params: opts.params,
  });
  return to;
}
