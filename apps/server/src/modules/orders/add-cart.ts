import { and, asc, inArray, isNull } from 'drizzle-orm';
import {
  CART_LINE_QUANTITY_MAX,
  type OrderAddCartInput,
  type OrderAddCartReason,
  type OrderAddCartResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orderItems } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { renderText } from '../../i18n/render-text.ts';
import { loadSkuFacts } from '../cart/index.ts';
import { addOrderLines, orderIdsBySku } from '../cart/service.ts';
import { cartNum } from './actions.ts';
import { visibleOrdersById } from './access.ts';
import { matchFinishedSkus } from './relations.ts';
import { allowedActions } from './transitions.ts';

/**
 * Puts the items of the given orders into the platform cart (issue 8): each item's SKU is
 * matched to the seller's finished SKU through the seller's SKU relation, else by that code,
 * case-insensitively (`matchFinishedSkus`). Each finished SKU's cart line gets the pieces and
 * remembers the orders, so checking it out moves them to purchased; an order the line serves
 * already adds nothing again. Every item gets a result with what it was matched to; one that
 * was not added says why, as a code and in English.
 */
export async function addOrdersToCart(
  ctx: Ctx,
  input: OrderAddCartInput,
): Promise<OrderAddCartResult> {
  const ids = [...new Set(input.ids)];
  const rows = await visibleOrdersById(ctx, ids);
  const open = new Set(rows.filter((r) => allowedActions(r).includes('add_cart')).map((r) => r.id));
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, ids), isNull(orderItems.cancelledAt)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const matched = await matchFinishedSkus(
    ctx,
    items.map((i) => i.sku),
  );
  const skuIds = [...new Set([...matched.values()].map((m) => m.id))];

  return withTransaction(ctx, async (tx) => {
    const [facts, served] = await Promise.all([
      loadSkuFacts(tx.db, skuIds),
      orderIdsBySku(tx, skuIds),
    ]);
    const results: OrderAddCartResult['items'] = [];
    const lines = new Map<number, { skuId: number; quantity: number; orderIds: number[] }>();
    for (const item of items) {
      const skuId = matched.get(item.sku.toLowerCase())?.id ?? null;
      const sku = skuId === null ? undefined : facts.get(skuId);
      let reason: OrderAddCartReason | null = null;
      if (!open.has(item.orderId)) reason = 'status';
      else if (skuId === null) reason = 'no_match';
      else if (served.get(skuId)?.has(item.orderId)) reason = 'in_cart';
      results.push({
        order_id: item.orderId,
        item_id: item.id,
        sku: item.sku,
        ok: reason === null,
        sku_id: skuId,
        sku_code: sku?.skuCode ?? null,
        product_title: sku?.title ?? null,
        color: sku?.color ?? null,
        size: sku?.size ?? null,
        image: sku?.image ?? null,
        reason_code: reason,
        reason: reason === null ? null : renderText(ctx.lang, `reason.cart_${reason}`),
      });
      if (reason !== null) continue;
      const line = lines.get(skuId!) ?? { skuId: skuId!, quantity: 0, orderIds: [] };
      line.quantity = Math.min(line.quantity + item.quantity, CART_LINE_QUANTITY_MAX);
      line.orderIds.push(item.orderId);
      lines.set(skuId!, line);
    }
    await addOrderLines(tx, [...lines.values()]);
    return {
      added: results.filter((r) => r.ok).length,
      cart_count: (await cartNum(tx)).count,
      items: results,
    };
  });
}
