import { describe, expect, it } from 'vitest';
import { SKU_CODE_PATTERN } from '@app/shared';
import { assignSkuCodes, skuCodeBase } from './sku-codes.ts';

describe('skuCodeBase', () => {
  it('joins the product id with upper-cased Latin letters and digits of colour and size', () => {
    expect(skuCodeBase(12, 'Heather Grey', 'xl')).toBe('FP12-HEATHERGREY-XL');
    expect(skuCodeBase(12, 'White', '11 oz.')).toBe('FP12-WHITE-11OZ');
    expect(skuCodeBase(7, 'Café', '')).toBe('FP7-CAFE');
    // Nothing Latin to keep: the product id alone.
    expect(skuCodeBase(7, '白色', '均码')).toBe('FP7');
  });

  it('stays within the SKU code pattern however long the names are', () => {
    const code = skuCodeBase(Number.MAX_SAFE_INTEGER, 'x'.repeat(200), 'y'.repeat(200));
    expect(code).toMatch(SKU_CODE_PATTERN);
  });
});

describe('assignSkuCodes', () => {
  it('keeps given codes and fills blanks, suffixing clashes with taken and with each other', () => {
    const taken = new Set(['FP5-RED-M']);
    const codes = assignSkuCodes(
      5,
      [
        { code: null, color: 'Red', size: 'M' },
        { code: 'MINE-1', color: 'Red', size: 'L' },
        { code: null, color: 'Red', size: 'M' },
        { code: null, color: '', size: '' },
        { code: null, color: '', size: '' },
      ],
      taken,
    );
    expect(codes).toEqual(['FP5-RED-M-2', 'MINE-1', 'FP5-RED-M-3', 'FP5', 'FP5-2']);
    expect([...taken].sort()).toEqual([...codes, 'FP5-RED-M'].sort());
  });

  it('never generates a code the request itself gives later', () => {
    const codes = assignSkuCodes(
      9,
      [
        { code: null, color: 'Blue', size: 'S' },
        { code: 'FP9-BLUE-S', color: 'Blue', size: 'S' },
      ],
      new Set(),
    );
    expect(codes).toEqual(['FP9-BLUE-S-2', 'FP9-BLUE-S']);
  });
});
