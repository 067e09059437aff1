import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GenerateMyUpcInput,
  GenerateMyUpcResult,
  GenerateSkuInput,
  GenerateSkuResult,
  SkuRule,
  SkuRuleInput,
  UpcImportResult,
  UpcPage,
  UpcPasteInput,
  UpcQuery,
  UpcResetInput,
  UpcResetResult,
} from '@app/shared';
import { api } from '../../../api/client.ts';

export const upcKeys = {
  all: ['upc'] as const,
  list: (query: UpcQuery) => [...upcKeys.all, 'list', query] as const,
  skuRule: () => [...upcKeys.all, 'sku-rule'] as const,
};

export function useUpcCodes(query: UpcQuery) {
  return useQuery({
    queryKey: upcKeys.list(query),
    queryFn: ({ signal }) => api.get<UpcPage>('/upc/index', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const importPastedCodes = (input: UpcPasteInput) =>
  api.post<UpcImportResult>('/upc/import', input);
export const resetCodes = (input: UpcResetInput) => api.post<UpcResetResult>('/upc/reset', input);
export const generateMyUpc = (input: GenerateMyUpcInput) =>
  api.post<GenerateMyUpcResult>('/common/generate/myupc', input);

export function useSkuRule() {
  return useQuery({
    queryKey: upcKeys.skuRule(),
    queryFn: ({ signal }) => api.get<SkuRule>('/common/generate/sku-rule', undefined, { signal }),
  });
}
export const saveSkuRule = (input: SkuRuleInput) =>
  api.post<SkuRule>('/common/generate/sku-rule', input);
export const generateSkus = (input: GenerateSkuInput) =>
  api.post<GenerateSkuResult>('/common/generate/sku', input);

/** Every UPC mutation refreshes the lists, the counts and the SKU rule. */
export function useUpcMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: upcKeys.all }),
  });
}

/** Sends a csv or xlsx file to `/upc/import` as multipart, with its progress. */
export function uploadCodeFile(
  file: Blob & { name?: string },
  onProgress: (percent: number) => void,
): Promise<UpcImportResult> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'codes.csv');
  return api.upload<UpcImportResult>('/upc/import', form, { onProgress });
}
