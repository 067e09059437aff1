import { createHmac, timingSafeEqual } from 'node:crypto';

/** Shop domains Shopify sends in callbacks (reference 2.2; the widely used pattern, [U]). */
export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

/** Seconds a callback's `timestamp` may be away from now before it is refused (reference 2.2). */
export const CALLBACK_MAX_SKEW_SECONDS = 90;

/**
 * The message Shopify signs in an OAuth callback or app-URL request (reference 2.2): every query
 * parameter except `hmac` and `signature`, keys sorted with localeCompare, encoded by
 * URLSearchParams with `[]` appended to array keys, as shopify-app-js's ProcessedQuery does.
 */
export function callbackMessage(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  const keys = Object.keys(query)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort((a, b) => a.localeCompare(b));
  for (const key of keys) {
    const value = query[key]!;
    if (Array.isArray(value)) {
      for (const item of value) params.append(`${key}[]`, item);
    } else {
      params.append(key, value);
    }
  }
  // URLSearchParams writes spaces as `+`; Shopify's validator signs them as `%20`.
  return params.toString().replace(/\+/g, '%20');
}

/** Lowercase hex HMAC-SHA256 of the callback message, keyed with the app's client secret. */
export function callbackHmac(query: Record<string, string | string[]>, secret: string): string {
  return createHmac('sha256', secret).update(callbackMessage(query)).digest('hex');
}

export function verifyCallbackHmac(
  query: Record<string, string | string[]>,
  secret: string,
): boolean {
  const given = query.hmac;
  if (typeof given !== 'string') return false;
  return equalStrings(given, callbackHmac(query, secret));
}

/** Base64 HMAC-SHA256 of a webhook's raw body (reference 2.6). */
export function webhookHmac(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Checks `X-Shopify-Hmac-Sha256` against the raw body, never against re-serialized JSON. */
export function verifyWebhookHmac(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
): boolean {
  return header !== undefined && equalStrings(header, webhookHmac(rawBody, secret));
}

function equalStrings(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
