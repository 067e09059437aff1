import { and, asc, eq, gte, inArray, isNotNull, max, ne, sql, sum } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  categories,
  factories,
  fbaInventory,
  finishedProducts,
  finishedSkus,
  listingItems,
  listings,
  orderItems,
  orders,
  parentProducts,
  parentSkus,
  stores,
} from '../../db/schema.ts';
import type { FbaStock } from '../../integrations/marketplaces/amazon/inventory.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { visibleStores } from '../markets/service.ts';

export type StoreRow = typeof stores.$inferSelect;

/** The actor's stores (a staff member's assigned ones), one of them when `storeId` is given. */
const storeScope = (ctx: Ctx, storeId?: number) =>
  and(visibleStores(ctx), storeId ? eq(stores.id, storeId) : undefined)!;

/** The actor's stores, for the list's store filter. */
export async function visibleStoreList(ctx: Ctx) {
  return ctx.db
    .select({ id: stores.id, alias: stores.alias, marketplace: stores.marketplace })
    .from(stores)
    .where(visibleStores(ctx))
    .orderBy(asc(stores.id));
}

export async function amazonStoresOf(ctx: Ctx, storeId?: number): Promise<StoreRow[]> {
  return ctx.db
    .select()
    .from(stores)
    .where(and(storeScope(ctx, storeId), eq(stores.marketplace, 'amazon')))
    .orderBy(asc(stores.id));
}

/** Replaces one store's FBA stock with what Amazon just summed, in one transaction. */
export async function replaceFbaStock(ctx: Ctx, store: StoreRow, stock: FbaStock[]) {
  const sellerId = sellerIdOf(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(fbaInventory).where(eq(fbaInventory.storeId, store.id));
    if (!stock.length) return;
    await tx.insert(fbaInventory).values(
      stock.map((s) => ({
        sellerId,
        storeId: store.id,
        sku: s.sku,
        asin: s.asin,
        fnsku: s.fnsku,
        title: s.title,
        fulfillable: s.fulfillable,
        inbound: s.inbound,
        reserved: s.reserved,
        unfulfillable: s.unfulfillable,
      })),
    );
  });
}

export async function fbaStockOf(ctx: Ctx, storeId?: number) {
  return ctx.db
    .select({ row: fbaInventory, alias: stores.alias })
    .from(fbaInventory)
    .innerJoin(stores, eq(stores.id, fbaInventory.storeId))
    .where(and(ownedBy(ctx, fbaInventory.sellerId), storeScope(ctx, storeId)));
}

export async function lastFbaSync(ctx: Ctx): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ at: max(fbaInventory.syncedAt) })
    .from(fbaInventory)
    .innerJoin(stores, eq(stores.id, fbaInventory.storeId))
    .where(and(ownedBy(ctx, fbaInventory.sellerId), visibleStores(ctx)));
  return row?.at ? new Date(row.at) : null;
}

/** Each listed SKU's quantity per store, drafts left out (nothing is on sale yet). */
export async function listedStockOf(ctx: Ctx, storeId?: number) {
  return ctx.db
    .select({
      sku: listingItems.sku,
      storeId: stores.id,
      alias: stores.alias,
      marketplace: stores.marketplace,
      quantity: listingItems.quantity,
      title: listings.title,
      image: listingItems.image,
    })
    .from(listingItems)
    .innerJoin(listings, eq(listings.id, listingItems.listingId))
    .innerJoin(stores, eq(stores.id, listings.storeId))
    .where(
      and(ownedBy(ctx, listings.sellerId), storeScope(ctx, storeId), ne(listings.status, 'draft')),
    );
}

/** Units sold per SKU since `since` in the shown stores, cancelled orders and lines left out. */
export async function salesSince(ctx: Ctx, since: Date, storeId?: number) {
  const rows = await ctx.db
    .select({ sku: orderItems.sku, units: sum(orderItems.quantity).mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(
      and(
        ownedBy(ctx, orders.sellerId),
        storeScope(ctx, storeId),
        gte(orders.purchasedAt, since),
        isNotNull(orders.remoteId),
        ne(orders.orderStatus, 'canceled'),
        sql`${orderItems.cancelledAt} is null`,
      ),
    )
    .groupBy(orderItems.sku);
  return new Map(rows.map((r) => [r.sku, r.units]));
}

/**
 * The seller's finished SKUs among `skus`, with their category and the blank they are printed
 * on: its stock and the factory that prints it (the default factory when the product names none).
 */
export async function madeHere(ctx: Ctx, skus: string[]) {
  if (!skus.length) return [];
  return ctx.db
    .select({
      sku: finishedSkus.skuCode,
      image: finishedSkus.image,
      title: finishedProducts.title,
      categoryId: finishedProducts.categoryId,
      blankStock: parentSkus.stock,
      factoryId: sql<
        number | null
      >`coalesce(${parentProducts.factoryId}, (select ${factories.id} from ${factories} where ${factories.isDefault}))`
        // node-postgres answers bigint as text; PGlite as a number.
        .mapWith(Number),
    })
    .from(finishedSkus)
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .leftJoin(parentSkus, eq(parentSkus.id, finishedSkus.parentSkuId))
    .leftJoin(parentProducts, eq(parentProducts.id, finishedProducts.parentProductId))
    .where(and(ownedBy(ctx, finishedSkus.sellerId), inArray(finishedSkus.skuCode, skus)));
}

export async function allFactories(ctx: Ctx) {
  return ctx.db.select().from(factories).orderBy(asc(factories.id));
}

export async function categoriesById(ctx: Ctx, ids: number[]) {
  if (!ids.length) return [];
  return ctx.db.select().from(categories).where(inArray(categories.id, ids));
}
