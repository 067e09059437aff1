import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { finishedProducts, finishedSkus, parentProducts } from '../../db/schema.ts';
import { ofSeller } from '../../tenancy.ts';

/**
 * Codes the simulators' buyers order from a store that has published nothing (the demo
 * catalogues in packages/sim): the first two are on the Amazon and Shopify simulators, the
 * third on Shopee and Temu.
 */
export const SIM_DEMO_SKUS = ['DEMO-TEE-BLK-M', 'DEMO-MUG-11OZ', 'DEMO-CASE-BLK'] as const;

/** What each demo code names, so the cart shows a tee for the tee and not whatever came first. */
const DEMO_KINDS: Record<(typeof SIM_DEMO_SKUS)[number], { kind: RegExp; colour?: RegExp }> = {
  'DEMO-TEE-BLK-M': { kind: /t-shirt|\btee\b/i, colour: /black|黑/i },
  'DEMO-MUG-11OZ': { kind: /\bmug\b/i },
  'DEMO-CASE-BLK': { kind: /phone case/i, colour: /black|黑/i },
};

/**
 * Gives one SKU of the demo seller's products the codes the simulators' buyers order, so adding
 * synced demo orders to the cart finds finished SKUs: a product of the same kind (its parent's
 * English title), the matching colour first; without one, the first SKU of a product not yet used.
 */
export async function alignDemoSkus(db: Executor, sellerId: number): Promise<void> {
  const skus = await db
    .select({
      id: finishedSkus.id,
      productId: finishedSkus.productId,
      color: finishedSkus.color,
      kind: parentProducts.titleEn,
    })
    .from(finishedSkus)
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .leftJoin(parentProducts, eq(parentProducts.id, finishedProducts.parentProductId))
    .where(ofSeller(finishedSkus.sellerId, sellerId))
    .orderBy(asc(finishedSkus.productId), asc(finishedSkus.orderNum), asc(finishedSkus.id));
  const used = new Set<number>();
  const chosen: Array<{ id: number; productId: number; code: string }> = [];
  for (const code of SIM_DEMO_SKUS) {
    const { kind, colour } = DEMO_KINDS[code];
    const free = skus.filter((s) => !used.has(s.productId));
    const sameKind = free.filter((s) => kind.test(s.kind ?? ''));
    const sku = sameKind.find((s) => colour?.test(s.color)) ?? sameKind[0] ?? free[0] ?? undefined;
    if (!sku) break;
    used.add(sku.productId);
    chosen.push({ id: sku.id, productId: sku.productId, code });
  }
  for (const sku of chosen) {
    await db.update(finishedSkus).set({ skuCode: sku.code }).where(eq(finishedSkus.id, sku.id));
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
