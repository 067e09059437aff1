/** Decimal strings ⇄ integer cents without floating point, as Temu sends amounts as strings. */
export const PRICE_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

export function toMinor(amount: string): number {
  const [whole = '0', cents = ''] = amount.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

export function fromMinor(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
