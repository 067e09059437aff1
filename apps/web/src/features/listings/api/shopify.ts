import type { ShopifyStepAllInput } from '@app/shared';
import { marketListingApi } from './market-listings.ts';

/** Shopify listings (`/api/shopify/publish/*`) through the shared marketplace listing client. */
export const shopifyApi = marketListingApi<ShopifyStepAllInput>('shopify');
