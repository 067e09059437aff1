import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FbaBoxLabelQuery,
  FbaBoxesInput,
  FbaContentConfirmInput,
  FbaContentInput,
  FbaCreateInput,
  FbaKuaidi,
  FbaListQuery,
  FbaPackingInput,
  FbaPlacementInput,
  FbaPlan,
  FbaPlanPage,
  FbaProductLabelQuery,
  FbaTrackingInput,
  FbaTransportInput,
  OrderMarket,
} from '@app/shared';
import { api } from '../../../api/client.ts';

export const fbaKeys = {
  all: ['fba'] as const,
  stores: () => [...fbaKeys.all, 'stores'] as const,
  lists: () => [...fbaKeys.all, 'list'] as const,
  list: (query: FbaListQuery) => [...fbaKeys.lists(), query] as const,
  plan: (id: number) => [...fbaKeys.all, 'plan', id] as const,
  kuaidi: (id: number, shipmentId: string) => [...fbaKeys.all, 'kuaidi', id, shipmentId] as const,
};

export function useFbaStores() {
  return useQuery({
    queryKey: fbaKeys.stores(),
    queryFn: ({ signal }) => api.post<OrderMarket[]>('/fba/stores', {}, { signal }),
    staleTime: 60_000,
  });
}

export function useFbaPlans(query: FbaListQuery) {
  return useQuery({
    queryKey: fbaKeys.list(query),
    queryFn: ({ signal }) => api.post<FbaPlanPage>('/fba/list', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFbaPlan(id: number | null) {
  return useQuery({
    queryKey: fbaKeys.plan(id ?? 0),
    queryFn: ({ signal }) => api.post<FbaPlan>('/fba/detail', { id }, { signal }),
    enabled: id !== null,
  });
}

/** The carrier's events for one shipment's tracking numbers, asked when shown. */
export function useFbaKuaidi(id: number, shipmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: fbaKeys.kuaidi(id, shipmentId),
    queryFn: ({ signal }) =>
      api.post<FbaKuaidi>('/fba/kuaidi', { id, shipment_id: shipmentId }, { signal }),
    enabled,
  });
}

/**
 * A wizard step or plan action: each answers the plan as it now stands, which replaces the
 * cached one (and the list is refetched).
 */
export function usePlanAction<I>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => api.post<FbaPlan>(path, input),
    onSuccess: (plan) => {
      client.setQueryData(fbaKeys.plan(plan.id), plan);
      void client.invalidateQueries({ queryKey: fbaKeys.lists() });
    },
    // A failed step left Amazon's words on the plan: show them.
    onError: () => void client.invalidateQueries({ queryKey: fbaKeys.all }),
  });
}

export const useCreatePlan = () => usePlanAction<FbaCreateInput>('/fba/create');
export const usePacking = () => usePlanAction<FbaPackingInput>('/fba/packing');
export const usePlacement = () => usePlanAction<FbaPlacementInput>('/fba/placement');
export const useTransport = () => usePlanAction<FbaTransportInput>('/fba/transport');
export const useTracking = () => usePlanAction<FbaTrackingInput>('/fba/tracking');
export const useEditBoxes = () => usePlanAction<FbaBoxesInput>('/fba/boxes');
export const usePreviewContent = () => usePlanAction<FbaContentInput>('/fba/content-preview');
export const useConfirmContent = () =>
  usePlanAction<FbaContentConfirmInput>('/fba/content-confirm');
export const useSyncPlan = () => usePlanAction<{ id: number }>('/fba/sync-shipment');
export const useCancelPlan = () => usePlanAction<{ id: number }>('/fba/cancel');

export const downloadBoxLabels = (query: FbaBoxLabelQuery) => api.getBlob('/fba/box-label', query);
export const downloadProductLabels = (query: FbaProductLabelQuery) =>
  api.getBlob('/fba/product-label', query);
