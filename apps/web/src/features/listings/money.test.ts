import { describe, expect, it } from 'vitest';
import { formatPriceRange } from './money.ts';

describe('listing money', () => {
  it('shows a price range in the currency decimals', () => {
    expect(formatPriceRange({ price_min_minor: 999, price_max_minor: 1599, currency: 'EUR' })).toBe(
      '9.99–15.99 EUR',
    );
    expect(formatPriceRange({ price_min_minor: 999, price_max_minor: 999, currency: 'GBP' })).toBe(
      '9.99 GBP',
    );
    expect(
      formatPriceRange({ price_min_minor: 1299, price_max_minor: 1299, currency: 'JPY' }),
    ).toBe('1299 JPY');
  });
});
