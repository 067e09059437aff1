import { createHmac } from 'node:crypto';

/** Who a call acts for (reference 3.2): nobody (auth, token, media), a shop, or a merchant. */
export type ShopeeCaller =
  | { kind: 'public' }
  | { kind: 'shop'; accessToken: string; shopId: string }
  | { kind: 'merchant'; accessToken: string; merchantId: string };

/** Reference 3.2: the plain concatenation, with the `/api/v2/...` path and no separators. */
export function shopeeBaseString(
  partnerId: number,
  path: string,
  timestamp: number,
  caller: ShopeeCaller,
): string {
  const base = `${partnerId}${path}${timestamp}`;
  if (caller.kind === 'shop') return `${base}${caller.accessToken}${caller.shopId}`;
  if (caller.kind === 'merchant') return `${base}${caller.accessToken}${caller.merchantId}`;
  return base;
}

/** Lowercase hex HMAC-SHA256 of the base string, keyed with the partner key. */
export function shopeeSign(partnerKey: string, baseString: string): string {
  return createHmac('sha256', partnerKey).update(baseString).digest('hex');
}
