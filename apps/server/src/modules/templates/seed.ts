import { exchangeRates, forbiddenWords } from '../../db/schema.ts';
import type { Executor } from '../../db/client.ts';

/** CNY per one unit, plausible late-2025 values; a row already there is kept. */
export const SEED_RATES: Readonly<Record<string, string>> = {
  USD: '7.1200',
  EUR: '8.2500',
  GBP: '9.4000',
  JPY: '0.0470',
  CAD: '5.0800',
  AUD: '4.6500',
  MXN: '0.3850',
  SGD: '5.4800',
  MYR: '1.6900',
  THB: '0.2180',
  PHP: '0.1220',
  VND: '0.000272',
  IDR: '0.000430',
  BRL: '1.3100',
  PLN: '1.9400',
  SEK: '0.7500',
  AED: '1.9400',
  SAR: '1.9000',
  TWD: '0.2250',
};

/** Trademarks and claims marketplaces refuse in listings. */
export const PLATFORM_WORDS: readonly string[] = [
  'Nike',
  'Adidas',
  'Disney',
  'Marvel',
  'Pokemon',
  'Hello Kitty',
  'Gucci',
  'Louis Vuitton',
  'Chanel',
  'Rolex',
  'Apple',
  'Supreme',
  'Harry Potter',
  'NFL',
  'FDA approved',
  'best seller',
  'bestseller',
  '100% cure',
  'cures',
  'anti-bacterial',
  'COVID',
  'free shipping',
  'guaranteed',
  'replica',
  '最',
  '第一',
  '国家级',
  '顶级',
  '极品',
  '绝对',
];

export async function seedTemplateRules(tx: Executor): Promise<void> {
  await tx
    .insert(exchangeRates)
    .values(Object.entries(SEED_RATES).map(([currency, rate]) => ({ currency, rate })))
    .onConflictDoNothing();
  await tx
    .insert(forbiddenWords)
    .values(PLATFORM_WORDS.map((word) => ({ word, sellerId: null })))
    .onConflictDoNothing();
}
