import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FbaPodOrder,
  FbaPodPage,
  FbaPodProduct,
  FbaPodQuote,
  FbaPodQuoteInput,
  FbaPodSubmitInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { financeKeys } from '../../../shared/payments/finance-keys.ts';
import type { Paying } from '../../../shared/payments/use-pay.ts';
import { fbaKeys } from './fba.ts';

/** POD to FBA: the seller's purchase of finished products for a store's FBA stock. */
export const podKeys = {
  all: [...fbaKeys.all, 'pod'] as const,
  products: (marketId: number, keyword: string) =>
    [...podKeys.all, 'products', marketId, keyword] as const,
  quote: (input: FbaPodQuoteInput) => [...podKeys.all, 'quote', input] as const,
  list: () => [...podKeys.all, 'list'] as const,
};

export function usePodProducts(marketId: number | null, keyword: string) {
  return useQuery({
    queryKey: podKeys.products(marketId ?? 0, keyword),
    queryFn: ({ signal }) =>
      api.post<FbaPodProduct[]>(
        '/fba/pod-products',
        { market_id: marketId, ...(keyword ? { keyword } : {}) },
        { signal },
      ),
    enabled: marketId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The quote of what is picked, asked again whenever the pick changes. */
export function usePodQuote(input: FbaPodQuoteInput | null) {
  return useQuery({
    queryKey: podKeys.quote(input ?? { market_id: 0, items: [] }),
    queryFn: ({ signal }) => api.post<FbaPodQuote>('/fba/pod-quote', input, { signal }),
    enabled: input !== null && input.items.length > 0,
    retry: false,
  });
}

export function usePodOrders() {
  return useQuery({
    queryKey: podKeys.list(),
    queryFn: ({ signal }) => api.post<FbaPodPage>('/fba/pod-list', { limit: 50 }, { signal }),
  });
}

/** Pays the purchase (one key per intent, so a retried click never pays twice). */
export function useSubmitPod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Paying<FbaPodSubmitInput>) =>
      api.post<FbaPodOrder>('/fba/pod-submit', input, { idempotencyKey }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: podKeys.all });
      void client.invalidateQueries({ queryKey: financeKeys.all });
    },
  });
}
