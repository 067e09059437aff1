import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyLevelInput, BuyLevelResult, MemberLevel } from '@app/shared';
import { api } from '../../../api/client.ts';
import { financeKeys } from '../../../shared/payments/finance-keys.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';
import type { Paying } from '../../../shared/payments/use-pay.ts';

/**
 * Public, with `current` marking the signed-in seller's level, so a signed-in answer lives under
 * the session keys and goes with the session.
 */
const levelKeys = {
  all: ['levels'] as const,
  list: (signedIn: boolean) =>
    signedIn ? ([...sessionKeys.all, ...levelKeys.all] as const) : levelKeys.all,
};

export function useMemberLevels(signedIn: boolean) {
  return useQuery({
    queryKey: levelKeys.list(signedIn),
    queryFn: ({ signal }) => api.get<MemberLevel[]>('/level/list', undefined, { signal }),
  });
}

export const buyLevel = ({ input, idempotencyKey }: Paying<BuyLevelInput>) =>
  api.post<BuyLevelResult>('/level/buy', input, { idempotencyKey });

/** A purchase moves money and the current level, so both reload. */
export function useBuyLevel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buyLevel,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: levelKeys.list(true) }),
        client.invalidateQueries({ queryKey: financeKeys.all }),
      ]),
  });
}
