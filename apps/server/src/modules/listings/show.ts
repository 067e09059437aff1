import { inArray } from 'drizzle-orm';
import type { Listing, ListingList, ListingRowList, PricingRule } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { finishedSkus } from '../../db/schema.ts';
import { priceFor, rateToBase } from '../templates/index.ts';
import {
  findListing,
  findListings,
  toListing,
  toRow,
  type ItemCosts,
  type LoadedListing,
} from './rows.ts';
import { NEUTRAL_RULE } from './pricing.ts';

/**
 * Each item's finished-SKU cost in its listing's currency (no rounding rule, so the margin the
 * editor shows is the real one); items of a currency without a rate are left out.
 */
export async function itemCosts(ctx: Ctx, loaded: LoadedListing[]): Promise<ItemCosts> {
  const skuIds = [...new Set(loaded.flatMap((l) => l.items.flatMap((i) => i.finishedSkuId ?? [])))];
  const costs = new Map<number, number>();
  if (skuIds.length === 0) return costs;
  const rows = await ctx.db
    .select({ id: finishedSkus.id, costMinor: finishedSkus.costMinor })
    .from(finishedSkus)
    .where(inArray(finishedSkus.id, skuIds));
  const cost = new Map(rows.map((r) => [r.id, r.costMinor]));
  const rates = new Map<string, string | null>();
  const rule: PricingRule = { ...NEUTRAL_RULE, rounding: 'none' };
  for (const { row, items } of loaded) {
    if (!rates.has(row.currency)) {
      rates.set(row.currency, (await rateToBase(ctx, row.currency))?.rate ?? null);
    }
    const rate = rates.get(row.currency);
    if (!rate) continue;
    for (const item of items) {
      const c = item.finishedSkuId === null ? undefined : cost.get(item.finishedSkuId);
      if (c !== undefined) costs.set(item.id, priceFor(rule, c, row.currency, rate).price_minor);
    }
  }
  return costs;
}

/** Listings as the editor shows them, with their items' costs. */
export async function withCosts(ctx: Ctx, loaded: LoadedListing[]): Promise<Listing[]> {
  const costs = await itemCosts(ctx, loaded);
  return loaded.map((l) => toListing(l, costs));
}

export async function showListing(ctx: Ctx, id: number): Promise<Listing> {
  const [listing] = await withCosts(ctx, [await findListing(ctx, id)]);
  return listing!;
}

/** Full listings for the batch editor; ids of other sellers are left out, like missing ones. */
export async function showAll(ctx: Ctx, ids: number[]): Promise<ListingList> {
  return { list: await withCosts(ctx, await findListings(ctx, ids)) };
}

export async function listByIds(ctx: Ctx, ids: number[]): Promise<ListingRowList> {
  return { list: (await findListings(ctx, ids)).map((l) => toRow(l.row, l.storeAlias)) };
}
