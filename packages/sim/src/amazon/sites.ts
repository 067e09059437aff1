/** The marketplaces of reference 1.2 the simulator answers for: id → country, currency, region. */
export interface SimMarketplace {
  country: string;
  currency: string;
  region: 'NA' | 'EU' | 'FE';
  salesChannel: string;
}

const m = (
  country: string,
  currency: string,
  region: SimMarketplace['region'],
  domain: string,
): SimMarketplace => ({ country, currency, region, salesChannel: `Amazon.${domain}` });

export const MARKETPLACES: Record<string, SimMarketplace> = {
  ATVPDKIKX0DER: m('US', 'USD', 'NA', 'com'),
  A2EUQ1WTGCTBG2: m('CA', 'CAD', 'NA', 'ca'),
  A1AM78C64UM0Y8: m('MX', 'MXN', 'NA', 'com.mx'),
  A2Q3Y263D00KWC: m('BR', 'BRL', 'NA', 'com.br'),
  A1F83G8C2ARO7P: m('GB', 'GBP', 'EU', 'co.uk'),
  A1PA6795UKMFR9: m('DE', 'EUR', 'EU', 'de'),
  A13V1IB3VIYZZH: m('FR', 'EUR', 'EU', 'fr'),
  APJ6JRA9NG5V4: m('IT', 'EUR', 'EU', 'it'),
  A1RKKUPIHCS9HS: m('ES', 'EUR', 'EU', 'es'),
  A1805IZSGTT6HS: m('NL', 'EUR', 'EU', 'nl'),
  A2NODRKZP88ZB9: m('SE', 'SEK', 'EU', 'se'),
  A1C3SOZRARQ6R3: m('PL', 'PLN', 'EU', 'pl'),
  A1VC38T7YXB528: m('JP', 'JPY', 'FE', 'co.jp'),
  A39IBJ37TRP1C6: m('AU', 'AUD', 'FE', 'com.au'),
  A19VAU5U5O7RUS: m('SG', 'SGD', 'FE', 'sg'),
};

export const regionOfCountry = (country: string) =>
  Object.values(MARKETPLACES).find((s) => s.country === country)?.region ?? null;

/** Currencies without minor units among the simulated ones. */
const ZERO_DECIMAL = new Set(['JPY']);

export const minorDigits = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : 2);

/** Minor units to SP-API's decimal string, without going through floats. */
export function decimalOf(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** A decimal string or number from a listing's offer to minor units. */
export function minorOf(value: unknown, currency: string): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = (match[2] ?? '').padEnd(digits, '0').slice(0, digits);
  return Number(match[1]) * 10 ** digits + Number(fraction || '0');
}
