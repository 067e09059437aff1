import { useQuery } from '@tanstack/react-query';
import type { DesignSaveInput, DesignSaveResult, SavedDesign } from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

export const designKeys = {
  all: [...sessionKeys.all, 'design'] as const,
  saved: (id: number) => [...designKeys.all, 'saved', id] as const,
};

export function saveDesign(input: DesignSaveInput): Promise<DesignSaveResult> {
  return api.post<DesignSaveResult>('/design/save', input);
}

export function getSavedDesign(id: number, signal?: AbortSignal): Promise<SavedDesign> {
  return api.get<SavedDesign>('/design/show', { id }, { signal });
}

export function useSavedDesign(id: number | null) {
  return useQuery({
    queryKey: designKeys.saved(id ?? 0),
    queryFn: ({ signal }) => getSavedDesign(id!, signal),
    enabled: id !== null,
    // The editor takes the design once; later edits live in the document store.
    staleTime: Infinity,
  });
}
