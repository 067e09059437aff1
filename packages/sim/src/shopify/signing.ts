import { createHmac } from 'node:crypto';

/** Shop domains Shopify serves (reference 2.2, [U] pattern). */
export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

/**
 * The HMAC Shopify puts on a callback (reference 2.2): all other parameters sorted with
 * localeCompare, URLSearchParams-encoded with spaces as %20, HMAC-SHA256 with the app secret in
 * lowercase hex.
 */
export function signCallback(params: Record<string, string>, secret: string): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(params).sort((a, b) => a.localeCompare(b))) {
    if (key !== 'hmac' && key !== 'signature') query.append(key, params[key]!);
  }
  const message = query.toString().replace(/\+/g, '%20');
  return createHmac('sha256', secret).update(message).digest('hex');
}
