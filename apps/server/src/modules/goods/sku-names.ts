import { inArray } from 'drizzle-orm';
import type { FinishedSku } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { parentSkus, type finishedSkus } from '../../db/schema.ts';

type SkuRow = typeof finishedSkus.$inferSelect;

/**
 * Finished SKUs as the API answers them, with the zh-CN names of their colour and size: those
 * of the parent SKU they came from while they still carry its colour and size (the English
 * forms are the keys pictures and designs match); '' otherwise, and the web shows `color`.
 */
export async function withSkuNames(db: Executor, rows: SkuRow[]): Promise<FinishedSku[]> {
  const parentIds = [...new Set(rows.flatMap((r) => (r.parentSkuId ? [r.parentSkuId] : [])))];
  const parents = parentIds.length
    ? await db
        .select({
          id: parentSkus.id,
          color: parentSkus.color,
          colorZh: parentSkus.colorZh,
          size: parentSkus.size,
          sizeZh: parentSkus.sizeZh,
        })
        .from(parentSkus)
        .where(inArray(parentSkus.id, parentIds))
    : [];
  const byId = new Map(parents.map((p) => [p.id, p]));
  return rows.map((row) => {
    const parent = row.parentSkuId ? byId.get(row.parentSkuId) : undefined;
    return {
      id: row.id,
      parentSkuId: row.parentSkuId,
      skuCode: row.skuCode,
      color: row.color,
      colorZh: parent && parent.color === row.color ? parent.colorZh : '',
      size: row.size,
      sizeZh: parent && parent.size === row.size ? parent.sizeZh : '',
      priceMinor: row.priceMinor,
      costMinor: row.costMinor,
      image: row.image,
    };
  });
}
