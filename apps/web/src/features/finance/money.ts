import type { BonusTier } from '@app/shared';

const YUAN = /^\s*(\d{1,12})(?:\.(\d{0,2}))?\s*$/;

/**
 * Yuan typed by the seller ("500", "99.9", "0.05") as integer fen, read digit by digit so no
 * floating-point rounding creeps in. Null for anything that is not a plain amount with at
 * most two decimals.
 */
export function parseYuan(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const match = YUAN.exec(String(text));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

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
