import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExemptBrand,
  ExemptBrandInput,
  ExemptBrandPage,
  ExemptBrandQuery,
  IdsInput,
  MediaBatchResult,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { storeKeys } from './stores.ts';

export const exemptKeys = {
  lists: () => [...storeKeys.all, 'exempt'] as const,
  list: (query: ExemptBrandQuery) => [...exemptKeys.lists(), query] as const,
};

export function useExemptBrands(query: ExemptBrandQuery) {
  return useQuery({
    queryKey: exemptKeys.list(query),
    queryFn: ({ signal }) => api.get<ExemptBrandPage>('/market/exemption/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Creates without `id`, updates with it. */
export const saveExemptBrand = (input: ExemptBrandInput) =>
  api.post<ExemptBrand>('/market/exemption/store', input);
export const deleteExemptBrands = (input: IdsInput) =>
  api.post<MediaBatchResult>('/market/exemption/delete', input);

export function useExemptMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: exemptKeys.lists() }),
  });
}
