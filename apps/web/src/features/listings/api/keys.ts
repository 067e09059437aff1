import type { CategoryQuery, ListingIndexQuery } from '@app/shared';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

/** Query keys of the Amazon listings feature; every listing mutation invalidates `all`. */
export const listingKeys = {
  all: [...sessionKeys.all, 'listings'] as const,
  lists: () => [...listingKeys.all, 'list'] as const,
  list: (query: ListingIndexQuery) => [...listingKeys.lists(), query] as const,
  detail: (id: number) => [...listingKeys.all, 'detail', id] as const,
  check: (id: number) => [...listingKeys.all, 'check', id] as const,
  batch: (id: number) => [...listingKeys.all, 'batch', id] as const,
  /** Store-level reference data: it does not change when a listing does. */
  reference: [...sessionKeys.all, 'listing-reference'] as const,
  stores: () => [...listingKeys.reference, 'stores'] as const,
  info: (marketId: number) => [...listingKeys.reference, 'info', marketId] as const,
  defaults: (marketId: number) => [...listingKeys.reference, 'defaults', marketId] as const,
  categories: (query: CategoryQuery) => [...listingKeys.reference, 'categories', query] as const,
  category: (marketId: number, id: string) =>
    [...listingKeys.reference, 'category', marketId, id] as const,
  templates: (kind: string) => [...listingKeys.reference, 'templates', kind] as const,
};
