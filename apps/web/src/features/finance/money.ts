import type { BonusTier } from '@app/shared';

/** The bonus of the highest tier `amountMinor` reaches (tiers ascend by `min_minor`), or 0. */
export function bonusFor(amountMinor: number, tiers: readonly BonusTier[]): number {
  let bonus = 0;
  for (const tier of tiers) if (amountMinor >= tier.min_minor) bonus = tier.bonus_minor;
  return bonus;
}

/** Unix seconds of local midnight at the start of `date`'s day. */
export function dayStart(date: Date): number {
  return Math.floor(new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() / 1000);
}

/** Unix seconds of the local midnight after `date` (the exclusive end of a date filter). */
export function dayEnd(date: Date): number {
  return Math.floor(
    new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime() / 1000,
  );
}
