import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';

/**
 * A marketplace said a listing went live or off sale by itself (Shopify's products/update
 * after the seller archived or re-activated the product in the shop admin, Amazon's
 * LISTINGS_ITEM_STATUS_CHANGE): a published listing reads taken down, a taken-down one
 * published. Drafts and listings being published are ours to move, not the marketplace's.
 * The listing is named by its remote id, or by its (parent) SKU where the marketplace keys
 * listings by SKU (Amazon). Answers how many listings moved.
 */
export async function noteRemoteListingStatus(
  db: Executor,
  ref: { storeId: number; live: boolean } & ({ remoteId: string } | { sku: string }),
): Promise<number> {
  const [from, to] = ref.live
    ? (['taken_down', 'published'] as const)
    : (['published', 'taken_down'] as const);
  const moved = await db
    .update(listings)
    .set({ status: to, updatedAt: new Date() })
    .where(
      and(
        eq(listings.storeId, ref.storeId),
        'sku' in ref ? eq(listings.parentSku, ref.sku) : eq(listings.remoteId, ref.remoteId),
        eq(listings.status, from),
      ),
    )
    .returning({ id: listings.id });
  return moved.length;
}
