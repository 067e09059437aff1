import { asc, eq } from 'drizzle-orm';
import type { ExchangeRate, ExchangeRateQuery, ExchangeRates } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { exchangeRates } from '../../db/schema.ts';
import { ValidationError, type FieldMessages } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';
import { divide, parseDecimal, toDecimal } from './decimal.ts';
import { BASE_CURRENCY } from './pricing.ts';

interface StoredRate {
  rate: string;
  updatedAt: Date;
}

/** numeric(20,10) comes back as "7.1200000000"; answers drop the padding. */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** CNY per unit of `currency`; CNY itself is 1, kept as of the epoch. */
export async function rateToBase(ctx: Ctx, currency: string): Promise<StoredRate | null> {
  if (currency === BASE_CURRENCY) return { rate: '1', updatedAt: new Date(0) };
  const [row] = await ctx.db
    .select({ rate: exchangeRates.rate, updatedAt: exchangeRates.updatedAt })
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, currency))
    .limit(1);
  return row ? { rate: trimDecimal(row.rate), updatedAt: row.updatedAt } : null;
}

/** Rates for `from` → `to` (through CNY, eight places), or every stored rate into CNY. */
export async function getExchangeRates(ctx: Ctx, q: ExchangeRateQuery): Promise<ExchangeRates> {
  if (q.from === undefined || q.to === undefined) {
    const rows = await ctx.db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
    return {
      list: rows.map((row) => ({
        from: row.currency,
        to: BASE_CURRENCY,
        rate: trimDecimal(row.rate),
        updated_at: unixSeconds(row.updatedAt),
      })),
    };
  }
  const [from, to] = await Promise.all([rateToBase(ctx, q.from), rateToBase(ctx, q.to)]);
  const fields: FieldMessages = {};
  if (!from) fields.from = { key: 'templates.no_exchange_rate', params: { currency: q.from } };
  if (!to) fields.to = { key: 'templates.no_exchange_rate', params: { currency: q.to } };
  if (!from || !to) throw new ValidationError(fields);
  const rate: ExchangeRate = {
    from: q.from,
    to: q.to,
    rate: trimDecimal(toDecimal(divide(parseDecimal(from.rate), parseDecimal(to.rate)), 0, 8)),
    updated_at: unixSeconds(from.updatedAt > to.updatedAt ? from.updatedAt : to.updatedAt),
  };
  return { list: [rate] };
}
