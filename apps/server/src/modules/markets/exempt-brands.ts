import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type {
  ExemptBrand,
  ExemptBrandInput,
  ExemptBrandPage,
  ExemptBrandQuery,
  IdsInput,
  MediaBatchResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { exemptBrands, stores } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { isUniqueViolation } from '../auth/index.ts';
import { containsPattern } from '../goods-library/service.ts';
import { findStore, visibleStores } from './service.ts';

type BrandRow = typeof exemptBrands.$inferSelect;

const toExemptBrand = (row: BrandRow): ExemptBrand => ({
  id: row.id,
  brand: row.brand,
  store_id: row.storeId,
  remark: row.remark,
  gtin_exempt: row.gtinExempt,
  created_at: unixSeconds(row.createdAt),
});

/** The seller's brands the actor may see: those for every store, and those of stores visible to it. */
function visibleBrands(ctx: Ctx): SQL {
  const visibleStoreIds = ctx.db.select({ id: stores.id }).from(stores).where(visibleStores(ctx));
  return and(
    ownedBy(ctx, exemptBrands.sellerId),
    or(isNull(exemptBrands.storeId), inArray(exemptBrands.storeId, visibleStoreIds)),
  )!;
}

/** Newest first; a `store_id` filter shows what applies to that store: its own brands and the all-store ones. */
export async function listExemptBrands(ctx: Ctx, q: ExemptBrandQuery): Promise<ExemptBrandPage> {
  const where = and(
    visibleBrands(ctx),
    q.store_id === undefined
      ? undefined
      : or(isNull(exemptBrands.storeId), eq(exemptBrands.storeId, q.store_id)),
    q.keyword ? ilike(exemptBrands.brand, containsPattern(q.keyword)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(exemptBrands)
      .where(where)
      .orderBy(desc(exemptBrands.createdAt), desc(exemptBrands.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(exemptBrands).where(where),
  ]);
  return {
    list: rows.map(toExemptBrand),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

/** Adds a brand, or updates it when `id` is given; the same brand twice for one store is a 422. */
export async function storeExemptBrand(ctx: Ctx, input: ExemptBrandInput): Promise<ExemptBrand> {
  if (input.store_id !== null) await findStore(ctx, input.store_id);
  const values = {
    brand: input.brand,
    storeId: input.store_id,
    remark: input.remark,
    gtinExempt: input.gtin_exempt,
  };
  try {
    if (input.id === undefined) {
      const [row] = await ctx.db
        .insert(exemptBrands)
        .values({ ...values, sellerId: sellerIdOf(ctx) })
        .returning();
      return toExemptBrand(row!);
    }
    const [row] = await ctx.db
      .update(exemptBrands)
      .set(values)
      .where(and(eq(exemptBrands.id, input.id), visibleBrands(ctx)))
      .returning();
    if (!row) throw new NotFoundError('markets.exempt_brand_not_found');
    return toExemptBrand(row);
  } catch (error) {
    if (isUniqueViolation(error, 'exempt_brands_seller_store_brand_uq')) {
      throw new ValidationError({
        brand:
          input.store_id === null
            ? 'markets.brand_exempt_all_stores'
            : 'markets.brand_exempt_this_store',
      });
    }
    throw error;
  }
}

export async function deleteExemptBrands(ctx: Ctx, input: IdsInput): Promise<MediaBatchResult> {
  const removed = await ctx.db
    .delete(exemptBrands)
    .where(and(inArray(exemptBrands.id, input.ids), visibleBrands(ctx)))
    .returning({ id: exemptBrands.id });
  const gone = new Set(removed.map((r) => r.id));
  return {
    results: input.ids.map((id) => ({
      id,
      ok: gone.has(id),
      reason: gone.has(id) ? null : 'not_found',
    })),
  };
}
