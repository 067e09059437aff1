import {
  BASIS_POINTS,
  minorDigits,
  type PlanSale,
  type PriceStep,
  type PricingRule,
  type RoundingRule,
} from '@app/shared';
import {
  ceil,
  divide,
  fraction,
  multiply,
  parseDecimal,
  roundHalfUp,
  toDecimal,
  type Fraction,
} from './decimal.ts';

/** Costs are CNY fen. */
export const BASE_CURRENCY = 'CNY';
const BASE_DIGITS = 2;
/** Breakdown steps keep four places so a reader can follow the arithmetic. */
const STEP_PLACES = 4;

/** Rounds a price in minor units by the template's rule; the "up" rules never go below it. */
export function roundPrice(x: Fraction, rule: RoundingRule, digits: number): bigint {
  const unit = 10n ** BigInt(digits);
  if (rule === 'none' || rule === 'cent') {
    // A cent is the smallest step a two-digit currency has; finer currencies round to 0.01.
    const step = digits > 2 ? 10n ** BigInt(digits - 2) : 1n;
    return roundHalfUp(divide(x, fraction(step))) * step;
  }
  const up = ceil(x);
  if (rule === 'whole' || digits < 2) return ceil(divide(fraction(up), fraction(unit))) * unit;
  const cents = 10n ** BigInt(digits - 2);
  const whole = (up / unit) * unit;
  const rest = up - whole;
  const endings = rule === 'end99' ? [99n] : [49n, 99n];
  const ending = endings.map((e) => e * cents).find((e) => rest <= e);
  return ending === undefined ? whole + unit + endings[0]! * cents : whole + ending;
}

/**
 * price = (cost + shipping + fixed fees) × (1 + margin) / (1 − fee rate), in CNY, then divided
 * by `rate` (CNY per unit of `currency`) and rounded by the template's rule.
 */
export function priceFor(
  rule: PricingRule,
  costMinor: number,
  currency: string,
  rate: string,
): PlanSale {
  const bp = BigInt(BASIS_POINTS);
  const base = fraction(
    BigInt(costMinor) + BigInt(rule.shipping_minor) + BigInt(rule.fixed_fee_minor),
  );
  const withMargin = multiply(base, fraction(bp + BigInt(rule.margin_bp), bp));
  const withFee = multiply(withMargin, fraction(bp, bp - BigInt(rule.fee_rate_bp)));
  const digits = minorDigits(currency);
  const perUnit = parseDecimal(rate);
  // CNY fen → CNY → site currency → its minor units.
  const converted = multiply(
    divide(withFee, multiply(perUnit, fraction(10n ** BigInt(BASE_DIGITS)))),
    fraction(10n ** BigInt(digits)),
  );
  const rounded = roundPrice(converted, rule.rounding, digits);
  const step = (name: PriceStep['step'], x: Fraction, cur: string, d: number): PriceStep => ({
    step: name,
    currency: cur,
    amount: toDecimal(x, d, STEP_PLACES),
  });
  return {
    currency,
    rate,
    price_minor: Number(rounded),
    price: toDecimal(fraction(rounded), digits, digits),
    breakdown: [
      step('base', base, BASE_CURRENCY, BASE_DIGITS),
      step('margin', withMargin, BASE_CURRENCY, BASE_DIGITS),
      step('fee', withFee, BASE_CURRENCY, BASE_DIGITS),
      step('convert', converted, currency, digits),
      step('round', fraction(rounded), currency, digits),
    ],
  };
}
