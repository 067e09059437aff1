import { describe, expect, it } from 'vitest';
import { formatTimestamp, maskPhone, toChineseNumeral } from './format.ts';

describe('maskPhone', () => {
  it('keeps the first 3 characters and masks the rest', () => {
    expect(maskPhone('13800138000')).toBe('138********');
    expect(maskPhone('+8613800138000')).toBe('+86' + '*'.repeat(11));
  });

  it('leaves short or empty values alone', () => {
    expect(maskPhone('123')).toBe('123');
    expect(maskPhone('12')).toBe('12');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
  });
});

describe('formatTimestamp', () => {
  // Built from local date parts so the expectation holds in any time zone.
  const seconds = new Date(2024, 0, 2, 3, 4, 5).getTime() / 1000;

  it('treats the value as Unix seconds', () => {
    expect(formatTimestamp(seconds)).toBe('2024-01-02 03:04:05');
    expect(formatTimestamp(String(seconds))).toBe('2024-01-02 03:04:05');
    expect(formatTimestamp(seconds, false)).toBe('2024-01-02');
  });

  it('is not fooled by a millisecond-sized value', () => {
    expect(formatTimestamp(seconds)).not.toBe(formatTimestamp(seconds * 1000));
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatTimestamp(null)).toBe('');
    expect(formatTimestamp(undefined)).toBe('');
    expect(formatTimestamp('')).toBe('');
    expect(formatTimestamp('soon')).toBe('');
  });
});

describe('toChineseNumeral', () => {
  it.each([
    [1, '一'],
    [2, '二'],
    [9, '九'],
    [10, '十'],
    [11, '十一'],
    [19, '十九'],
    [20, '二十'],
    [21, '二十一'],
    [55, '五十五'],
    [90, '九十'],
    [99, '九十九'],
  ])('%i → %s', (n, expected) => {
    expect(toChineseNumeral(n)).toBe(expected);
  });

  it('falls back to Arabic digits outside 1..99', () => {
    expect(toChineseNumeral(0)).toBe('0');
    expect(toChineseNumeral(100)).toBe('100');
    expect(toChineseNumeral(-3)).toBe('-3');
    expect(toChineseNumeral(1.5)).toBe('1.5');
  });
});
