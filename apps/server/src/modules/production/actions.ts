import { and, eq, isNull } from 'drizzle-orm';
import type {
  ExceptionInput,
  ProductionBatchResult,
  ProductionIdsInput,
  PurchaseOrderStatus,
  ResolveExceptionInput,
} from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { purchaseOrderPackages } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { AppError, reasonText } from '../../errors.ts';
import {
  refundPurchaseOrder,
  resolveProduction,
  type OrderItemSnapshot,
  type PurchaseOrderRow,
} from '../finance/index.ts';
import { notificationLinks, notify } from '../notifications/index.ts';
import { lockOrder, nextStatus, transition } from './orders.ts';

/**
 * Runs `change` on each order in a transaction of its own, so one refusal (already accepted,
 * cancelled meanwhile, unknown id) never undoes the others; answers each order's outcome.
 */
async function eachOrder(
  ctx: Ctx,
  ids: readonly number[],
  change: (tx: Ctx, order: PurchaseOrderRow) => Promise<PurchaseOrderStatus>,
): Promise<ProductionBatchResult> {
  const results: ProductionBatchResult['results'] = [];
  for (const id of new Set(ids)) {
    try {
      const status = await withTransaction(ctx, async (tx) => change(tx, await lockOrder(tx, id)));
      results.push({ id, ok: true, status, reason: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, status: null, reason: reasonText(error, ctx.lang) });
    }
  }
  return { results };
}

/**
 * Paid → in production. The lines' factories and print files are frozen into the snapshot
 * now, so the factory prints what the seller's design was when production began.
 */
export function acceptOrders(ctx: Ctx, input: ProductionIdsInput): Promise<ProductionBatchResult> {
  return eachOrder(ctx, input.ids, async (tx, order) => {
    nextStatus(order, 'accept'); // 409 before resolving the lines of an order not to accept
    const items = await resolveProduction(tx.db, order.items as OrderItemSnapshot[]);
    return transition(tx, order, 'accept', { set: { items, acceptedAt: new Date() } });
  });
}

/** Marks orders in production as produced (printed and packed, ready to ship). */
export function markProduced(ctx: Ctx, input: ProductionIdsInput): Promise<ProductionBatchResult> {
  return eachOrder(ctx, input.ids, (tx, order) =>
    transition(tx, order, 'produce', { set: { producedAt: new Date() } }),
  );
}

/** Flags an order as an exception (a parcel lost, returned or damaged, or stuck). */
export async function raiseException(
  ctx: Ctx,
  input: z.output<typeof ExceptionInput>,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, input.id);
    await flagException(tx, order, { reason: input.reason, note: input.note });
  });
}

/** The exception change itself, for the operator and for the tracking poll (a stuck parcel). */
export async function flagException(
  ctx: Ctx,
  order: PurchaseOrderRow,
  input: { reason: NonNullable<PurchaseOrderRow['exceptionReason']>; note: string },
  params: Record<string, unknown> = {},
): Promise<void> {
  await transition(ctx, order, 'exception', {
    set: {
      exceptionReason: input.reason,
      exceptionNote: input.note,
      statusBeforeException: order.status,
    },
    params: { reason: input.reason, note: input.note, ...params },
  });
  await notify(ctx, {
    sellerId: order.sellerId,
    kind: 'po_exception',
    message: {
      key: `notifications.po_exception.${input.reason}`,
      params: { number: order.number },
    },
    link: notificationLinks.purchaseOrder(order.id),
  });
}

/**
 * Resolves an exception: a reprint sends the order back to production and voids its
 * undelivered packages (all of them when it had been delivered), so their items ship again in
 * a new package; a refund gives (part of)
 * the money back through the ledger.
 */
export async function resolveException(ctx: Ctx, input: ResolveExceptionInput): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, input.id);
    if (input.resolution === 'refund') {
      nextStatus(order, 'reprint'); // only an open exception is resolved here
      await refundPurchaseOrder(tx, order, {
        amountMinor: input.amount_minor,
        reason: order.exceptionReason ?? '',
      });
      return;
    }
    nextStatus(order, 'reprint'); // 409 before voiding the packages of an order not to reprint
    const voided = await tx.db
      .update(purchaseOrderPackages)
      .set({ voidedAt: new Date() })
      .where(
        and(
          eq(purchaseOrderPackages.purchaseOrderId, order.id),
          isNull(purchaseOrderPackages.voidedAt),
          // Damaged on arrival: the delivered parcels are the ones printed again.
          order.statusBeforeException === 'delivered'
            ? undefined
            : isNull(purchaseOrderPackages.deliveredAt),
        ),
      )
      .returning({ id: purchaseOrderPackages.id });
    await transition(tx, order, 'reprint', {
      set: {
        exceptionReason: null,
        exceptionNote: '',
        statusBeforeException: null,
        producedAt: null,
        shippedAt: null,
      },
      params: { reason: order.exceptionReason, voided_packages: voided.map((p) => p.id) },
    });
  });
}

/** A partial or full refund the operator grants (the route makes it idempotent). */
export async function refundOrder(
  ctx: Ctx,
  input: { id: number; amount_minor: number; reason: string },
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, input.id);
    await refundPurchaseOrder(tx, order, { amountMinor: input.amount_minor, reason: input.reason });
  });
}
