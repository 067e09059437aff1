import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { UpcKind } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { upcCodes } from '../../db/schema.ts';
import { ofSeller } from '../../tenancy.ts';

/**
 * What the listings module calls at publish. Every function takes the caller's executor (its
 * transaction) and the seller id explicitly, since publish jobs run without an actor.
 */

export interface TakenCode {
  id: number;
  code: string;
  kind: UpcKind;
}

/**
 * The code a listing's SKU `ref` publishes with: the one it already holds for that SKU (so
 * republishing is idempotent; each SKU has its own code), otherwise the seller's oldest free
 * code (of `kind` when given), marked used by the listing for that SKU.
 * `FOR UPDATE SKIP LOCKED`: two publishes in parallel never take the same code, and neither
 * waits for the other. Null when the pool has no free code. Run it inside the publish
 * transaction so an abandoned publish rolls the taking back too.
 */
export async function takeFreeCode(
  db: Executor,
  sellerId: number,
  input: { listingId: number; ref?: string | null; kind?: UpcKind },
): Promise<TakenCode | null> {
  const held = await db
    .select({ id: upcCodes.id, code: upcCodes.code, kind: upcCodes.kind })
    .from(upcCodes)
    .where(
      and(
        ofSeller(upcCodes.sellerId, sellerId),
        eq(upcCodes.listingId, input.listingId),
        eq(upcCodes.state, 'used'),
        input.ref ? eq(upcCodes.usedRef, input.ref) : undefined,
        input.kind ? eq(upcCodes.kind, input.kind) : undefined,
      ),
    )
    .orderBy(asc(upcCodes.id))
    .limit(1);
  if (held[0]) return held[0];

  const candidate = db
    .select({ id: upcCodes.id })
    .from(upcCodes)
    .where(
      and(
        ofSeller(upcCodes.sellerId, sellerId),
        eq(upcCodes.state, 'free'),
        input.kind ? eq(upcCodes.kind, input.kind) : undefined,
      ),
    )
    .orderBy(asc(upcCodes.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [taken] = await db
    .update(upcCodes)
    .set({
      state: 'used',
      listingId: input.listingId,
      usedRef: input.ref ?? null,
      usedAt: sql`now()`,
      publishedAt: null,
      listingGoneAt: null,
    })
    .where(and(ofSeller(upcCodes.sellerId, sellerId), sql`${upcCodes.id} = (${candidate})`))
    .returning({ id: upcCodes.id, code: upcCodes.code, kind: upcCodes.kind });
  return taken ?? null;
}

/**
 * A code the seller typed into a listing: marks it used by the listing when it is in the pool
 * and free. `used_elsewhere` when another listing holds it, `void` when voided,
 * `not_in_pool` for a code the seller never imported (nothing changes then).
 */
export async function useCode(
  db: Executor,
  sellerId: number,
  input: { code: string; listingId: number; ref?: string | null },
): Promise<'taken' | 'already_yours' | 'used_elsewhere' | 'void' | 'not_in_pool'> {
  const gtin13 = input.code.trim().padStart(13, '0');
  const [row] = await db
    .select()
    .from(upcCodes)
    .where(and(ofSeller(upcCodes.sellerId, sellerId), eq(upcCodes.gtin13, gtin13)))
    .for('update')
    .limit(1);
  if (!row) return 'not_in_pool';
  if (row.state === 'void') return 'void';
  if (row.state === 'used') {
    return row.listingId === input.listingId ? 'already_yours' : 'used_elsewhere';
  }
  await db
    .update(upcCodes)
    .set({
      state: 'used',
      listingId: input.listingId,
      usedRef: input.ref ?? null,
      usedAt: sql`now()`,
      publishedAt: null,
      listingGoneAt: null,
    })
    .where(eq(upcCodes.id, row.id));
  return 'taken';
}

/**
 * Call when the listing holding codes is sent to a marketplace: from then on its codes are
 * never freed automatically, and the seller can free them only once the listing is deleted.
 */
export async function markCodesPublished(
  db: Executor,
  sellerId: number,
  listingId: number,
): Promise<void> {
  await db
    .update(upcCodes)
    .set({ publishedAt: sql`now()` })
    .where(
      and(
        ofSeller(upcCodes.sellerId, sellerId),
        eq(upcCodes.listingId, listingId),
        eq(upcCodes.state, 'used'),
        isNull(upcCodes.publishedAt),
      ),
    );
}

/**
 * Call when a publish is abandoned or the listing is deleted. Codes never sent to a
 * marketplace go back to the pool at once; published ones stay used with `listing_gone_at`
 * set, which lets the seller free them on the UPC page (`/api/upc/reset`). Answers how many
 * codes went back to the pool.
 */
export async function releaseCodes(
  db: Executor,
  sellerId: number,
  listingId: number,
): Promise<number> {
  const mine = and(
    ofSeller(upcCodes.sellerId, sellerId),
    eq(upcCodes.listingId, listingId),
    eq(upcCodes.state, 'used'),
  );
  const freed = await db
    .update(upcCodes)
    .set({ ...FREED })
    .where(and(mine, isNull(upcCodes.publishedAt)))
    .returning({ id: upcCodes.id });
  await db
    .update(upcCodes)
    .set({ listingGoneAt: sql`now()` })
    .where(and(mine, isNull(upcCodes.listingGoneAt)));
  return freed.length;
}

/** The columns of a code back in the pool. */
export const FREED = {
  state: 'free' as const,
  listingId: null,
  usedRef: null,
  usedAt: null,
  publishedAt: null,
  listingGoneAt: null,
};
