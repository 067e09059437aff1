// Templates' public face: pricing, exchange rates and forbidden words for listings, the seed data
// for start-up.
export { divide, parseDecimal, toDecimal } from './decimal.ts';
export { rateToBase } from './exchange-rates.ts';
export { RATES_REFRESH, refreshExchangeRates, type RateRefreshResult } from './rate-refresh.ts';
export { findForbiddenWords, type ForbiddenWord } from './forbidden-words.ts';
export { priceFor } from './pricing.ts';
export { seedTemplateRules } from './seed.ts';
