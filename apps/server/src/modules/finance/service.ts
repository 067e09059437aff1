import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type {
  BuyLevelResult,
  Deduction,
  FinanceInfo,
  Language,
  LedgerEntry,
  LedgerKind,
  LedgerPage,
  LedgerQuery,
  LevelPurchase,
  MemberLevel,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { ledgerEntries, levelPurchases, memberLevels, sellers } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { lockSellerMoney, memoText, post } from './ledger.ts';

const DAY_MS = 86_400_000;
type LevelRow = typeof memberLevels.$inferSelect;

/** The seller's level while it lasts; after `level_expires_at` the lowest level applies. */
export async function effectiveLevel(
  db: Executor,
  sellerId: number,
): Promise<{ level: LevelRow | null; expiresAt: Date | null }> {
  const [seller] = await db
    .select({ levelId: sellers.levelId, expiresAt: sellers.levelExpiresAt })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  if (!seller) throw new NotFoundError('finance.seller_not_found');
  const expired = seller.expiresAt !== null && seller.expiresAt.getTime() <= Date.now();
  const [level] = expired
    ? await db.select().from(memberLevels).orderBy(asc(memberLevels.orderNum)).limit(1)
    : seller.levelId === null
      ? []
      : await db.select().from(memberLevels).where(eq(memberLevels.id, seller.levelId));
  return { level: level ?? null, expiresAt: expired ? null : seller.expiresAt };
}

export async function financeInfo(ctx: Ctx): Promise<FinanceInfo> {
  const sellerId = sellerIdOf(ctx);
  const [seller] = await ctx.db
    .select({ balance: sellers.balanceMinor, frozen: sellers.frozenMinor })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  const { level, expiresAt } = await effectiveLevel(ctx.db, sellerId);
  return {
    balance_minor: seller!.balance,
    frozen_minor: seller!.frozen,
    currency: 'CNY',
    level_id: level?.id ?? null,
    level_name: level?.name ?? '',
    level_name_en: level?.nameEn ?? '',
    level_expires_at: expiresAt ? unixSeconds(expiresAt) : null,
    discount_percent: level?.discountPercent ?? 0,
  };
}

function entryOf(lang: Language, row: typeof ledgerEntries.$inferSelect): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount_minor: row.amountMinor,
    frozen_delta_minor: row.frozenDeltaMinor,
    balance_after_minor: row.balanceAfterMinor,
    frozen_after_minor: row.frozenAfterMinor,
    ref_type: row.refType,
    ref_id: row.refId,
    memo: memoText(lang, row),
    created_at: unixSeconds(row.createdAt),
  };
}

/** A page of the seller's ledger, newest first, filtered by kinds and `[start, end)`. */
export async function ledgerPage(
  ctx: Ctx,
  query: LedgerQuery,
  kinds?: readonly LedgerKind[],
): Promise<LedgerPage> {
  const where: SQL[] = [ownedBy(ctx, ledgerEntries.sellerId)];
  if (query.kind) where.push(eq(ledgerEntries.kind, query.kind));
  if (kinds) where.push(inArray(ledgerEntries.kind, [...kinds]));
  if (query.start !== undefined)
    where.push(gte(ledgerEntries.createdAt, new Date(query.start * 1000)));
  if (query.end !== undefined) where.push(lt(ledgerEntries.createdAt, new Date(query.end * 1000)));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(ledgerEntries)
      .where(filter)
      .orderBy(desc(ledgerEntries.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ctx.db.select({ n: count() }).from(ledgerEntries).where(filter),
  ]);
  return {
    list: rows.map((row) => entryOf(ctx.lang, row)),
    pagination: { page: query.page, size: query.size, total: total?.n ?? 0 },
  };
}

/** Every level; `current` marks the signed-in seller's level in force (none for visitors). */
export async function listLevels(ctx: Ctx): Promise<MemberLevel[]> {
  const { level } =
    ctx.actor.kind === 'user' ? await effectiveLevel(ctx.db, ctx.actor.sellerId) : { level: null };
  const rows = await ctx.db.select().from(memberLevels).orderBy(asc(memberLevels.orderNum));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    order_num: row.orderNum,
    price_minor: row.priceMinor,
    duration_days: row.durationDays,
    discount_percent: row.discountPercent,
    current: row.id === level?.id,
  }));
}

export async function levelHistory(ctx: Ctx): Promise<LevelPurchase[]> {
  const rows = await ctx.db
    .select({ purchase: levelPurchases, name: memberLevels.name, nameEn: memberLevels.nameEn })
    .from(levelPurchases)
    .innerJoin(memberLevels, eq(memberLevels.id, levelPurchases.levelId))
    .where(ownedBy(ctx, levelPurchases.sellerId))
    .orderBy(desc(levelPurchases.id));
  return rows.map(({ purchase, name, nameEn }) => purchaseOf(purchase, name, nameEn));
}

function purchaseOf(
  row: typeof levelPurchases.$inferSelect,
  name: string,
  nameEn: string,
): LevelPurchase {
  return {
    id: row.id,
    level_id: row.levelId,
    level_name: name,
    level_name_en: nameEn,
    price_minor: row.priceMinor,
    starts_at: unixSeconds(row.startsAt),
    expires_at: unixSeconds(row.expiresAt),
    created_at: unixSeconds(row.createdAt),
  };
}

/** A level's discount on an amount, rounded down to the fen. */
export function discountMinor(amountMinor: number, percent: number): number {
  return Math.floor((amountMinor * percent) / 100);
}

/**
 * What the seller's level takes off an amount. The discount is rounded down to the fen, so
 * the seller never pays less than the percentage allows.
 */
export async function deduction(ctx: Ctx, amountMinor: number): Promise<Deduction> {
  const { level } = await effectiveLevel(ctx.db, sellerIdOf(ctx));
  const percent = level?.discountPercent ?? 0;
  const discount = discountMinor(amountMinor, percent);
  return {
    amount_minor: amountMinor,
    discount_percent: percent,
    discount_minor: discount,
    payable_minor: amountMinor - discount,
  };
}

/**
 * Buys a level from the balance (finance/buy and level/buy). Runs inside the caller's
 * transaction. Buying the current level again extends it from its expiry; a higher one starts
 * now; a lower one than the level in force is refused.
 */
export async function buyLevel(ctx: Ctx, levelId: number): Promise<BuyLevelResult> {
  const sellerId = sellerIdOf(ctx);
  const [level] = await ctx.db.select().from(memberLevels).where(eq(memberLevels.id, levelId));
  if (!level) throw new NotFoundError('finance.level_not_found');
  if (level.priceMinor <= 0) throw new ConflictError('finance.level_free');
  // Locks the seller row before reading its level, so two purchases extend one after the other.
  await lockSellerMoney(ctx.db, sellerId);
  const current = await effectiveLevel(ctx.db, sellerId);
  if (current.level && current.level.orderNum > level.orderNum && current.expiresAt) {
    throw new ConflictError('finance.level_higher', { level: current.level.nameEn });
  }
  const now = new Date();
  const startsAt =
    current.level?.id === level.id && current.expiresAt && current.expiresAt > now
      ? current.expiresAt
      : now;
  const expiresAt = new Date(startsAt.getTime() + level.durationDays * DAY_MS);
  const [purchase] = await ctx.db
    .insert(levelPurchases)
    .values({ sellerId, levelId, priceMinor: level.priceMinor, startsAt, expiresAt })
    .returning();
  const posted = await post(ctx.db, sellerId, {
    kind: 'level_purchase',
    amountMinor: level.priceMinor,
    ref: { type: 'level_purchase', id: purchase!.id },
    memo: {
      key: 'ledger.level',
      params: { name: level.name, name_en: level.nameEn, days: level.durationDays },
    },
  });
  await ctx.db
    .update(sellers)
    .set({ levelId, levelExpiresAt: expiresAt })
    .where(eq(sellers.id, sellerId));
  return {
    purchase: purchaseOf(purchase!, level.name, level.nameEn),
    balance_minor: posted.balanceMinor,
  };
}
