import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  nextPurchaseOrderStatus,
  type CancelPurchaseOrderInput,
  type PurchaseOrder,
  type PurchaseOrderPage,
  type PurchaseOrderQuery,
} from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { parentSkus, payments, purchaseOrders } from '../../db/schema.ts';
import { ConflictError } from '../../errors.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
} from '../../integrations/payments/provider.ts';
import { ofSeller, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { containsPattern } from '../goods-library/service.ts';
import { releasePurchasedOrders } from '../orders/service.ts';
import { lockSellerMoney, post } from './ledger.ts';
import { poActorOf, writePurchaseOrderLog } from './po-log.ts';
import { lockOwnOrders, type OrderItemSnapshot, type PurchaseOrderRow } from './orders.ts';

export function purchaseOrderOf(row: PurchaseOrderRow): PurchaseOrder {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    amount_minor: row.amountMinor,
    goods_minor: row.goodsMinor,
    shipping_minor: row.shippingMinor,
    discount_minor: row.discountMinor,
    refunded_minor: row.refundedMinor,
    quantity: row.quantity,
    items: row.items as OrderItemSnapshot[],
    address: (row.address as PurchaseOrder['address']) ?? null,
    remark: row.remark,
    paid_via: row.paidVia,
    paid_at: row.paidAt ? unixSeconds(row.paidAt) : null,
    cancelled_at: row.cancelledAt ? unixSeconds(row.cancelledAt) : null,
    created_at: unixSeconds(row.createdAt),
  };
}

/** The seller's purchase orders, newest first; `keyword` matches the number or a SKU code. */
export async function listPurchaseOrders(
  ctx: Ctx,
  query: PurchaseOrderQuery,
): Promise<PurchaseOrderPage> {
  const where: SQL[] = [ownedBy(ctx, purchaseOrders.sellerId)];
  if (query.status) where.push(eq(purchaseOrders.status, query.status));
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    where.push(
      or(
        ilike(purchaseOrders.number, pattern),
        sql`exists (select 1 from jsonb_array_elements(${purchaseOrders.items}) as item
                    where item->>'sku_code' ilike ${pattern})`,
      )!,
    );
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(purchaseOrders)
      .where(filter)
      .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ctx.db.select({ n: count() }).from(purchaseOrders).where(filter),
  ]);
  return {
    list: rows.map(purchaseOrderOf),
    pagination: { page: query.page, size: query.size, total: total?.n ?? 0 },
  };
}

/** Puts an order's pieces back on the parent SKUs' stock, locking them in id order. */
async function releaseStock(db: Executor, order: PurchaseOrderRow): Promise<void> {
  const byParent = new Map<number, number>();
  for (const item of order.items as OrderItemSnapshot[]) {
    byParent.set(item.parent_sku_id, (byParent.get(item.parent_sku_id) ?? 0) + item.quantity);
  }
  for (const [parentSkuId, quantity] of [...byParent].sort(([a], [b]) => a - b)) {
    await db
      .update(parentSkus)
      .set({ stock: sql`${parentSkus.stock} + ${quantity}` })
      .where(eq(parentSkus.id, parentSkuId));
  }
}

/** The paid Alipay trade that paid this order (alone or in a batch). */
async function tradeOf(db: Executor, order: PurchaseOrderRow) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        ofSeller(payments.sellerId, order.sellerId),
        eq(payments.status, 'paid'),
        sql`${payments.orderIds} @> ${JSON.stringify([order.id])}::jsonb`,
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1);
  if (!payment) throw new ConflictError('finance.alipay_payment_not_found');
  return payment;
}

/**
 * Cancels an order inside the caller's transaction. Unpaid: cancelled. Paid from the balance:
 * a `refund` ledger entry referencing the order (the ledger's unique reference makes a second
 * one impossible). Paid through Alipay: `alipay.trade.refund` with the order's own
 * out_request_no, so a repeat refunds nothing twice, and no ledger movement since the money goes
 * back to Alipay. The stock goes back in every case, and the marketplace orders it purchased go
 * back to their earlier desk status; an order cancelled or refunded already is a 409.
 */
export async function cancelPurchaseOrder(
  ctx: Ctx,
  provider: PaymentProvider | null,
  input: z.output<typeof CancelPurchaseOrderInput>,
): Promise<PurchaseOrder> {
  const sellerId = sellerIdOf(ctx);
  await lockSellerMoney(ctx.db, sellerId);
  const order = (await lockOwnOrders(ctx.db, sellerId, [input.id]))[0]!;
  if (order.status === 'cancelled' || order.status === 'refunded') {
    throw new ConflictError(
      'finance.order_already_status',
      { status: order.status },
      {
        order: purchaseOrderOf(order),
      },
    );
  }
  // Only before production: what the factory works on is not cancelled any more.
  if (nextPurchaseOrderStatus(order.status, 'cancel') === null) {
    throw new ConflictError(
      'finance.order_in_production',
      { number: order.number, status: order.status },
      { order: purchaseOrderOf(order) },
    );
  }
  const set: Partial<typeof purchaseOrders.$inferInsert> = {
    cancelReason: input.reason,
    cancelledAt: new Date(),
    updatedAt: new Date(),
  };
  if (order.status === 'unpaid') {
    set.status = 'cancelled';
  } else if (order.paidVia === 'alipay') {
    const payment = await tradeOf(ctx.db, order);
    if (!provider) throw new ConflictError('finance.online_pay_not_configured');
    const refundNo = `RF${order.number}`;
    try {
      await provider.refundTrade({
        outTradeNo: payment.outTradeNo,
        amountMinor: order.amountMinor,
        outRequestNo: refundNo,
        reason: input.reason || `Order ${order.number} cancelled`,
      });
    } catch (error) {
      // Alipay's refusal is the answer; an unreachable Alipay stays an error, so a retry runs again.
      if (error instanceof PaymentProviderError && error.code) {
        throw new ConflictError('finance.alipay_refund_refused', { reason: error.message });
      }
      throw error;
    }
    Object.assign(set, { status: 'refunded', refundedMinor: order.amountMinor, refundNo });
  } else {
    await post(ctx.db, sellerId, {
      kind: 'refund',
      amountMinor: order.amountMinor,
      ref: { type: 'purchase_order', id: order.id },
      memo: { key: 'ledger.order_cancelled', params: { number: order.number } },
    });
    Object.assign(set, { status: 'refunded', refundedMinor: order.amountMinor });
  }
  const [updated] = await ctx.db
    .update(purchaseOrders)
    .set(set)
    .where(eq(purchaseOrders.id, order.id))
    .returning();
  await writePurchaseOrderLog(ctx.db, {
    orderId: order.id,
    actor: poActorOf(ctx),
    action: 'cancel',
    from: order.status,
    to: updated!.status,
    params: { reason: input.reason ?? '', refunded_minor: updated!.refundedMinor },
  });
  await releaseStock(ctx.db, order);
  await releasePurchasedOrders(ctx, updated!);
  return purchaseOrderOf(updated!);
}
