import { fromMinor, type ListingRow } from '@app/shared';

/** "12.99 USD" or "12.99–15.99 USD". */
export function formatPriceRange(
  row: Pick<ListingRow, 'price_min_minor' | 'price_max_minor' | 'currency'>,
): string {
  const low = fromMinor(row.price_min_minor, row.currency);
  const high = fromMinor(row.price_max_minor, row.currency);
  return `${low === high ? low : `${low}–${high}`} ${row.currency}`;
}
