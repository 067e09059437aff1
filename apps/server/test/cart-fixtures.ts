import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import {
  categories,
  finishedProductImages,
  finishedProducts,
  finishedSkus,
  parentProducts,
  parentSkus,
} from '../src/db/schema.ts';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

export interface ParentSkuSpec {
  color: string;
  size: string;
  costMinor: number;
  stock: number;
  status?: 'on' | 'off';
}

export interface Product {
  productId: number;
  parentProductId: number;
  /** Finished SKU id and its parent SKU id, in the order of `skus`. */
  skus: { id: number; parentSkuId: number | null; code: string }[];
}

/**
 * A parent product with SKUs, and a seller's finished product made from it: one finished SKU
 * per parent SKU, plus one the platform does not make when `unmade` is set.
 */
export async function productFor(
  db: Executor,
  sellerId: number,
  opts: {
    weightG?: number;
    skus: ParentSkuSpec[];
    unmade?: boolean;
    images?: { url: string; color?: string; kind?: 'image' | 'mockup' }[];
  },
): Promise<Product> {
  const [category] = await db
    .insert(categories)
    .values({ name: '测试', nameEn: 'Test' })
    .returning({ id: categories.id });
  const [parent] = await db
    .insert(parentProducts)
    .values({
      categoryId: category!.id,
      title: 'Blank tee',
      titleEn: 'Blank tee',
      costMinor: Math.min(...opts.skus.map((s) => s.costMinor)),
      weightG: opts.weightG ?? 200,
    })
    .returning({ id: parentProducts.id });
  const tag = unique();
  const parents = await db
    .insert(parentSkus)
    .values(
      opts.skus.map((s) => ({
        productId: parent!.id,
        sku: `P-${tag}-${s.color}-${s.size}`,
        color: s.color,
        size: s.size,
        costMinor: s.costMinor,
        stock: s.stock,
        status: s.status ?? 'on',
      })),
    )
    .returning({ id: parentSkus.id });
  const [product] = await db
    .insert(finishedProducts)
    .values({
      sellerId,
      parentProductId: parent!.id,
      categoryId: category!.id,
      title: `My tee ${tag}`,
    })
    .returning({ id: finishedProducts.id });
  const specs = [
    ...opts.skus.map((s, i) => ({ color: s.color, size: s.size, parentSkuId: parents[i]!.id })),
    ...(opts.unmade ? [{ color: 'Gold', size: 'XL', parentSkuId: null }] : []),
  ];
  const skus = await db
    .insert(finishedSkus)
    .values(
      specs.map((s, i) => ({
        productId: product!.id,
        sellerId,
        parentSkuId: s.parentSkuId,
        skuCode: `FP${product!.id}-${s.color}-${s.size}`.toUpperCase(),
        color: s.color,
        size: s.size,
        priceMinor: 9_999,
        orderNum: i,
      })),
    )
    .returning({
      id: finishedSkus.id,
      parentSkuId: finishedSkus.parentSkuId,
      code: finishedSkus.skuCode,
    });
  if (opts.images?.length) {
    await db.insert(finishedProductImages).values(
      opts.images.map((img, i) => ({
        productId: product!.id,
        url: img.url,
        color: img.color ?? '',
        kind: img.kind ?? 'image',
        orderNum: i,
      })),
    );
  }
  return { productId: product!.id, parentProductId: parent!.id, skus };
}

export async function stockOf(db: Executor, parentSkuId: number): Promise<number> {
  const [row] = await db
    .select({ stock: parentSkus.stock })
    .from(parentSkus)
    .where(eq(parentSkus.id, parentSkuId));
  return row!.stock;
}
