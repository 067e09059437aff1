import { createHash } from 'node:crypto';

/**
 * How one value enters the sign string (reference 4.3): strings raw, objects and arrays as
 * compact JSON, numbers and booleans as their JSON text. `JSON.stringify` of the whole body
 * serializes nested values the same way, so the signed text is exactly the text sent.
 */
function signValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Temu's `sign`: MD5 of `secret + sorted key/value pairs + secret`, uppercase hex. */
export function signTemu(params: Record<string, unknown>, appSecret: string): string {
  const joined = Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined)
    .sort()
    .map((key) => key + signValue(params[key]))
    .join('');
  return createHash('md5')
    .update(appSecret + joined + appSecret, 'utf8')
    .digest('hex')
    .toUpperCase();
}
