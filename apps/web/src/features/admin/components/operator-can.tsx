import { checkPerm, permOf } from '@app/shared';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';

/**
 * The console's permission directive: whether the operator holds `<page>:<action>`
 * (`sys:log:clear`), by the same check the server makes; buttons without it are hidden.
 */
export function useOperatorCan(page: string): (action: string) => boolean {
  const perms = useOperatorStore((s) => s.perms);
  return (action) => checkPerm(perms, permOf(page, action));
}
