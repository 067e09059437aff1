import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { PictureZipBatch } from '@app/shared';
import type { Ctx } from '../../context.ts';
import {
  listingBatches,
  listingBatchItems,
  listingItems,
  listings,
  stores,
} from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { ownedBy } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { visibleStores } from '../markets/service.ts';
import { visibleListings } from './rows.ts';

export interface ListingImages {
  id: number;
  title: string;
  /** The parent SKU, else the first item's SKU. */
  sku: string;
  urls: string[];
}

/**
 * The images of a batch's listings the actor may see, in the batch's order: another seller's
 * batch is a 404; a staff member's batch over a store not theirs shows no listings.
 */
export async function batchImagesOf(ctx: Ctx, batchId: number): Promise<ListingImages[]> {
  const [batch] = await ctx.db
    .select({ id: listingBatches.id })
    .from(listingBatches)
    .where(and(eq(listingBatches.id, batchId), ownedBy(ctx, listingBatches.sellerId)))
    .limit(1);
  if (!batch) throw new NotFoundError('listings.batch_not_found');
  const rows = await ctx.db
    .select({
      id: listings.id,
      title: listings.title,
      parentSku: listings.parentSku,
      images: listings.images,
    })
    .from(listingBatchItems)
    .innerJoin(listings, eq(listings.id, listingBatchItems.listingId))
    .where(and(eq(listingBatchItems.batchId, batchId), visibleListings(ctx)))
    .orderBy(asc(listingBatchItems.orderNum), asc(listingBatchItems.id));
  const ids = rows.map((r) => r.id);
  const items =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ listingId: listingItems.listingId, sku: listingItems.sku })
          .from(listingItems)
          .where(inArray(listingItems.listingId, ids))
          .orderBy(desc(listingItems.orderNum), desc(listingItems.id));
  // Descending, so the last write per listing is its first item.
  const firstSku = new Map(items.map((i) => [i.listingId, i.sku]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    sku: r.parentSku || (firstSku.get(r.id) ?? ''),
    urls: r.images,
  }));
}

/** The actor's latest listing batches (staff: of their stores), newest first, to zip the images of. */
export async function recentBatches(ctx: Ctx, limit = 30): Promise<PictureZipBatch[]> {
  const rows = await ctx.db
    .select({
      id: listingBatches.id,
      kind: listingBatches.kind,
      alias: stores.alias,
      createdAt: listingBatches.createdAt,
      listings: count(listingBatchItems.id),
    })
    .from(listingBatches)
    .innerJoin(stores, eq(stores.id, listingBatches.storeId))
    .leftJoin(listingBatchItems, eq(listingBatchItems.batchId, listingBatches.id))
    .where(and(ownedBy(ctx, listingBatches.sellerId), visibleStores(ctx)))
    .groupBy(listingBatches.id, stores.alias)
    .orderBy(desc(listingBatches.createdAt), desc(listingBatches.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    store_alias: r.alias,
    listings: r.listings,
    created_at: unixSeconds(r.createdAt),
  }));
}
