import { useQuery } from '@tanstack/react-query';
import type { FinanceRule } from '@app/shared';
import { api } from '../../../api/client.ts';
import { financeKeys } from '../../../shared/payments/finance-keys.ts';

export function getFinanceRule(signal?: AbortSignal) {
  return api.get<FinanceRule>('/finance/rule', undefined, { signal });
}

/** Recharge minimum and bonus tiers; they change rarely. */
export function useFinanceRule() {
  return useQuery({
    queryKey: [...financeKeys.all, 'rule'],
    queryFn: ({ signal }) => getFinanceRule(signal),
    staleTime: 5 * 60_000,
  });
}
