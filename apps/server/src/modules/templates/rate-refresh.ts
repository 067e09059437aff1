import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema.ts';
import { RateSourceError, type RateSource } from '../../integrations/exchange-rates/index.ts';
import { paramValue } from '../sys-params/index.ts';
import { divide, parseDecimal, toDecimal } from './decimal.ts';
import { BASE_CURRENCY } from './pricing.ts';

/** The job kind of the exchange-rate refresh task. */
export const RATES_REFRESH = 'rates.refresh';

export type RateRefreshResult =
  { source: 'manual'; skipped: true } | { source: string; day: string; updated: number };

/**
 * CNY per unit of each published currency (the base included), ten places as stored. A source
 * quoting per euro gives CNY per X as (CNY per euro) / (X per euro).
 */
export function ratesToBase(published: {
  base: string;
  rates: Record<string, string>;
}): Record<string, string> {
  const perBase = { ...published.rates, [published.base]: '1' };
  const cny = perBase[BASE_CURRENCY];
  if (!cny) throw new RateSourceError(`The source publishes no ${BASE_CURRENCY} rate`);
  const out: Record<string, string> = {};
  for (const [currency, units] of Object.entries(perBase)) {
    if (currency === BASE_CURRENCY || Number(units) <= 0) continue;
    out[currency] = toDecimal(divide(parseDecimal(cny), parseDecimal(units)), 0, 10);
  }
  return out;
}

/**
 * The refresh task's run: reads `exchange_rate.source` now (so a changed parameter applies from
 * the next run), and with a source other than `manual` writes every rate it publishes; rates it
 * does not publish keep the operators' values.
 */
export async function refreshExchangeRates(
  db: Executor,
  sources: Record<string, RateSource>,
): Promise<RateRefreshResult> {
  const name = await paramValue(db, 'exchange_rate.source');
  if (name === 'manual') return { source: 'manual', skipped: true };
  const source = sources[name];
  if (!source) throw new RateSourceError(`No rate source named ${name}`);
  const published = await source.latest();
  const rates = Object.entries(ratesToBase(published));
  await db
    .insert(exchangeRates)
    .values(rates.map(([currency, rate]) => ({ currency, rate, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: { rate: sql`excluded.rate`, updatedAt: sql`excluded.updated_at` },
    });
  return { source: name, day: published.day, updated: rates.length };
}
