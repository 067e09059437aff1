import { describe, expect, it } from 'vitest';
import {
  code128Bars,
  code128Values,
  code128Widths,
  CODE128_PATTERNS,
  QUIET_ZONE_MODULES,
} from './code128.ts';

/** A decoder written apart from the encoder: widths back to symbol values, values to text. */
function decode(widths: number[]): string {
  const values: number[] = [];
  for (let i = 0; i < widths.length;) {
    const size = widths.length - i === 7 ? 7 : 6;
    const pattern = widths.slice(i, i + size).join('');
    const value = CODE128_PATTERNS.indexOf(pattern);
    if (value < 0) throw new Error(`unknown pattern ${pattern}`);
    values.push(value);
    i += size;
  }
  expect(values.at(-1)).toBe(106);
  const data = values.slice(0, -2);
  const sum = data.reduce((s, v, n) => s + v * Math.max(n, 1), 0);
  expect(values.at(-2)).toBe(sum % 103);
  let set = data[0] === 105 ? 'C' : 'B';
  let text = '';
  for (const v of data.slice(1)) {
    if (set === 'C' && v === 100) set = 'B';
    else if (set === 'B' && v === 99) set = 'C';
    else text += set === 'C' ? String(v).padStart(2, '0') : String.fromCharCode(v + 32);
  }
  return text;
}

describe('code 128', () => {
  it('has 107 distinct symbols of 11 modules, the stop 13', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, v) => {
      const modules = [...p].reduce((s, d) => s + Number(d), 0);
      expect(modules, `value ${v}`).toBe(v === 106 ? 13 : 11);
    });
  });

  it('encodes an even run of digits in code set C', () => {
    // 105 + 12·1 + 34·2 + 56·3 = 353 ≡ 44 (mod 103)
    expect(code128Values('123456')).toEqual([105, 12, 34, 56, 44, 106]);
    expect(code128Widths('123456').slice(0, 6).join('')).toBe('211232');
    expect(code128Widths('123456').reduce((s, w) => s + w, 0)).toBe(5 * 11 + 13);
  });

  it('encodes text in code set B with the mod-103 checksum', () => {
    // 104 + 48 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 ≡ 55; a 3-digit run stays in B
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    expect(code128Values('a')).toEqual([104, 65, (104 + 65) % 103, 106]);
  });

  it('switches to C for long digit runs and back to B, keeping odd digits in B', () => {
    // R R 1 | C 23 45 67 89 | B C N: checksum 4023 ≡ 6 (mod 103)
    expect(code128Values('RR123456789CN')).toEqual([
      104, 50, 50, 17, 99, 23, 45, 67, 89, 100, 35, 46, 6, 106,
    ]);
    // four digits at the end are worth the switch, four in the middle are not
    expect(code128Values('AB1234')).toEqual([104, 33, 34, 99, 12, 34, expect.any(Number), 106]);
    expect(code128Values('AB1234CD').filter((v) => v === 99)).toHaveLength(0);
    // an odd number of digits only starts in C when four or more lead
    expect(code128Values('12345').slice(0, 4)).toEqual([105, 12, 34, 100]);
    expect(code128Values('123')[0]).toBe(104);
  });

  it('round-trips tracking numbers through a separate decoder', () => {
    for (const text of [
      'UG123456789YP',
      '4PX3001234567890CN',
      '1Z999AA10123456784',
      '9400123456789012345678',
      'LP00123456789012',
      'SPXSG012345678',
      'a-b c_d!~',
      '0',
      '12345',
    ]) {
      expect(decode(code128Widths(text)), text).toBe(text);
    }
  });

  it('places bars after a quiet zone and leaves one at the end', () => {
    const { bars, modules } = code128Bars('123456');
    expect(bars[0]).toEqual({ x: QUIET_ZONE_MODULES, width: 2 });
    const last = bars.at(-1)!;
    expect(last.x + last.width + QUIET_ZONE_MODULES).toBe(modules);
    expect(modules).toBe(68 + 2 * QUIET_ZONE_MODULES);
  });

  it('refuses what code sets B and C cannot hold', () => {
    expect(() => code128Values('')).toThrow();
    expect(() => code128Values('中国')).toThrow(/cannot encode/);
    expect(() => code128Values('a\tb')).toThrow(/cannot encode/);
  });
});
