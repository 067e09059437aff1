import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { BatchAddCartInput, BatchAddCartResult } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { cartItems, finishedProducts, finishedSkus } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { findOwnAll, own } from './rows.ts';

/** Cart lines never grow past what one order line may hold. */
const CART_QUANTITY_MAX = 9999;

/** Adds the SKUs to the cart; a SKU already there gets the quantity added to its line. */
export async function batchAddCart(
  ctx: Ctx,
  input: BatchAddCartInput,
): Promise<BatchAddCartResult> {
  const sellerId = sellerIdOf(ctx);
  const skuIds = new Set<number>();
  if (input.ids?.length) {
    await findOwnAll(ctx, input.ids);
    const rows = await ctx.db
      .select({ id: finishedSkus.id })
      .from(finishedSkus)
      .where(inArray(finishedSkus.productId, input.ids));
    for (const r of rows) skuIds.add(r.id);
  }
  if (input.sku_ids?.length) {
    const wanted = [...new Set(input.sku_ids)];
    const rows = await ctx.db
      .select({ id: finishedSkus.id })
      .from(finishedSkus)
      .innerJoin(finishedProducts, eq(finishedSkus.productId, finishedProducts.id))
      .where(and(inArray(finishedSkus.id, wanted), own(ctx)));
    const found = new Set(rows.map((r) => r.id));
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) throw new NotFoundError('goods.sku_not_found_id', { id: missing });
    for (const id of found) skuIds.add(id);
  }
  if (skuIds.size > 0) {
    await ctx.db
      .insert(cartItems)
      .values([...skuIds].map((skuId) => ({ sellerId, skuId, quantity: input.quantity })))
      .onConflictDoUpdate({
        target: [cartItems.sellerId, cartItems.skuId],
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${CART_QUANTITY_MAX})`,
          updatedAt: new Date(),
        },
      });
  }
  const [lines] = await ctx.db
    .select({ n: count() })
    .from(cartItems)
    .where(ownedBy(ctx, cartItems.sellerId));
  return { added: skuIds.size, cartCount: lines?.n ?? 0 };
}
