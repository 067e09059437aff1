import type { Dayjs } from 'dayjs';

/** A RangePicker's days as the inclusive unix-second bounds the log queries take. */
export function unixRange(range: [Dayjs | null, Dayjs | null] | null): {
  start?: number;
  end?: number;
} {
  return {
    start: range?.[0] ? range[0].startOf('day').unix() : undefined,
    end: range?.[1] ? range[1].endOf('day').unix() : undefined,
  };
}
