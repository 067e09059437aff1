import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx, UserActor } from './context.ts';
import { NotFoundError, UnauthorizedError } from './errors.ts';
import type { MessageKey } from './i18n/messages.ts';

/** The signed-in user; for what only a person can do (their account, their session, their logs). */
export function requireUser(ctx: Pick<Ctx, 'actor'>): UserActor {
  if (ctx.actor.kind !== 'user') throw new UnauthorizedError();
  return ctx.actor;
}

/**
 * The seller the actor works for: the signed-in user's, or a system ctx's (a job for one
 * seller); null for admins, the anonymous and platform-wide system work.
 */
export function actingSellerId(ctx: Ctx): number | null {
  const { actor } = ctx;
  if (actor.kind === 'user' || actor.kind === 'system') return actor.sellerId;
  return null;
}

/** The seller every query of this request (or job) is scoped to. */
export function sellerIdOf(ctx: Ctx): number {
  const sellerId = actingSellerId(ctx);
  if (sellerId === null) throw new UnauthorizedError();
  return sellerId;
}

/**
 * Which stores of the seller the actor sees: all of them for the boss and for a system ctx
 * acting as the seller, only the assigned ones for staff (`userId`), a job queued by staff
 * included.
 */
export function storeViewOf(
  ctx: Ctx,
): { sellerId: number; isBoss: true } | { sellerId: number; isBoss: false; userId: number } {
  const { actor } = ctx;
  const sellerId = sellerIdOf(ctx);
  const who = actor.kind === 'user' ? actor : actor.kind === 'system' ? actor.forUser : undefined;
  if (!who || who.isBoss) return { sellerId, isBoss: true };
  return { sellerId, isBoss: false, userId: who.userId };
}

/** `seller_id = the actor's seller` as a where-clause part, for lists. */
export function ownedBy(ctx: Ctx, sellerColumn: PgColumn): SQL {
  return ofSeller(sellerColumn, sellerIdOf(ctx));
}

/**
 * `seller_id = sellerId` for code that is handed a seller id rather than a ctx: repositories
 * their service already scoped (the UPC pool, quotas, the bill), jobs whose payload names the
 * seller, the OAuth callback whose signed state does. The only hand-written seller filter.
 */
export function ofSeller(sellerColumn: PgColumn, sellerId: number): SQL {
  return eq(sellerColumn, sellerId);
}

type OwnedTable = PgTable & { id: PgColumn; sellerId: PgColumn };

/** Reads one seller-owned row by id; another seller's id is indistinguishable from a missing one. */
export async function findOwned<T extends OwnedTable>(
  ctx: Ctx,
  table: T,
  id: number | string,
  notFound: MessageKey = 'common.not_found',
): Promise<T['$inferSelect']> {
  const rows = await ctx.db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), ownedBy(ctx, table.sellerId)))
    .limit(1);
  const row = rows[0];
  if (!row) throw new NotFoundError(notFound);
  return row as T['$inferSelect'];
}
