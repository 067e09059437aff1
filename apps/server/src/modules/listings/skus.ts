import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { listingItems, listings } from '../../db/schema.ts';

/** SKUs (item or parent) already used by listings of the store, optionally not counting one. */
export async function takenSkus(
  db: Executor,
  storeId: number,
  candidates: string[],
  exceptListing?: number,
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const lower = candidates.map((c) => c.toLowerCase());
  const [items, parents] = await Promise.all([
    db
      .select({ sku: listingItems.sku })
      .from(listingItems)
      .where(
        and(
          eq(listingItems.storeId, storeId),
          inArray(listingItems.sku, candidates),
          exceptListing === undefined ? undefined : ne(listingItems.listingId, exceptListing),
        ),
      ),
    db
      .select({ sku: listings.parentSku })
      .from(listings)
      .where(
        and(
          eq(listings.storeId, storeId),
          inArray(listings.parentSku, candidates),
          exceptListing === undefined ? undefined : ne(listings.id, exceptListing),
        ),
      ),
  ]);
  const taken = new Set([...items, ...parents].map((r) => r.sku.toLowerCase()));
  return new Set(candidates.filter((_, i) => taken.has(lower[i]!)));
}

/**
 * Free SKUs in the store for the wanted ones: a taken one gets `-2`, `-3`… (checked against
 * the store and against each other), so listing a product twice or copying never collides.
 */
export async function freeSkus(db: Executor, storeId: number, wanted: string[]): Promise<string[]> {
  const chosen = new Set<string>();
  const result: string[] = [];
  for (const sku of wanted) {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? sku : `${sku}-${n}`;
      if (chosen.has(candidate.toLowerCase())) continue;
      if ((await takenSkus(db, storeId, [candidate])).size > 0) continue;
      chosen.add(candidate.toLowerCase());
      result.push(candidate);
      break;
    }
  }
  return result;
}
