import { useQuery } from '@tanstack/react-query';
import type { BillMonth } from '@app/shared';
import { api } from '../../../api/client.ts';
import { financeKeys } from '../../../shared/payments/finance-keys.ts';

export function getBill(year: number, signal?: AbortSignal) {
  return api.get<BillMonth[]>('/finance/bill', { year }, { signal });
}

/** The twelve monthly statements of `year`. */
export function useBill(year: number) {
  return useQuery({
    queryKey: [...financeKeys.all, 'bill', year],
    queryFn: ({ signal }) => getBill(year, signal),
  });
}

/** One month's ledger as a CSV file; `month` is `YYYY-MM`. */
export function exportBillMonth(month: string): Promise<Blob> {
  return api.getBlob('/finance/bill/export', { month });
}
