import { describe, expect, it } from 'vitest';
import { bonusFor, dayEnd, dayStart } from './money.ts';

describe('bonusFor', () => {
  const tiers = [
    { min_minor: 100_000, bonus_minor: 2_000 },
    { min_minor: 500_000, bonus_minor: 15_000 },
  ];

  it('gives the highest tier reached and nothing below the first', () => {
    expect(bonusFor(99_999, tiers)).toBe(0);
    expect(bonusFor(100_000, tiers)).toBe(2_000);
    expect(bonusFor(499_999, tiers)).toBe(2_000);
    expect(bonusFor(900_000, tiers)).toBe(15_000);
    expect(bonusFor(900_000, [])).toBe(0);
  });
});

describe('day bounds', () => {
  it('cover one local day, end exclusive', () => {
    const noon = new Date(2026, 2, 15, 12, 30);
    expect(dayEnd(noon) - dayStart(noon)).toBe(86_400);
    expect(new Date(dayStart(noon) * 1000).getHours()).toBe(0);
    expect(dayStart(noon) * 1000).toBeLessThanOrEqual(noon.getTime());
  });
});
