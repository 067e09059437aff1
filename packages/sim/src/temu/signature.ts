import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Temu's sign (reference 4.3): MD5 over `secret + key+value pairs sorted by key + secret`,
 * uppercase; strings raw, everything else as compact JSON. The simulator parses the body with
 * `JSON.parse`, which keeps nested key order, so re-serializing gives the bytes the client sent.
 */
export function temuSign(params: Record<string, unknown>, appSecret: string): string {
  const joined = Object.keys(params)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => {
      const value = params[key];
      return key + (typeof value === 'string' ? value : JSON.stringify(value));
    })
    .join('');
  return createHash('md5')
    .update(appSecret + joined + appSecret, 'utf8')
    .digest('hex')
    .toUpperCase();
}

export function signMatches(params: Record<string, unknown>, appSecret: string): boolean {
  const given = Buffer.from(String(params.sign ?? ''));
  const expected = Buffer.from(temuSign(params, appSecret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
