import { describe, expect, it } from 'vitest';
import { coverOf, InventoryQuery } from './inventory.ts';

describe('coverOf', () => {
  it('flags a SKU that lasts under 30 days and tops it up to 60 days of sales', () => {
    // 60 sold in 30 days: 2 a day; 20 + 10 on hand or inbound last 15 days.
    expect(coverOf({ fulfillable: 20, inbound: 10 }, 60)).toEqual({
      daily_sales: 2,
      days_of_cover: 15,
      low_stock: true,
      suggested_qty: 90,
    });
  });

  it('leaves a SKU with enough stock alone', () => {
    expect(coverOf({ fulfillable: 100, inbound: 0 }, 30)).toMatchObject({
      days_of_cover: 100,
      low_stock: false,
      suggested_qty: 0,
    });
  });

  it('has no cover without sales or without FBA stock', () => {
    expect(coverOf({ fulfillable: 5, inbound: 0 }, 0)).toMatchObject({
      days_of_cover: null,
      low_stock: false,
    });
    expect(coverOf(null, 12)).toEqual({
      daily_sales: 0.4,
      days_of_cover: null,
      low_stock: false,
      suggested_qty: 0,
    });
  });

  it('counts an empty FBA shelf with sales as zero days, the whole target to send', () => {
    expect(coverOf({ fulfillable: 0, inbound: 0 }, 3)).toEqual({
      daily_sales: 0.1,
      days_of_cover: 0,
      low_stock: true,
      suggested_qty: 6,
    });
  });
});

describe('InventoryQuery', () => {
  it('refuses a page past the limit and a control character in the keyword', () => {
    expect(InventoryQuery.safeParse({ limit: 500 }).success).toBe(false);
    expect(InventoryQuery.safeParse({ keyword: 'a\u0000' }).success).toBe(false);
    expect(InventoryQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });
});
