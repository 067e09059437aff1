import { type Message } from '../../i18n/messages.ts';
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PurchaseOrderAddress, PurchaseOrderItem, PurchaseOrderState } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { purchaseOrders } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';
import { ofSeller } from '../../tenancy.ts';
import { writePurchaseOrderLog, type PoActor } from './po-log.ts';

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;

/** `PO` + UTC date and time + 6 random digits, e.g. PO20250301120000482913. */
function orderNumber(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `PO${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** A purchase order line as checkout snapshots it; `parent_sku_id` is where its stock came from. */
export type OrderItemSnapshot = PurchaseOrderItem & { parent_sku_id: number };

export interface NewPurchaseOrder {
  amountMinor: number;
  items?: OrderItemSnapshot[];
  goodsMinor?: number;
  shippingMinor?: number;
  discountMinor?: number;
  quantity?: number;
  address?: z.infer<typeof PurchaseOrderAddress> | null;
  remark?: string;
}

/**
 * Creates an unpaid purchase order with its snapshot (lines, address, amounts). Checkout calls
 * this; tests create orders through it directly.
 */
export async function createPurchaseOrder(
  db: Executor,
  sellerId: number,
  input: NewPurchaseOrder,
): Promise<PurchaseOrderRow> {
  const [row] = await db
    .insert(purchaseOrders)
    .values({
      sellerId,
      number: orderNumber(new Date()),
      amountMinor: input.amountMinor,
      items: input.items ?? [],
      goodsMinor: input.goodsMinor ?? input.amountMinor,
      shippingMinor: input.shippingMinor ?? 0,
      discountMinor: input.discountMinor ?? 0,
      quantity: input.quantity ?? 0,
      address: input.address ?? null,
      remark: input.remark ?? '',
    })
    .returning();
  return row!;
}

/** The seller's orders by id, locked for this transaction in id order; 404 naming any missing. */
export async function lockOwnOrders(
  tx: Executor,
  sellerId: number,
  ids: readonly number[],
): Promise<PurchaseOrderRow[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(purchaseOrders)
    .where(and(ofSeller(purchaseOrders.sellerId, sellerId), inArray(purchaseOrders.id, unique)))
    .orderBy(asc(purchaseOrders.id))
    .for('update');
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    throw new NotFoundError('finance.purchase_orders_not_found', { ids: missing.join(', ') });
  }
  return rows;
}

/** Marks a locked unpaid order paid and logs who paid it. */
export async function markPaid(
  tx: Executor,
  id: number,
  via: 'balance' | 'alipay',
  actor: PoActor,
): Promise<PurchaseOrderRow> {
  const [row] = await tx
    .update(purchaseOrders)
    .set({ status: 'paid', paidVia: via, paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(purchaseOrders.id, id))
    .returning();
  await writePurchaseOrderLog(tx, {
    orderId: id,
    actor,
    action: 'pay',
    from: 'unpaid',
    to: 'paid',
    params: { via },
  });
  return row!;
}

/** Why an order cannot be paid, or null when it can. */
export function unpayableReason(order: PurchaseOrderRow): Message | null {
  if (order.status === 'unpaid') return null;
  return order.status === 'paid'
    ? { key: 'finance.order_already_paid' }
    : { key: 'finance.order_not_payable', params: { status: order.status } };
}

export function orderState(row: PurchaseOrderRow): PurchaseOrderState {
  return {
    order_id: row.id,
    number: row.number,
    status: row.status,
    amount_minor: row.amountMinor,
    paid_via: row.paidVia,
    paid_at: row.paidAt ? unixSeconds(row.paidAt) : null,
  };
}
