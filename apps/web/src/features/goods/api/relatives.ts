import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RelativeListQuery, RelativePage } from '@app/shared';
import { api } from '../../../api/client.ts';
import { finishedKeys } from './finished-products.ts';

export function listRelatives(query: RelativeListQuery, signal?: AbortSignal) {
  return api.get<RelativePage>('/goods/relative-list', query, { signal });
}

export function addRelatives(input: { id: number; related_ids: number[] }) {
  return api.post<unknown>('/goods/relative', input);
}

export function deleteRelative(input: { id: number; related_id: number }) {
  return api.post<unknown>('/goods/relative-delete', input);
}

export function useRelatives(query: RelativeListQuery) {
  return useQuery({
    queryKey: [...finishedKeys.relatives(), query],
    queryFn: ({ signal }) => listRelatives(query, signal),
    placeholderData: keepPreviousData,
  });
}
