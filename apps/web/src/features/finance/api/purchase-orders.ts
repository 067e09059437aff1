import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelPurchaseOrderInput,
  PurchaseOrder,
  PurchaseOrderPage,
  PurchaseOrderQuery,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { financeKeys } from '../../../shared/payments/finance-keys.ts';
import type { Paying } from '../../../shared/payments/use-pay.ts';

export const purchaseOrderKeys = {
  all: [...financeKeys.all, 'purchase-orders'] as const,
  list: (query: PurchaseOrderQuery) => [...purchaseOrderKeys.all, 'list', query] as const,
  detail: (id: number) => [...purchaseOrderKeys.all, 'detail', id] as const,
};

export function listPurchaseOrders(query: PurchaseOrderQuery, signal?: AbortSignal) {
  return api.get<PurchaseOrderPage>('/purchase-order/list', query, { signal });
}

export function usePurchaseOrders(query: PurchaseOrderQuery) {
  return useQuery({
    queryKey: purchaseOrderKeys.list(query),
    queryFn: ({ signal }) => listPurchaseOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function getPurchaseOrder(id: number, signal?: AbortSignal) {
  return api.get<PurchaseOrder>('/purchase-order/show', { id }, { signal });
}

export function usePurchaseOrder(id: number | null) {
  return useQuery({
    queryKey: purchaseOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getPurchaseOrder(id!, signal),
    enabled: id !== null,
  });
}

/** Refunds a paid order where it was paid from, so it carries an idempotency key as payments do. */
export function cancelPurchaseOrder({ input, idempotencyKey }: Paying<CancelPurchaseOrderInput>) {
  return api.post<unknown>('/purchase-order/cancel', input, { idempotencyKey });
}

export function useCancelPurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPurchaseOrder,
    // A refund moves money: balance, ledger and bill change with the order.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
