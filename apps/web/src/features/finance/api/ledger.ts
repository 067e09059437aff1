import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LedgerPage, LedgerQuery } from '@app/shared';
import { api } from '../../../api/client.ts';
import { financeKeys } from '../../../shared/payments/finance-keys.ts';

export const ledgerKeys = {
  all: [...financeKeys.all, 'ledger'] as const,
  list: (query: LedgerQuery) => [...ledgerKeys.all, 'list', query] as const,
  frozen: (query: LedgerQuery) => [...ledgerKeys.all, 'frozen', query] as const,
};

export function listLedger(query: LedgerQuery, signal?: AbortSignal) {
  return api.get<LedgerPage>('/finance/detail', query, { signal });
}

/** Every money movement, newest first. */
export function useLedger(query: LedgerQuery) {
  return useQuery({
    queryKey: ledgerKeys.list(query),
    queryFn: ({ signal }) => listLedger(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function listFrozen(query: LedgerQuery, signal?: AbortSignal) {
  return api.get<LedgerPage>('/finance/frozen', query, { signal });
}

/** Freeze and unfreeze movements only. */
export function useFrozenRecords(query: LedgerQuery) {
  return useQuery({
    queryKey: ledgerKeys.frozen(query),
    queryFn: ({ signal }) => listFrozen(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The ledger under the same filters as a CSV file (paging does not apply). */
export function exportLedger({ kind, start, end }: LedgerQuery): Promise<Blob> {
  return api.getBlob('/finance/export', { kind, start, end });
}
