import { createSign, createVerify } from 'node:crypto';

export type AlipayParams = Record<string, string>;

/** Requests are signed over every parameter but `sign`: `sign_type` is included (reference 5.2). */
export const REQUEST_UNSIGNED = ['sign'] as const;
/** Notifies and return URLs are verified without `sign` and `sign_type` (reference 5.5, step 1). */
export const NOTIFY_UNSIGNED = ['sign', 'sign_type'] as const;

/**
 * The string Alipay signs: `k=v` pairs sorted by key and joined with `&`, with raw (decoded)
 * values. Empty values are left out, as the gateway's own check does, so the simulator never
 * emits them either.
 */
export function signContent(params: AlipayParams, unsigned: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !unsigned.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** RSA2 = SHA256withRSA, base64. */
export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, sign: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, sign, 'base64');
  } catch {
    return false;
  }
}

/** Adds `sign_type` and the `sign` a merchant verifies as reference 5.5 describes. */
export function signNotifyParams(params: AlipayParams, alipayPrivateKey: string): AlipayParams {
  const signed = { ...params, sign_type: 'RSA2' };
  return { ...signed, sign: rsa2Sign(signContent(signed, NOTIFY_UNSIGNED), alipayPrivateKey) };
}
