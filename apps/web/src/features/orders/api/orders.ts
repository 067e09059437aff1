import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CancelOrderInput,
  CancelOrderItemInput,
  EditOrderNumInput,
  LogisticsChannel,
  Order,
  OrderAddCartResult,
  OrderBatchResult,
  OrderListQuery,
  OrderLog,
  OrderMarket,
  OrderPage,
  OrderSyncResult,
  RetryShipmentPushInput,
  RetryShipmentPushResult,
  SaveBatchLogisticsInput,
  SaveOrderAddressInput,
  SaveOrderMemoInput,
  SetOrderHoldInput,
  SplitOrderInput,
  SplitOrderResult,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

/** The desk lists the seller's orders; the FBA list Amazon's AFN orders alone (fixed by the server). */
export type OrderListEndpoint = '/cw-order/list' | '/order/list';

export const orderKeys = {
  all: [...sessionKeys.all, 'orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (endpoint: OrderListEndpoint, query: OrderListQuery) =>
    [...orderKeys.lists(), endpoint, query] as const,
  show: (ids: readonly number[]) => [...orderKeys.all, 'show', ids] as const,
  log: (id: number) => [...orderKeys.all, 'log', id] as const,
  markets: () => [...orderKeys.all, 'markets'] as const,
  channels: (marketId: number | null) => [...orderKeys.all, 'channels', marketId] as const,
  job: (id: string) => [...orderKeys.all, 'job', id] as const,
};

export function useOrderList(endpoint: OrderListEndpoint, query: OrderListQuery, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(endpoint, query),
    queryFn: ({ signal }) => api.post<OrderPage>(endpoint, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The orders a batch screen or the drawer works on, fresh from the server. */
export function useOrdersById(ids: readonly number[]) {
  return useQuery({
    queryKey: orderKeys.show(ids),
    queryFn: ({ signal }) => api.post<Order[]>('/cw-order/show-orders', { ids }, { signal }),
    enabled: ids.length > 0,
    retry: false,
  });
}

export function useOrderLog(id: number | null) {
  return useQuery({
    queryKey: orderKeys.log(id ?? 0),
    queryFn: ({ signal }) => api.post<OrderLog[]>('/cw-order/show-order-log', { id }, { signal }),
    enabled: id !== null,
  });
}

export function useOrderMarkets() {
  return useQuery({
    queryKey: orderKeys.markets(),
    queryFn: ({ signal }) => api.post<OrderMarket[]>('/cw-order/get-market-list', {}, { signal }),
    staleTime: 60_000,
  });
}

const getChannels = (marketId: number | null, signal?: AbortSignal) =>
  api.get<LogisticsChannel[]>(
    '/cw-order/logistics-channels',
    marketId === null ? undefined : { market_id: marketId },
    { signal },
  );

/** Every channel of the platform (for the filter and for names). */
export function useLogisticsChannels() {
  return useQuery({
    queryKey: orderKeys.channels(null),
    queryFn: ({ signal }) => getChannels(null, signal),
    staleTime: Infinity,
  });
}

/** The channels each store's marketplace may ship by, by store id. */
export function useChannelsByStore(storeIds: readonly number[]) {
  return useQueries({
    queries: storeIds.map((id) => ({
      queryKey: orderKeys.channels(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getChannels(id, signal),
      staleTime: Infinity,
    })),
    combine: (results) => new Map(storeIds.map((id, i) => [id, results[i]?.data ?? null] as const)),
  });
}

export const syncOrders = (marketId?: number) =>
  api.post<OrderSyncResult>(
    '/cw-order/synchro',
    marketId === undefined ? {} : { market_id: marketId },
  );
export const setHold = (input: SetOrderHoldInput) =>
  api.post<Order>('/cw-order/set-order-hold', input);
export const cancelOrder = (input: CancelOrderInput) => api.post<Order>('/cw-order/cancel', input);
export const saveMemo = (input: SaveOrderMemoInput) =>
  api.post<Order>('/cw-order/save-order-memo', input);
export const saveAddress = (input: SaveOrderAddressInput) =>
  api.post<Order>('/cw-order/save-order-address', input);
export const cancelItem = (input: CancelOrderItemInput) =>
  api.post<Order>('/cw-order/cancel-order-item', input);
export const editNum = (input: EditOrderNumInput) => api.post<Order>('/cw-order/edit-num', input);
export const splitOrder = (input: SplitOrderInput) =>
  api.post<SplitOrderResult>('/cw-order/split-order', input);
export const copyOrder = (input: { id: number }) => api.post<Order>('/cw-order/copy-order', input);
export const saveBatchLogistics = (input: SaveBatchLogisticsInput) =>
  api.post<OrderBatchResult>('/cw-order/save-batch-logistics', input);
export const retryShipmentPush = (input: RetryShipmentPushInput) =>
  api.post<RetryShipmentPushResult>('/cw-order/retry-shipment-push', input);
export const addOrdersToCart = (input: { ids: number[] }) =>
  api.post<OrderAddCartResult>('/cw-order/add-cart', input);

/** Every order change refreshes the lists, the open orders and their logs (and the cart when it changes). */
export function useOrderMutation<I, O>(
  fn: (input: I) => Promise<O>,
  opts: { cart?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: orderKeys.all });
      if (opts.cart) await client.invalidateQueries({ queryKey: sessionKeys.cart() });
    },
  });
}

/** Refreshes every order query (after a sync or a batch run outside a mutation). */
export function useRefreshOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.all });
}
