import ExcelJS from 'exceljs';
import type { InventoryExportInput } from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { renderText } from '../../i18n/render-text.ts';
import { inventoryRows } from './service.ts';

const COLUMNS = [
  ['sku', 24],
  ['title', 48],
  ['fulfillable', 12],
  ['inbound', 12],
  ['reserved', 12],
  ['unfulfillable', 12],
  ['factory', 20],
  ['factory_stock', 12],
  ['listed', 36],
  ['sold_30d', 12],
  ['daily_sales', 12],
  ['days_of_cover', 12],
  ['low_stock', 10],
  ['suggested_qty', 14],
] as const;

/** Cells a spreadsheet would run as a formula are written as text (CSV/xlsx injection). */
const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The inventory list with its filters, all pages, as one sheet in the reader's language. */
export async function inventoryWorkbook(
  ctx: Ctx,
  q: z.output<typeof InventoryExportInput>,
): Promise<Buffer> {
  const rows = await inventoryRows(ctx, q);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(renderText(ctx.lang, 'inventory.sheet'));
  sheet.columns = COLUMNS.map(([key, width]) => ({
    header: renderText(ctx.lang, `inventory.${key}`),
    key,
    width,
  }));
  sheet.getRow(1).font = { bold: true };
  const yes = renderText(ctx.lang, 'inventory.yes');
  for (const r of rows) {
    sheet.addRow({
      sku: safe(r.sku),
      title: safe(r.title),
      fulfillable: r.fba?.fulfillable ?? '',
      inbound: r.fba?.inbound ?? '',
      reserved: r.fba?.reserved ?? '',
      unfulfillable: r.fba?.unfulfillable ?? '',
      factory: safe(
        (ctx.lang === 'zh-CN' ? r.factory?.name : r.factory?.name_en) || r.factory?.name || '',
      ),
      factory_stock: r.factory?.stock ?? '',
      listed: safe(r.listings.map((l) => `${l.alias}: ${l.quantity}`).join('; ')),
      sold_30d: r.sold_30d,
      daily_sales: r.daily_sales,
      days_of_cover: r.days_of_cover ?? '',
      low_stock: r.low_stock ? yes : '',
      suggested_qty: r.suggested_qty || '',
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
