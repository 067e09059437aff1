import { eq } from 'drizzle-orm';
import type { FinanceRule } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { financeRules } from '../../db/schema.ts';

/** The one rule row (id 1), seeded by the finance migration. */
export async function getRule(db: Executor): Promise<FinanceRule> {
  const [row] = await db.select().from(financeRules).where(eq(financeRules.id, 1));
  if (!row) throw new Error('finance_rules row 1 is missing (migration 0004 seeds it)');
  return {
    currency: 'CNY',
    min_recharge_minor: row.minRechargeMinor,
    bonus_tiers: [...row.bonusTiers].sort((a, b) => a.min_minor - b.min_minor),
  };
}

/** The bonus of the highest tier the amount reaches; 0 below the first. */
export function bonusFor(rule: FinanceRule, amountMinor: number): number {
  let bonus = 0;
  for (const tier of rule.bonus_tiers) if (amountMinor >= tier.min_minor) bonus = tier.bonus_minor;
  return bonus;
}
