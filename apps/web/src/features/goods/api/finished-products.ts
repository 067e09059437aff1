import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchAddCartResult,
  BatchResult,
  CheckUsedResult,
  FinishedProductDetail,
  FinishedProductListQuery,
  FinishedProductPage,
  FinishedProductUpdate,
  GoodsTypeNum,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

/** Where a list reads from: the seller's own library or the shared one. */
export type FinishedScope = 'private' | 'shared';

export const finishedKeys = {
  all: sessionKeys.finishedProducts(),
  lists: () => [...finishedKeys.all, 'list'] as const,
  list: (scope: FinishedScope, query: FinishedProductListQuery) =>
    [...finishedKeys.lists(), scope, query] as const,
  typeNum: () => [...finishedKeys.all, 'type-num'] as const,
  detail: (id: number) => [...finishedKeys.all, 'detail', id] as const,
  editable: (id: number) => [...finishedKeys.all, 'editable', id] as const,
  relatives: () => [...finishedKeys.all, 'relatives'] as const,
};

export function listFinishedProducts(
  scope: FinishedScope,
  query: FinishedProductListQuery,
  signal?: AbortSignal,
): Promise<FinishedProductPage> {
  return scope === 'private'
    ? api.post<FinishedProductPage>('/goods/goods-index', query, { signal })
    : api.get<FinishedProductPage>('/goods/index', query, { signal });
}

export function getGoodsTypeNum(signal?: AbortSignal): Promise<GoodsTypeNum> {
  return api.post<GoodsTypeNum>('/goods/get-goods-type-num', {}, { signal });
}

/** Own or shared product, read-only. */
export function getFinishedProduct(id: number, signal?: AbortSignal) {
  return api.get<FinishedProductDetail>('/goods/show', { id }, { signal });
}

/** Own product, for the edit form. */
export function getEditableProduct(id: number, signal?: AbortSignal) {
  return api.post<FinishedProductDetail>('/goods/goods-show', { id }, { signal });
}

export function updateFinishedProduct(input: FinishedProductUpdate) {
  return api.post<FinishedProductDetail>('/goods/update', input);
}

export function saveTitle(input: { id: number; title: string }) {
  return api.post<FinishedProductDetail>('/goods/goods-title-save', input);
}

export function duplicateProduct(id: number) {
  return api.post<FinishedProductDetail>('/goods/duplicate', { id });
}

export function shareProducts(input: { ids: number[]; shared: boolean }) {
  return api.post<BatchResult>('/goods/join-platfrom', input);
}

export function mergeProducts(ids: number[]) {
  return api.post<FinishedProductDetail>('/goods/goods-merge', { ids });
}

export function addToCart(input: { ids: number[]; quantity: number }) {
  return api.post<BatchAddCartResult>('/goods/batch-add-cart', input);
}

/** Refused with 409 when the product is used by a listing, an order or a cart. */
export function deleteProduct(id: number) {
  return api.post<unknown>('/goods/delete', { id });
}

export function deleteProducts(ids: number[]) {
  return api.post<BatchResult>('/goods/batch-delete', { ids });
}

export function checkUsed(ids: number[]) {
  return api.get<CheckUsedResult>('/goods-library/check-used', { ids: ids.join(',') });
}

export function downloadImages(ids: number[]) {
  return api.getBlob('/goods/goods-img-download', { ids: ids.join(',') });
}

export function useFinishedProducts(scope: FinishedScope, query: FinishedProductListQuery) {
  return useQuery({
    queryKey: finishedKeys.list(scope, query),
    queryFn: ({ signal }) => listFinishedProducts(scope, query, signal),
    // Paging and filtering keep the previous page on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useGoodsTypeNum(enabled = true) {
  return useQuery({
    queryKey: finishedKeys.typeNum(),
    queryFn: ({ signal }) => getGoodsTypeNum(signal),
    enabled,
  });
}

export function useFinishedProduct(id: number | null) {
  return useQuery({
    queryKey: finishedKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getFinishedProduct(id!, signal),
    enabled: id !== null,
  });
}

export function useEditableProduct(id: number | null) {
  return useQuery({
    queryKey: finishedKeys.editable(id ?? 0),
    queryFn: ({ signal }) => getEditableProduct(id!, signal),
    enabled: id !== null,
    // The form copies the product once; a background refetch must not look like fresh data.
    staleTime: Infinity,
  });
}

/**
 * Any change to finished products: every list, count, detail and relation under `goods` may
 * show it, so all of them reload.
 */
export function useGoodsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: finishedKeys.all }),
  });
}

/** Adding to the cart changes the products' usage and the cart the cart page shows. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: finishedKeys.all }),
        client.invalidateQueries({ queryKey: sessionKeys.cart() }),
      ]),
  });
}
