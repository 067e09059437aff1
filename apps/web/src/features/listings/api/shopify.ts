import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ComplianceReport,
  CreateListingsInput,
  CreateListingsResult,
  Listing,
  ListingBatchStarted,
  ListingCategoryList,
  ListingIndexQuery,
  ListingPage,
  ShopifyStepAllInput,
  ShopifyStoreList,
  StepAllResult,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { listingKeys } from './keys.ts';

/**
 * Shopify listings (`/api/shopify/publish/*`): the same listings, batches and compliance report
 * as Amazon's, kept to Shopify stores. Keys sit under `listingKeys`, so one listing mutation
 * refreshes both warehouses.
 */
const BASE = '/shopify/publish';
export const SHOPIFY_BATCH_PATH = `${BASE}/batch`;
const keys = {
  list: (query: ListingIndexQuery) => [...listingKeys.lists(), 'shopify', query] as const,
  detail: (id: number) => [...listingKeys.all, 'shopify-detail', id] as const,
  check: (id: number) => [...listingKeys.all, 'shopify-check', id] as const,
  stores: () => [...listingKeys.reference, 'shopify-stores'] as const,
  categories: (marketId: number, parentId: string | null) =>
    [...listingKeys.reference, 'shopify-categories', marketId, parentId] as const,
};

export function useShopifyListings(query: ListingIndexQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.get<ListingPage>(`${BASE}/index`, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShopifyListing(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Listing>(`${BASE}/show`, { id: id! }, { signal }),
    enabled: id !== null,
  });
}

export function useShopifyCompliance(id: number | null) {
  return useQuery({
    queryKey: keys.check(id ?? 0),
    queryFn: ({ signal }) => api.get<ComplianceReport>(`${BASE}/check`, { id: id! }, { signal }),
    enabled: id !== null,
  });
}

/** The seller's Shopify stores that are on and authorized. */
export function useShopifyStores() {
  return useQuery({
    queryKey: keys.stores(),
    queryFn: ({ signal }) => api.get<ShopifyStoreList>(`${BASE}/get-market`, undefined, { signal }),
    staleTime: 60_000,
  });
}

/** One level of Shopify's product taxonomy, as the store's shop serves it. */
export function useShopifyCategories(marketId: number | null, parentId: string | null) {
  return useQuery({
    queryKey: keys.categories(marketId ?? 0, parentId),
    queryFn: ({ signal }) =>
      api.get<ListingCategoryList>(
        `${BASE}/get-category`,
        { market_id: marketId!, ...(parentId ? { parent_id: parentId } : {}) },
        { signal },
      ),
    enabled: marketId !== null,
    staleTime: 10 * 60_000,
  });
}

export const createShopifyListings = (input: CreateListingsInput) =>
  api.post<CreateListingsResult>(`${BASE}/create`, input);
export const saveShopifyListings = (input: ShopifyStepAllInput) =>
  api.post<StepAllResult>(`${BASE}/update/step-all`, input);

/** The lifecycle calls; each answers the started batch, whose progress the batch dialog shows. */
export const SHOPIFY_CALLS = {
  publish: (ids: number[]) =>
    ids.length === 1
      ? api.post<ListingBatchStarted>(`${BASE}/publish`, { id: ids[0] })
      : api.post<ListingBatchStarted>(`${BASE}/batch-publish`, { ids }),
  down: (ids: number[]) => api.post<ListingBatchStarted>(`${BASE}/batch-down`, { ids }),
  delete: (ids: number[]) => api.post<ListingBatchStarted>(`${BASE}/batch-delete`, { ids }),
};
export type ShopifyCall = keyof typeof SHOPIFY_CALLS;
