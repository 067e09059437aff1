import type { Listing } from '@app/shared';
import { listingItems, listings } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import type { ListingCtx } from './context.ts';
import { findListing, itemSummary } from './rows.ts';
import { showListing } from './show.ts';
import { freeSkus } from './skus.ts';

/** A draft duplicate in the same store with fresh SKUs (`<sku>-2`…) and no remote state. */
export async function copyListing(ctx: ListingCtx, id: number): Promise<Listing> {
  const { row, items } = await findListing(ctx, id);
  const newId = await withTransaction(ctx, async (tx) => {
    const itemSkus = await freeSkus(
      tx.db,
      row.storeId,
      items.map((i) => i.sku),
    );
    const [parentSku] = row.isVariation
      ? await freeSkus(tx.db, row.storeId, [row.parentSku])
      : [itemSkus[0] ?? row.parentSku];
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
    const [copy] = await tx.db
      .insert(listings)
      .values({
        ...rest,
        status: 'draft',
        changed: false,
        remoteId: null,
        issues: [],
        publishedAt: null,
        parentSku: parentSku!,
        ...itemSummary(
          parentSku!,
          items.map((item, i) => ({ sku: itemSkus[i]!, priceMinor: item.priceMinor })),
        ),
      })
      .returning();
    await recordAudit(tx, { object: 'listing', id: copy!.id, before: null, after: copy! });
    if (items.length) {
      await tx.db.insert(listingItems).values(
        items.map(({ id: _itemId, ...item }, i) => ({
          ...item,
          listingId: copy!.id,
          sku: itemSkus[i]!,
          // A product id belongs to one offer; the copy takes its own at publish.
          productId: '',
        })),
      );
    }
    return copy!.id;
  });
  return showListing(ctx, newId);
}
