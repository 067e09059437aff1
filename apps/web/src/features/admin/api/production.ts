import type {
  ExceptionInput,
  Factory,
  ProductionBatchResult,
  ProductionOrderDetail,
  ProductionPage,
  ProductionQuery,
  RefundInput,
  ResolveExceptionInput,
  ShipImportResult,
  ShipPackageInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';

/** The production desk's calls (`/api/sys/production/*`), all with the operator's session. */
const operator = { session: 'operator' } as const;
const base = '/sys/production';

export const productionKeys = {
  all: ['admin', 'production'] as const,
  page: (query: Partial<ProductionQuery>) => [...productionKeys.all, 'page', query] as const,
  info: (id: number) => [...productionKeys.all, 'info', id] as const,
  factories: () => [...productionKeys.all, 'factories'] as const,
};

export const production = {
  page: (query: Partial<ProductionQuery>) =>
    api.get<ProductionPage>(`${base}/page`, query, operator),
  info: (id: number) => api.get<ProductionOrderDetail>(`${base}/info`, { id }, operator),
  factories: () => api.get<Factory[]>(`${base}/factories`, undefined, operator),
  accept: (ids: number[]) => api.post<ProductionBatchResult>(`${base}/accept`, { ids }, operator),
  produced: (ids: number[]) =>
    api.post<ProductionBatchResult>(`${base}/produced`, { ids }, operator),
  ship: (input: ShipPackageInput) =>
    api.post<ProductionOrderDetail>(`${base}/ship`, input, operator),
  exception: (input: ExceptionInput) =>
    api.post<ProductionOrderDetail>(`${base}/exception`, input, operator),
  /** Money may move (a refund): one key per decision, so a retried click does not move it twice. */
  resolve: (input: ResolveExceptionInput, idempotencyKey: string) =>
    api.post<ProductionOrderDetail>(`${base}/resolve`, input, { ...operator, idempotencyKey }),
  refund: (input: RefundInput, idempotencyKey: string) =>
    api.post<ProductionOrderDetail>(`${base}/refund`, input, { ...operator, idempotencyKey }),
  /** Downloads are fetched with the session in the header, as in the seller console, then saved. */
  pickList: (ids: number[]) => api.getBlob(`${base}/pick-list`, { ids: ids.join(',') }, operator),
  printFiles: (ids: number[]) =>
    api.getBlob(`${base}/print-files`, { ids: ids.join(',') }, operator),
  /** Starts the batch-ship job; a 422 with `ShipImportBadRows` names the refused rows. */
  shipImport: (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload<ShipImportResult>(`${base}/ship-import`, form, { ...operator, onProgress });
  },
};
