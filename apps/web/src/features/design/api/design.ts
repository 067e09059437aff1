import { useQuery } from '@tanstack/react-query';
import type { DesignSaveInput, DesignSaveResult, JobState, SavedDesign } from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

/** How often a render job's progress is asked for while it runs. */
export const JOB_POLL_MS = 1000;

export const designKeys = {
  all: [...sessionKeys.all, 'design'] as const,
  saved: (id: number) => [...designKeys.all, 'saved', id] as const,
  job: (id: string) => [...designKeys.all, 'job', id] as const,
};

export function saveDesign(input: DesignSaveInput): Promise<DesignSaveResult> {
  return api.post<DesignSaveResult>('/design/save', input);
}

export function getSavedDesign(id: number, signal?: AbortSignal): Promise<SavedDesign> {
  return api.get<SavedDesign>('/design/show', { id }, { signal });
}

export function getJob(id: string, signal?: AbortSignal): Promise<JobState> {
  return api.get<JobState>(`/jobs/${encodeURIComponent(id)}`, undefined, { signal });
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

/** A render job's state, asked for again every second until it has finished. */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: designKeys.job(id ?? ''),
    queryFn: ({ signal }) => getJob(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : JOB_POLL_MS;
    },
  });
}
