import type { MarketStepAllInput } from '@app/shared';
import { marketListingApi } from './market-listings.ts';

/** Temu listings (`/api/temu/publish/*`) through the shared marketplace listing client. */
export const temuApi = marketListingApi<MarketStepAllInput>('temu');
