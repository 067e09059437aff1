import { parseIds } from '../../shared/url-query.ts';

/** The order screens' paths (menu paths from the seed) and links between them. */
export const orderPaths = {
  desk: '/newOrder',
  fba: '/newOrder/FBAorder',
  logistics: '/newOrder/logistics',
  settlement: '/newOrder/settlement',
  cancellation: '/newOrder/cancellation',
  labels: '/newOrder/labels',
  declaration: '/newOrder/declaration',
  import: '/newOrder/import',
  markets: '/market/index',
  cart: '/goods/shoppingcart',
  checkout: '/goods/checkout',
  purchaseOrders: '/my/accountPay',
} as const;

/** A platform purchase order opened in the purchase-order page's drawer. */
export const purchaseOrderLink = (id: number) => `${orderPaths.purchaseOrders}?order=${id}`;

/** `path?ids=1,2,3` (plus any extra query), the form every batch screen reads. */
export function idsLink(path: string, ids: readonly number[], extra?: URLSearchParams): string {
  const params = new URLSearchParams(extra);
  params.delete('ids');
  params.set('ids', ids.join(','));
  return `${path}?${params.toString().replace(/%2C/g, ',')}`;
}

/** The positive, distinct ids of `?ids=`, at most 200; anything else in it is ignored. */
export function readIds(params: URLSearchParams): number[] {
  return parseIds(params.get('ids')).slice(0, 200);
}
