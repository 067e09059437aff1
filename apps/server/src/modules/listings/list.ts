import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { ListingIndexQuery, ListingPage } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { listings } from '../../db/schema.ts';
import { containsPattern } from '../goods-library/service.ts';
import { ofMarketplace, type ListingMarketplace } from './marketplace.ts';
import { emptyCounts, loadListings, toRow, visibleListings } from './rows.ts';

/** A page of the actor's listings of one marketplace, with the per-status counts. */
export async function listListings(
  ctx: Ctx,
  q: ListingIndexQuery,
  marketplace: ListingMarketplace = 'amazon',
): Promise<ListingPage> {
  const filters: Array<SQL | undefined> = [visibleListings(ctx), ofMarketplace(ctx, marketplace)];
  if (q.market_id !== undefined) filters.push(eq(listings.storeId, q.market_id));
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    filters.push(or(ilike(listings.title, pattern), ilike(listings.skuText, pattern)));
  }
  if (q.start_time !== undefined) {
    filters.push(gte(listings.createdAt, new Date(q.start_time * 1000)));
  }
  if (q.end_time !== undefined) filters.push(lte(listings.createdAt, new Date(q.end_time * 1000)));
  const base = and(...filters);
  const where = q.status ? and(base, eq(listings.status, q.status)) : base;
  const column = {
    created_at: listings.createdAt,
    updated_at: listings.updatedAt,
    title: listings.title,
  }[q.sort];
  const direction = q.order === 'asc' ? asc : desc;
  const [rows, [total], perStatus] = await Promise.all([
    ctx.db
      .select()
      .from(listings)
      .where(where)
      .orderBy(direction(column), direction(listings.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(listings).where(where),
    ctx.db
      .select({ status: listings.status, n: count() })
      .from(listings)
      .where(base)
      .groupBy(listings.status),
  ]);
  const counts = emptyCounts();
  for (const s of perStatus) counts[s.status] = s.n;
  const loaded = await loadListings(ctx.db, rows);
  return {
    list: loaded.map((l) => toRow(l.row, l.storeAlias)),
    pagination: { page: q.page, size: q.size, total: total?.n ?? 0 },
    counts,
  };
}
