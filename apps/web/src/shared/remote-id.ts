/**
 * A marketplace's id as its own back office shows it: Shopify's API ids
 * (`gid://shopify/Order/5521…`, `gid://shopify/Product/1002`) are the number at their end; other
 * marketplaces' ids (Amazon's order ids and ASINs, Temu's, Shopee's) as they are.
 */
export function readableRemoteId(remoteId: string | null): string | null {
  return remoteId?.replace(/^gid:\/\/shopify\/\w+\/(\d+)$/, '$1') ?? null;
}
