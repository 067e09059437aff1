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
import { api, type UploadOptions } from '../../../api/client.ts';
import { ApiError } from '../../../api/api-error.ts';
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

/** Sends one file as multipart, with its progress. */
function uploadFile<T>(
  path: string,
  file: Blob & { name?: string },
  options: UploadOptions,
): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'upload');
  return api.upload<T>(path, form, options);
}

export const uploadOrderImport = (file: Blob & { name?: string }, options: UploadOptions) =>
  uploadFile<JobStarted>('/cw-order/upload-import', file, options);

export const uploadRemarkImport = (file: Blob & { name?: string }, options: UploadOptions) =>
  uploadFile<RemarkImportResult>('/cw-order/remark-import', file, options);

/** What to tell the user about a failed call: the field reason of a 422, else the message. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fields;
    return fields ? Object.values(fields).join('; ') : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
