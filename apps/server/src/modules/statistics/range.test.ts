import { describe, expect, it } from 'vitest';
import { StatisticsQuery } from '@app/shared';
import { periodOf, periodsOf, resolveRange, splitByMonths } from './range.ts';

const q = (input: Record<string, string>) => StatisticsQuery.parse(input);

describe('statistics ranges', () => {
  it('counts presets back from the business day, today included', () => {
    const today = '2026-03-10';
    expect(resolveRange(q({ range: 'today' }), today)).toEqual({ start: today, end: today });
    expect(resolveRange(q({ range: 'yesterday' }), today)).toEqual({
      start: '2026-03-09',
      end: '2026-03-09',
    });
    expect(resolveRange(q({ range: 'last7' }), today)).toEqual({
      start: '2026-03-04',
      end: today,
    });
    expect(resolveRange(q({}), today)).toEqual({ start: '2026-02-09', end: today });
    expect(resolveRange(q({ range: 'this_month' }), today)).toEqual({
      start: '2026-03-01',
      end: today,
    });
    expect(resolveRange(q({ range: 'last_month' }), today)).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(resolveRange(q({ range: 'last_month' }), '2026-01-05')).toEqual({
      start: '2025-12-01',
      end: '2025-12-31',
    });
  });

  it('groups days into Monday weeks and months, without gaps', () => {
    expect(periodOf('2026-03-08', 'week')).toBe('2026-03-02'); // a Sunday
    expect(periodOf('2026-03-09', 'week')).toBe('2026-03-09'); // a Monday
    expect(periodOf('2026-03-31', 'month')).toBe('2026-03-01');
    expect(periodsOf({ start: '2026-02-27', end: '2026-03-02' }, 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(periodsOf({ start: '2026-01-30', end: '2026-03-02' }, 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });

  it('refuses a custom range without both dates, reversed, or too long', () => {
    const fields = (input: Record<string, string>) =>
      StatisticsQuery.safeParse(input).error?.issues.map((i) => i.path.join('.'));
    expect(fields({ range: 'custom' })).toEqual(['start_date', 'end_date']);
    expect(fields({ range: 'custom', start_date: '2026-03-02', end_date: '2026-03-01' })).toEqual([
      'start_date',
    ]);
    expect(fields({ range: 'custom', start_date: '2024-01-01', end_date: '2026-01-01' })).toEqual([
      'end_date',
    ]);
    expect(fields({ range: 'custom', start_date: '2026-02-30', end_date: '2026-03-01' })).toEqual([
      'start_date',
    ]);
  });

  it('splits a range into the whole months it covers and the days at its edges', () => {
    expect(splitByMonths({ start: '2026-01-15', end: '2026-04-10' })).toEqual({
      months: { start: '2026-02-01', end: '2026-03-01' },
      days: [
        { start: '2026-01-15', end: '2026-01-31' },
        { start: '2026-04-01', end: '2026-04-10' },
      ],
    });
    // Whole months only, across a year's end.
    expect(splitByMonths({ start: '2025-12-01', end: '2026-02-28' })).toEqual({
      months: { start: '2025-12-01', end: '2026-02-01' },
      days: [],
    });
    // Inside one month, or across two without a whole one: days only.
    expect(splitByMonths({ start: '2026-03-02', end: '2026-03-31' })).toEqual({
      months: null,
      days: [{ start: '2026-03-02', end: '2026-03-31' }],
    });
    expect(splitByMonths({ start: '2026-02-20', end: '2026-03-05' }).months).toBeNull();
  });
});
