import { describe, expect, it } from 'vitest';
import {
  callbackHmac,
  callbackMessage,
  verifyCallbackHmac,
  verifyWebhookHmac,
  webhookHmac,
} from './signing.ts';

describe('Shopify OAuth callback HMAC', () => {
  // Shopify's OAuth docs example ("Verify the installation request", secret "hush"), reproduced
  // verbatim in the tests of several public Shopify clients (e.g. gnikyt/Basic-Shopify-API).
  const docsQuery = {
    code: '0907a61c0c8d55e99db179b68161bc00',
    hmac: '4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20',
    shop: 'some-shop.myshopify.com',
    timestamp: '1337178173',
  };

  it('matches the documented vector', () => {
    expect(callbackMessage(docsQuery)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&timestamp=1337178173',
    );
    expect(callbackHmac(docsQuery, 'hush')).toBe(docsQuery.hmac);
    expect(verifyCallbackHmac(docsQuery, 'hush')).toBe(true);
  });

  it('refuses a changed parameter, a wrong secret and a missing hmac', () => {
    expect(verifyCallbackHmac({ ...docsQuery, shop: 'other-shop.myshopify.com' }, 'hush')).toBe(
      false,
    );
    expect(verifyCallbackHmac(docsQuery, 'hush!')).toBe(false);
    const { hmac: _hmac, ...unsigned } = docsQuery;
    expect(verifyCallbackHmac(unsigned, 'hush')).toBe(false);
  });

  it('leaves out `signature`, sorts with localeCompare and encodes spaces as %20', () => {
    // The message format of shopify-app-js lib/utils/__tests__/hmac-validator.test.ts
    // ("spaces in param values are percent-encoded (%20), not plus-encoded"; reference 2.2).
    expect(
      callbackMessage({
        timestamp: '1700000000',
        shop: 'myshop.myshopify.com',
        custom: 'hello world',
        signature: 'ignored',
        hmac: 'ignored',
      }),
    ).toBe('custom=hello%20world&shop=myshop.myshopify.com&timestamp=1700000000');
    expect(callbackMessage({ ids: ['1', '2'], shop: 'a.myshopify.com' })).toBe(
      'ids%5B%5D=1&ids%5B%5D=2&shop=a.myshopify.com',
    );
  });
});

describe('Shopify webhook HMAC', () => {
  // Shopify documents the algorithm (reference 2.6: base64 HMAC-SHA256 of the raw body with the
  // app secret) but publishes no numeric vector. This one was computed with that algorithm over
  // the body and secret below (`openssl dgst -sha256 -hmac hush -binary | base64`).
  const body = '{"id":820982911946154508,"email":"jon@example.com","total_price":"12.50"}';
  const expected = '8L3Fj0Sfrpz5sd/7h3YoLBgU93GehZMlRCKwI9Yoe1E=';

  it('signs the raw body as base64', () => {
    expect(webhookHmac(body, 'hush')).toBe(expected);
    expect(verifyWebhookHmac(Buffer.from(body), expected, 'hush')).toBe(true);
  });

  // JSON.parse loses the 64-bit id, so a re-serialized body no longer verifies.
  it('refuses a re-serialized body, another secret or no header', () => {
    const reserialized = JSON.stringify(JSON.parse(body));
    expect(verifyWebhookHmac(reserialized, expected, 'hush')).toBe(false);
    expect(verifyWebhookHmac(body, expected, 'other')).toBe(false);
    expect(verifyWebhookHmac(body, undefined, 'hush')).toBe(false);
  });
});
