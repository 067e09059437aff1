import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressEditInput, AddressInput, Country, Region } from '@app/shared';
import { api } from '../../../api/client.ts';
import { cartKeys } from './cart.ts';

const CART = '/shoppingcart';

export function listAddresses(signal?: AbortSignal) {
  return api.get<Address[]>(`${CART}/addressList`, undefined, { signal });
}

export const addAddress = (input: AddressInput) => api.post<Address>(`${CART}/addressAdd`, input);
export const editAddress = (input: AddressEditInput) =>
  api.post<Address>(`${CART}/addressEdit`, input);
export const deleteAddress = (id: number) => api.post<unknown>(`${CART}/addressDel`, { id });
export const setDefaultAddress = (id: number) =>
  api.post<unknown>(`${CART}/addressDefault`, { id });

export function useAddresses() {
  return useQuery({
    queryKey: cartKeys.addresses(),
    queryFn: ({ signal }) => listAddresses(signal),
  });
}

/** Countries carry the shipping rates; they change rarely, so they are read once per visit. */
export function useCountries() {
  return useQuery({
    queryKey: cartKeys.countries(),
    queryFn: ({ signal }) => api.get<Country[]>('/common/countries', undefined, { signal }),
    staleTime: Infinity,
  });
}

export function useRegions(countryCode: string | undefined) {
  return useQuery({
    queryKey: cartKeys.regions(countryCode ?? ''),
    queryFn: ({ signal }) =>
      api.get<Region[]>('/common/address_new', { country_code: countryCode }, { signal }),
    enabled: !!countryCode,
    staleTime: Infinity,
  });
}

/** Address changes reload the list and the settlement, whose shipping depends on the address. */
export function useAddressMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: cartKeys.addresses() }),
        client.invalidateQueries({ queryKey: cartKeys.settlements() }),
      ]),
  });
}
