import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  marketSiteById,
  type SysBalanceAdjustInput,
  type SysBalanceAdjustResult,
  type SysSellerDetail,
  type SysSellerFreezeInput,
  type SysSellerPage,
  type SysSellerQuery,
  type SysSellerRow,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import {
  ledgerEntries,
  memberLevels,
  orders,
  purchaseOrders,
  sellers,
  stores,
  users,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { ofSeller } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { recordAudit } from '../audit/index.ts';
import { memoText, post } from '../finance/index.ts';
import { containsPattern } from '../goods-library/index.ts';

/** The boss user of each seller: the account sellers sign up with and are searched by. */
const boss = and(eq(sellers.id, users.sellerId), eq(users.isBoss, true));

const rowColumns = {
  seller: sellers,
  email: users.email,
  mobile: users.mobile,
  levelName: memberLevels.name,
  levelNameEn: memberLevels.nameEn,
};

type Joined = {
  seller: typeof sellers.$inferSelect;
  email: string | null;
  mobile: string | null;
  levelName: string | null;
  levelNameEn: string | null;
};

function toRow(r: Joined): SysSellerRow {
  return {
    id: r.seller.id,
    name: r.seller.name,
    email: r.email,
    mobile: r.mobile,
    level_name: r.levelName,
    level_name_en: r.levelNameEn,
    balance_minor: r.seller.balanceMinor,
    frozen_minor: r.seller.frozenMinor,
    state: r.seller.accountFrozenAt ? 'frozen' : 'active',
    created_at: unixSeconds(r.seller.createdAt),
  };
}

/** Every seller, newest first, by name or the boss's e-mail or mobile, and by state. */
export async function pageSellers(ctx: Ctx, q: SysSellerQuery): Promise<SysSellerPage> {
  const pattern = q.keyword ? containsPattern(q.keyword) : undefined;
  const where: SQL | undefined = and(
    pattern
      ? or(ilike(sellers.name, pattern), ilike(users.email, pattern), ilike(users.mobile, pattern))
      : undefined,
    q.state === 'frozen' ? isNotNull(sellers.accountFrozenAt) : undefined,
    q.state === 'active' ? isNull(sellers.accountFrozenAt) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select(rowColumns)
      .from(sellers)
      .leftJoin(users, boss)
      .leftJoin(memberLevels, eq(memberLevels.id, sellers.levelId))
      .where(where)
      .orderBy(desc(sellers.createdAt), desc(sellers.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ n: count() }).from(sellers).leftJoin(users, boss).where(where),
  ]);
  return {
    list: rows.map(toRow),
    pagination: { page: q.page, size: q.size, total: counted?.n ?? 0 },
  };
}

async function findSeller(ctx: Ctx, id: number): Promise<Joined> {
  const [row] = await ctx.db
    .select(rowColumns)
    .from(sellers)
    .leftJoin(users, boss)
    .leftJoin(memberLevels, eq(memberLevels.id, sellers.levelId))
    .where(eq(sellers.id, id));
  if (!row) throw new NotFoundError('sys_catalog.seller_not_found');
  return row;
}

/** 404 for an unknown seller id. */
export async function requireSeller(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, id));
  if (!row) throw new NotFoundError('sys_catalog.seller_not_found');
}

const LEDGER_SHOWN = 20;

/** One seller as the operator reads it: stores, money, counts and the latest ledger entries. */
export async function sellerInfo(ctx: Ctx, id: number): Promise<SysSellerDetail> {
  const row = await findSeller(ctx, id);
  const countOf = async (table: typeof orders | typeof purchaseOrders | typeof users) => {
    const [c] = await ctx.db.select({ n: count() }).from(table).where(ofSeller(table.sellerId, id));
    return c?.n ?? 0;
  };
  const [storeRows, ledger, ordersCount, poCount, usersCount] = await Promise.all([
    ctx.db.select().from(stores).where(ofSeller(stores.sellerId, id)).orderBy(stores.id),
    ctx.db
      .select()
      .from(ledgerEntries)
      .where(ofSeller(ledgerEntries.sellerId, id))
      .orderBy(desc(ledgerEntries.id))
      .limit(LEDGER_SHOWN),
    countOf(orders),
    countOf(purchaseOrders),
    countOf(users),
  ]);
  const { seller } = row;
  return {
    ...toRow(row),
    level_expires_at: seller.levelExpiresAt ? unixSeconds(seller.levelExpiresAt) : null,
    frozen_at: seller.accountFrozenAt ? unixSeconds(seller.accountFrozenAt) : null,
    freeze_reason: seller.freezeReason,
    staff_count: Math.max(0, usersCount - 1),
    orders_count: ordersCount,
    purchase_orders_count: poCount,
    stores: storeRows.map((s) => ({
      id: s.id,
      marketplace: s.marketplace,
      site: marketSiteById(s.marketSiteId)?.code ?? String(s.marketSiteId),
      name: s.alias,
      status: s.authStatus,
    })),
    ledger: ledger.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount_minor: e.amountMinor,
      balance_after_minor: e.balanceAfterMinor,
      memo: memoText(ctx.lang, e),
      created_at: unixSeconds(e.createdAt),
    })),
  };
}

/**
 * Freezes a seller's account: from the next request on, every token of its users is refused
 * (401 `auth.seller_frozen`) and so is a login (403), until an operator unfreezes it.
 */
export async function freezeSeller(
  ctx: Ctx,
  input: SysSellerFreezeInput,
): Promise<SysSellerDetail> {
  await withTransaction(ctx, async (tx) => {
    const { seller } = await findSeller(tx, input.id);
    if (seller.accountFrozenAt) throw new ConflictError('sys_catalog.seller_frozen_already');
    await tx.db
      .update(sellers)
      .set({ accountFrozenAt: sql`now()`, freezeReason: input.reason, updatedAt: sql`now()` })
      .where(eq(sellers.id, input.id));
    await recordAudit(tx, {
      object: 'seller',
      id: input.id,
      before: { state: 'active' },
      after: { state: 'frozen', reason: input.reason },
    });
  });
  return sellerInfo(ctx, input.id);
}

export async function unfreezeSeller(ctx: Ctx, id: number): Promise<SysSellerDetail> {
  await withTransaction(ctx, async (tx) => {
    const { seller } = await findSeller(tx, id);
    if (!seller.accountFrozenAt) throw new ConflictError('sys_catalog.seller_not_frozen');
    await tx.db
      .update(sellers)
      .set({ accountFrozenAt: null, freezeReason: '', updatedAt: sql`now()` })
      .where(eq(sellers.id, id));
    await recordAudit(tx, {
      object: 'seller',
      id,
      before: { state: 'frozen', reason: seller.freezeReason },
      after: { state: 'active', reason: '' },
    });
  });
  return sellerInfo(ctx, id);
}

/**
 * An operator's balance adjustment: one ledger movement through the finance module (a credit
 * posts as a recharge, a debit as a deduction, refused when the balance is short), its reason
 * the memo the seller reads. The route runs it under the request's `Idempotency-Key`, keyed on
 * the seller, so a retried click never adjusts twice.
 */
export async function adjustBalance(
  ctx: Ctx,
  input: SysBalanceAdjustInput,
): Promise<SysBalanceAdjustResult> {
  return withTransaction(ctx, async (tx) => {
    const credit = input.direction === 'credit';
    const posted = await post(tx.db, input.id, {
      kind: credit ? 'recharge' : 'deduction',
      amountMinor: input.amount_minor,
      memo: {
        key: credit ? 'ledger.operator_credit' : 'ledger.operator_debit',
        params: { reason: input.reason },
      },
    });
    await recordAudit(tx, {
      object: 'seller',
      id: input.id,
      before: { balance_minor: posted.balanceMinor + (credit ? -1 : 1) * input.amount_minor },
      after: {
        balance_minor: posted.balanceMinor,
        ledger_entry: posted.entryId,
        reason: input.reason,
      },
    });
    return { entry_id: posted.entryId, balance_minor: posted.balanceMinor };
  });
}
