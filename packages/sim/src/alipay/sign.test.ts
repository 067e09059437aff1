import { describe, expect, it } from 'vitest';
import { SIM_ALIPAY_DEFAULTS } from './keys.ts';
import {
  NOTIFY_UNSIGNED,
  REQUEST_UNSIGNED,
  rsa2Sign,
  rsa2Verify,
  signContent,
  signNotifyParams,
} from './sign.ts';

const keys = SIM_ALIPAY_DEFAULTS;

describe('Alipay RSA2 sign strings', () => {
  it('builds the gateway string of a request: sorted, raw values, sign_type kept, sign left out', () => {
    // The string the real gateway reported for these parameters, quoted in alipay-sdk 4.14.0
    // src/alipay.ts (#formatExecHttpResponse comment, isv.invalid-signature example).
    const params = {
      timestamp: '2024-05-13 17:49:20',
      method: 'alipay.security.risk.content.analyze',
      app_id: '2021000122671080',
      sign_type: 'RSA2',
      version: '1.0',
      charset: 'utf-8',
      sign: 'ignored',
    };
    expect(signContent(params, REQUEST_UNSIGNED)).toBe(
      'app_id=2021000122671080&charset=utf-8&method=alipay.security.risk.content.analyze' +
        '&sign_type=RSA2&timestamp=2024-05-13 17:49:20&version=1.0',
    );
  });

  it('leaves sign_type and empty values out of a notify string and keeps JSON raw', () => {
    // Reference 5.5, verification step 1; biz_content-like JSON values are signed as they are.
    const params = { b: '{"x":"1 2"}', a: 'é&', sign_type: 'RSA2', sign: 's', empty: '' };
    expect(signContent(params, NOTIFY_UNSIGNED)).toBe('a=é&&b={"x":"1 2"}');
  });

  it('signs with SHA256withRSA so the matching public key verifies and no other does', () => {
    const sign = rsa2Sign('a=1&b=2', keys.alipayPrivateKey);
    expect(rsa2Verify('a=1&b=2', sign, keys.alipayPublicKey)).toBe(true);
    expect(rsa2Verify('a=1&b=3', sign, keys.alipayPublicKey)).toBe(false);
    expect(rsa2Verify('a=1&b=2', sign, keys.appPublicKey)).toBe(false);
    expect(rsa2Verify('a=1&b=2', 'not base64 at all', keys.alipayPublicKey)).toBe(false);
  });

  it('pairs the committed test keys', () => {
    const appSign = rsa2Sign('x', keys.appPrivateKey);
    expect(rsa2Verify('x', appSign, keys.appPublicKey)).toBe(true);
  });

  it('signs notify params over everything but sign and sign_type', () => {
    const signed = signNotifyParams({ trade_status: 'TRADE_SUCCESS' }, keys.alipayPrivateKey);
    expect(signed.sign_type).toBe('RSA2');
    expect(rsa2Verify('trade_status=TRADE_SUCCESS', signed.sign!, keys.alipayPublicKey)).toBe(true);
  });
});
