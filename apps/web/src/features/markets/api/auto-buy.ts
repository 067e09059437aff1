import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoBuySettings, SaveAutoBuyInput } from '@app/shared';
import { api } from '../../../api/client.ts';
import { storeKeys } from './stores.ts';

export const autoBuyKeys = {
  all: [...storeKeys.all, 'auto-buy'] as const,
  detail: (storeId: number) => [...autoBuyKeys.all, storeId] as const,
};

export function getAutoBuy(storeId: number, signal?: AbortSignal) {
  return api.get<AutoBuySettings>('/market/auto-buy', { id: storeId }, { signal });
}

export function useAutoBuy(storeId: number) {
  return useQuery({
    queryKey: autoBuyKeys.detail(storeId),
    queryFn: ({ signal }) => getAutoBuy(storeId, signal),
  });
}

export const saveAutoBuy = (input: SaveAutoBuyInput) =>
  api.post<AutoBuySettings>('/market/auto-buy', input);

/** Saves a store's automation and keeps its answer as the store's settings. */
export function useSaveAutoBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAutoBuy,
    onSuccess: (saved) => {
      client.setQueryData(autoBuyKeys.detail(saved.store_id), saved);
      // The store list marks the stores with auto-buy on.
      return client.invalidateQueries({ queryKey: storeKeys.lists() });
    },
  });
}
