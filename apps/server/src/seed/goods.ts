import { and, asc, eq, exists } from 'drizzle-orm';
import type { FinishedSource } from '@app/shared';
import { systemCtx, type Ctx } from '../context.ts';
import type { ObjectStorage } from '../integrations/object-storage.ts';
import { saveDesign, savePlatformDesign, type DesignDeps } from '../modules/design/index.ts';
import { createFromParent, duplicateProduct } from '../modules/goods/index.ts';
import { showParentProduct } from '../modules/goods-library/service.ts';
import { demoDesignLayers, storeDemoArtworks, type DemoDesignLook } from './demo-designs.ts';
import { finishedProducts, parentProducts, parentSkus } from '../db/schema.ts';

const DAY_MS = 86_400_000;

interface Plan {
  source: FinishedSource;
  /** What a `design` product shows: drawn by the design tool's renderer, as a seller's save is. */
  look?: DemoDesignLook;
  shared?: boolean;
  /** Appended to the parent's title, so the demo list does not read like the parent library. */
  suffix: string;
  /** Index into the demo seller's earlier products, or the platform's, this one was copied from. */
  copyOf?: { owner: 'seller' | 'platform'; index: number };
  /**
   * The first parent of this kind (English title) instead of the next one along: the simulators'
   * buyers order one (orders' `alignDemoSkus` gives its SKU their code).
   */
  kind?: RegExp;
}

const SELLER_PLANS: Plan[] = [
  { source: 'parent', suffix: ' 经典款' },
  {
    source: 'design',
    suffix: ' 原创印花',
    shared: true,
    look: { art: 'sunrise', text: 'SUNNY DAYS', fill: '#d35400' },
  },
  { source: 'parent', suffix: ' 简约款' },
  {
    source: 'design',
    suffix: ' 城市插画',
    shared: true,
    look: { art: 'skyline', text: 'CITY LIGHTS', fill: '#2c3e50' },
  },
  { source: 'platform', suffix: ' 平台精选', copyOf: { owner: 'platform', index: 0 } },
  { source: 'duplicate', suffix: ' 经典款 副本', copyOf: { owner: 'seller', index: 0 } },
  { source: 'merge', suffix: ' 合并款' },
  // The Shopee and Temu simulators' buyers order a black phone case (DEMO-CASE-BLK).
  { source: 'parent', suffix: ' 节日限定', kind: /phone case/i },
];

const PLATFORM_PLANS: Plan[] = [
  {
    source: 'design',
    suffix: ' 平台精选',
    shared: true,
    look: { art: 'sunrise', text: 'GOOD VIBES', fill: '#16a085', curve: 40 },
  },
  {
    source: 'design',
    suffix: ' 极简线条',
    shared: true,
    look: { art: 'lines', text: 'less is more', fill: '#222222' },
  },
  { source: 'parent', suffix: ' 热销款', shared: true },
  {
    source: 'design',
    suffix: ' 国潮图案',
    shared: true,
    look: { art: 'clouds', text: 'LUCKY CLOUD', fill: '#c0392b' },
  },
  { source: 'parent', suffix: ' 基础款', shared: true },
  {
    source: 'design',
    suffix: ' 复古风',
    shared: true,
    look: { art: 'retro', text: 'RETRO 1984', fill: '#7a3e8f', curve: -30 },
  },
];

/** A job a seed asked for, queued once its transaction has committed. */
export type DeferredJob = Parameters<DesignDeps['jobs']['enqueue']>[0];

/** Colours a demo design is made in (mockups are colour × side). */
const DESIGN_COLOURS = 2;
const DARK = /black|navy|charcoal|dark|forest|maroon|burgundy/i;

/**
 * Demo finished goods made the way sellers make them (the goods service, so SKU codes and prices
 * follow the same rules): the platform's shared products and the demo seller's own. Called once,
 * in the transaction that creates the demo seller, with the platform-wide system ctx (the owner of
 * each product is passed to the service explicitly). With `storage`, designed products are real
 * designs (artwork and text layers): the seller's saved through the design service, whose render
 * jobs are answered for queueing after the commit; the platform's rendered here and now.
 */
export async function seedGoods(
  ctx: Ctx,
  sellerId: number,
  opts: { storage?: ObjectStorage; now?: Date } = {},
): Promise<DeferredJob[]> {
  const { db } = ctx;
  const now = opts.now ?? new Date();
  const { storage } = opts;
  const deferred: DeferredJob[] = [];
  const artworks = storage ? await storeDemoArtworks(storage) : null;
  const sellerCtx = systemCtx(db, ctx.log, { sellerId, inTransaction: true });
  // Parents with an on-sale SKU, spread over the catalogue so the demo covers several categories.
  const parents = await db
    .select({ id: parentProducts.id, titleEn: parentProducts.titleEn })
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
  if (parents.length === 0) return deferred;
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
    const parentId =
      source?.parentId ??
      (plan.kind && parents.find((p) => plan.kind!.test(p.titleEn))?.id) ??
      nextParent();
    const parent = await showParentProduct(ctx, { id: parentId });
    const title = `${parent.title}${plan.suffix}`;
    // The demo seller reads zh-CN: its own words (tags) are Chinese too.
    const tags = plan.source === 'design' ? ['演示', '印花'] : ['演示'];
    const design =
      plan.look && artworks && storage
        ? demoDesignLayers(parent, plan.look, artworks[plan.look.art])
        : null;
    let id: number;
    if (source) {
      // A copy the way the seller makes one: the source's SKUs, pictures and design come along.
      id = (await duplicateProduct(sellerCtx, { id: source.id })).id;
    } else if (design && storage) {
      const onSale = [...new Set(parent.skus.filter((k) => k.status === 'on').map((k) => k.color))];
      // The looks are dark on light: light colours first, so the first mockup reads well.
      const colors = [
        ...onSale.filter((c) => !DARK.test(c)),
        ...onSale.filter((c) => DARK.test(c)),
      ];
      const input = {
        parent_product_id: parentId,
        title,
        colors: colors.slice(0, DESIGN_COLOURS),
        sizes: [],
        layers: design.layers,
      };
      id =
        owner === 'seller'
          ? (
              await saveDesign(
                sellerCtx,
                { storage, jobs: { enqueue: async (job) => (deferred.push(job), 'deferred') } },
                input,
              )
            ).finished_product_id
          : await savePlatformDesign(ctx, { storage }, input);
    } else {
      id = (
        await createFromParent(ctx, owner === 'seller' ? sellerId : null, {
          parent_product_id: parentId,
          title,
          tags,
        })
      ).id;
    }
    const createdAt = new Date(now.getTime() - age * DAY_MS);
    await db
      .update(finishedProducts)
      .set({
        title,
        tags,
        source: plan.source,
        sourceProductId: source?.id ?? null,
        sharedAt: plan.shared ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      })
      .where(eq(finishedProducts.id, id));
    made[owner].push({ id, parentId });
  };

  for (const [i, plan] of PLATFORM_PLANS.entries()) await make('platform', plan, 30 - i);
  for (const [i, plan] of SELLER_PLANS.entries())
    await make('seller', plan, SELLER_PLANS.length - i);
  return deferred;
}
