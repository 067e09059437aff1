/** Phone numbers keep their first 3 characters; the rest is masked. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length <= 3) return phone;
  return phone.slice(0, 3) + '*'.repeat(phone.length - 3);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Timestamps from the API are Unix seconds; shown as local `YYYY-MM-DD HH:mm:ss`. */
export function formatTimestamp(
  seconds: number | string | null | undefined,
  withTime = true,
): string {
  if (seconds === null || seconds === undefined || seconds === '') return '';
  const n = Number(seconds);
  if (!Number.isFinite(n)) return '';
  const d = new Date(n * 1000);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime
    ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    : date;
}

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** Chinese numerals for order numbering, 1 to 99; anything else falls back to Arabic digits. */
export function toChineseNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) return String(n);
  if (n < 10) return DIGITS[n]!;
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : DIGITS[tens]}十${ones === 0 ? '' : DIGITS[ones]}`;
}
