import { asc, eq } from 'drizzle-orm';
import type {
  PoActorKind,
  PurchaseOrderAction,
  PurchaseOrderLogEntry,
  PurchaseOrderStatus,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { purchaseOrderLogs } from '../../db/schema.ts';
import { unixSeconds } from '../../time.ts';
import { refreshPurchaseOrderFigures } from '../statistics/index.ts';

/** Who changed a purchase order, as its log keeps it. */
export interface PoActor {
  kind: PoActorKind;
  id: number | null;
}

export const SYSTEM_ACTOR: PoActor = { kind: 'system', id: null };

export function poActorOf(ctx: Ctx): PoActor {
  const { actor } = ctx;
  if (actor.kind === 'admin') return { kind: 'operator', id: actor.adminId };
  if (actor.kind === 'user') return { kind: 'seller', id: actor.userId };
  return SYSTEM_ACTOR;
}

/** One row of the order's log, in the transaction of the change it records. */
export async function writePurchaseOrderLog(
  db: Executor,
  entry: {
    orderId: number;
    actor: PoActor;
    action: PurchaseOrderAction | 'marketplace_tracking';
    from: PurchaseOrderStatus | null;
    to: PurchaseOrderStatus | null;
    params?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(purchaseOrderLogs).values({
    purchaseOrderId: entry.orderId,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    action: entry.action,
    fromStatus: entry.from,
    toStatus: entry.to,
    params: entry.params ?? {},
  });
  // Paying and refunding move the platform cost the statistics split over the bought orders.
  if (entry.action === 'pay' || entry.action === 'refund' || entry.action === 'cancel') {
    await refreshPurchaseOrderFigures(db, entry.orderId);
  }
}

export async function purchaseOrderLog(
  db: Executor,
  orderId: number,
): Promise<PurchaseOrderLogEntry[]> {
  const rows = await db
    .select()
    .from(purchaseOrderLogs)
    .where(eq(purchaseOrderLogs.purchaseOrderId, orderId))
    .orderBy(asc(purchaseOrderLogs.id));
  return rows.map((r) => ({
    id: r.id,
    at: unixSeconds(r.at),
    actor_kind: r.actorKind,
    actor_id: r.actorId,
    action: r.action,
    from_status: r.fromStatus,
    to_status: r.toStatus,
    params: r.params,
  }));
}
