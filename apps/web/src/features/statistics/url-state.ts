import { RankListQuery, type RankListFilter } from '@app/shared';
import { readQueryWith, writeQueryWith } from '../../shared/url-query.ts';

const KEYS = [
  'range',
  'start_date',
  'end_date',
  'group',
  'market_id',
  'source',
  'order',
  'sort',
  'limit',
] as const;
const DEFAULTS = { range: 'last30', group: 'day', order: 'sales', sort: 'desc', limit: 20 };

/** The statistics filter kept in the URL, so a page can be bookmarked and shared. */
export const readStatQuery = (params: URLSearchParams): RankListFilter =>
  readQueryWith(RankListQuery, KEYS, params);

export const writeStatQuery = (query: Partial<RankListFilter>): URLSearchParams =>
  writeQueryWith(query, DEFAULTS);
