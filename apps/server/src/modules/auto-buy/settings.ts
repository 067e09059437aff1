import { and, eq, gte, sql } from 'drizzle-orm';
import type { AutoBuySettings, SaveAutoBuyInput } from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { autoBuys, stores, users } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { requireUser } from '../../tenancy.ts';
import { unixSeconds, zonedDate, zonedDayRange } from '../../time.ts';
import { recordAudit } from '../audit/index.ts';
import { findStore } from '../markets/service.ts';

type StoreRow = typeof stores.$inferSelect;

/**
 * The cap counts per business day, Beijing time (`BUSINESS_TIME_ZONE`), as the platform bill
 * and every other business day of the product do: the seller's day, since sellers are in China.
 */
export function todayStart(now = new Date()): Date {
  return zonedDayRange(zonedDate(now))[0];
}

/** What the store's automatic purchases paid since the Beijing day began, CNY fen. */
export async function spentToday(db: Executor, storeId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${autoBuys.amountMinor}), 0)` })
    .from(autoBuys)
    .where(
      and(
        eq(autoBuys.storeId, storeId),
        eq(autoBuys.outcome, 'paid'),
        gte(autoBuys.createdAt, todayStart()),
      ),
    );
  return Number(row?.total ?? 0);
}

async function settingsOf(db: Executor, row: StoreRow): Promise<AutoBuySettings> {
  const [who] =
    row.autoBuyAuthorizedBy === null
      ? []
      : await db
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, row.autoBuyAuthorizedBy));
  return {
    store_id: row.id,
    enabled: row.autoBuy,
    daily_cap_minor: row.autoBuyCapMinor,
    spent_today_minor: await spentToday(db, row.id),
    address_policy: row.autoBuyAddress,
    authorized_by: row.autoBuy ? (who?.name ?? null) : null,
    authorized_at:
      row.autoBuy && row.autoBuyAuthorizedAt ? unixSeconds(row.autoBuyAuthorizedAt) : null,
  };
}

/** A visible store's automation; another seller's store (or one not assigned to staff) is a 404. */
export async function getAutoBuy(ctx: Ctx, storeId: number): Promise<AutoBuySettings> {
  return settingsOf(ctx.db, await findStore(ctx, storeId));
}

/**
 * Saves a store's automation. The route checked the boss's pay password when it is saved on:
 * that check is the seller's authorisation of the debits the automation makes without one,
 * recorded as who switched it on and when (and in the audit log, like every store edit).
 * Orders that arrived before it was switched on are left to the seller.
 */
export async function saveAutoBuy(
  ctx: Ctx,
  input: z.output<typeof SaveAutoBuyInput>,
): Promise<AutoBuySettings> {
  const userId = requireUser(ctx).userId;
  return withTransaction(ctx, async (tx) => {
    const row = await findStore(tx, input.id, { lock: true });
    // Switching on starts the authorisation (and the orders it covers); a new cap while on
    // keeps it, its change in the audit log.
    const authorisation = !input.enabled
      ? { autoBuyAuthorizedBy: null, autoBuyAuthorizedAt: null }
      : row.autoBuy
        ? {}
        : { autoBuyAuthorizedBy: userId, autoBuyAuthorizedAt: new Date() };
    const [updated] = await tx.db
      .update(stores)
      .set({
        autoBuy: input.enabled,
        autoBuyCapMinor: input.daily_cap_minor,
        autoBuyAddress: input.address_policy,
        ...authorisation,
        updatedAt: new Date(),
      })
      .where(eq(stores.id, row.id))
      .returning();
    await recordAudit(tx, { object: 'store', id: row.id, before: row, after: updated! });
    return settingsOf(tx.db, updated!);
  });
}
