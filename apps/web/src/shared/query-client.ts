import { QueryCache, QueryClient } from '@tanstack/react-query';
import { reportError } from '../api/form-errors.ts';
import { useAuthStore } from './auth/auth-store.ts';
import { sessionKeys } from './session/session-keys.ts';

/**
 * The console's server-state cache. Only signed-in screens import it, so the public and
 * login pages never download TanStack Query.
 */
export const queryClient = new QueryClient({
  // Screens show their own mutation errors (often on form fields); failed reads are reported here once.
  queryCache: new QueryCache({ onError: (error) => reportError(error) }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Another token means another account: never show the previous one's cached answers.
useAuthStore.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.removeQueries({ queryKey: sessionKeys.all });
});
