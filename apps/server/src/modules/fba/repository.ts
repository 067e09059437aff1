import { and, count, desc, eq, exists, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { fbaPlans, fbaShipments, listingItems, listings, stores } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { visibleStores } from '../markets/service.ts';

export type PlanRow = typeof fbaPlans.$inferSelect;
export type ShipmentRow = typeof fbaShipments.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

export interface PlanFilters {
  storeId?: number;
  shipmentId?: string;
  number?: string;
  status?: string;
  from?: Date;
  to?: Date;
}

/** `LIKE 'text%'` with the wildcards in `text` taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The actor's plans in stores they may see, per the list's filters. */
function planWhere(ctx: Ctx, f: PlanFilters): SQL {
  const shipmentMatch = (condition: SQL) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(fbaShipments)
        .where(and(eq(fbaShipments.planId, fbaPlans.id), condition)),
    );
  return and(
    ownedBy(ctx, fbaPlans.sellerId),
    visibleStores(ctx),
    f.storeId ? eq(fbaPlans.storeId, f.storeId) : undefined,
    f.number ? like(fbaPlans.number, startsWith(f.number)) : undefined,
    f.shipmentId
      ? shipmentMatch(like(fbaShipments.confirmationId, startsWith(f.shipmentId)))
      : undefined,
    f.status ? shipmentMatch(eq(fbaShipments.status, f.status)) : undefined,
    f.from ? gte(fbaPlans.createdAt, f.from) : undefined,
    f.to ? lte(fbaPlans.createdAt, f.to) : undefined,
  )!;
}

export async function listPlans(
  ctx: Ctx,
  filters: PlanFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: Array<{ plan: PlanRow; store: StoreRow }>; total: number }> {
  const where = planWhere(ctx, filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ plan: fbaPlans, store: stores })
      .from(fbaPlans)
      .innerJoin(stores, eq(stores.id, fbaPlans.storeId))
      .where(where)
      .orderBy(desc(fbaPlans.createdAt), desc(fbaPlans.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({ n: count() })
      .from(fbaPlans)
      .innerJoin(stores, eq(stores.id, fbaPlans.storeId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One plan of the actor's with its store; another seller's plan, or one in a store this staff
 * member is not assigned to, is a 404.
 */
export async function findPlan(ctx: Ctx, id: number): Promise<{ plan: PlanRow; store: StoreRow }> {
  const [row] = await ctx.db
    .select({ plan: fbaPlans, store: stores })
    .from(fbaPlans)
    .innerJoin(stores, eq(stores.id, fbaPlans.storeId))
    .where(and(eq(fbaPlans.id, id), planWhere(ctx, {})))
    .limit(1);
  if (!row) throw new NotFoundError('fba.plan_not_found');
  return row;
}

export async function insertPlan(
  ctx: Ctx,
  values: Omit<typeof fbaPlans.$inferInsert, 'sellerId'>,
): Promise<PlanRow> {
  const [row] = await ctx.db
    .insert(fbaPlans)
    .values({ ...values, sellerId: sellerIdOf(ctx) })
    .returning();
  return row!;
}

export async function updatePlan(
  ctx: Ctx,
  id: number,
  change: Partial<Omit<typeof fbaPlans.$inferInsert, 'id' | 'sellerId' | 'storeId'>>,
): Promise<void> {
  await ctx.db
    .update(fbaPlans)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(fbaPlans.id, id), ownedBy(ctx, fbaPlans.sellerId)));
}

export async function shipmentsOf(ctx: Ctx, planIds: number[]): Promise<ShipmentRow[]> {
  if (planIds.length === 0) return [];
  return ctx.db
    .select()
    .from(fbaShipments)
    .where(inArray(fbaShipments.planId, planIds))
    .orderBy(fbaShipments.id);
}

/** Creates or updates the shipment Amazon knows as `remoteShipmentId` in the plan. */
export async function saveShipment(
  ctx: Ctx,
  planId: number,
  remoteShipmentId: string,
  change: Partial<Omit<typeof fbaShipments.$inferInsert, 'id' | 'planId' | 'remoteShipmentId'>>,
): Promise<void> {
  await ctx.db
    .insert(fbaShipments)
    .values({ planId, remoteShipmentId, ...change })
    .onConflictDoUpdate({
      target: [fbaShipments.planId, fbaShipments.remoteShipmentId],
      set: change,
    });
}

/** The titles of the store's listed SKUs, for product labels (the SKU itself when unknown). */
export async function titlesOf(
  ctx: Ctx,
  storeId: number,
  skus: string[],
): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await ctx.db
    .select({ sku: listingItems.sku, title: listings.title })
    .from(listingItems)
    .innerJoin(listings, eq(listings.id, listingItems.listingId))
    .where(
      and(
        eq(listingItems.storeId, storeId),
        inArray(listingItems.sku, skus),
        ownedBy(ctx, listings.sellerId),
      ),
    );
  return new Map(rows.filter((r) => r.title).map((r) => [r.sku, r.title]));
}

export async function amazonStores(ctx: Ctx): Promise<StoreRow[]> {
  return ctx.db
    .select()
    .from(stores)
    .where(and(visibleStores(ctx), eq(stores.marketplace, 'amazon')))
    .orderBy(stores.id);
}
