import { fromMinor } from '@app/shared';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../context.ts';
import type { ZipEntry } from '../../http/zip.ts';
import { NotFoundError } from '../../errors.ts';
import { keyOfUrl, type ObjectStorage } from '../../integrations/object-storage.ts';
import { findListings, type LoadedListing } from './rows.ts';

/** Columns of Amazon's inventory flat file (the subset our listings carry), in its order. */
const COLUMNS: Array<[header: string, width: number]> = [
  ['feed_product_type', 14],
  ['item_sku', 22],
  ['brand_name', 16],
  ['item_name', 60],
  ['manufacturer', 16],
  ['part_number', 14],
  ['external_product_id', 16],
  ['external_product_id_type', 10],
  ['standard_price', 12],
  ['currency', 8],
  ['quantity', 9],
  ['condition_type', 12],
  ['condition_note', 20],
  ['fulfillment_latency', 10],
  ['parent_child', 9],
  ['parent_sku', 22],
  ['relationship_type', 10],
  ['variation_theme', 14],
  ['color_name', 12],
  ['size_name', 10],
  ['main_image_url', 40],
  ['other_image_url1', 40],
  ['other_image_url2', 40],
  ['other_image_url3', 40],
  ['product_description', 60],
  ['bullet_point1', 40],
  ['bullet_point2', 40],
  ['bullet_point3', 40],
  ['bullet_point4', 40],
  ['bullet_point5', 40],
  ['generic_keywords', 30],
  ['status', 10],
  ['asin', 12],
];

/** Cells a spreadsheet would run as a formula are written as text (CSV/xlsx injection). */
const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function rowsOf({ row, items }: LoadedListing): Array<Record<string, string | number>> {
  const common = {
    feed_product_type: row.productType,
    brand_name: safe(row.brand),
    manufacturer: safe(row.manufacturer),
    part_number: safe(row.mfrPartNumber),
    condition_type: row.condition,
    condition_note: safe(row.conditionNote),
    fulfillment_latency: row.handlingTime ?? '',
    main_image_url: row.images[0] ?? '',
    other_image_url1: row.images[1] ?? '',
    other_image_url2: row.images[2] ?? '',
    other_image_url3: row.images[3] ?? '',
    product_description: safe(row.describe),
    ...Object.fromEntries(
      [0, 1, 2, 3, 4].map((i) => [`bullet_point${i + 1}`, safe(row.bulletPoints[i] ?? '')]),
    ),
    generic_keywords: safe(row.keywords),
    status: row.status,
    asin: row.remoteId ?? '',
    currency: row.currency,
  };
  const itemRow = (item: LoadedListing['items'][number], child: boolean) => ({
    ...common,
    item_sku: safe(item.sku),
    item_name: safe(row.title),
    external_product_id: item.productId,
    external_product_id_type: item.productId ? (item.productId.length === 12 ? 'UPC' : 'EAN') : '',
    standard_price: fromMinor(item.priceMinor, row.currency),
    quantity: item.quantity,
    parent_child: child ? 'child' : '',
    parent_sku: child ? safe(row.parentSku) : '',
    relationship_type: child ? 'variation' : '',
    variation_theme: child ? row.variationTheme : '',
    color_name: safe(item.variation.color ?? ''),
    size_name: safe(item.variation.size ?? ''),
    ...(item.image && child ? { main_image_url: item.image } : {}),
  });
  if (!row.isVariation) return items.slice(0, 1).map((i) => itemRow(i, false));
  return [
    {
      ...common,
      item_sku: safe(row.parentSku),
      item_name: safe(row.title),
      parent_child: 'parent',
      variation_theme: row.variationTheme,
    },
    ...items.map((i) => itemRow(i, true)),
  ];
}

async function selected(ctx: Ctx, ids: number[]): Promise<LoadedListing[]> {
  const found = await findListings(ctx, [...new Set(ids)]);
  if (found.length !== new Set(ids).size) throw new NotFoundError('listings.not_found');
  return found;
}

/** `download/data`: one sheet, a parent row then its children, as Amazon's flat file. */
export async function listingsWorkbook(ctx: Ctx, ids: number[]): Promise<Buffer> {
  const list = await selected(ctx, ids);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Template');
  sheet.columns = COLUMNS.map(([header, width]) => ({ header, key: header, width }));
  sheet.getRow(1).font = { bold: true };
  for (const listing of list) for (const r of rowsOf(listing)) sheet.addRow(r);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const slug = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'listing';

/** `download/zipper`: each listing's images under `<id>-<parent sku>/`, main image first. */
export async function listingImageEntries(
  ctx: Ctx,
  storage: ObjectStorage,
  ids: number[],
): Promise<ZipEntry[]> {
  const list = await selected(ctx, ids);
  return list.flatMap(({ row, items }) => {
    const urls = [...new Set([...row.images, ...items.flatMap((i) => (i.image ? [i.image] : []))])];
    return urls.flatMap((url, i) => {
      const key = keyOfUrl(url, storage);
      if (key === null) return [];
      return [
        {
          name: `${row.id}-${slug(row.parentSku)}/${i === 0 ? 'main' : i}${path.extname(key) || '.bin'}`,
          open: async () => (await storage.get(key))?.body ?? null,
        },
      ];
    });
  });
}
