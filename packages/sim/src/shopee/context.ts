import type { OrderPace } from '../http.ts';
import type { Body } from './params.ts';
import type { ShopeeStore, ShopState } from './state.ts';

/** What a shop API handler sees once the call is signed and its token checked. */
export interface ShopContext {
  shopId: number;
  shop: ShopState;
  store: ShopeeStore;
  query: URLSearchParams;
  body: Body;
  /** Unix seconds. */
  now: number;
  publicUrl: string;
  pace?: OrderPace;
}
