import { minorDigits } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { rateToBase } from '../templates/index.ts';

/**
 * The seller's currency: balances, purchase orders and the platform's exchange rates are all
 * CNY, so statistics are too.
 */
export const SELLER_CURRENCY = 'CNY';

/** `"7.12"` → [712n, 100n]: the rate as an exact fraction. */
function fraction(rate: string): [bigint, bigint] {
  const [whole, part = ''] = rate.split('.');
  return [BigInt(whole! + part), 10n ** BigInt(part.length)];
}

export type Convert = (currency: string, minor: number) => number;

/**
 * Converts minor units of each currency into CNY fen with the platform's current rates, exactly
 * (rounded half up once per converted sum). A currency without a rate counts as 0 and is
 * logged: the operator adds the rate, and the figures are right again without a rebuild.
 */
export async function converterFor(ctx: Ctx, currencies: Iterable<string>): Promise<Convert> {
  const rates = new Map<string, [bigint, bigint] | null>();
  for (const currency of new Set(currencies)) {
    const rate = await rateToBase(ctx, currency);
    if (!rate) ctx.log.warn({ currency }, 'statistics: no exchange rate, counted as 0');
    rates.set(currency, rate ? fraction(rate.rate) : null);
  }
  const target = 10n ** BigInt(minorDigits(SELLER_CURRENCY));
  return (currency, minor) => {
    const rate = rates.get(currency);
    if (!rate || minor === 0) return 0;
    const numerator = BigInt(minor) * rate[0] * target;
    const denominator = rate[1] * 10n ** BigInt(minorDigits(currency));
    const sign = numerator < 0n ? -1n : 1n;
    const abs = numerator * sign;
    return Number(sign * ((abs * 2n + denominator) / (2n * denominator)));
  };
}
