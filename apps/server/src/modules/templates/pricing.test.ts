import { describe, expect, it } from 'vitest';
import type { PricingRule } from '@app/shared';
import { fraction } from './decimal.ts';
import { priceFor, roundPrice } from './pricing.ts';

const rule = (over: Partial<PricingRule> = {}): PricingRule => ({
  shipping_minor: 1000,
  fixed_fee_minor: 500,
  margin_bp: 3000,
  fee_rate_bp: 1500,
  rounding: 'none',
  ...over,
});

describe('priceFor', () => {
  it('adds costs, applies margin and fee, converts and shows every step', () => {
    // (50 + 10 + 5) × 1.3 / 0.85 = 99.41176… CNY; / 7.2 = 13.80718… USD.
    const plan = priceFor(rule(), 5000, 'USD', '7.2');
    expect(plan.breakdown).toEqual([
      { step: 'base', currency: 'CNY', amount: '65.0000' },
      { step: 'margin', currency: 'CNY', amount: '84.5000' },
      { step: 'fee', currency: 'CNY', amount: '99.4118' },
      { step: 'convert', currency: 'USD', amount: '13.8072' },
      { step: 'round', currency: 'USD', amount: '13.8100' },
    ]);
    expect(plan).toMatchObject({ currency: 'USD', rate: '7.2', price_minor: 1381, price: '13.81' });
  });

  it.each([
    ['none', 1381, '13.81'],
    ['cent', 1381, '13.81'],
    ['end99', 1399, '13.99'],
    ['end49_99', 1399, '13.99'],
    ['whole', 1400, '14.00'],
  ] as const)('rounds by %s', (rounding, minor, price) => {
    expect(priceFor(rule({ rounding }), 5000, 'USD', '7.2')).toMatchObject({
      price_minor: minor,
      price,
    });
  });

  it('rounds up to the next .49 when it is nearer', () => {
    // 15 CNY / 7.2 = 2.0833 USD.
    const plain = rule({ shipping_minor: 0, fixed_fee_minor: 0, margin_bp: 0, fee_rate_bp: 0 });
    expect(priceFor({ ...plain, rounding: 'end49_99' }, 1500, 'USD', '7.2').price).toBe('2.49');
    expect(priceFor({ ...plain, rounding: 'end99' }, 1500, 'USD', '7.2').price).toBe('2.99');
  });

  it('uses whole units for currencies without cents', () => {
    // 99.4118 CNY / 0.048 = 2071.08 JPY.
    expect(priceFor(rule(), 5000, 'JPY', '0.048')).toMatchObject({
      price_minor: 2071,
      price: '2071',
    });
    expect(priceFor(rule({ rounding: 'end99' }), 5000, 'JPY', '0.048').price_minor).toBe(2072);
  });

  it('has no float drift: 10.05 CNY at 10 is 1.005 and rounds half up to 1.01', () => {
    const plain = rule({ shipping_minor: 0, fixed_fee_minor: 0, margin_bp: 0, fee_rate_bp: 0 });
    expect(priceFor(plain, 1005, 'EUR', '10').price).toBe('1.01');
    expect(priceFor(plain, 1005, 'EUR', '10.000').breakdown[3]!.amount).toBe('1.0050');
  });

  it('keeps an exact .99 price and moves past it by one cent', () => {
    expect(roundPrice(fraction(1299), 'end99', 2)).toBe(1299n);
    expect(roundPrice(fraction(1300), 'end99', 2)).toBe(1399n);
    expect(roundPrice(fraction(12991, 10), 'end99', 2)).toBe(1399n);
    expect(roundPrice(fraction(1249), 'end49_99', 2)).toBe(1249n);
    expect(roundPrice(fraction(1250), 'end49_99', 2)).toBe(1299n);
    expect(roundPrice(fraction(1200), 'whole', 2)).toBe(1200n);
  });
});
