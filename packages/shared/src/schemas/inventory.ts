import { z } from 'zod';
import { text } from './common.ts';

/** Inventory (spec /newOrder/inventoryCheck, /api/inventory/*, issue 21). */

const id = z.number().int().positive();
const count = z.number().int();

/** Days of cover under which a SKU is flagged low. */
export const LOW_STOCK_DAYS = 30;
/** Days of sales a replenishment should cover once it arrives. */
export const REPLENISH_DAYS = 60;
/** The sales window days of cover are measured over. */
export const SALES_WINDOW_DAYS = 30;

export const InventoryQuery = z.object({
  /** SKU or title, anywhere in it. */
  keyword: text().trim().min(1).max(100).optional(),
  market_id: id.optional(),
  category_id: id.optional(),
  /** Only SKUs flagged low. */
  low_stock: z.boolean().optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(200).default(20),
});
export type InventoryQuery = z.input<typeof InventoryQuery>;

/** The export takes the list's filters, without paging. */
export const InventoryExportInput = InventoryQuery.omit({ page: true, limit: true });
export type InventoryExportInput = z.input<typeof InventoryExportInput>;

export const InventorySyncInput = z.object({
  /** One store; all the actor's Amazon stores when left out. */
  market_id: id.optional(),
});
export type InventorySyncInput = z.input<typeof InventorySyncInput>;

const FbaQuantities = z.object({
  fulfillable: count,
  inbound: count,
  reserved: count,
  unfulfillable: count,
});

export const InventoryRow = z.object({
  sku: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  category_id: z.number().int().nullable(),
  /** Summed over the stores shown; null when no Amazon store holds the SKU. */
  fba: FbaQuantities.nullable(),
  fba_stores: z.array(
    FbaQuantities.extend({
      store_id: z.number().int(),
      alias: z.string(),
      fnsku: z.string().nullable(),
    }),
  ),
  /** Blanks on hand at the factory that prints the SKU; null for a SKU not made here. */
  factory: z
    .object({
      factory_id: z.number().int().nullable(),
      name: z.string(),
      name_en: z.string(),
      stock: count,
    })
    .nullable(),
  listings: z.array(
    z.object({
      store_id: z.number().int(),
      alias: z.string(),
      marketplace: z.string(),
      quantity: count,
    }),
  ),
  sold_30d: count,
  daily_sales: z.number(),
  /** FBA fulfillable + inbound over the daily sales; null without sales or FBA stock. */
  days_of_cover: z.number().nullable(),
  low_stock: z.boolean(),
  suggested_qty: count,
});
export type InventoryRow = z.infer<typeof InventoryRow>;

export const InventoryPage = z.object({
  list: z.array(InventoryRow),
  pagination: z.object({
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    more: z.boolean(),
  }),
  /** The actor's stores, for the store filter. */
  stores: z.array(z.object({ id: z.number().int(), alias: z.string(), marketplace: z.string() })),
  /** When FBA stock was last read from Amazon (Unix seconds); null before the first read. */
  synced_at: z.number().int().nullable(),
  low_stock_days: z.number().int(),
  replenish_days: z.number().int(),
});
export type InventoryPage = z.infer<typeof InventoryPage>;

export const InventorySyncResult = z.object({
  stores: z.number().int(),
  skus: z.number().int(),
  /** Stores Amazon refused or could not be reached for, with its reason. */
  failed: z.array(z.object({ store_id: z.number().int(), alias: z.string(), reason: z.string() })),
});
export type InventorySyncResult = z.infer<typeof InventorySyncResult>;

export const InventoryFactory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  is_default: z.boolean(),
  /** Blank units on hand for the actor's SKUs made there. */
  stock: count,
  skus: count,
});
export type InventoryFactory = z.infer<typeof InventoryFactory>;

export const InventoryCategory = z.object({ id: z.number().int(), name: z.string() });
export type InventoryCategory = z.infer<typeof InventoryCategory>;

/**
 * Days of cover and replenishment for one SKU: FBA stock that is sellable or on its way, over
 * the average daily sales of the window. Low when it lasts fewer than `LOW_STOCK_DAYS`; the
 * suggestion brings it to `REPLENISH_DAYS` of sales.
 */
export function coverOf(
  fba: { fulfillable: number; inbound: number } | null,
  sold: number,
): {
  daily_sales: number;
  days_of_cover: number | null;
  low_stock: boolean;
  suggested_qty: number;
} {
  const daily = sold / SALES_WINDOW_DAYS;
  const dailySales = Math.round(daily * 100) / 100;
  if (!fba || daily <= 0) {
    return { daily_sales: dailySales, days_of_cover: null, low_stock: false, suggested_qty: 0 };
  }
  const available = fba.fulfillable + fba.inbound;
  const days = available / daily;
  const low = days < LOW_STOCK_DAYS;
  return {
    daily_sales: dailySales,
    days_of_cover: Math.round(days * 10) / 10,
    low_stock: low,
    suggested_qty: low ? Math.max(0, Math.ceil(daily * REPLENISH_DAYS - available)) : 0,
  };
}
