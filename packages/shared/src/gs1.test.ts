import { describe, expect, it } from 'vitest';
import { checkGtin, gs1CheckDigit, withCheckDigit } from './gs1.ts';

describe('GS1 check digit', () => {
  it('matches published codes', () => {
    // UPC-A from the GS1 US examples and a retail EAN-13.
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('590123412345')).toBe(7);
    expect(withCheckDigit('01234567890')).toBe('012345678905');
  });

  it('accepts valid UPC-A and EAN-13 and normalises to 13 digits', () => {
    expect(checkGtin('036000291452')).toEqual({ ok: true, kind: 'upc', gtin13: '0036000291452' });
    expect(checkGtin(' 4006381333931 ')).toEqual({
      ok: true,
      kind: 'ean',
      gtin13: '4006381333931',
    });
    // A UPC-A and the EAN-13 with a leading zero are the same code.
    expect(checkGtin('0036000291452')).toMatchObject({ ok: true, gtin13: '0036000291452' });
  });

  it('names what is wrong', () => {
    expect(checkGtin('036000291453')).toEqual({ ok: false, reason: 'bad_check_digit' });
    expect(checkGtin('12345')).toEqual({ ok: false, reason: 'wrong_length' });
    expect(checkGtin('03600029145A')).toEqual({ ok: false, reason: 'not_digits' });
    expect(checkGtin('')).toEqual({ ok: false, reason: 'not_digits' });
    expect(checkGtin('-36000291452')).toEqual({ ok: false, reason: 'not_digits' });
  });

  it('catches every single-digit error', () => {
    const good = '590123412345' + gs1CheckDigit('590123412345');
    for (let pos = 0; pos < good.length; pos++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[pos]) continue;
        const bad = good.slice(0, pos) + d + good.slice(pos + 1);
        expect(checkGtin(bad).ok, bad).toBe(false);
      }
    }
  });
});
