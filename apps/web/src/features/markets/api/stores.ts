import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthApp,
  AuthorizationUrl,
  AuthorizationUrlInput,
  AuthorizedStore,
  IdInput,
  MarketIndexQuery,
  MediaBatchResult,
  ModifyAliasInput,
  ModifyStatusInput,
  SetStaffInput,
  StaffOption,
  Store,
  StoreAuthCheck,
  StorePage,
  StoreTokenInput,
  UpdateAliasInput,
  UpdateMarketInfoInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';
import { leaveApp } from '../../../shared/navigation.ts';

export const storeKeys = {
  all: [...sessionKeys.all, 'markets'] as const,
  lists: () => [...storeKeys.all, 'list'] as const,
  list: (query: MarketIndexQuery) => [...storeKeys.lists(), query] as const,
  authApps: () => [...storeKeys.all, 'auth-apps'] as const,
  staff: () => [...storeKeys.all, 'staff'] as const,
};

export function listStores(query: MarketIndexQuery, signal?: AbortSignal) {
  return api.get<StorePage>('/market/index', query, { signal });
}

export function useStores(query: MarketIndexQuery) {
  return useQuery({
    queryKey: storeKeys.list(query),
    queryFn: ({ signal }) => listStores(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuthApps(enabled: boolean) {
  return useQuery({
    queryKey: storeKeys.authApps(),
    queryFn: ({ signal }) =>
      api.get<AuthApp[]>('/market/get-auth-apps-list', undefined, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useStaffOptions(enabled: boolean) {
  return useQuery({
    queryKey: storeKeys.staff(),
    queryFn: ({ signal }) =>
      api.get<StaffOption[]>('/market/get-staff-list', undefined, { signal }),
    enabled,
  });
}

export const modifyStatus = (input: ModifyStatusInput) =>
  api.post<unknown>('/market/modify-status', input);
export const modifyAlias = (input: ModifyAliasInput) =>
  api.post<unknown>('/market/modify-alias', input);
export const updateAliases = (input: UpdateAliasInput) =>
  api.post<MediaBatchResult>('/market/updateAlias', input);
export const updateMarketInfo = (input: UpdateMarketInfoInput) =>
  api.post<unknown>('/market/update-market-info-submit', input);
export const setStaff = (input: SetStaffInput) => api.post<unknown>('/market/set-staff', input);
/** Asks the marketplace whether the authorization still works. */
export const checkAuthorization = (input: IdInput) =>
  api.post<StoreAuthCheck>('/market/status', input);
/** Refused with 409 while listings are being published to the store. */
export const deleteStore = (input: IdInput) => api.post<unknown>('/market/delMarket', input);

/** Starts the marketplace's OAuth: the browser leaves for its consent page and comes back to the callback. */
export async function startAuthorization(input: AuthorizationUrlInput): Promise<void> {
  const { url } = await api.post<AuthorizationUrl>('/market/get-authorization-url', input);
  leaveApp(url);
}

/** Temu's callback brings only a code: the signed-in seller's pending authorization takes it. */
export const completeAuthorization = (code: string) =>
  api.post<AuthorizedStore>('/market/complete-authorization', { code });

/** Temu's manual mode: the access token Seller Center shows. */
export const authorizeWithToken = (input: StoreTokenInput) =>
  api.post<AuthorizedStore>('/market/authorize-with-token', input);

/** Re-authorizes a store whose token expired or was revoked, on the same site and account. */
export function reauthorize(store: Store): Promise<void> {
  return startAuthorization({
    market_site_id: store.market_site_id,
    store_id: store.id,
    shop: store.marketplace === 'shopify' ? store.account : undefined,
  });
}

/** How many items of a batch call went through; a failed item never undoes the others. */
export function tally({ results }: MediaBatchResult): { ok: number; failed: number } {
  const ok = results.filter((r) => r.ok).length;
  return { ok, failed: results.length - ok };
}

/** A store mutation that refreshes the store lists (and the exempt brands' store names) once it settles. */
export function useStoreMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: storeKeys.lists() }),
  });
}
