import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  fbaInventory,
  fbaPlans,
  fbaPodOrders,
  finishedProducts,
  finishedSkus,
  purchaseOrders,
  sellers,
  stores,
} from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { containsPattern } from '../goods-library/service.ts';
import { visibleStores } from '../markets/service.ts';

export type PodRow = typeof fbaPodOrders.$inferSelect;
type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
type StoreRow = typeof stores.$inferSelect;
export interface PodJoined {
  pod: PodRow;
  po: PurchaseOrderRow;
  store: StoreRow;
  planNumber: string | null;
}

const joined = (db: Executor) =>
  db
    .select({ pod: fbaPodOrders, po: purchaseOrders, store: stores, planNumber: fbaPlans.number })
    .from(fbaPodOrders)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, fbaPodOrders.purchaseOrderId))
    .innerJoin(stores, eq(stores.id, fbaPodOrders.storeId))
    .leftJoin(fbaPlans, eq(fbaPlans.id, fbaPodOrders.planId));

export async function insertPod(
  ctx: Ctx,
  values: Omit<typeof fbaPodOrders.$inferInsert, 'sellerId'>,
): Promise<PodRow> {
  const [row] = await ctx.db
    .insert(fbaPodOrders)
    .values({ ...values, sellerId: sellerIdOf(ctx) })
    .returning();
  return row!;
}

export async function updatePod(
  db: Executor,
  id: number,
  change: Partial<Omit<typeof fbaPodOrders.$inferInsert, 'id' | 'sellerId'>>,
): Promise<void> {
  await db.update(fbaPodOrders).set(change).where(eq(fbaPodOrders.id, id));
}

/** The actor's POD-to-FBA orders in stores they may see, newest first. */
export async function listPods(
  ctx: Ctx,
  filter: { storeId?: number },
  page: { offset: number; limit: number },
): Promise<{ rows: PodJoined[]; total: number }> {
  const where = and(
    ownedBy(ctx, fbaPodOrders.sellerId),
    visibleStores(ctx),
    filter.storeId ? eq(fbaPodOrders.storeId, filter.storeId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    joined(ctx.db)
      .where(where)
      .orderBy(desc(fbaPodOrders.createdAt), desc(fbaPodOrders.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({ n: count() })
      .from(fbaPodOrders)
      .innerJoin(stores, eq(stores.id, fbaPodOrders.storeId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** For the operator: the POD-to-FBA order of any seller's purchase order; 404 when it has none. */
export async function podOfPurchaseOrder(db: Executor, purchaseOrderId: number) {
  const [row] = await joined(db).where(eq(fbaPodOrders.purchaseOrderId, purchaseOrderId));
  if (!row) throw new NotFoundError('fba.pod_not_found');
  return row;
}

/** For the desk's marks: the POD-to-FBA orders among these purchase orders. */
export async function podsOfPurchaseOrders(db: Executor, ids: number[]): Promise<PodJoined[]> {
  if (ids.length === 0) return [];
  return joined(db).where(inArray(fbaPodOrders.purchaseOrderId, ids));
}

/** The seller's finished SKUs matching `keyword` (SKU code or title), for the picker. */
export async function podCandidates(ctx: Ctx, keyword: string | undefined) {
  const pattern = keyword ? containsPattern(keyword) : null;
  return ctx.db
    .select({
      skuId: finishedSkus.id,
      skuCode: finishedSkus.skuCode,
      title: finishedProducts.title,
      image: finishedSkus.image,
      color: finishedSkus.color,
      size: finishedSkus.size,
    })
    .from(finishedSkus)
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .where(
      and(
        ownedBy(ctx, finishedSkus.sellerId),
        pattern
          ? or(ilike(finishedSkus.skuCode, pattern), ilike(finishedProducts.title, pattern))
          : undefined,
      ),
    )
    .orderBy(desc(finishedSkus.id))
    .limit(100);
}

/** Which of `skuIds` are the seller's finished SKUs, with their codes and titles. */
export async function ownSkus(ctx: Ctx, skuIds: number[]) {
  return ctx.db
    .select({ id: finishedSkus.id, code: finishedSkus.skuCode, title: finishedProducts.title })
    .from(finishedSkus)
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .where(and(ownedBy(ctx, finishedSkus.sellerId), inArray(finishedSkus.id, skuIds)));
}

/**
 * The FNSKUs Amazon gave these SKUs in the store: from its FBA stock as last read, else from
 * an earlier inbound plan's items.
 */
export async function knownFnskus(
  ctx: Ctx,
  storeId: number,
  skus: string[],
): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const [stock, plans] = await Promise.all([
    ctx.db
      .select({ sku: fbaInventory.sku, fnsku: fbaInventory.fnsku })
      .from(fbaInventory)
      .where(
        and(
          ownedBy(ctx, fbaInventory.sellerId),
          eq(fbaInventory.storeId, storeId),
          inArray(fbaInventory.sku, skus),
        ),
      ),
    ctx.db
      .select({ items: fbaPlans.items })
      .from(fbaPlans)
      .where(and(ownedBy(ctx, fbaPlans.sellerId), eq(fbaPlans.storeId, storeId)))
      .orderBy(desc(fbaPlans.id))
      .limit(50),
  ]);
  const known = new Map<string, string>();
  for (const { items } of plans) {
    for (const item of items)
      if (item.fnsku && skus.includes(item.sku)) known.set(item.sku, item.fnsku);
  }
  for (const row of stock) if (row.fnsku) known.set(row.sku, row.fnsku);
  return known;
}

/** The seller's balance as the quote shows it (paying locks and checks it again). */
export async function balanceOf(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ balance: sellers.balanceMinor })
    .from(sellers)
    .where(eq(sellers.id, sellerIdOf(ctx)));
  return row?.balance ?? 0;
}
