import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cartItems, finishedSkus } from '../../db/schema.ts';

export interface Usage {
  listings: number;
  orders: number;
  cartItems: number;
}

/**
 * Where finished products are in use; a used product cannot be deleted. Listings and orders
 * add their counts here when their tables exist.
 */
export async function usageOf(db: Executor, productIds: number[]): Promise<Map<number, Usage>> {
  const usage = new Map<number, Usage>(
    productIds.map((id) => [id, { listings: 0, orders: 0, cartItems: 0 }]),
  );
  if (productIds.length === 0) return usage;
  const carts = await db
    .select({ productId: finishedSkus.productId, n: count() })
    .from(cartItems)
    .innerJoin(finishedSkus, eq(cartItems.skuId, finishedSkus.id))
    .where(inArray(finishedSkus.productId, productIds))
    .groupBy(finishedSkus.productId);
  for (const row of carts) usage.get(row.productId)!.cartItems = row.n;
  return usage;
}

export function isUsed(u: Usage): boolean {
  return u.listings + u.orders + u.cartItems > 0;
}
