import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EditOrderCustomsInput,
  FinishedSkuOption,
  LabelReadiness,
  OrderCustoms,
  PrintLabelInput,
  RelationDeleteResult,
  RelationListFilter,
  RelationPage,
  RelationSaveInput,
  SkuRelation,
  UnmatchedSku,
  UpdateLogisticsInput,
  UpdateLogisticsResult,
} from '@app/shared';
import { api, request } from '../../../api/client.ts';

export const documentKeys = {
  all: ['order-documents'] as const,
  customs: (id: number) => [...documentKeys.all, 'customs', id] as const,
  labels: (ids: number[]) => [...documentKeys.all, 'labels', ids.join(',')] as const,
  relations: () => [...documentKeys.all, 'relations'] as const,
  relationList: (query: RelationListFilter) =>
    [...documentKeys.relations(), 'list', query] as const,
  unmatched: (keyword: string) => [...documentKeys.relations(), 'unmatched', keyword] as const,
  skuSearch: (keyword: string) => [...documentKeys.all, 'sku-search', keyword] as const,
};

// Customs
export function useOrderCustoms(id: number) {
  return useQuery({
    queryKey: documentKeys.customs(id),
    queryFn: ({ signal }) =>
      api.get<OrderCustoms>('/cw-order/get-order-customs', { id }, { signal }),
    retry: false,
  });
}
export function useSaveCustoms(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EditOrderCustomsInput) =>
      api.post<OrderCustoms>('/cw-order/edit-order-customs', input),
    onSuccess: (data) => client.setQueryData(documentKeys.customs(id), data),
  });
}

// Labels
export function useLabelReadiness(ids: number[]) {
  return useQuery({
    queryKey: documentKeys.labels(ids),
    queryFn: ({ signal }) =>
      api.post<LabelReadiness[]>('/cw-order/label-check', { ids }, { signal }),
    enabled: ids.length > 0,
    retry: false,
  });
}
/** The labels PDF (a 409 lists the orders that are not ready). */
export const printLabels = (input: PrintLabelInput) =>
  request<Blob>('/cw-order/print-label', { method: 'POST', data: input, responseType: 'blob' });

// Relations
export function useRelations(query: RelationListFilter) {
  return useQuery({
    queryKey: documentKeys.relationList(query),
    queryFn: ({ signal }) => api.get<RelationPage>('/cw-order/relation-list', query, { signal }),
    placeholderData: keepPreviousData,
  });
}
export function useUnmatchedSkus(keyword: string) {
  return useQuery({
    queryKey: documentKeys.unmatched(keyword),
    queryFn: ({ signal }) =>
      api.get<UnmatchedSku[]>(
        '/cw-order/relation-unmatched',
        { keyword: keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
export function useFinishedSkuSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.skuSearch(keyword),
    queryFn: ({ signal }) =>
      api.get<FinishedSkuOption[]>('/cw-order/relation-sku-search', { keyword }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
/** Relation changes refresh both the relation list and the unmatched SKUs. */
export function useRelationMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: documentKeys.relations() }),
  });
}
export const saveRelation = (input: RelationSaveInput) =>
  api.post<SkuRelation>('/cw-order/relation-save', input);
export const deleteRelations = (ids: number[]) =>
  api.post<RelationDeleteResult>('/cw-order/relation-delete', { ids });

// Bulk logistics
export const updateLogistics = (input: UpdateLogisticsInput) =>
  api.post<UpdateLogisticsResult>('/cw-order/update-logistics', input, { timeoutMs: 600_000 });
