import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CartAttrOption,
  CartDeleteInput,
  CartLine,
  CartLineInput,
  CartSelectAllInput,
  CartSelectInput,
  CartView,
  EditCartNumInput,
  EditCartPurchaseInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

export const cartKeys = {
  all: sessionKeys.cart(),
  view: () => [...cartKeys.all, 'view'] as const,
  attr: (lineId: number) => [...cartKeys.all, 'attr', lineId] as const,
  settlements: () => [...cartKeys.all, 'settlement'] as const,
  settlement: (addressId: number | null) => [...cartKeys.settlements(), addressId] as const,
  addresses: () => [...cartKeys.all, 'addresses'] as const,
  countries: () => [...cartKeys.all, 'countries'] as const,
  regions: (countryCode: string) => [...cartKeys.all, 'regions', countryCode] as const,
};

const CART = '/shoppingcart';

export function getCart(signal?: AbortSignal) {
  return api.get<CartView>(`${CART}/cartList`, undefined, { signal });
}

export function getCartAttr(id: number, signal?: AbortSignal) {
  return api.get<CartAttrOption[]>(`${CART}/cartAttr`, { id }, { signal });
}

export const incrementLine = (input: CartLineInput) => api.post<CartView>(`${CART}/cartInc`, input);
export const decrementLine = (input: CartLineInput) => api.post<CartView>(`${CART}/cartDec`, input);
export const setLineQuantity = (input: EditCartNumInput) =>
  api.post<CartView>(`${CART}/editCartNum`, input);
export const switchLineSku = (input: EditCartPurchaseInput) =>
  api.post<CartView>(`${CART}/editCartPurchase`, input);
export const selectLine = (input: CartSelectInput) => api.post<CartView>(`${CART}/cartXz`, input);
export const selectAllLines = (input: CartSelectAllInput) =>
  api.post<CartView>(`${CART}/cartAll`, input);
export const deleteLines = (input: CartDeleteInput) => api.post<CartView>(`${CART}/cartDel`, input);
export const clearCart = (_input: void) => api.post<CartView>(`${CART}/delCart`, {});

export function useCart() {
  return useQuery({
    queryKey: cartKeys.view(),
    queryFn: ({ signal }) => getCart(signal),
  });
}

export function useCartAttr(lineId: number, enabled: boolean) {
  return useQuery({
    queryKey: cartKeys.attr(lineId),
    queryFn: ({ signal }) => getCartAttr(lineId, signal),
    enabled,
  });
}

/** The cart with one line changed as the server is expected to change it; totals wait for the answer. */
export function patchLine(view: CartView, id: number, patch: Partial<CartLine>): CartView {
  return {
    ...view,
    items: view.items.map((line) => {
      if (line.id !== id) return line;
      const next = { ...line, ...patch };
      return { ...next, line_total_minor: next.unit_price_minor * next.quantity };
    }),
  };
}

/** Mutations issued so far; only the newest one's answer is written, so a slow early answer cannot undo a later click. */
let issued = 0;

function settle(client: QueryClient, sequence: number, view: CartView): void {
  if (sequence === issued) client.setQueryData(cartKeys.view(), view);
  // Settlements price the selected lines, so any cart change makes them stale.
  void client.invalidateQueries({ queryKey: cartKeys.settlements() });
}

/**
 * A cart mutation: every one answers the whole cart, which replaces the cached one. With
 * `optimistic`, the expected change shows at once and the server's answer (or a refetch on
 * failure) wins afterwards.
 */
export function useCartMutation<I>(
  fn: (input: I) => Promise<CartView>,
  optimistic?: (input: I, view: CartView) => CartView,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      issued += 1;
      const sequence = issued;
      const current = client.getQueryData<CartView>(cartKeys.view());
      if (current && optimistic) client.setQueryData(cartKeys.view(), optimistic(input, current));
      const view = await fn(input);
      settle(client, sequence, view);
      return view;
    },
    onError: () => client.invalidateQueries({ queryKey: cartKeys.view() }),
  });
}
