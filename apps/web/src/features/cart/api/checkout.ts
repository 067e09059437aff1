import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  OrderChange,
  type OrderSubmitInput,
  type OrderSubmitResult,
  type Settlement,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { isApiError } from '../../../api/api-error.ts';
import { cartKeys } from './cart.ts';

const CART = '/shoppingcart';

export function getSettlement(addressId: number | null, signal?: AbortSignal) {
  return api.post<Settlement>(
    `${CART}/settlement`,
    addressId === null ? {} : { address_id: addressId },
    { signal },
  );
}

/** Prices the selected lines for `addressId`, or for the default address while none is picked. */
export function useSettlement(addressId: number | null) {
  return useQuery({
    queryKey: cartKeys.settlement(addressId),
    queryFn: ({ signal }) => getSettlement(addressId, signal),
    // Switching the address keeps the old totals on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function submitOrder({ input, key }: { input: OrderSubmitInput; key: string }) {
  return api.post<OrderSubmitResult>(`${CART}/orderSubmit`, input, { idempotencyKey: key });
}

/** The submitted lines leave the cart, so the cart and every settlement reload. */
export function useSubmitOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSettled: () => client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

const ChangesData = z.object({ changes: z.array(OrderChange) });

/** The differences a 409 from orderSubmit lists, or null for any other failure. */
export function orderChangesOf(error: unknown): OrderChange[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = ChangesData.safeParse(error.data);
  return parsed.success ? parsed.data.changes : null;
}
