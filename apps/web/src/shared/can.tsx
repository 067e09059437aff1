import type { ReactNode } from 'react';
import { checkPerm, type PermRequirement } from '@app/shared';
import { useAuthStore } from './auth/auth-store.ts';

/** Whether the signed-in user holds `perm` (spec 5 rules, the same function the server uses). */
export function useCan(perm: PermRequirement | null | undefined): boolean {
  const perms = useAuthStore((s) => s.perms);
  return checkPerm(perms, perm);
}

/** Renders its children only when the permission check passes (spec 6: hidden otherwise). */
export function Can({
  perm,
  children,
  fallback = null,
}: {
  perm: PermRequirement;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(perm) ? children : fallback;
}
