import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderMarket,
  ShopeeAddNoteInput,
  ShopeeFirstMileBindInput,
  ShopeeFirstMileChannel,
  ShopeeFirstMileResult,
  ShopeeFirstMileUnbindInput,
  ShopeeInitLogisticsInput,
  ShopeeLogisticsPage,
  ShopeeLogisticsQuery,
  ShopeeLogisticsSynchroResult,
  ShopeeOrder,
  ShopeeOrderIndexQuery,
  ShopeeOrderPage,
  ShopeePack,
  ShopeePackCreateInput,
  ShopeePackListQuery,
  ShopeePackPage,
  ShopeePackStore,
  ShopeePackUpdateInput,
  ShopeePurchaseInput,
  ShopeePurchaseResult,
  ShopeeShippingParameter,
  ShopeeSynchroResult,
} from '@app/shared';
import { api } from '../../../api/client.ts';

export const shopeeKeys = {
  all: ['shopee-orders'] as const,
  stores: () => [...shopeeKeys.all, 'stores'] as const,
  orders: () => [...shopeeKeys.all, 'orders'] as const,
  orderList: (query: ShopeeOrderIndexQuery) => [...shopeeKeys.orders(), query] as const,
  channels: () => [...shopeeKeys.all, 'channels'] as const,
  channelList: (query: ShopeeLogisticsQuery) => [...shopeeKeys.channels(), query] as const,
  packs: () => [...shopeeKeys.all, 'packs'] as const,
  packList: (query: ShopeePackListQuery) => [...shopeeKeys.packs(), query] as const,
  packStores: () => [...shopeeKeys.all, 'pack-stores'] as const,
  shipping: (id: number) => [...shopeeKeys.all, 'shipping', id] as const,
  firstMileChannels: (marketId: number) => [...shopeeKeys.all, 'first-mile', marketId] as const,
};

export function useShopeeStores() {
  return useQuery({
    queryKey: shopeeKeys.stores(),
    queryFn: ({ signal }) =>
      api.post<OrderMarket[]>('/shopee/order/get-store-list', {}, { signal }),
    staleTime: 60_000,
  });
}

export function useShopeeOrders(query: ShopeeOrderIndexQuery) {
  return useQuery({
    queryKey: shopeeKeys.orderList(query),
    queryFn: ({ signal }) => api.post<ShopeeOrderPage>('/shopee/order/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShippingParameter(id: number | null) {
  return useQuery({
    queryKey: shopeeKeys.shipping(id ?? 0),
    queryFn: ({ signal }) =>
      api.post<ShopeeShippingParameter>('/shopee/order/shipping-parameter', { id }, { signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useFirstMileChannels(marketId: number | null) {
  return useQuery({
    queryKey: shopeeKeys.firstMileChannels(marketId ?? 0),
    queryFn: ({ signal }) =>
      api.post<ShopeeFirstMileChannel[]>(
        '/shopee/order/first-mile-channels',
        { market_id: marketId },
        { signal },
      ),
    enabled: marketId !== null,
    retry: false,
  });
}

export const synchroOrders = (marketId?: number) =>
  api.post<ShopeeSynchroResult>('/shopee/order/synchro', { market_id: marketId });
export const addNote = (input: ShopeeAddNoteInput) =>
  api.post<ShopeeOrder>('/shopee/order/add-note', input);
export const initLogistics = (input: ShopeeInitLogisticsInput) =>
  api.post<ShopeeOrder>('/shopee/order/init-logistics', input);
export const downloadLabel = (id: number) => api.getBlob('/shopee/order/get-label', { id });
export const bindFirstMile = (input: ShopeeFirstMileBindInput) =>
  api.post<ShopeeFirstMileResult>('/shopee/order/first-mile-bind', input);
export const unbindFirstMile = (input: ShopeeFirstMileUnbindInput) =>
  api.post<ShopeeFirstMileResult>('/shopee/order/first-mile-unbind', input);
export const purchaseOrders = (input: ShopeePurchaseInput) =>
  api.post<ShopeePurchaseResult>('/shopee/order/purchase', input);

export function useLogisticsChannels(query: ShopeeLogisticsQuery) {
  return useQuery({
    queryKey: shopeeKeys.channelList(query),
    queryFn: ({ signal }) =>
      api.post<ShopeeLogisticsPage>('/shopee/logistics/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}
export const synchroChannels = (marketId: number) =>
  api.post<ShopeeLogisticsSynchroResult>('/shopee/logistics/synchro', { market_id: marketId });

export function usePacks(query: ShopeePackListQuery) {
  return useQuery({
    queryKey: shopeeKeys.packList(query),
    queryFn: ({ signal }) => api.post<ShopeePackPage>('/shopee/pack/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}
export function usePackStores() {
  return useQuery({
    queryKey: shopeeKeys.packStores(),
    queryFn: ({ signal }) => api.get<ShopeePackStore[]>('/shopee/pack/get-store', {}, { signal }),
    staleTime: 300_000,
  });
}
/** Creates without `id`, updates with it. */
export const savePack = (input: ShopeePackCreateInput | ShopeePackUpdateInput) =>
  'id' in input
    ? api.post<ShopeePack>('/shopee/pack/update', input)
    : api.post<ShopeePack>('/shopee/pack/create', input);

/** A mutation that refreshes every Shopee list it may have changed. */
export function useShopeeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: shopeeKeys.all }),
  });
}
