import { and, asc, inArray, isNull } from 'drizzle-orm';
import {
  CART_LINE_QUANTITY_MAX,
  type OrderAddCartInput,
  type OrderAddCartResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orderItems } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { batchAddCart } from '../goods/service.ts';
import { cartNum } from './actions.ts';
import { visibleOrdersById } from './access.ts';
import { matchFinishedSkus } from './relations.ts';
import { allowedActions } from './transitions.ts';

/**
 * Puts the items of the given orders into the platform cart (issue 8): each item's SKU is
 * matched to the seller's finished SKU through the seller's SKU relation, else by that code,
 * case-insensitively (`matchFinishedSkus`), and added through
 * the goods module's cart code. Every item gets a result; one that cannot be added says why.
 */
export async function addOrdersToCart(
  ctx: Ctx,
  input: OrderAddCartInput,
): Promise<OrderAddCartResult> {
  const ids = [...new Set(input.ids)];
  const rows = await visibleOrdersById(ctx, ids);
  const open = new Set(
    rows.filter((r) => allowedActions(r.status).includes('add_cart')).map((r) => r.id),
  );
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, ids), isNull(orderItems.cancelledAt)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const matched = await matchFinishedSkus(
    ctx,
    items.map((i) => i.sku),
  );

  const results: OrderAddCartResult['items'] = [];
  const quantities = new Map<number, number>();
  for (const item of items) {
    const skuId = matched.get(item.sku.toLowerCase())?.id ?? null;
    let reason: string | null = null;
    if (!open.has(item.orderId)) reason = 'The order’s status does not allow adding to the cart';
    else if (skuId === null) reason = 'No finished SKU with this code or relation';
    results.push({
      order_id: item.orderId,
      item_id: item.id,
      sku: item.sku,
      ok: reason === null,
      sku_id: skuId,
      reason,
    });
    if (reason === null) {
      quantities.set(
        skuId!,
        Math.min((quantities.get(skuId!) ?? 0) + item.quantity, CART_LINE_QUANTITY_MAX),
      );
    }
  }
  // batchAddCart takes one quantity for all its SKUs, so SKUs go in grouped by their quantity.
  const byQuantity = new Map<number, number[]>();
  for (const [skuId, quantity] of quantities) {
    byQuantity.set(quantity, [...(byQuantity.get(quantity) ?? []), skuId]);
  }
  return withTransaction(ctx, async (tx) => {
    let cartCount = (await cartNum(tx)).count;
    for (const [quantity, skuIds] of byQuantity) {
      cartCount = (await batchAddCart(tx, { sku_ids: skuIds, quantity })).cartCount;
    }
    return { added: results.filter((r) => r.ok).length, cart_count: cartCount, items: results };
  });
}
