import path from 'node:path';
import { asc, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../context.ts';
import { factories, purchaseOrders, sellers } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import type { ZipEntry } from '../../http/zip.ts';
import { renderText } from '../../i18n/render-text.ts';
import { keyOfUrl, type ObjectStorage } from '../../integrations/object-storage.ts';
import { purchaseOrderDetail, type PurchaseOrderRow } from '../finance/index.ts';

/** The chosen orders in the order asked; 404 naming the first unknown id. */
async function chosen(ctx: Ctx, ids: readonly number[]): Promise<PurchaseOrderRow[]> {
  const rows = await ctx.db
    .select()
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new NotFoundError('production.not_found', { id: missing });
  return ids.map((id) => byId.get(id)!);
}

/**
 * The pick list of the chosen orders as an xlsx: one row per line with its factory, SKU,
 * colour, size, quantity and how many are shipped, headers in the reader's language (xlsx
 * holds Chinese text as it is, so names print as sellers wrote them).
 */
export async function pickListXlsx(ctx: Ctx, ids: readonly number[]): Promise<Buffer> {
  const orders = await chosen(ctx, ids);
  const [sellerRows, factoryRows] = await Promise.all([
    ctx.db
      .select({ id: sellers.id, name: sellers.name })
      .from(sellers)
      .where(inArray(sellers.id, [...new Set(orders.map((o) => o.sellerId))])),
    ctx.db.select().from(factories).orderBy(asc(factories.id)),
  ]);
  const sellerName = new Map(sellerRows.map((s) => [s.id, s.name]));
  const factoryName = new Map(
    factoryRows.map((f) => [f.id, ctx.lang === 'zh-CN' ? f.name : f.nameEn || f.name]),
  );
  const t = (key: string) => renderText(ctx.lang, `pick.${key}`);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('sheet'));
  const keys = [
    'number',
    'seller',
    'factory',
    'line',
    'sku',
    'title',
    'color',
    'size',
    'quantity',
    'shipped',
    'print_files',
  ];
  sheet.columns = keys.map((key) => ({ header: t(key), key, width: key === 'title' ? 40 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const order of orders) {
    const detail = await purchaseOrderDetail(ctx.db, order);
    detail.items.forEach((item, n) => {
      sheet.addRow({
        number: order.number,
        seller: sellerName.get(order.sellerId) ?? '',
        factory: item.factory_id === null ? '' : (factoryName.get(item.factory_id) ?? ''),
        line: n + 1,
        sku: item.sku_code,
        title: item.title,
        color: item.color,
        size: item.size,
        quantity: item.quantity,
        shipped: item.shipped_quantity,
        print_files: item.print_files.length,
      });
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The print files of the chosen orders for the zip, named `<PO number>/<line>-<SKU>.<ext>`
 * (with `-<side>` when a line has more than one side), read from storage one at a time.
 */
export async function printFileEntries(
  ctx: Ctx,
  storage: ObjectStorage,
  ids: readonly number[],
): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  for (const order of await chosen(ctx, ids)) {
    const detail = await purchaseOrderDetail(ctx.db, order);
    detail.items.forEach((item, n) => {
      for (const file of item.print_files) {
        const key = keyOfUrl(file.url, storage);
        if (key === null) continue;
        const side = item.print_files.length > 1 ? `-${file.side}` : '';
        const sku = item.sku_code.replace(/[^\w.-]/g, '_');
        entries.push({
          name: `${order.number}/${n + 1}-${sku}${side}${path.extname(key) || '.png'}`,
          open: async () => (await storage.get(key))?.body ?? null,
        });
      }
    });
  }
  return entries;
}
