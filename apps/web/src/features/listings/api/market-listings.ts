import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ComplianceReport,
  CreateListingsInput,
  CreateListingsResult,
  Listing,
  ListingBatchStarted,
  ListingCategoryDetail,
  ListingCategoryList,
  ListingIndexQuery,
  ListingPage,
  StepAllResult,
  Store,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { listingKeys } from './keys.ts';

/** The marketplaces whose cloud warehouse is the shared one (Amazon has its own editor pages). */
export type WarehouseMarket = 'shopify' | 'temu' | 'shopee';

/** The i18n namespaces with a warehouse's strings (`empty`, `columns`, `confirm`, `create`). */
export type WarehouseNs = 'shopifyListings' | 'temuListings' | 'shopeeListings';

/** Where each marketplace's listing routes live on the server. */
const BASES: Record<WarehouseMarket, string> = {
  shopify: '/shopify/publish',
  temu: '/temu/publish',
  shopee: '/shopee/goods',
};

/** Where each marketplace reads its category attributes (Shopify has none to ask for). */
const ATTRIBUTE_PATHS: Partial<Record<WarehouseMarket, string>> = {
  temu: '/temu/publish/get-category-attribute',
  shopee: '/shopee/goods/get-attribute',
};

/**
 * The client of one marketplace's listing routes: the same listings, batches and compliance
 * report as Amazon's, kept to that marketplace's stores. Keys sit under `listingKeys`, so one
 * listing mutation refreshes every warehouse.
 */
export function marketListingApi<StepAll>(market: WarehouseMarket) {
  const base = BASES[market];
  const keys = {
    list: (query: ListingIndexQuery) => [...listingKeys.lists(), market, query] as const,
    detail: (id: number) => [...listingKeys.all, `${market}-detail`, id] as const,
    check: (id: number) => [...listingKeys.all, `${market}-check`, id] as const,
    stores: () => [...listingKeys.reference, `${market}-stores`] as const,
    attributes: (marketId: number, categoryId: string) =>
      [...listingKeys.reference, `${market}-attributes`, marketId, categoryId] as const,
  };
  const categoryPath = market === 'temu' ? 'get-category-by-market-new' : 'get-category';
  const calls = {
    publish: (ids: number[]) =>
      ids.length === 1
        ? api.post<ListingBatchStarted>(`${base}/publish`, { id: ids[0] })
        : api.post<ListingBatchStarted>(`${base}/batch-publish`, { ids }),
    down: (ids: number[]) => api.post<ListingBatchStarted>(`${base}/batch-down`, { ids }),
    delete: (ids: number[]) => api.post<ListingBatchStarted>(`${base}/batch-delete`, { ids }),
  };
  return {
    market,
    batchPath: `${base}/batch`,
    /** One level of the category tree as cascader options (for lazy loading). */
    loadCategories: (marketId: number, parentId: string | null) =>
      api
        .get<ListingCategoryList>(`${base}/${categoryPath}`, {
          market_id: marketId,
          ...(parentId ? { parent_id: parentId } : {}),
        })
        .then(({ list }) => list.map((c) => ({ value: c.id, label: c.name, isLeaf: c.leaf }))),
    /** The lifecycle calls; each answers the started batch, whose progress the batch dialog shows. */
    calls,
    useListings(query: ListingIndexQuery) {
      return useQuery({
        queryKey: keys.list(query),
        queryFn: ({ signal }) => api.get<ListingPage>(`${base}/index`, query, { signal }),
        placeholderData: keepPreviousData,
      });
    },
    useListing(id: number | null) {
      return useQuery({
        queryKey: keys.detail(id ?? 0),
        queryFn: ({ signal }) => api.get<Listing>(`${base}/show`, { id: id! }, { signal }),
        enabled: id !== null,
      });
    },
    useCompliance(id: number | null) {
      return useQuery({
        queryKey: keys.check(id ?? 0),
        queryFn: ({ signal }) =>
          api.get<ComplianceReport>(`${base}/check`, { id: id! }, { signal }),
        enabled: id !== null,
      });
    },
    /** The seller's stores of this marketplace that are on and authorized. */
    useStores() {
      return useQuery({
        queryKey: keys.stores(),
        queryFn: ({ signal }) =>
          api.get<{ list: Store[] }>(`${base}/get-market`, undefined, { signal }),
        staleTime: 60_000,
      });
    },
    /** A leaf category's attributes, required ones first. */
    useAttributes(marketId: number | null, categoryId: string) {
      const path = ATTRIBUTE_PATHS[market];
      return useQuery({
        queryKey: keys.attributes(marketId ?? 0, categoryId),
        queryFn: ({ signal }) =>
          api.get<ListingCategoryDetail>(
            path!,
            { market_id: marketId!, category_id: categoryId },
            { signal },
          ),
        enabled: path !== undefined && marketId !== null && categoryId !== '',
        staleTime: 10 * 60_000,
      });
    },
    create: (input: CreateListingsInput) => api.post<CreateListingsResult>(`${base}/create`, input),
    save: (input: StepAll) => api.post<StepAllResult>(`${base}/update/step-all`, input),
  };
}

/** Any marketplace's client: `save` takes that marketplace's own step-all input. */
export type MarketListingApi<StepAll = never> = ReturnType<typeof marketListingApi<StepAll>>;
export type MarketCall = keyof MarketListingApi['calls'];
