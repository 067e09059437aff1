import { ExemptBrandQuery, MarketIndexQuery } from '@app/shared';
import { readQueryWith, writeQueryWith } from '../../shared/url-query.ts';

export type MarketTab = 'stores' | 'exempt';

const STORE_KEYS = ['marketplace', 'status', 'keyword', 'page', 'size'] as const;
const EXEMPT_KEYS = ['keyword', 'store_id', 'page', 'size'] as const;
const STORE_DEFAULTS = MarketIndexQuery.parse({});
const EXEMPT_DEFAULTS = ExemptBrandQuery.parse({});

/** The tab and its filters live in the URL, so a reload or a shared link reopens the same view. */
export function readTab(params: URLSearchParams): MarketTab {
  return params.get('tab') === 'exempt' ? 'exempt' : 'stores';
}

export function readStoreQuery(params: URLSearchParams): MarketIndexQuery {
  return readQueryWith(MarketIndexQuery, STORE_KEYS, params);
}

export function writeStoreQuery(query: MarketIndexQuery): URLSearchParams {
  return writeQueryWith(query, STORE_DEFAULTS);
}

export function readExemptQuery(params: URLSearchParams): ExemptBrandQuery {
  return readQueryWith(ExemptBrandQuery, EXEMPT_KEYS, params);
}

export function writeExemptQuery(query: ExemptBrandQuery): URLSearchParams {
  return writeQueryWith(query, EXEMPT_DEFAULTS, { tab: 'exempt' });
}
