import { useQuery } from '@tanstack/react-query';
import type { JobState } from '@app/shared';
import { api, type Session } from '../../api/client.ts';
import { sessionKeys } from '../session/session-keys.ts';

/** How often a running job's progress is asked for. */
export const JOB_POLL_MS = 1000;

export const jobKeys = {
  all: [...sessionKeys.all, 'jobs'] as const,
  one: (id: string) => [...jobKeys.all, id] as const,
};

export const isJobFinished = (job: JobState | undefined) =>
  job?.status === 'succeeded' || job?.status === 'failed';

/** `session`: the operator's console follows the jobs it started with its own session. */
export function getJob(
  id: string,
  signal?: AbortSignal,
  session: Session = 'seller',
): Promise<JobState> {
  return api.get<JobState>(`/jobs/${encodeURIComponent(id)}`, undefined, { signal, session });
}

/** A job's state (`GET /api/jobs/:id`), asked for again every second until it has finished. */
export function useJob(id: string | null, session: Session = 'seller') {
  return useQuery({
    queryKey: [...jobKeys.one(id ?? ''), session],
    queryFn: ({ signal }) => getJob(id!, signal, session),
    enabled: id !== null,
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : JOB_POLL_MS),
  });
}

/**
 * Follows several jobs until every one has finished, reporting their states after each round
 * (undefined until a job's first answer); resolves with the final states.
 */
export async function followJobs(
  ids: readonly string[],
  onUpdate: (states: Array<JobState | undefined>) => void,
): Promise<JobState[]> {
  let states: Array<JobState | undefined> = ids.map(() => undefined);
  onUpdate(states);
  while (!states.every(isJobFinished)) {
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
    states = await Promise.all(
      ids.map((id, i) => (isJobFinished(states[i]) ? states[i] : getJob(id))),
    );
    onUpdate(states);
  }
  return states as JobState[];
}

/** One percentage for several jobs: finished ones count as 100. */
export function jobsPercent(states: ReadonlyArray<JobState | undefined>): number {
  if (states.length === 0) return 0;
  const sum = states.reduce((acc, j) => acc + (isJobFinished(j) ? 100 : (j?.progress ?? 0)), 0);
  return Math.round(sum / states.length);
}
