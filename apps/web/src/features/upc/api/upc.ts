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
import { ApiError } from '../../../api/api-error.ts';
import { api, buildUrl, domainHeader } from '../../../api/client.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { currentLanguage, i18n } from '../../../shared/i18n/i18n.ts';

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

/**
 * Sends a csv or xlsx file to `/upc/import` as multipart. XMLHttpRequest rather than the
 * fetch client because only it reports upload progress; the envelope is read the same way,
 * so a 422 rejects with its field errors.
 */
export function uploadCodeFile(
  file: Blob & { name?: string },
  onProgress: (percent: number) => void,
): Promise<UpcImportResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name ?? 'codes.csv');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/upc/import'));
    const { token } = useAuthStore.getState();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-domain', domainHeader());
    // The server renders its refusal in this language, as for every other call.
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { code?: number; data?: unknown; message?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      if (body?.code === 0) resolve(body.data as UpcImportResult);
      else
        reject(
          new ApiError({
            code: body?.code ?? xhr.status,
            status: xhr.status,
            message: body?.message ?? i18n.t('request.badResponse'),
            data: body?.data,
          }),
        );
    };
    xhr.onerror = () =>
      reject(new ApiError({ code: -1, status: 0, message: i18n.t('request.network') }));
    xhr.send(form);
  });
}
