import type {
  FbaLabelSheet,
  FbaPodDesk,
  FbaPodMark,
  FbaPodPackInput,
  FbaPodShipInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { productionKeys } from './production.ts';

/** The desk's POD-to-FBA calls (`/api/sys/production/fba-*`), with the operator's session. */
const operator = { session: 'operator' } as const;
const base = '/sys/production';

export const fbaPodKeys = {
  marks: (ids: number[]) => [...productionKeys.all, 'fba-marks', ids] as const,
  info: (id: number) => [...productionKeys.all, 'fba-info', id] as const,
};

export const fbaPod = {
  marks: (ids: number[]) =>
    api.get<FbaPodMark[]>(`${base}/fba-marks`, { ids: ids.join(',') }, operator),
  info: (id: number) => api.get<FbaPodDesk>(`${base}/fba-info`, { id }, operator),
  pack: (input: FbaPodPackInput) => api.post<FbaPodDesk>(`${base}/fba-pack`, input, operator),
  plan: (id: number) => api.post<FbaPodDesk>(`${base}/fba-plan`, { id }, operator),
  ship: (input: FbaPodShipInput) => api.post<FbaPodDesk>(`${base}/fba-ship`, input, operator),
  boxLabels: (id: number, shipmentId: string) =>
    api.getBlob(`${base}/fba-box-label`, { id, shipment_id: shipmentId }, operator),
  productLabels: (id: number, sheet: FbaLabelSheet) =>
    api.getBlob(`${base}/fba-product-label`, { id, sheet }, operator),
};
