import { useQuery } from '@tanstack/react-query';
import type { PictureZipBatch, PictureZipInput, PictureZipStarted } from '@app/shared';
import { api } from '../../../api/client.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { finishedKeys } from './finished-products.ts';

export const startPictureZip = (input: PictureZipInput) =>
  api.post<PictureZipStarted>('/goods/picture-zip', input);

export function listZipBatches(signal?: AbortSignal) {
  return api.get<PictureZipBatch[]>('/goods/picture-zip/batches', undefined, { signal });
}

export function useZipBatches(enabled: boolean) {
  return useQuery({
    queryKey: [...finishedKeys.all, 'picture-zip-batches'],
    queryFn: ({ signal }) => listZipBatches(signal),
    enabled,
  });
}

/** The finished zip through the session (the route takes the bearer token, not a cookie). */
export async function downloadPictureZip(url: string, filename: string): Promise<void> {
  const parsed = new URL(url, 'http://local');
  const params = Object.fromEntries(parsed.searchParams.entries());
  saveBlob(await api.getBlob(parsed.pathname.replace(/^\/api/, ''), params), filename);
}
