import { describe, expect, it } from 'vitest';
import { change, yuan, yuanNumber } from './format.ts';

describe('statistics formatting', () => {
  it('writes fen as grouped yuan and compares figures in percent', () => {
    expect(yuan(123456789)).toBe('¥1,234,567.89');
    expect(yuan(-5)).toBe('-¥0.05');
    expect(yuanNumber(7120)).toBe(71.2);
    expect(change(150, 100)).toBe(50);
    expect(change(50, 100)).toBe(-50);
    expect(change(5, 0)).toBeNull();
  });
});
