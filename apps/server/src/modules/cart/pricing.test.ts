import { describe, expect, it } from 'vitest';
import { countryOf, COUNTRIES, shippingMinor } from './countries.ts';
import { priceSku, type SkuFacts } from './pricing.ts';

const facts = (parent: Partial<NonNullable<SkuFacts['parent']>> | null): SkuFacts => ({
  skuId: 1,
  productId: 2,
  title: 'Tee',
  skuCode: 'FP2-WHITE-M',
  color: 'White',
  size: 'M',
  image: null,
  parent:
    parent === null
      ? null
      : {
          skuId: 9,
          costMinor: 1_250,
          stock: 5,
          skuStatus: 'on',
          productStatus: 'on',
          weightG: 180,
          ...parent,
        },
});

describe('priceSku', () => {
  it("prices at the parent SKU's cost, weight and stock", () => {
    expect(priceSku(facts({}), 4)).toEqual({
      unitPriceMinor: 1_250,
      lineTotalMinor: 5_000,
      weightG: 180,
      stock: 5,
      problem: null,
    });
  });

  it('names the problem: no parent, off sale (SKU or product), short stock', () => {
    expect(priceSku(facts(null), 1)).toMatchObject({
      problem: 'not_fulfillable',
      unitPriceMinor: 0,
    });
    expect(priceSku(facts({ skuStatus: 'off' }), 1).problem).toBe('off_sale');
    expect(priceSku(facts({ productStatus: 'off' }), 1).problem).toBe('off_sale');
    expect(priceSku(facts({ productStatus: 'off', stock: 0 }), 1).problem).toBe('off_sale');
    expect(priceSku(facts({}), 5).problem).toBeNull();
    expect(priceSku(facts({}), 6)).toMatchObject({ problem: 'short_stock', lineTotalMinor: 7_500 });
  });
});

describe('shippingMinor', () => {
  const us = countryOf('us')!;

  it('charges the first band, then each started additional band', () => {
    expect(us).toMatchObject({ first_minor: 4_500, additional_minor: 1_800 });
    expect(shippingMinor(us, 0)).toBe(4_500);
    expect(shippingMinor(us, 500)).toBe(4_500);
    expect(shippingMinor(us, 501)).toBe(6_300);
    expect(shippingMinor(us, 1_000)).toBe(6_300);
    expect(shippingMinor(us, 2_345)).toBe(4_500 + 4 * 1_800);
  });

  it('lists the 25 destinations once each, with names and positive rates', () => {
    expect(COUNTRIES).toHaveLength(25);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(25);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.phone_prefix).toMatch(/^\+\d+$/);
      expect(c.name && c.name_en).toBeTruthy();
      expect(c.first_minor).toBeGreaterThan(0);
      expect(c.additional_minor).toBeGreaterThan(0);
    }
    expect(countryOf('ZZ')).toBeNull();
  });
});
