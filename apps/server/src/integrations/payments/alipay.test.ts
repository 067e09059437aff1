import { describe, expect, it } from 'vitest';
import { rawJsonValue, signContent } from './alipay.ts';

describe('alipay helpers', () => {
  it('takes the exact text of the response value, braces inside strings included', () => {
    // Shape of a trade.query answer, reference 5.2.
    const inner =
      '{"code":"10000","msg":"Su}c{ess \\"q\\"","nested":{"a":1},"total_amount":"88.88"}';
    const text = `{"alipay_trade_query_response":${inner},"sign":"abc"}`;
    expect(rawJsonValue(text, 'alipay_trade_query_response')).toBe(inner);
    expect(rawJsonValue(text, 'alipay_trade_close_response')).toBeNull();
  });

  it('signs sorted raw k=v pairs without the unsigned keys and empty values', () => {
    // Reference 5.2 steps 1-3 and 5.5 step 1.
    const params = { b: '2', sign: 'x', a: '{"k":"v w"}', sign_type: 'RSA2', empty: '' };
    expect(signContent(params, ['sign'])).toBe('a={"k":"v w"}&b=2&sign_type=RSA2');
    expect(signContent(params, ['sign', 'sign_type'])).toBe('a={"k":"v w"}&b=2');
  });
});
