import { useQuery } from '@tanstack/react-query';
import { permOf, type FinanceInfo, type PermRequirement } from '@app/shared';
import { api } from '../../api/client.ts';
import { useCan } from '../can.tsx';
import { financeKeys } from './finance-keys.ts';

/** Who may read `/finance/info`: the same requirement as the server route. */
export const FINANCE_INFO_PERM: PermRequirement = {
  or: [
    permOf('/my/accountPay', 'pay'),
    permOf('/my/recharge', 'add'),
    permOf('/my/consume', 'list'),
    permOf('/my/freezerecords', 'list'),
  ],
};

export function getFinanceInfo(signal?: AbortSignal) {
  return api.get<FinanceInfo>('/finance/info', undefined, { signal });
}

/**
 * Balance, frozen amount and member level. Asked only of users who may see it: a 403 would
 * send a staff member to the forbidden page from a screen that merely shows the balance.
 */
export function useFinanceInfo() {
  const allowed = useCan(FINANCE_INFO_PERM);
  return useQuery({
    queryKey: financeKeys.info(),
    queryFn: ({ signal }) => getFinanceInfo(signal),
    enabled: allowed,
  });
}
