import type { StatisticsFilter, StatGroup } from '@app/shared';
import { zonedDate } from '../../time.ts';

/** A range of business days, both ends included, as `YYYY-MM-DD`. */
export interface DayRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `day` moved by `days` calendar days. */
export const addDays = (day: string, days: number) => toDay(msOf(day) + days * DAY_MS);

/** The business day it is now (Beijing time), or of `now`. */
export const businessToday = (now = new Date()) => zonedDate(now);

/** A preset's days counted back from today (today included), or the custom range as given. */
export function resolveRange(q: StatisticsFilter, today = businessToday()): DayRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const firstOf = (y: number, m: number) => toDay(Date.UTC(y, m - 1, 1));
  switch (q.range) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'last7':
      return { start: addDays(today, -6), end: today };
    case 'last30':
      return { start: addDays(today, -29), end: today };
    case 'this_month':
      return { start: firstOf(year, month), end: today };
    case 'last_month':
      return { start: firstOf(year, month - 1), end: addDays(firstOf(year, month), -1) };
    case 'custom':
      // The schema required both dates for `custom`.
      return { start: q.start_date!, end: q.end_date! };
  }
}

/** The first day of the day's week (Monday) or month, or the day itself. */
export function periodOf(day: string, group: StatGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(msOf(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every period the range touches, in order, so a chart's axis has no gaps. */
export function periodsOf(range: DayRange, group: StatGroup): string[] {
  const periods: string[] = [];
  for (let day = range.start; day <= range.end; day = addDays(day, 1)) {
    const period = periodOf(day, group);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

/**
 * The range as the whole months it covers (first days of the first and last such month) and
 * the days left at its edges, so a month rollup serves the middle and the day rollup the rest.
 */
export function splitByMonths(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  const firstWhole = range.start.endsWith('-01') ? range.start : nextMonth(range.start);
  const afterEnd = addDays(range.end, 1);
  // The first day of the month after the last whole one.
  const endWhole = afterEnd.endsWith('-01') ? afterEnd : `${afterEnd.slice(0, 7)}-01`;
  if (firstWhole >= endWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.start < firstWhole) days.push({ start: range.start, end: addDays(firstWhole, -1) });
  if (endWhole <= range.end) days.push({ start: endWhole, end: range.end });
  return { months: { start: firstWhole, end: addMonths(endWhole, -1) }, days };
}

/** The first day of the month after the day's month. */
const nextMonth = (day: string) => addMonths(`${day.slice(0, 7)}-01`, 1);

/** A month's first day moved by `months` months. */
function addMonths(firstDay: string, months: number): string {
  const [year, month] = firstDay.split('-').map(Number) as [number, number];
  return toDay(Date.UTC(year, month - 1 + months, 1));
}
