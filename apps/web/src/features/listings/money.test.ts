import { describe, expect, it } from 'vitest';
import { formatPriceRange, majorToMinor, minorToMajor } from './money.ts';

describe('listing money', () => {
  it('reads minor units per currency', () => {
    expect(minorToMajor(1299, 'USD')).toBe('12.99');
    expect(minorToMajor(1299, 'JPY')).toBe('1299');
    expect(formatPriceRange({ price_min_minor: 999, price_max_minor: 1599, currency: 'EUR' })).toBe(
      '9.99–15.99 EUR',
    );
    expect(formatPriceRange({ price_min_minor: 999, price_max_minor: 999, currency: 'GBP' })).toBe(
      '9.99 GBP',
    );
  });

  it('turns typed amounts back into minor units, refusing nonsense', () => {
    expect(majorToMinor(12.99, 'USD')).toBe(1299);
    expect(majorToMinor('0.1', 'USD')).toBe(10);
    expect(majorToMinor(1299, 'JPY')).toBe(1299);
    expect(majorToMinor(-1, 'USD')).toBeNull();
    expect(majorToMinor('', 'USD')).toBeNull();
    expect(majorToMinor('abc', 'USD')).toBeNull();
  });
});
