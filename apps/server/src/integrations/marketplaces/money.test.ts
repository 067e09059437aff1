import { describe, expect, it } from 'vitest';
import { sumAmounts, timesQuantity } from './connector.ts';

describe('timesQuantity', () => {
  it('multiplies the decimal string exactly, keeping its decimals', () => {
    expect(timesQuantity({ amount: '19.99', currency: 'USD' }, 3)).toEqual({
      amount: '59.97',
      currency: 'USD',
    });
    // 0.1 × 3 is 0.30000000000000004 in floating point.
    expect(timesQuantity({ amount: '0.10', currency: 'USD' }, 3).amount).toBe('0.30');
    expect(timesQuantity({ amount: '0.05', currency: 'SGD' }, 1).amount).toBe('0.05');
    expect(timesQuantity({ amount: '1500', currency: 'JPY' }, 2).amount).toBe('3000');
    expect(timesQuantity({ amount: '-2.50', currency: 'EUR' }, 2).amount).toBe('-5.00');
  });

  it('refuses what is not a decimal amount', () => {
    expect(() => timesQuantity({ amount: '1e3', currency: 'USD' }, 2)).toThrow(/decimal/);
  });
});

describe('sumAmounts', () => {
  it('adds JSON amounts in minor units, without float noise', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(sumAmounts([0.1, 0.2], 'USD')).toEqual({ amount: '0.30', currency: 'USD' });
    expect(sumAmounts([-2.99, -0.45, 1.5], 'EUR').amount).toBe('-1.94');
    expect(sumAmounts([150, 75], 'JPY').amount).toBe('225');
    expect(sumAmounts([], 'SGD').amount).toBe('0.00');
  });
});
