import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketStepAllInput, ShopeeSyncInput, ShopeeSyncResult } from '@app/shared';
import { api } from '../../../api/client.ts';
import { invalidateListings } from './listings.ts';
import { marketListingApi } from './market-listings.ts';

/** Shopee goods (`/api/shopee/goods/*`) through the shared marketplace listing client. */
export const shopeeApi = marketListingApi<MarketStepAllInput>('shopee');

/** `synchro`: pull one shop's items into the listing table; the lists refresh after. */
export function useShopeeSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopeeSyncInput) =>
      api.post<ShopeeSyncResult>('/shopee/goods/synchro', input),
    onSettled: () => invalidateListings(client),
  });
}
