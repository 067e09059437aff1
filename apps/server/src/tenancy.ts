import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx, UserActor } from './context.ts';
import { NotFoundError, UnauthorizedError } from './errors.ts';
import type { MessageKey } from './i18n/messages.ts';

export function requireUser(ctx: Ctx): UserActor {
  if (ctx.actor.kind !== 'user') throw new UnauthorizedError();
  return ctx.actor;
}

/** The seller every query of this request is scoped to. */
export function sellerIdOf(ctx: Ctx): number {
  return requireUser(ctx).sellerId;
}

/** `seller_id = session seller` as a where-clause part, for lists. */
export function ownedBy(ctx: Ctx, sellerColumn: PgColumn): SQL {
  return eq(sellerColumn, sellerIdOf(ctx));
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
