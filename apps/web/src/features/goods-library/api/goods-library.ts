import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CategoryTree,
  ParentProductDetail,
  ParentProductListQuery,
  ParentProductPage,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

export const goodsLibraryKeys = {
  all: [...sessionKeys.all, 'goods-library'] as const,
  tree: () => [...goodsLibraryKeys.all, 'tree'] as const,
  list: (query: ParentProductListQuery) => [...goodsLibraryKeys.all, 'list', query] as const,
  detail: (id: number) => [...goodsLibraryKeys.all, 'detail', id] as const,
};

export function getCategoryTree(): Promise<CategoryTree> {
  return api.get<CategoryTree>('/goods-library/category/tree');
}

export function listParentProducts(
  query: ParentProductListQuery,
  signal?: AbortSignal,
): Promise<ParentProductPage> {
  return api.post<ParentProductPage>('/goods-library/index', query, { signal });
}

export function getParentProduct(id: number, signal?: AbortSignal): Promise<ParentProductDetail> {
  return api.get<ParentProductDetail>('/goods-library/show', { id }, { signal });
}

export function useCategoryTree() {
  // The tree changes only when operators edit it; one load per visit is enough.
  return useQuery({
    queryKey: goodsLibraryKeys.tree(),
    queryFn: getCategoryTree,
    staleTime: Infinity,
  });
}

export function useParentProducts(query: ParentProductListQuery) {
  return useQuery({
    queryKey: goodsLibraryKeys.list(query),
    queryFn: ({ signal }) => listParentProducts(query, signal),
    // Paging and filtering keep the previous page on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useParentProduct(id: number | null) {
  return useQuery({
    queryKey: goodsLibraryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getParentProduct(id!, signal),
    enabled: id !== null,
  });
}
