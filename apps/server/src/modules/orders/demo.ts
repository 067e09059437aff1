import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { finishedProducts, finishedSkus, parentProducts } from '../../db/schema.ts';
import { ofSeller } from '../../tenancy.ts';

/**
 * Codes the simulators' buyers order from a store that has published nothing (the demo
 * catalogues in packages/sim): the tees and the mug on the Amazon and Shopify simulators, the
 * case on Shopee and Temu. The others they sell (a grey winter hat, a tote, cables, jars…) have
 * no product of that colour or kind in the demo catalogue and stay unmatched.
 */
export const SIM_DEMO_SKUS = [
  'DEMO-TEE-BLK-M',
  'DEMO-MUG-11OZ',
  'DEMO-CASE-BLK',
  'DEMO-TEE-WHT-L',
] as const;

/** What each demo code names: the kind (its parent's English title), and colour and size if it says. */
const DEMO_SKU_MEANS: Record<
  (typeof SIM_DEMO_SKUS)[number],
  { kind: RegExp; colour?: string; size?: string }
> = {
  'DEMO-TEE-BLK-M': { kind: /t-shirt|\btee\b/i, colour: 'Black', size: 'M' },
  'DEMO-MUG-11OZ': { kind: /\bmug\b/i, size: '11oz' },
  'DEMO-CASE-BLK': { kind: /phone case/i, colour: 'Black' },
  'DEMO-TEE-WHT-L': { kind: /t-shirt|\btee\b/i, colour: 'White', size: 'L' },
};

/**
 * Gives SKUs of the demo seller's products the codes the simulators' buyers order, so adding
 * synced demo orders to the cart finds finished SKUs: the SKU of that kind, colour and size (the
 * demo seed makes one for each code). Without one, a SKU of the same kind and colour, then of the
 * same kind, then the first SKU of a product no code went to, so other sellers' data still gets
 * the codes; a buyer of "Black / M" is then served another SKU.
 */
export async function alignDemoSkus(db: Executor, sellerId: number): Promise<void> {
  const skus = await db
    .select({
      id: finishedSkus.id,
      productId: finishedSkus.productId,
      color: finishedSkus.color,
      size: finishedSkus.size,
      kind: parentProducts.titleEn,
    })
    .from(finishedSkus)
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .leftJoin(parentProducts, eq(parentProducts.id, finishedProducts.parentProductId))
    .where(ofSeller(finishedSkus.sellerId, sellerId))
    .orderBy(asc(finishedSkus.productId), asc(finishedSkus.orderNum), asc(finishedSkus.id));
  const chosen: Array<{ id: number; productId: number; code: string }> = [];
  const same = (a: string, b?: string) => b === undefined || a.toLowerCase() === b.toLowerCase();
  for (const code of SIM_DEMO_SKUS) {
    const { kind, colour, size } = DEMO_SKU_MEANS[code];
    const free = skus.filter((s) => !chosen.some((c) => c.id === s.id));
    const sameKind = free.filter((s) => kind.test(s.kind ?? ''));
    const sameColour = sameKind.filter((s) => same(s.color, colour));
    const sku =
      sameColour.find((s) => same(s.size, size)) ??
      sameColour[0] ??
      sameKind[0] ??
      free.find((s) => !chosen.some((c) => c.productId === s.productId));
    if (!sku) continue;
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
