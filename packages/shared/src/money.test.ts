import { describe, expect, it } from 'vitest';
import {
  formatMinor,
  formatMoney,
  fromMinor,
  majorToMinor,
  minorDigits,
  minorToMajor,
  toMinor,
} from './money.ts';

describe('minorDigits (ISO 4217 exponents)', () => {
  it.each([
    ['USD', 2],
    ['CNY', 2],
    // Intl (CLDR) shows IDR without decimals, but its ISO 4217 exponent is 2.
    ['IDR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['VND', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['OMR', 3],
    ['JOD', 3],
    ['TND', 3],
  ])('%s has %i', (currency, digits) => {
    expect(minorDigits(currency)).toBe(digits);
  });

  it('reads lower-case codes and gives an unknown code 2', () => {
    expect(minorDigits('jpy')).toBe(0);
    expect(minorDigits('XYZ')).toBe(2);
  });
});

describe('toMinor / fromMinor', () => {
  it('converts exactly by the currency exponent', () => {
    expect(toMinor('12.34', 'USD')).toBe(1234);
    expect(toMinor('12.3', 'USD')).toBe(1230);
    expect(toMinor('12', 'USD')).toBe(1200);
    expect(toMinor('-3.50', 'EUR')).toBe(-350);
    expect(toMinor('15000', 'IDR')).toBe(1_500_000);
    expect(toMinor('1.5', 'KWD')).toBe(1500);
    expect(toMinor('1200', 'JPY')).toBe(1200);
    expect(toMinor('-0.5', 'USD')).toBe(-50);
  });

  it('rounds half up only the digits the currency has no unit for', () => {
    expect(toMinor('12.345', 'USD')).toBe(1235);
    expect(toMinor('0.125', 'USD')).toBe(13);
    expect(toMinor('12.344', 'USD')).toBe(1234);
    expect(toMinor('1200.5', 'JPY')).toBe(1201);
  });

  it('refuses what is not a decimal', () => {
    expect(() => toMinor('12,34', 'USD')).toThrow();
    expect(() => toMinor('', 'USD')).toThrow();
  });

  it('writes minor units back as the plain decimal', () => {
    expect(fromMinor(1235, 'USD')).toBe('12.35');
    expect(fromMinor(5, 'USD')).toBe('0.05');
    expect(fromMinor(-5, 'USD')).toBe('-0.05');
    expect(fromMinor(1235, 'JPY')).toBe('1235');
    expect(fromMinor(1500, 'BHD')).toBe('1.500');
    expect(fromMinor(150_000n, 'IDR')).toBe('1500.00');
  });
});

describe('majorToMinor / minorToMajor (amount inputs)', () => {
  it('reads typed text exactly, up to the currency places', () => {
    expect(majorToMinor('500', 'CNY')).toBe(50_000);
    expect(majorToMinor('99.9', 'CNY')).toBe(9_990);
    expect(majorToMinor(' 0.05 ', 'CNY')).toBe(5);
    expect(majorToMinor('1.', 'CNY')).toBe(100);
    expect(majorToMinor('0.1', 'USD')).toBe(10);
    expect(majorToMinor('1.234', 'KWD')).toBe(1234);
  });

  it('rounds a number from an amount input to the currency unit', () => {
    expect(majorToMinor(12.99, 'USD')).toBe(1299);
    expect(majorToMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(majorToMinor(1299, 'JPY')).toBe(1299);
  });

  it('refuses what is not a non-negative amount', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '1,000', '1.5', null, undefined, -1, NaN]) {
      expect(majorToMinor(bad, bad === '1.5' ? 'JPY' : 'CNY')).toBeNull();
    }
  });

  it('shows minor units as the input number', () => {
    expect(minorToMajor(1299, 'USD')).toBe(12.99);
    expect(minorToMajor(1299, 'JPY')).toBe(1299);
    expect(minorToMajor(1500, 'BHD')).toBe(1.5);
  });
});

describe('formatMinor', () => {
  it('shows CNY fen as a two-decimal amount', () => {
    expect(formatMinor(12345)).toBe('123.45');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-200)).toBe('-2.00');
    expect(formatMinor(100n)).toBe('1.00');
    expect(formatMinor(null)).toBe('0.00');
    expect(formatMinor(undefined)).toBe('0.00');
  });
});

describe('formatMoney', () => {
  it.each(['en', 'zh-CN'])('shows the code and the ISO digits in %s', (language) => {
    expect(formatMoney(3870, 'SGD', language)).toBe('SGD 38.70');
    expect(formatMoney(1200, 'JPY', language)).toBe('JPY 1,200');
    expect(formatMoney(123_456, 'IDR', language)).toBe('IDR 1,234.56');
    expect(formatMoney(1_234_567, 'KWD', language)).toBe('KWD 1,234.567');
    expect(formatMoney(12_345, 'CNY', language)).toBe('CNY 123.45');
  });

  it('follows the reader language’s grouping and decimal marks', () => {
    expect(formatMoney(123_456, 'EUR', 'de')).toBe('1.234,56 EUR');
  });

  it('keeps large amounts exact', () => {
    expect(formatMoney(9_007_199_254_740_993n, 'USD', 'en')).toBe('USD 90,071,992,547,409.93');
  });

  it('falls back to the plain decimal for a code Intl does not know', () => {
    expect(formatMoney(5, 'XYZ1', 'en')).toBe('0.05 XYZ1');
  });
});
