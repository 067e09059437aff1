/**
 * Marketplace amounts arrive as decimal strings in the site currency; orders keep them as
 * integer minor units of that currency (cents, or whole yen) so sums and splits are exact.
 */
const digitsCache = new Map<string, number>();

/** Decimal places of a currency's minor unit (ISO 4217 as Intl knows it); 2 when unknown. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits!;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** `"12.345"` USD → 1235: exact, with half-up rounding only for digits the currency has no unit for. */
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

/** 1235 USD → `"12.35"`. */
export function fromMinor(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const amount = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${amount}` : amount;
}

/** `minor × part / whole`, rounded half up, without float overflow for large amounts. */
export function proportion(minor: number, part: number, whole: number): number {
  const scaled = BigInt(minor) * BigInt(part) * 2n + BigInt(whole);
  return Number(scaled / (BigInt(whole) * 2n));
}
