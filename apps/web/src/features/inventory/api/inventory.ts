import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InventoryCategory,
  InventoryExportInput,
  InventoryFactory,
  InventoryPage,
  InventoryQuery,
  InventorySyncInput,
  InventorySyncResult,
} from '@app/shared';
import { api, request } from '../../../api/client.ts';

export const inventoryKeys = {
  all: ['inventory'] as const,
  lists: () => [...inventoryKeys.all, 'list'] as const,
  list: (query: InventoryQuery) => [...inventoryKeys.lists(), query] as const,
  factories: () => [...inventoryKeys.all, 'factories'] as const,
  categories: () => [...inventoryKeys.all, 'categories'] as const,
};

export function useInventory(query: InventoryQuery) {
  return useQuery({
    queryKey: inventoryKeys.list(query),
    queryFn: ({ signal }) => api.post<InventoryPage>('/inventory/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInventoryFactories() {
  return useQuery({
    queryKey: inventoryKeys.factories(),
    queryFn: ({ signal }) => api.post<InventoryFactory[]>('/inventory/factories', {}, { signal }),
  });
}

export function useInventoryCategories() {
  return useQuery({
    queryKey: inventoryKeys.categories(),
    queryFn: ({ signal }) =>
      api.post<InventoryCategory[]>('/inventory/getAllCategories', {}, { signal }),
    staleTime: 60_000,
  });
}

/** Reads FBA stock from Amazon again; every inventory view is then refetched. */
export function useSyncInventory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InventorySyncInput) =>
      api.post<InventorySyncResult>('/inventory/sync', input, { timeoutMs: 120_000 }),
    onSuccess: () => void client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/** The export is a POST answered with the xlsx file. */
export const downloadInventory = (filters: InventoryExportInput) =>
  request<Blob>('/inventory/export', {
    method: 'POST',
    data: filters,
    responseType: 'blob',
    timeoutMs: 120_000,
  });
