import { and, count, desc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type {
  ForbidCheckInput,
  ForbidCheckResult,
  ForbidVerifyResult,
  ForbidWord,
  ForbidWordInput,
  ForbidWordPage,
  ForbidWordQuery,
  IdsInput,
  MediaBatchResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { exemptBrands, forbiddenWords } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { isUniqueViolation } from '../auth/index.ts';
import { containsPattern } from '../goods-library/service.ts';
import { findStore } from '../markets/service.ts';
import { findForbiddenWords } from './forbidden-words.ts';

type Row = typeof forbiddenWords.$inferSelect;

const toForbidWord = (row: Row): ForbidWord => ({
  id: row.id,
  word: row.word,
  remark: row.remark,
  created_at: unixSeconds(row.createdAt),
});

/** The platform's words and the seller's; the exempt brands of all stores and of `market_id`. */
export async function checkForbiddenWords(
  ctx: Ctx,
  input: ForbidCheckInput,
): Promise<ForbidCheckResult> {
  if (input.market_id !== undefined) await findStore(ctx, input.market_id);
  const [words, brands] = await Promise.all([
    ctx.db
      .select({ word: forbiddenWords.word, sellerId: forbiddenWords.sellerId })
      .from(forbiddenWords)
      .where(or(isNull(forbiddenWords.sellerId), ownedBy(ctx, forbiddenWords.sellerId))),
    ctx.db
      .select({ brand: exemptBrands.brand })
      .from(exemptBrands)
      .where(
        and(
          ownedBy(ctx, exemptBrands.sellerId),
          input.market_id === undefined
            ? isNull(exemptBrands.storeId)
            : or(isNull(exemptBrands.storeId), eq(exemptBrands.storeId, input.market_id)),
        ),
      ),
  ]);
  const hits = findForbiddenWords(
    input,
    words.map((w) => ({ word: w.word, source: w.sellerId === null ? 'platform' : 'seller' })),
    brands.map((b) => b.brand),
  );
  return { hits };
}

/** What publishing asks: ok only without a single hit. */
export async function verifyForbiddenWords(
  ctx: Ctx,
  input: ForbidCheckInput,
): Promise<ForbidVerifyResult> {
  const { hits } = await checkForbiddenWords(ctx, input);
  return { ok: hits.length === 0, hits };
}

export async function listSellerWords(ctx: Ctx, q: ForbidWordQuery): Promise<ForbidWordPage> {
  const where = and(
    ownedBy(ctx, forbiddenWords.sellerId),
    q.keyword ? ilike(forbiddenWords.word, containsPattern(q.keyword)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(forbiddenWords)
      .where(where)
      .orderBy(desc(forbiddenWords.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(forbiddenWords).where(where),
  ]);
  return {
    list: rows.map(toForbidWord),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

/** Adds a seller word, or edits it with `id`; the same word twice (ignoring case) is a 422. */
export async function storeSellerWord(ctx: Ctx, input: ForbidWordInput): Promise<ForbidWord> {
  const values = { word: input.word, remark: input.remark };
  try {
    if (input.id === undefined) {
      const [row] = await ctx.db
        .insert(forbiddenWords)
        .values({ ...values, sellerId: sellerIdOf(ctx) })
        .returning();
      return toForbidWord(row!);
    }
    const [row] = await ctx.db
      .update(forbiddenWords)
      .set(values)
      .where(and(eq(forbiddenWords.id, input.id), ownedBy(ctx, forbiddenWords.sellerId)))
      .returning();
    if (!row) throw new NotFoundError('templates.forbidden_word_not_found');
    return toForbidWord(row);
  } catch (error) {
    if (isUniqueViolation(error, 'forbidden_words_seller_word_uq')) {
      throw new ValidationError({ word: 'templates.word_on_list' });
    }
    throw error;
  }
}

export async function deleteSellerWords(ctx: Ctx, input: IdsInput): Promise<MediaBatchResult> {
  const removed = await ctx.db
    .delete(forbiddenWords)
    .where(and(inArray(forbiddenWords.id, input.ids), ownedBy(ctx, forbiddenWords.sellerId)))
    .returning({ id: forbiddenWords.id });
  const gone = new Set(removed.map((r) => r.id));
  return {
    results: input.ids.map((id) => ({
      id,
      ok: gone.has(id),
      reason: gone.has(id) ? null : 'not_found',
    })),
  };
}
