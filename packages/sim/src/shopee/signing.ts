import { createHmac, timingSafeEqual } from 'node:crypto';
import { paramError, ShopeeError } from './errors.ts';

/** Reference 3.2: lowercase hex HMAC-SHA256 of the plain concatenation, keyed with the partner key. */
export function shopeeSign(partnerKey: string, ...parts: Array<string | number>): string {
  return createHmac('sha256', partnerKey).update(parts.join('')).digest('hex');
}

/** Seconds a timestamp stays valid (reference 3.2: "expires after 5 minutes"). */
export const TIMESTAMP_WINDOW = 300;

export interface CommonParams {
  partnerId: number;
  timestamp: number;
  sign: string;
}

/** Checks partner_id, timestamp and sign presence and freshness; the sign itself is checked by `verifySign`. */
export function readCommonParams(
  query: URLSearchParams,
  partnerId: number,
  nowSeconds: number,
): CommonParams {
  const partner = query.get('partner_id');
  if (!partner) throw paramError('There is no partner_id in query.');
  if (Number(partner) !== partnerId) throw paramError('Invalid partner_id.');
  const ts = query.get('timestamp');
  if (!ts) throw paramError('no timestamp');
  const timestamp = Number(ts);
  if (!Number.isInteger(timestamp) || timestamp < 0) {
    throw paramError('Timestamp is invalid, should be an integer between 0 and 4294967295.');
  }
  if (Math.abs(nowSeconds - timestamp) > TIMESTAMP_WINDOW)
    throw paramError('Timestamp is expired.');
  const sign = query.get('sign');
  if (!sign) throw paramError('There is no sign in query.');
  return { partnerId, timestamp, sign };
}

export function verifySign(partnerKey: string, sign: string, ...parts: Array<string | number>) {
  const expected = Buffer.from(shopeeSign(partnerKey, ...parts));
  const given = Buffer.from(sign);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ShopeeError('error_sign', 'Wrong sign.', 403);
  }
}
