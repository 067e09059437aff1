import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useTabsStore } from './tabs-store.ts';

/** Logout (or another login) clears the process tabs, as spec 4 "Session" asks. */
export function syncTabsWithSession(): () => void {
  return useAuthStore.subscribe((state, previous) => {
    if (state.token !== previous.token) useTabsStore.getState().reset();
  });
}
