import { paths } from '../../shared/paths.ts';

export const COLLECT_PATH = paths.finishedLibrary;
export const EDIT_PATH = '/goods/productHouseEdit';
export const SHARED_PATH = '/goods/productHouseG';
export const SHARED_DETAIL_PATH = '/goods/productHouseDetailG';
export const FAVOURITES_PATH = '/goods/MyPorductHowse';
export const RELATIVE_PATH = '/goods/relativeGoods';
/** The Amazon cloud warehouse; `?create=<ids>` opens its "list these products" dialog. */
export const AMAZON_LISTINGS_PATH = '/goods/collectyun';

export function editPath(id: number): string {
  return `${EDIT_PATH}?id=${id}`;
}

export function sharedDetailPath(id: number): string {
  return `${SHARED_DETAIL_PATH}?id=${id}`;
}

export function relativePath(id?: number): string {
  return id === undefined ? RELATIVE_PATH : `${RELATIVE_PATH}?id=${id}`;
}

/** The Shopify cloud warehouse; `?create=<ids>` opens its "Publish to… Shopify" dialog. */
export const SHOPIFY_LISTINGS_PATH = '/goods/shopifyyun';

export const TEMU_LISTINGS_PATH = '/goods/temuyun';
export const SHOPEE_LISTINGS_PATH = '/goods/shopeeyun';

const WAREHOUSES = {
  shopify: SHOPIFY_LISTINGS_PATH,
  temu: TEMU_LISTINGS_PATH,
  shopee: SHOPEE_LISTINGS_PATH,
};
export type PublishMarket = keyof typeof WAREHOUSES;

/** A marketplace's cloud warehouse with its "Publish to…" dialog open for these products. */
export function publishToPath(market: PublishMarket, ids: readonly number[]): string {
  return `${WAREHOUSES[market]}?create=${ids.join(',')}`;
}

export function listOnAmazonPath(ids: readonly number[]): string {
  return `${AMAZON_LISTINGS_PATH}?create=${ids.join(',')}`;
}
