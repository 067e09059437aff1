/**
 * Money is stored as integer minor units of its currency (cents, fils, whole yen) so sums and
 * splits are exact; decimal strings and formatted text are made only at the edges.
 */

/**
 * ISO 4217 (table A.1) minor-unit exponents that are not 2. Written out rather than read from
 * Intl: Intl follows CLDR's display digits, which differ from ISO 4217 for IDR, HUF and others.
 */
const EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** Decimal places of a currency's minor unit: 2 for USD and IDR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** `"12.345"` USD → 1235: exact, rounding half up only the digits the currency has no unit for. */
export function toMinor(amount: string, currency: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const digits = minorDigits(currency);
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  let minor = BigInt(whole! + kept);
  if (fraction.length > digits && Number(fraction[digits]) >= 5) minor += 1n;
  return Number(sign ? -minor : minor);
}

/** 1235 USD → `"12.35"`, 1235 JPY → `"1235"`: the plain decimal, without float rounding. */
export function fromMinor(minor: number | bigint, currency: string): string {
  const digits = minorDigits(currency);
  const value = BigInt(minor);
  const text = String(value < 0n ? -value : value).padStart(digits + 1, '0');
  const amount = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return value < 0n ? `-${amount}` : amount;
}

/** Minor units as the number an amount input shows: 1299 USD → 12.99, 1299 JPY → 1299. */
export function minorToMajor(minor: number, currency: string): number {
  return Number(fromMinor(minor, currency));
}

const TYPED = /^(\d{1,15})(?:\.(\d*))?$/;

/**
 * An amount a person typed, back to minor units; null when it is not a non-negative amount.
 * Text is read digit by digit and may not have more places than the currency ("1.234" USD is
 * null); a number from an amount input is rounded to the currency's unit.
 */
export function majorToMinor(
  value: number | string | null | undefined,
  currency: string,
): number | null {
  const digits = minorDigits(currency);
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? Math.round(value * 10 ** digits) : null;
  }
  const match = TYPED.exec((value ?? '').trim());
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1]! + (match[2] ?? '').padEnd(digits, '0'));
}

/** Account money (balances, recharges, product costs) is CNY fen: `12345` → `"123.45"`. */
export function formatMinor(minor: number | bigint | null | undefined): string {
  return fromMinor(minor ?? 0, 'CNY');
}

const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(currency: string, language: string): Intl.NumberFormat | null {
  const cacheKey = `${language}|${currency}`;
  let formatter = formatters.get(cacheKey);
  if (formatter === undefined) {
    const digits = minorDigits(currency);
    try {
      // The code, not a symbol: "$" alone does not tell USD from SGD on a multi-market screen.
      formatter = new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      formatter = null;
    }
    formatters.set(cacheKey, formatter);
  }
  return formatter;
}

/**
 * Minor units as the reader reads money in `language`: 3870 SGD → "SGD 38.70", 1200 JPY →
 * "JPY 1,200". A currency Intl does not know shows as "38.70 XYZ".
 */
export function formatMoney(minor: number | bigint, currency: string, language: string): string {
  const amount = fromMinor(minor, currency);
  const formatter = formatterFor(currency, language);
  if (!formatter) return `${amount} ${currency}`;
  // Intl reads a decimal string exactly; the no-break spaces some locales put in are kept plain.
  return formatter.format(amount as Intl.StringNumericLiteral).replace(/\u00a0/g, ' ');
}
