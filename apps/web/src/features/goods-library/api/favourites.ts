import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchResult,
  CollListQuery,
  CollResult,
  Envelope,
  FavouriteIds,
  ParentProductPage,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';
import { goodsLibraryKeys } from './goods-library.ts';

export const favouriteKeys = {
  all: [...goodsLibraryKeys.all, 'favourites'] as const,
  /** Which of these ids are favourites; the key holds the sorted ids of one visible page. */
  flags: (ids: readonly number[]) => [...favouriteKeys.all, 'flags', ids] as const,
  list: (query: CollListQuery) => [...favouriteKeys.all, 'list', query] as const,
};

export function listFavouriteIds(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<FavouriteIds> {
  return api.post<FavouriteIds>('/goods-library/all-is-offten', { ids }, { signal });
}

/** Calls to goods-library/coll answer with the whole envelope (spec 7), hence the unwrap here. */
export async function setFavourite(input: { id: number; coll: boolean }): Promise<CollResult> {
  const body = await api.post<Envelope<CollResult>>('/goods-library/coll', input);
  return body.data;
}

export function listFavourites(
  query: CollListQuery,
  signal?: AbortSignal,
): Promise<ParentProductPage> {
  return api.get<ParentProductPage>('/goods-library/get-coll-list', query, { signal });
}

/** Parent products → new finished products in the seller's library, one result per id. */
export function joinLibrary(ids: readonly number[]): Promise<BatchResult> {
  return api.post<BatchResult>('/goods-library/join', { ids });
}

/** The favourite flags of the products on screen, as a set. */
export function useFavouriteIds(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: favouriteKeys.flags(sorted),
    queryFn: ({ signal }) => listFavouriteIds(sorted, signal),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    select: (data) => new Set(data.ids),
  });
}

export function useFavourites(query: CollListQuery) {
  return useQuery({
    queryKey: favouriteKeys.list(query),
    queryFn: ({ signal }) => listFavourites(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Toggles one favourite. The star flips at once in every cached flag set holding the id and
 * flips back if the call fails; the favourites list reloads either way.
 */
export function useSetFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onMutate: async ({ id, coll }) => {
      const flagsKey = [...favouriteKeys.all, 'flags'];
      await client.cancelQueries({ queryKey: flagsKey });
      const before = client.getQueriesData<FavouriteIds>({ queryKey: flagsKey });
      for (const [key, data] of before) {
        const queryIds = key[key.length - 1] as number[];
        if (!data || !queryIds.includes(id)) continue;
        const rest = data.ids.filter((x) => x !== id);
        client.setQueryData<FavouriteIds>(key, { ids: coll ? [...rest, id] : rest });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: favouriteKeys.all }),
  });
}

/** Joining creates finished products, so the finished library's lists are stale afterwards. */
export function useJoinLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinLibrary,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.finishedProducts() }),
  });
}
