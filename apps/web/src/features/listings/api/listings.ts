import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AmazonStoreGroup,
  BatchUpdateContentInput,
  BatchUpdateInput,
  CategoryQuery,
  ComplianceReport,
  CreateListingsInput,
  CreateListingsResult,
  ForbidCheckInput,
  ForbidCheckResult,
  Listing,
  ListingBatch,
  ListingBatchStarted,
  ListingCategoryDetail,
  ListingCategoryList,
  ListingDefaults,
  ListingIndexQuery,
  ListingInfo,
  ListingPage,
  PlanSale,
  PlanSaleInput,
  FinishedProductDetail,
  ImageJobStarted,
  ImageTranslateInput,
  ImageTranslateResult,
  ListingImagesTranslateInput,
  MainImageCompliantResult,
  PricingTemplatePage,
  TextTemplateKind,
  TextTemplatePage,
  UpdateStep1Input,
  UpdateStep2Input,
  UpdateStep3Input,
  UpdateStep4Input,
} from '@app/shared';
import { permOf, type PermRequirement } from '@app/shared';
import { api, request } from '../../../api/client.ts';
import { useCan } from '../../../shared/can.tsx';
import { listingKeys } from './keys.ts';

export function useListings(query: ListingIndexQuery) {
  return useQuery({
    queryKey: listingKeys.list(query),
    queryFn: ({ signal }) => api.get<ListingPage>('/publish/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useListing(id: number | null) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Listing>('/publish/show', { id: id! }, { signal }),
    enabled: id !== null,
  });
}

/** The pre-publish report; asked again after every save. */
export function useCompliance(id: number | null) {
  return useQuery({
    queryKey: listingKeys.check(id ?? 0),
    queryFn: ({ signal }) => api.get<ComplianceReport>('/publish/check', { id: id! }, { signal }),
    enabled: id !== null,
  });
}

export function useBatch(id: number | null, poll: boolean, path = '/publish/batch') {
  return useQuery({
    queryKey: listingKeys.batch(id ?? 0),
    queryFn: ({ signal }) => api.get<ListingBatch>(path, { id: id! }, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (poll && query.state.data?.status !== 'finished' ? 1500 : false),
  });
}

/** The seller's Amazon stores a listing can go to, per region. */
export function useAmazonStores() {
  return useQuery({
    queryKey: listingKeys.stores(),
    queryFn: ({ signal }) => api.get<AmazonStoreGroup[]>('/market/amazon', undefined, { signal }),
    staleTime: 60_000,
  });
}

export function useListingInfo(marketId: number | null) {
  return useQuery({
    queryKey: listingKeys.info(marketId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ListingInfo>('/publish/get-info', { market_id: marketId! }, { signal }),
    enabled: marketId !== null,
    staleTime: 5 * 60_000,
  });
}

export const getListingDefaults = (marketId: number) =>
  api.get<ListingDefaults>('/publish/get-defaultSet-by-market', { market_id: marketId });

/** Browses by `parent_id`, or searches with `keyword` (the "new" call). */
export function useCategories(query: CategoryQuery | null) {
  return useQuery({
    queryKey: listingKeys.categories(query!),
    queryFn: ({ signal }) =>
      api.get<ListingCategoryList>(
        query!.keyword ? '/publish/get-category-by-market-new' : '/publish/get-category-by-market',
        query!,
        { signal },
      ),
    enabled: query !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useCategoryDetail(marketId: number | null, categoryId: string) {
  return useQuery({
    queryKey: listingKeys.category(marketId ?? 0, categoryId),
    queryFn: ({ signal }) =>
      api.get<ListingCategoryDetail>(
        '/publish/get-category-en-by-id',
        { market_id: marketId!, category_id: categoryId },
        { signal },
      ),
    enabled: marketId !== null && categoryId !== '',
    staleTime: 5 * 60_000,
  });
}

/**
 * The seller's text templates of one kind, for the "apply template" pickers (first 200). Asked
 * only of users who may read them (like the pricing templates and the source product below): a
 * 403 would send a staff member holding only the listing pages from the editor to the
 * forbidden page; without them the pickers are empty.
 */
export function useTextTemplateOptions(kind: TextTemplateKind, enabled = true) {
  const allowed = useCan(permOf('/goods/template', 'list'));
  return useQuery({
    queryKey: listingKeys.templates(kind),
    queryFn: ({ signal }) =>
      api.get<TextTemplatePage>(`/template/${kind}/index`, { page: 1, size: 200 }, { signal }),
    enabled: enabled && allowed,
    staleTime: 60_000,
  });
}

export function usePricingTemplateOptions(enabled = true) {
  const allowed = useCan(permOf('/goods/priceTemplate', 'list'));
  return useQuery({
    queryKey: listingKeys.templates('pricing'),
    queryFn: ({ signal }) =>
      api.get<PricingTemplatePage>('/pricingTemplate/list', { page: 1, size: 200 }, { signal }),
    enabled: enabled && allowed,
    staleTime: 60_000,
  });
}

/** The listing's finished product (its SKUs carry the cost a pricing template starts from). */
export const SOURCE_PRODUCT_PERM: PermRequirement = {
  or: [permOf('/goods/collect', 'info'), permOf('/goods/productHouseG', 'info')],
};

export function useSourceProduct(goodsId: number | null) {
  const allowed = useCan(SOURCE_PRODUCT_PERM);
  return useQuery({
    queryKey: [...listingKeys.reference, 'goods', goodsId ?? 0],
    queryFn: ({ signal }) =>
      api.get<FinishedProductDetail>('/goods/show', { id: goodsId! }, { signal }),
    enabled: goodsId !== null && allowed,
    staleTime: 60_000,
    retry: false,
  });
}

/** A site price by a pricing template, with each step of the way there. */
export const planSale = (input: PlanSaleInput) =>
  api.post<PlanSale>('/pricingTemplate/get-plan-sale', input);

export const createListings = (input: CreateListingsInput) =>
  api.post<CreateListingsResult>('/publish/create', input);

export type StepInput =
  | { step: 1; input: UpdateStep1Input }
  | { step: 2; input: UpdateStep2Input }
  | { step: 3; input: UpdateStep3Input }
  | { step: 4; input: UpdateStep4Input };

export const saveStep = ({ step, input }: StepInput) =>
  api.post<Listing>(`/publish/update/step${step}`, input);

export const checkForbidden = (input: Partial<ForbidCheckInput>, signal?: AbortSignal) =>
  api.post<ForbidCheckResult>('/forbid/word/check', input, { signal });

export const publishListing = (id: number) =>
  api.post<ListingBatchStarted>('/publish/publish', { id });
export const takeDownListing = (id: number) =>
  api.post<ListingBatchStarted>('/publish/delete', { id });
export const copyListing = (id: number) => api.post<Listing>('/publish/copy', { id });

/** The batch calls behind the list's toolbar; each answers the started batch. */
export const BATCH_CALLS = {
  publish: (ids: number[]) => api.post<ListingBatchStarted>('/publish/batch-publish', { ids }),
  down: (ids: number[]) => api.post<ListingBatchStarted>('/publish/batch-down', { ids }),
  delete: (ids: number[]) => api.post<ListingBatchStarted>('/publish/batch-delete', { ids }),
  'main-image': (ids: number[]) =>
    api.post<ListingBatchStarted>('/publish/batch-main-image', { ids }),
};

/** Replaces the listing's main image with a compliant white one (design render or cut-out). */
export const makeMainImageCompliant = (id: number) =>
  api.post<MainImageCompliantResult>('/publish/main-image/compliant', { id });
/** One image's text translated and drawn back: before and after URLs. */
export const translateImage = (input: ImageTranslateInput) =>
  api.post<ImageTranslateResult>('/common/image-translate', input);
/** Every image of the listing translated for a site, as a job. */
export const translateListingImages = (input: ListingImagesTranslateInput) =>
  api.post<ImageJobStarted>('/publish/images/translate', input);
export const batchUpdate = (input: BatchUpdateInput) =>
  api.post<ListingBatchStarted>('/publish/batch-update', input);
export const batchUpdateContent = (input: BatchUpdateContentInput) =>
  api.post<ListingBatchStarted>('/publish/batch-update-content', input);

/** The two downloads are POSTs (a selection can be long), answered with the file. */
const downloadOf = (path: string) => (ids: number[]) =>
  request<Blob>(path, { method: 'POST', data: { ids }, responseType: 'blob', timeoutMs: 120_000 });
export const downloadData = downloadOf('/publish/download/data');
export const downloadImages = downloadOf('/publish/download/zipper');

export const invalidateListings = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: listingKeys.all });

/** A listing mutation that refreshes lists, details and reports when it settles. */
export function useListingMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidateListings(client) });
}
