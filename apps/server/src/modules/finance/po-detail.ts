import { asc, eq, inArray } from 'drizzle-orm';
import {
  purchaseOrderActions,
  type PrintFileRef,
  type ProductionItem,
  type PurchaseOrderDetail,
  type PurchaseOrderPackage,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  factories,
  finishedProducts,
  parentProducts,
  parentSkus,
  purchaseOrderPackages,
  purchaseOrders,
} from '../../db/schema.ts';
import { findOwned } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import type { OrderItemSnapshot, PurchaseOrderRow } from './orders.ts';
import { purchaseOrderLog } from './po-log.ts';
import { purchaseOrderOf } from './purchase-orders.ts';

/** A line as stored: accepting an order keeps its factory and print files in the snapshot. */
export type ProductionSnapshot = OrderItemSnapshot & {
  factory_id?: number | null;
  print_files?: PrintFileRef[];
};

export type PackageRow = typeof purchaseOrderPackages.$inferSelect;

const unix = (d: Date | null) => (d ? unixSeconds(d) : null);

/**
 * Each line's factory (its parent product's, else the default one) and print files (the
 * design tool's last render of its finished product), read now: what `accept` freezes.
 */
export async function resolveProduction(
  db: Executor,
  items: readonly OrderItemSnapshot[],
): Promise<ProductionSnapshot[]> {
  const parentSkuIds = [...new Set(items.map((i) => i.parent_sku_id))];
  const productIds = [...new Set(items.map((i) => i.product_id))];
  const [factoryOf, designs, [fallback]] = await Promise.all([
    parentSkuIds.length === 0
      ? []
      : db
          .select({ id: parentSkus.id, factoryId: parentProducts.factoryId })
          .from(parentSkus)
          .innerJoin(parentProducts, eq(parentProducts.id, parentSkus.productId))
          .where(inArray(parentSkus.id, parentSkuIds)),
    productIds.length === 0
      ? []
      : db
          .select({ id: finishedProducts.id, design: finishedProducts.design })
          .from(finishedProducts)
          .where(inArray(finishedProducts.id, productIds)),
    db.select({ id: factories.id }).from(factories).where(eq(factories.isDefault, true)),
  ]);
  const factoryBySku = new Map(factoryOf.map((r) => [r.id, r.factoryId]));
  const filesByProduct = new Map(
    designs.map((d) => {
      const files = (d.design?.print_files ?? []) as Array<{ side: string; url: string }>;
      return [d.id, files.map((f) => ({ side: f.side, url: f.url }))];
    }),
  );
  return items.map((item) => ({
    ...item,
    factory_id: factoryBySku.get(item.parent_sku_id) ?? fallback?.id ?? null,
    print_files: filesByProduct.get(item.product_id) ?? [],
  }));
}

/** How many of each line (by index) the packages hold; a voided package's items ship again. */
export function shippedQuantities(
  packages: readonly Pick<PackageRow, 'items' | 'voidedAt'>[],
): number[] {
  const shipped: number[] = [];
  for (const pkg of packages) {
    if (pkg.voidedAt) continue;
    for (const { item, quantity } of pkg.items) shipped[item] = (shipped[item] ?? 0) + quantity;
  }
  return shipped;
}

export function packageOf(
  row: PackageRow,
  items: readonly OrderItemSnapshot[],
): PurchaseOrderPackage {
  return {
    id: row.id,
    channel_id: row.channelId,
    carrier: row.carrier,
    tracking_no: row.trackingNo,
    items: row.items.map((i) => ({ ...i, sku_code: items[i.item]?.sku_code ?? '' })),
    status: row.status,
    events: row.events,
    shipped_at: unixSeconds(row.shippedAt),
    delivered_at: unix(row.deliveredAt),
    last_event_at: unixSeconds(row.lastEventAt),
    voided_at: unix(row.voidedAt),
  };
}

export function packagesOf(db: Executor, orderId: number): Promise<PackageRow[]> {
  return db
    .select()
    .from(purchaseOrderPackages)
    .where(eq(purchaseOrderPackages.purchaseOrderId, orderId))
    .orderBy(asc(purchaseOrderPackages.id));
}

/**
 * A purchase order with its production: lines with factory, print files and shipped
 * quantity; packages with their tracking timeline; the log; what may be done next.
 */
export async function purchaseOrderDetail(
  db: Executor,
  row: PurchaseOrderRow,
): Promise<PurchaseOrderDetail> {
  const stored = row.items as ProductionSnapshot[];
  const frozen = stored.every((i) => i.print_files !== undefined);
  const [items, packages, log] = await Promise.all([
    frozen ? stored : resolveProduction(db, stored),
    packagesOf(db, row.id),
    purchaseOrderLog(db, row.id),
  ]);
  const shipped = shippedQuantities(packages);
  const lines: ProductionItem[] = items.map((item, n) => ({
    sku_id: item.sku_id,
    product_id: item.product_id,
    title: item.title,
    image: item.image,
    sku_code: item.sku_code,
    color: item.color,
    size: item.size,
    quantity: item.quantity,
    unit_price_minor: item.unit_price_minor,
    line_total_minor: item.line_total_minor,
    weight_g: item.weight_g,
    factory_id: item.factory_id ?? null,
    print_files: item.print_files ?? [],
    shipped_quantity: shipped[n] ?? 0,
  }));
  return {
    ...purchaseOrderOf(row),
    items: lines,
    accepted_at: unix(row.acceptedAt),
    produced_at: unix(row.producedAt),
    shipped_at: unix(row.shippedAt),
    delivered_at: unix(row.deliveredAt),
    exception: row.exceptionReason
      ? { reason: row.exceptionReason, note: row.exceptionNote }
      : null,
    packages: packages.map((p) => packageOf(p, items)),
    log,
    allowed_actions: purchaseOrderActions(row.status),
  };
}

/** One of the seller's orders with its production: packages with tracking, and the log. */
export async function showPurchaseOrder(ctx: Ctx, id: number): Promise<PurchaseOrderDetail> {
  const row = await findOwned(ctx, purchaseOrders, id, 'finance.purchase_order_not_found');
  return purchaseOrderDetail(ctx.db, row);
}
