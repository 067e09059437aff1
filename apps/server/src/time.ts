/** The API speaks Unix seconds where the spec says timestamps are seconds. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * The business calendar: days and months of filters, bills, SKU dates and the payment gateway's
 * timestamps are wall-clock time here, whatever the server's or the database session's zone.
 * Named rather than a fixed +8 h so the zone's own rules apply.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(date: Date, timeZone: string): WallClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(
    clock.formatToParts(date).map((p) => [p.type, Number(p.value)]),
  ) as Record<keyof WallClock, number>;
  return {
    year: part.year,
    month: part.month,
    day: part.day,
    hour: part.hour,
    minute: part.minute,
    second: part.second,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of `date` in the zone. */
export function zonedDate(date: Date, timeZone = BUSINESS_TIME_ZONE): string {
  const c = wallClock(date, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** `YYYY-MM-DD HH:mm:ss` of `date` in the zone. */
export function zonedDateTime(date: Date, timeZone = BUSINESS_TIME_ZONE): string {
  const c = wallClock(date, timeZone);
  return `${zonedDate(date, timeZone)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a calendar day begins in the zone. `month` is 1-based and, like `day`, may
 * overflow (month 13 is January of the next year), which gives month and day ends for free.
 */
export function zonedDayStart(
  year: number,
  month: number,
  day: number,
  timeZone = BUSINESS_TIME_ZONE,
): Date {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - offsetAt(wall, timeZone);
  // Across an offset change the first guess is off by the change; the second lands on it.
  return new Date(wall - offsetAt(guess, timeZone));
}

/**
 * The instant a `YYYY-MM-DD HH:mm:ss` wall-clock time of the zone stands for (carriers write
 * their event times so); an unreadable text is the epoch.
 */
export function zonedWallTime(text: string, timeZone = BUSINESS_TIME_ZONE): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return new Date(0);
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** The instant a `YYYY-MM-DD` day begins in the zone, and the instant the next one does. */
export function zonedDayRange(isoDay: string, timeZone = BUSINESS_TIME_ZONE): [Date, Date] {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return [zonedDayStart(year, month, day, timeZone), zonedDayStart(year, month, day + 1, timeZone)];
}
