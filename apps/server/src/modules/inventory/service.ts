import {
  coverOf,
  LOW_STOCK_DAYS,
  REPLENISH_DAYS,
  SALES_WINDOW_DAYS,
  type InventoryCategory,
  type InventoryExportInput,
  type InventoryFactory,
  type InventoryPage,
  type InventoryQuery,
  type InventoryRow,
  type InventorySyncInput,
  type InventorySyncResult,
} from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { renderMessage } from '../../i18n/messages.ts';
import { MarketplaceError } from '../../integrations/marketplaces/connector.ts';
import type { AmazonConnector } from '../../integrations/marketplaces/amazon/connector.ts';
import { unixSeconds } from '../../time.ts';
import { storeSessionFor, type MarketCtx } from '../markets/service.ts';
import {
  allFactories,
  amazonStoresOf,
  categoriesById,
  fbaStockOf,
  lastFbaSync,
  listedStockOf,
  madeHere,
  replaceFbaStock,
  salesSince,
  visibleStoreList,
} from './repository.ts';

const DAY_MS = 86_400_000;

/**
 * Reads FBA stock from Amazon (FBA Inventory summaries) for the actor's Amazon stores, or one,
 * replacing what was kept per store. A store Amazon refuses or cannot be reached for is
 * reported with Amazon's reason and keeps its last stock; the others go on.
 */
export async function syncFbaInventory(
  ctx: MarketCtx,
  input: InventorySyncInput,
): Promise<InventorySyncResult> {
  const list = await amazonStoresOf(ctx, input.market_id);
  if (input.market_id && !list.length) throw new NotFoundError('fba.store_not_amazon');
  const result: InventorySyncResult = { stores: 0, skus: 0, failed: [] };
  for (const store of list) {
    try {
      const { connector, session } = storeSessionFor(ctx, store, { forWrite: true });
      const stock = await (connector as AmazonConnector).inventory.summaries(session);
      await replaceFbaStock(ctx, store, stock);
      result.stores += 1;
      result.skus += stock.length;
    } catch (error) {
      result.failed.push({ store_id: store.id, alias: store.alias, reason: reasonOf(ctx, error) });
    }
  }
  return result;
}

/**
 * Amazon's own words for a refusal; ours, in the reader's language, for a store switched off
 * or to authorize again. Anything else is a fault and goes up.
 */
function reasonOf(ctx: Ctx, error: unknown): string {
  if (error instanceof MarketplaceError) return error.reason;
  if (error instanceof ConflictError) return renderMessage(ctx.lang, error);
  throw error;
}

/** Every SKU the actor stocks or lists, with its stock everywhere and its cover. */
export async function inventoryRows(
  ctx: Ctx,
  q: z.output<typeof InventoryExportInput>,
): Promise<InventoryRow[]> {
  const since = new Date(Date.now() - SALES_WINDOW_DAYS * DAY_MS);
  const [fba, listed, sales] = await Promise.all([
    fbaStockOf(ctx, q.market_id),
    listedStockOf(ctx, q.market_id),
    salesSince(ctx, since, q.market_id),
  ]);
  const skus = [...new Set([...fba.map((f) => f.row.sku), ...listed.map((l) => l.sku)])].sort();
  const [made, factoryRows] = await Promise.all([madeHere(ctx, skus), allFactories(ctx)]);
  const madeBySku = new Map(made.map((m) => [m.sku, m]));
  const factoryById = new Map(factoryRows.map((f) => [f.id, f]));
  const keyword = q.keyword?.toLowerCase();
  const rows: InventoryRow[] = [];
  for (const sku of skus) {
    const own = madeBySku.get(sku);
    const inFba = fba.filter((f) => f.row.sku === sku);
    const inListings = listed.filter((l) => l.sku === sku);
    const title = own?.title ?? inFba[0]?.row.title ?? inListings[0]?.title ?? '';
    if (keyword && !`${sku} ${title}`.toLowerCase().includes(keyword)) continue;
    if (q.category_id && own?.categoryId !== q.category_id) continue;
    const fbaTotal = inFba.length
      ? {
          fulfillable: total(inFba, 'fulfillable'),
          inbound: total(inFba, 'inbound'),
          reserved: total(inFba, 'reserved'),
          unfulfillable: total(inFba, 'unfulfillable'),
        }
      : null;
    const sold = sales.get(sku) ?? 0;
    const cover = coverOf(fbaTotal, sold);
    if (q.low_stock && !cover.low_stock) continue;
    const factory = own?.factoryId ? factoryById.get(own.factoryId) : undefined;
    rows.push({
      sku,
      title,
      image: own?.image ?? inListings.find((l) => l.image)?.image ?? null,
      category_id: own?.categoryId ?? null,
      fba: fbaTotal,
      fba_stores: inFba.map(({ row, alias }) => ({
        store_id: row.storeId,
        alias,
        fnsku: row.fnsku,
        fulfillable: row.fulfillable,
        inbound: row.inbound,
        reserved: row.reserved,
        unfulfillable: row.unfulfillable,
      })),
      factory: own
        ? {
            factory_id: factory?.id ?? null,
            name: factory?.name ?? '',
            name_en: factory?.nameEn ?? '',
            stock: own.blankStock ?? 0,
          }
        : null,
      listings: inListings.map((l) => ({
        store_id: l.storeId,
        alias: l.alias,
        marketplace: l.marketplace,
        quantity: l.quantity,
      })),
      sold_30d: sold,
      ...cover,
    });
  }
  // What needs stock first, the shortest cover at the top.
  return rows.sort(
    (a, b) =>
      Number(b.low_stock) - Number(a.low_stock) ||
      (a.days_of_cover ?? Infinity) - (b.days_of_cover ?? Infinity) ||
      a.sku.localeCompare(b.sku),
  );
}

const total = (
  rows: Array<{ row: Record<'fulfillable' | 'inbound' | 'reserved' | 'unfulfillable', number> }>,
  key: 'fulfillable' | 'inbound' | 'reserved' | 'unfulfillable',
) => rows.reduce((n, r) => n + r.row[key], 0);

export async function listInventory(
  ctx: Ctx,
  q: z.output<typeof InventoryQuery>,
): Promise<InventoryPage> {
  const [rows, syncedAt, storeList] = await Promise.all([
    inventoryRows(ctx, q),
    lastFbaSync(ctx),
    visibleStoreList(ctx),
  ]);
  const start = (q.page - 1) * q.limit;
  return {
    list: rows.slice(start, start + q.limit),
    pagination: {
      page: q.page,
      size: q.limit,
      total: rows.length,
      more: start + q.limit < rows.length,
    },
    stores: storeList,
    synced_at: syncedAt ? unixSeconds(syncedAt) : null,
    low_stock_days: LOW_STOCK_DAYS,
    replenish_days: REPLENISH_DAYS,
  };
}

/** The platform's factories, with the blanks on hand for the actor's SKUs each one prints. */
export async function inventoryFactories(ctx: Ctx): Promise<InventoryFactory[]> {
  const [rows, list] = await Promise.all([inventoryRows(ctx, {}), allFactories(ctx)]);
  return list.map((f) => {
    const mine = rows.filter((r) => r.factory?.factory_id === f.id);
    return {
      id: f.id,
      code: f.code,
      name: f.name,
      name_en: f.nameEn,
      is_default: f.isDefault,
      stock: mine.reduce((n, r) => n + (r.factory?.stock ?? 0), 0),
      skus: mine.length,
    };
  });
}

/** The categories the actor's stocked SKUs fall in, named in the reader's language. */
export async function inventoryCategories(ctx: Ctx): Promise<InventoryCategory[]> {
  const rows = await inventoryRows(ctx, {});
  const ids = [...new Set(rows.map((r) => r.category_id).filter((id) => id !== null))];
  const found = await categoriesById(ctx, ids);
  return found
    .map((c) => ({ id: c.id, name: ctx.lang === 'zh-CN' ? c.name : c.nameEn || c.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
