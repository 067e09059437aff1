import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { finishedProducts, finishedSkus } from '../../db/schema.ts';

/**
 * Codes the simulators' buyers order from a store that has published nothing (the demo
 * catalogues in packages/sim): the first two are on the Amazon and Shopify simulators, the
 * third on Shopee and Temu.
 */
export const SIM_DEMO_SKUS = ['DEMO-TEE-BLK-M', 'DEMO-MUG-11OZ', 'DEMO-CASE-BLK'] as const;

/**
 * Gives the first SKU of the demo seller's first few products the codes the simulators' buyers
 * order, so adding synced demo orders to the cart finds finished SKUs.
 */
export async function alignDemoSkus(db: Executor, sellerId: number): Promise<void> {
  const skus = await db
    .select({ id: finishedSkus.id, productId: finishedSkus.productId })
    .from(finishedSkus)
    .where(eq(finishedSkus.sellerId, sellerId))
    .orderBy(asc(finishedSkus.productId), asc(finishedSkus.orderNum), asc(finishedSkus.id));
  const firstOfEach = skus.filter((s, i) => i === 0 || skus[i - 1]!.productId !== s.productId);
  const chosen = firstOfEach.slice(0, SIM_DEMO_SKUS.length);
  for (const [i, sku] of chosen.entries()) {
    await db
      .update(finishedSkus)
      .set({ skuCode: SIM_DEMO_SKUS[i]! })
      .where(eq(finishedSkus.id, sku.id));
  }
  if (chosen.length === 0) return;
  // The product's searchable SKU text, as the goods service keeps it on every SKU write.
  await db
    .update(finishedProducts)
    .set({
      skuText: sql`coalesce((select string_agg(lower(${finishedSkus.skuCode}), ' ' order by ${finishedSkus.orderNum}, ${finishedSkus.id}) from ${finishedSkus} where ${finishedSkus.productId} = ${finishedProducts.id}), '')`,
    })
    .where(
      inArray(
        finishedProducts.id,
        chosen.map((s) => s.productId),
      ),
    );
}
