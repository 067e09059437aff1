import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type {
  RelativeDeleteInput,
  RelativeInput,
  RelativeListQuery,
  RelativePage,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { finishedProducts, relatedProducts } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { findOwnAll, summariesOf } from './rows.ts';

const pairOf = (a: number, b: number) => ({
  productId: Math.min(a, b),
  relatedId: Math.max(a, b),
});

export async function relate(ctx: Ctx, input: RelativeInput): Promise<null> {
  const sellerId = sellerIdOf(ctx);
  if (input.related_ids.includes(input.id))
    throw new ValidationError({ related_ids: 'goods.related_to_itself' });
  await findOwnAll(ctx, [input.id, ...input.related_ids]);
  await ctx.db
    .insert(relatedProducts)
    .values([...new Set(input.related_ids)].map((r) => ({ sellerId, ...pairOf(input.id, r) })))
    .onConflictDoNothing();
  return null;
}

export async function unrelate(ctx: Ctx, input: RelativeDeleteInput): Promise<null> {
  const pair = pairOf(input.id, input.related_id);
  const deleted = await ctx.db
    .delete(relatedProducts)
    .where(
      and(
        ownedBy(ctx, relatedProducts.sellerId),
        eq(relatedProducts.productId, pair.productId),
        eq(relatedProducts.relatedId, pair.relatedId),
      ),
    )
    .returning({ productId: relatedProducts.productId });
  if (deleted.length === 0) throw new NotFoundError('goods.relation_not_found');
  return null;
}

/** The seller's pairs, newest first; filtered by `id`, that product is always on the left. */
export async function listRelated(ctx: Ctx, q: RelativeListQuery): Promise<RelativePage> {
  const where = and(
    ownedBy(ctx, relatedProducts.sellerId),
    q.id === undefined
      ? undefined
      : or(eq(relatedProducts.productId, q.id), eq(relatedProducts.relatedId, q.id)),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(relatedProducts)
      .where(where)
      .orderBy(
        desc(relatedProducts.createdAt),
        asc(relatedProducts.productId),
        asc(relatedProducts.relatedId),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(relatedProducts).where(where),
  ]);
  const ids = [...new Set(rows.flatMap((r) => [r.productId, r.relatedId]))];
  const products =
    ids.length === 0
      ? []
      : await ctx.db.select().from(finishedProducts).where(inArray(finishedProducts.id, ids));
  const summaries = new Map((await summariesOf(ctx, products)).map((s) => [s.id, s]));
  return {
    list: rows.map((r) => {
      const [left, right] =
        q.id !== undefined && r.relatedId === q.id
          ? [r.relatedId, r.productId]
          : [r.productId, r.relatedId];
      return {
        product: summaries.get(left)!,
        related: summaries.get(right)!,
        createTime: unixSeconds(r.createdAt),
      };
    }),
    pagination: { page: q.page, size: q.size, total: total?.n ?? 0 },
  };
}
