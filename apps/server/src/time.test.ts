import { describe, expect, it } from 'vitest';
import { zonedDate, zonedDateTime, zonedDayRange, zonedDayStart } from './time.ts';

describe('business time (Asia/Shanghai)', () => {
  it('writes an instant as Beijing wall-clock time, crossing the date line of UTC', () => {
    const lateUtc = new Date('2025-03-01T20:30:05Z');
    expect(zonedDateTime(lateUtc)).toBe('2025-03-02 04:30:05');
    expect(zonedDate(lateUtc)).toBe('2025-03-02');
    expect(zonedDate(new Date('2025-03-01T15:59:59Z'))).toBe('2025-03-01');
  });

  it('starts days and months at Beijing midnight, with overflowing months and days', () => {
    expect(zonedDayStart(2025, 1, 1).toISOString()).toBe('2024-12-31T16:00:00.000Z');
    expect(zonedDayStart(2024, 13, 1).toISOString()).toBe('2024-12-31T16:00:00.000Z');
    expect(zonedDayStart(2025, 2, 29).toISOString()).toBe('2025-02-28T16:00:00.000Z');
    const [start, end] = zonedDayRange('2025-06-30');
    expect(start.toISOString()).toBe('2025-06-29T16:00:00.000Z');
    expect(end.toISOString()).toBe('2025-06-30T16:00:00.000Z');
  });

  it('follows a named zone’s own rules, daylight saving included', () => {
    // New York: EST (−5) in January, EDT (−4) in July; the spring-forward day has 23 hours.
    expect(zonedDayStart(2025, 1, 15, 'America/New_York').toISOString()).toBe(
      '2025-01-15T05:00:00.000Z',
    );
    expect(zonedDayStart(2025, 7, 15, 'America/New_York').toISOString()).toBe(
      '2025-07-15T04:00:00.000Z',
    );
    const [start, end] = zonedDayRange('2025-03-09', 'America/New_York');
    expect(end.getTime() - start.getTime()).toBe(23 * 3600_000);
    expect(zonedDateTime(new Date('2025-07-15T04:00:00Z'), 'America/New_York')).toBe(
      '2025-07-15 00:00:00',
    );
  });
});
