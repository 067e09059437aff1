import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommonExport,
  ExportTemplate,
  JobStarted,
  OrderExportInput,
  OrderMarket,
  RemarkImportResult,
  SaveExportTemplateInput,
} from '@app/shared';
import { api, buildUrl, domainHeader } from '../../../api/client.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { currentLanguage, i18n } from '../../../shared/i18n/i18n.ts';
import { saveBlob } from '../../../shared/save-blob.ts';

export const transferKeys = {
  all: ['order-transfer'] as const,
  common: () => [...transferKeys.all, 'common'] as const,
  markets: () => [...transferKeys.all, 'markets'] as const,
};

export function useCommonExport() {
  return useQuery({
    queryKey: transferKeys.common(),
    queryFn: ({ signal }) =>
      api.get<CommonExport>('/cw-order/get-common-export', undefined, { signal }),
  });
}

/** The stores, to name the store of the filter being exported. */
export function useOrderMarkets() {
  return useQuery({
    queryKey: transferKeys.markets(),
    queryFn: ({ signal }) => api.post<OrderMarket[]>('/cw-order/get-market-list', {}, { signal }),
    staleTime: 60_000,
  });
}

export function useTemplateMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: transferKeys.common() });
  const save = useMutation({
    mutationFn: (input: SaveExportTemplateInput) =>
      api.post<ExportTemplate>('/cw-order/export-template-save', input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.post<null>('/cw-order/export-template-delete', { id }),
    onSuccess: refresh,
  });
  return { save, remove };
}

export const startExport = (input: OrderExportInput) =>
  api.post<JobStarted>('/cw-order/orders-export', input);

/** Downloads a file that needs the session (export results, the import template). */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const url = new URL(path, 'http://local');
  const params = Object.fromEntries(url.searchParams.entries());
  const blob = await api.getBlob(url.pathname.replace(/^\/api/, ''), params);
  saveBlob(blob, filename);
}

export interface UploadCallbacks {
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart. XMLHttpRequest rather than the fetch client because only it
 * reports upload progress; the envelope is read the same way, so a 422 rejects with its reason.
 */
function uploadFile<T>(
  path: string,
  file: Blob & { name?: string },
  cb: UploadCallbacks,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name ?? 'upload');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    const { token } = useAuthStore.getState();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-domain', domainHeader());
    // The import's row problems come back in this language, as with every other request.
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) cb.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { code?: number; data?: unknown; message?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      if (body?.code === 0) {
        resolve(body.data as T);
        return;
      }
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
    cb.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const uploadOrderImport = (file: Blob & { name?: string }, cb: UploadCallbacks) =>
  uploadFile<JobStarted>('/cw-order/upload-import', file, cb);

export const uploadRemarkImport = (file: Blob & { name?: string }, cb: UploadCallbacks) =>
  uploadFile<RemarkImportResult>('/cw-order/remark-import', file, cb);

/** What to tell the user about a failed call: the field reason of a 422, else the message. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fields;
    return fields ? Object.values(fields).join('; ') : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
