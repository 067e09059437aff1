import { and, eq, inArray, or } from 'drizzle-orm';
import {
  majorToMinor,
  type ListingStatus,
  type ShopeeSyncInput,
  type ShopeeSyncResult,
} from '@app/shared';
import { listingItems, listings } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import {
  ShopeeConnector,
  type ShopeeItemInfo,
} from '../../integrations/marketplaces/shopee/connector.ts';
import type { StoreSession } from '../../integrations/marketplaces/connector.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { recordAudit } from '../audit/index.ts';
import { siteOf, storeSessionFor, type StoreRow } from '../markets/service.ts';
import type { ListingCtx } from './context.ts';
import { findListingStore } from './marketplace.ts';
import { itemSummary } from './rows.ts';

/** Item statuses synchronisation pulls; deleted items are left out. */
const PULLED = ['NORMAL', 'UNLIST', 'REVIEWING', 'BANNED'];
/** get_item_base_info takes 50 ids a call (reference 3.6). */
const INFO_BATCH = 50;

const STATUS_OF: Record<string, ListingStatus> = {
  NORMAL: 'published',
  REVIEWING: 'publishing',
  UNLIST: 'taken_down',
  BANNED: 'failed',
};

interface PulledItem {
  info: ShopeeItemInfo;
  tiers: Array<{ name: string; options: string[] }>;
  skus: Array<{
    sku: string;
    priceMinor: number;
    quantity: number;
    variation: Record<string, string>;
  }>;
}

/**
 * `synchro`: pulls every item of one Shopee shop into the listing table. An item whose SKU (the
 * item_sku, or a model_sku) a listing of the store already has is linked to that listing with
 * Shopee's status; any other item becomes a new listing, so items made in Seller Centre show up
 * in the cloud warehouse.
 */
export async function syncShopeeItems(
  ctx: ListingCtx,
  input: ShopeeSyncInput,
): Promise<ShopeeSyncResult> {
  const store = await findListingStore(ctx, input.market_id, 'shopee');
  const { connector, session } = storeSessionFor(ctx, store, { forWrite: false });
  if (!(connector instanceof ShopeeConnector)) throw new Error('not the Shopee connector');
  const ids: number[] = [];
  for (let offset = 0; ;) {
    const page = await connector.listItems(session, { offset, pageSize: 100, status: PULLED });
    ids.push(...page.item.map((i) => i.item_id));
    if (!page.has_next_page) break;
    offset = page.next_offset;
  }
  const result = { total: ids.length, created: 0, matched: 0 };
  for (let i = 0; i < ids.length; i += INFO_BATCH) {
    const infos = await connector.itemBaseInfo(session, ids.slice(i, i + INFO_BATCH));
    for (const info of infos) {
      const item = await pullItem(connector, session, store, info);
      if (await linkItem(ctx, store, item)) result.matched++;
      else {
        await createFromItem(ctx, store, item);
        result.created++;
      }
    }
  }
  return result;
}

async function pullItem(
  connector: ShopeeConnector,
  session: StoreSession,
  store: StoreRow,
  info: ShopeeItemInfo,
): Promise<PulledItem> {
  const { currency } = siteOf(store.marketSiteId);
  const minor = (price: number | undefined) => majorToMinor(price ?? 0, currency) ?? 0;
  const ownSku = info.item_sku || `SHOPEE-${info.item_id}`;
  if (!info.has_model) {
    return {
      info,
      tiers: [],
      skus: [
        {
          sku: ownSku,
          priceMinor: minor(info.price_info?.[0]?.original_price),
          quantity: info.stock_info_v2?.summary_info?.total_available_stock ?? 0,
          variation: {},
        },
      ],
    };
  }
  const models = await connector.modelList(session, info.item_id);
  const tiers = models.tier_variation.map((t) => ({
    name: t.name,
    options: t.option_list.map((o) => o.option),
  }));
  return {
    info,
    tiers,
    skus: models.model.map((m) => ({
      sku: m.model_sku || `SHOPEE-${info.item_id}-${m.model_id}`,
      priceMinor: minor(m.price_info[0]?.original_price),
      quantity: m.stock_info_v2?.summary_info?.total_available_stock ?? 0,
      variation: Object.fromEntries(
        tiers.map((t, level) => [t.name, t.options[m.tier_index[level] ?? 0] ?? '']),
      ),
    })),
  };
}

const parentSkuOf = (item: PulledItem) => item.info.item_sku || `SHOPEE-${item.info.item_id}`;

/** Links the store's listing that has one of the item's SKUs (or its remote id); false if none. */
async function linkItem(ctx: ListingCtx, store: StoreRow, item: PulledItem): Promise<boolean> {
  const skus = [parentSkuOf(item), ...item.skus.map((s) => s.sku)];
  const bySku = ctx.db
    .select({ id: listingItems.listingId })
    .from(listingItems)
    .where(and(eq(listingItems.storeId, store.id), inArray(listingItems.sku, skus)));
  const [found] = await ctx.db
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.storeId, store.id),
        or(
          eq(listings.remoteId, String(item.info.item_id)),
          inArray(listings.parentSku, skus),
          inArray(listings.id, bySku),
        ),
      ),
    )
    .limit(1);
  if (!found) return false;
  const status = STATUS_OF[item.info.item_status] ?? found.status;
  if (found.remoteId === String(item.info.item_id) && found.status === status) return true;
  await withTransaction(ctx, async (tx) => {
    const [after] = await tx.db
      .update(listings)
      .set({ remoteId: String(item.info.item_id), status, updatedAt: new Date() })
      .where(eq(listings.id, found.id))
      .returning();
    await recordAudit(tx, { object: 'listing', id: found.id, before: found, after: after! });
  });
  return true;
}

async function createFromItem(ctx: ListingCtx, store: StoreRow, item: PulledItem): Promise<void> {
  const { info } = item;
  const site = siteOf(store.marketSiteId);
  const parentSku = parentSkuOf(item);
  const status = STATUS_OF[info.item_status] ?? 'published';
  const isVariation = item.tiers.length > 0;
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(listings)
      .values({
        sellerId: sellerIdOf(ctx),
        storeId: store.id,
        siteId: site.id,
        currency: site.currency,
        status,
        remoteId: String(info.item_id),
        productType: String(info.category_id),
        title: info.item_name,
        describe: info.description,
        images: info.image?.image_url_list ?? [],
        isVariation,
        variationTheme: item.tiers.map((t) => t.name).join('/'),
        showVariationTheme: item.tiers.map((t) => t.name),
        parentSku,
        attributes: {
          ...(info.weight ? { weight: Number(info.weight) } : {}),
          ...(info.dimension ?? {}),
          logistics: (info.logistic_info ?? [])
            .filter((l) => l.enabled)
            .map((l) => l.logistic_id)
            .join(','),
        },
        publishedAt: status === 'published' ? new Date() : null,
        ...itemSummary(parentSku, item.skus),
      })
      .returning();
    await recordAudit(tx, { object: 'listing', id: row!.id, before: null, after: row! });
    await tx.db
      .insert(listingItems)
      .values(
        item.skus.map((s, orderNum) => ({ ...s, listingId: row!.id, storeId: store.id, orderNum })),
      );
  });
}
