import { asc, count, eq, sql } from 'drizzle-orm';
import type {
  FinanceRule,
  SysFinanceRuleInput,
  SysLevel,
  SysLevelInput,
  SysLevelUpdate,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { financeRules, memberLevels, sellers } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { getRule } from '../finance/index.ts';

type LevelRow = typeof memberLevels.$inferSelect;

const fieldsOf = (row: LevelRow): SysLevelInput => ({
  name: row.name,
  name_en: row.nameEn,
  order_num: row.orderNum,
  price_minor: row.priceMinor,
  duration_days: row.durationDays,
  discount_percent: row.discountPercent,
});

/**
 * Member levels as the level pages, `level/buy` and checkout's discount read them (one table),
 * with how many sellers hold each.
 */
export async function listLevels(ctx: Ctx): Promise<SysLevel[]> {
  const holders = ctx.db
    .select({ levelId: sellers.levelId, n: count().as('n') })
    .from(sellers)
    .groupBy(sellers.levelId)
    .as('holders');
  const rows = await ctx.db
    .select({ level: memberLevels, n: holders.n })
    .from(memberLevels)
    .leftJoin(holders, eq(holders.levelId, memberLevels.id))
    .orderBy(asc(memberLevels.orderNum), asc(memberLevels.id));
  return rows.map((r) => ({ id: r.level.id, ...fieldsOf(r.level), seller_count: r.n ?? 0 }));
}

async function levelOf(ctx: Ctx, id: number): Promise<SysLevel> {
  const level = (await listLevels(ctx)).find((l) => l.id === id);
  if (!level) throw new NotFoundError('sys_catalog.level_not_found');
  return level;
}

/** A new level; its order number is its identity (the seed adds the ones it misses by it). */
export async function addLevel(ctx: Ctx, input: SysLevelInput): Promise<SysLevel> {
  return withTransaction(ctx, async (tx) => {
    const [taken] = await tx.db
      .select({ id: memberLevels.id })
      .from(memberLevels)
      .where(eq(memberLevels.orderNum, input.order_num));
    if (taken) {
      throw new ConflictError(
        'sys_catalog.level_order_taken',
        {},
        { id: taken.id },
        {
          order_num: 'sys_catalog.level_order_taken',
        },
      );
    }
    const [row] = await tx.db
      .insert(memberLevels)
      .values({
        name: input.name,
        nameEn: input.name_en,
        orderNum: input.order_num,
        priceMinor: input.price_minor,
        durationDays: input.duration_days,
        discountPercent: input.discount_percent,
      })
      .returning();
    await recordAudit(tx, { object: 'member_level', id: row!.id, before: null, after: input });
    return levelOf(tx, row!.id);
  });
}

/**
 * New names, price, duration or discount: purchases made before keep what they paid and their
 * expiry; checkout's discount follows the level at once.
 */
export async function updateLevel(ctx: Ctx, input: SysLevelUpdate): Promise<SysLevel> {
  return withTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(memberLevels).where(eq(memberLevels.id, input.id));
    if (!before) throw new NotFoundError('sys_catalog.level_not_found');
    const [after] = await tx.db
      .update(memberLevels)
      .set({
        name: input.name,
        nameEn: input.name_en,
        priceMinor: input.price_minor,
        durationDays: input.duration_days,
        discountPercent: input.discount_percent,
        updatedAt: sql`now()`,
      })
      .where(eq(memberLevels.id, input.id))
      .returning();
    await recordAudit(tx, {
      object: 'member_level',
      id: input.id,
      before: fieldsOf(before),
      after: fieldsOf(after!),
    });
    return levelOf(tx, input.id);
  });
}

export const financeRule = (ctx: Ctx): Promise<FinanceRule> => getRule(ctx.db);

/** The recharge minimum and bonus tiers; a recharge already started keeps the bonus it was offered. */
export async function updateFinanceRule(
  ctx: Ctx,
  input: SysFinanceRuleInput,
): Promise<FinanceRule> {
  return withTransaction(ctx, async (tx) => {
    const before = await getRule(tx.db);
    const bonusTiers = [...input.bonus_tiers].sort((a, b) => a.min_minor - b.min_minor);
    await tx.db
      .update(financeRules)
      .set({
        minRechargeMinor: input.min_recharge_minor,
        bonusTiers,
        updatedAt: sql`now()`,
      })
      .where(eq(financeRules.id, 1));
    const after = await getRule(tx.db);
    await recordAudit(tx, { object: 'finance_rule', id: 1, before, after });
    return after;
  });
}
