import { and, asc, eq, exists } from 'drizzle-orm';
import type { FinishedSource } from '@app/shared';
import type { Ctx } from '../context.ts';
import { createFromParent } from '../modules/goods/index.ts';
import { finishedProducts, parentProducts, parentSkus } from '../db/schema.ts';

const DAY_MS = 86_400_000;

interface Plan {
  source: FinishedSource;
  shared?: boolean;
  /** Appended to the parent's title, so the demo list does not read like the parent library. */
  suffix: string;
  /** Index into the demo seller's earlier products, or the platform's, this one was copied from. */
  copyOf?: { owner: 'seller' | 'platform'; index: number };
}

const SELLER_PLANS: Plan[] = [
  { source: 'parent', suffix: ' 经典款' },
  { source: 'design', suffix: ' 原创印花', shared: true },
  { source: 'parent', suffix: ' 简约款' },
  { source: 'design', suffix: ' 城市插画', shared: true },
  { source: 'platform', suffix: ' 平台精选', copyOf: { owner: 'platform', index: 0 } },
  { source: 'duplicate', suffix: ' 经典款 副本', copyOf: { owner: 'seller', index: 0 } },
  { source: 'merge', suffix: ' 合并款' },
  { source: 'parent', suffix: ' 节日限定' },
];

const PLATFORM_PLANS: Plan[] = [
  { source: 'design', suffix: ' 平台精选', shared: true },
  { source: 'design', suffix: ' 极简线条', shared: true },
  { source: 'parent', suffix: ' 热销款', shared: true },
  { source: 'design', suffix: ' 国潮图案', shared: true },
  { source: 'parent', suffix: ' 基础款', shared: true },
  { source: 'design', suffix: ' 复古风', shared: true },
];

/**
 * Demo finished goods made the way sellers make them (the goods service, so SKU codes and prices
 * follow the same rules): the platform's shared products and the demo seller's own. Called once,
 * in the transaction that creates the demo seller, with the platform-wide system ctx (the owner of
 * each product is passed to the service explicitly).
 */
export async function seedGoods(ctx: Ctx, sellerId: number, now = new Date()): Promise<void> {
  const { db } = ctx;
  // Parents with an on-sale SKU, spread over the catalogue so the demo covers several categories.
  const parents = await db
    .select({ id: parentProducts.id })
    .from(parentProducts)
    .where(
      and(
        eq(parentProducts.status, 'on'),
        exists(
          db
            .select({ id: parentSkus.id })
            .from(parentSkus)
            .where(and(eq(parentSkus.productId, parentProducts.id), eq(parentSkus.status, 'on'))),
        ),
      ),
    )
    .orderBy(asc(parentProducts.id));
  if (parents.length === 0) return;
  const step = Math.max(
    1,
    Math.floor(parents.length / (PLATFORM_PLANS.length + SELLER_PLANS.length)),
  );
  let next = 0;
  const nextParent = () => parents[(next++ * step) % parents.length]!.id;

  const made: Record<'seller' | 'platform', Array<{ id: number; parentId: number }>> = {
    seller: [],
    platform: [],
  };
  const make = async (owner: 'seller' | 'platform', plan: Plan, age: number) => {
    const source = plan.copyOf ? made[plan.copyOf.owner][plan.copyOf.index] : undefined;
    const parentId = source?.parentId ?? nextParent();
    const [parent] = await db
      .select({ title: parentProducts.title })
      .from(parentProducts)
      .where(eq(parentProducts.id, parentId));
    const row = await createFromParent(ctx, owner === 'seller' ? sellerId : null, {
      parent_product_id: parentId,
      title: `${parent!.title}${plan.suffix}`,
      // The demo seller reads zh-CN: its own words (tags) are Chinese too.
      tags: plan.source === 'design' ? ['演示', '印花'] : ['演示'],
      design: plan.source === 'design' ? { layers: [], note: 'demo design' } : undefined,
    });
    const createdAt = new Date(now.getTime() - age * DAY_MS);
    await db
      .update(finishedProducts)
      .set({
        source: plan.source,
        sourceProductId: source?.id ?? null,
        sharedAt: plan.shared ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      })
      .where(eq(finishedProducts.id, row.id));
    made[owner].push({ id: row.id, parentId });
  };

  for (const [i, plan] of PLATFORM_PLANS.entries()) await make('platform', plan, 30 - i);
  for (const [i, plan] of SELLER_PLANS.entries())
    await make('seller', plan, SELLER_PLANS.length - i);
}
