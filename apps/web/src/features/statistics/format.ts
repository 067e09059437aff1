import { formatMinor } from '@app/shared';

/** CNY fen → `¥1,234.56` for tables; charts plot yuan as numbers. */
export function yuan(minor: number): string {
  const [whole, fraction] = formatMinor(minor).split('.');
  const sign = whole!.startsWith('-') ? '-' : '';
  const digits = whole!.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${digits}.${fraction}`;
}

export const yuanNumber = (minor: number) => Number(formatMinor(minor));

/** The change from `before` to `now` in percent (one place), or null when before is 0. */
export function change(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}
