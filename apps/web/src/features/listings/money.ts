import type { ListingRow } from '@app/shared';

/** Digits after the point of a currency's minor unit (2 for USD, 0 for JPY). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Minor units of `currency` as a plain decimal: 1299 USD → "12.99", 1299 JPY → "1299". */
export function minorToMajor(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** A major-unit amount typed by the seller back to minor units; null when it is not one. */
export function majorToMinor(
  value: number | string | null | undefined,
  currency: string,
): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 10 ** minorDigits(currency));
}

/** "12.99 USD" or "12.99–15.99 USD". */
export function formatPriceRange(
  row: Pick<ListingRow, 'price_min_minor' | 'price_max_minor' | 'currency'>,
): string {
  const low = minorToMajor(row.price_min_minor, row.currency);
  const high = minorToMajor(row.price_max_minor, row.currency);
  return `${low === high ? low : `${low}–${high}`} ${row.currency}`;
}
