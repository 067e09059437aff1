import { RateSourceError, type PublishedRates, type RateSource } from './source.ts';

const DAILY_PATH = '/stats/eurofxref/eurofxref-daily.xml';
const TIMEOUT_MS = 15_000;

/**
 * The ECB's euro foreign exchange reference rates: one XML file a working day, a `Cube` per
 * currency with its rate per euro. No account or key is needed.
 */
export function createEcbRateSource(opts: { url: string; fetch?: typeof fetch }): RateSource {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'ecb',
    async latest(): Promise<PublishedRates> {
      const res = await doFetch(`${opts.url.replace(/\/$/, '')}${DAILY_PATH}`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new RateSourceError(`ECB answered HTTP ${res.status}`);
      return parseEcbDaily(await res.text());
    },
  };
}

/** The day and the rates of the ECB's daily file; refuses a file without either. */
export function parseEcbDaily(xml: string): PublishedRates {
  const day = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  const rates: Record<string, string> = {};
  for (const m of xml.matchAll(/<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]/g)) {
    rates[m[1]!] = m[2]!;
  }
  if (!day || Object.keys(rates).length === 0) {
    throw new RateSourceError('The ECB file has no rates');
  }
  return { base: 'EUR', day, rates };
}
