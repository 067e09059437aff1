import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CartProblem } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import {
  finishedProductImages,
  finishedProducts,
  finishedSkus,
  parentProducts,
  parentSkus,
} from '../../db/schema.ts';

/** What pricing needs to know about one finished SKU and the parent SKU the platform makes it from. */
export interface SkuFacts {
  skuId: number;
  productId: number;
  title: string;
  skuCode: string;
  color: string;
  size: string;
  image: string | null;
  parent: {
    skuId: number;
    costMinor: number;
    stock: number;
    skuStatus: 'on' | 'off';
    productStatus: 'on' | 'off';
    weightG: number;
  } | null;
}

export interface Priced {
  unitPriceMinor: number;
  lineTotalMinor: number;
  weightG: number;
  stock: number;
  problem: CartProblem | null;
}

/**
 * The platform's price for `quantity` pieces of a SKU: the parent SKU's current cost, the parent
 * product's weight and the parent SKU's stock. A SKU the platform does not make, or makes from
 * something off sale, keeps its facts but cannot be checked out.
 */
export function priceSku(facts: SkuFacts, quantity: number): Priced {
  const { parent } = facts;
  if (!parent) {
    return {
      unitPriceMinor: 0,
      lineTotalMinor: 0,
      weightG: 0,
      stock: 0,
      problem: 'not_fulfillable',
    };
  }
  const problem: CartProblem | null =
    parent.skuStatus !== 'on' || parent.productStatus !== 'on'
      ? 'off_sale'
      : parent.stock < quantity
        ? 'short_stock'
        : null;
  return {
    unitPriceMinor: parent.costMinor,
    lineTotalMinor: parent.costMinor * quantity,
    weightG: parent.weightG,
    stock: parent.stock,
    problem,
  };
}

/**
 * The facts of the given finished SKUs, by id. With `lock`, the parent SKU rows are locked for
 * the rest of the transaction in id order, so concurrent checkouts of one SKU queue up.
 */
export async function loadSkuFacts(
  db: Executor,
  skuIds: readonly number[],
  opts: { lock?: boolean } = {},
): Promise<Map<number, SkuFacts>> {
  const ids = [...new Set(skuIds)];
  const facts = new Map<number, SkuFacts>();
  if (ids.length === 0) return facts;
  // Locked before reading, so the read below sees the latest committed cost and stock.
  if (opts.lock) await lockParentSkus(db, ids);
  const rows = await db
    .select({
      skuId: finishedSkus.id,
      productId: finishedSkus.productId,
      title: finishedProducts.title,
      skuCode: finishedSkus.skuCode,
      color: finishedSkus.color,
      size: finishedSkus.size,
      skuImage: finishedSkus.image,
      parentSkuId: parentSkus.id,
      costMinor: parentSkus.costMinor,
      stock: parentSkus.stock,
      skuStatus: parentSkus.status,
      productStatus: parentProducts.status,
      weightG: parentProducts.weightG,
    })
    .from(finishedSkus)
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .leftJoin(parentSkus, eq(parentSkus.id, finishedSkus.parentSkuId))
    .leftJoin(parentProducts, eq(parentProducts.id, parentSkus.productId))
    .where(inArray(finishedSkus.id, ids));

  const images = await imagesByProduct(db, [...new Set(rows.map((r) => r.productId))]);
  for (const row of rows) {
    const pictures = images.get(row.productId) ?? [];
    const image =
      pictures.find((p) => p.color !== '' && p.color === row.color)?.url ??
      pictures[0]?.url ??
      row.skuImage;
    facts.set(row.skuId, {
      skuId: row.skuId,
      productId: row.productId,
      title: row.title,
      skuCode: row.skuCode,
      color: row.color,
      size: row.size,
      image,
      parent:
        row.parentSkuId === null
          ? null
          : {
              skuId: row.parentSkuId,
              costMinor: row.costMinor!,
              stock: row.stock!,
              skuStatus: row.skuStatus!,
              productStatus: row.productStatus!,
              weightG: row.weightG!,
            },
    });
  }
  return facts;
}

/** Locks the parent SKUs of the given finished SKUs, in id order so lockers never deadlock. */
async function lockParentSkus(db: Executor, skuIds: number[]): Promise<void> {
  await db
    .select({ id: parentSkus.id })
    .from(parentSkus)
    .where(
      inArray(
        parentSkus.id,
        db
          .select({ id: finishedSkus.parentSkuId })
          .from(finishedSkus)
          .where(inArray(finishedSkus.id, skuIds)),
      ),
    )
    .orderBy(asc(parentSkus.id))
    .for('update');
}

async function imagesByProduct(
  db: Executor,
  productIds: number[],
): Promise<Map<number, { url: string; color: string }[]>> {
  const byProduct = new Map<number, { url: string; color: string }[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: finishedProductImages.productId,
      url: finishedProductImages.url,
      color: finishedProductImages.color,
    })
    .from(finishedProductImages)
    .where(inArray(finishedProductImages.productId, productIds))
    .orderBy(asc(finishedProductImages.orderNum), asc(finishedProductImages.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ url: row.url, color: row.color });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** Takes `quantity` off a parent SKU's stock; the caller holds its row lock and checked the stock. */
export async function takeStock(
  db: Executor,
  parentSkuId: number,
  quantity: number,
): Promise<void> {
  await db
    .update(parentSkus)
    .set({ stock: sql`${parentSkus.stock} - ${quantity}` })
    .where(eq(parentSkus.id, parentSkuId));
}
