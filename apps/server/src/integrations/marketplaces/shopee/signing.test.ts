import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shopeeBaseString, shopeeSign } from './signing.ts';

// Shopee publishes no signature value, only the base-string example (reference 3.2, from
// https://open.shopee.com/documents?module=87&type=2&id=58&version=2): partner 2001887, path
// /api/v2/product/get_item_list, timestamp 1610000000, then the access token, then shop 322300222.
// The access token is the sample of Shopee's own API docs (`common_params.access_token.sample` in
// the v2 schema JSON, e.g. v2.product.update_price.json); the partner key is ours, since Shopee
// documents none. So the expected sign below is computed independently with node:crypto from the
// documented formula, and also pinned as a literal so a change in either shows up.
const PARTNER_ID = 2001887;
const PATH = '/api/v2/product/get_item_list';
const TIMESTAMP = 1610000000;
const ACCESS_TOKEN = 'c09222e3fc40ffb25fc947f738b1abf1';
const SHOP_ID = '322300222';
const PARTNER_KEY = 'sim-shopee-partner-key-not-for-real-use';

describe('Shopee signing (reference 3.2)', () => {
  it('builds the documented shop base string and signs it with lowercase hex HMAC-SHA256', () => {
    const base = shopeeBaseString(PARTNER_ID, PATH, TIMESTAMP, {
      kind: 'shop',
      accessToken: ACCESS_TOKEN,
      shopId: SHOP_ID,
    });
    expect(base).toBe(`2001887/api/v2/product/get_item_list1610000000${ACCESS_TOKEN}322300222`);
    const independent = createHmac('sha256', PARTNER_KEY).update(base).digest('hex');
    expect(shopeeSign(PARTNER_KEY, base)).toBe(independent);
    expect(shopeeSign(PARTNER_KEY, base)).toBe(
      'd13d88438eb2479f3caf9f5fa28cd5a828a5c973dad4bc7a44a2919591a888a0',
    );
  });

  it('signs public calls without token and merchant calls with merchant_id', () => {
    expect(
      shopeeBaseString(PARTNER_ID, '/api/v2/shop/auth_partner', TIMESTAMP, { kind: 'public' }),
    ).toBe('2001887/api/v2/shop/auth_partner1610000000');
    expect(shopeeSign(PARTNER_KEY, '2001887/api/v2/shop/auth_partner1610000000')).toBe(
      'e6dd281d7847fff14c2571c67f02b92960d79cf72de85887f2b1754864717a90',
    );
    expect(
      shopeeBaseString(PARTNER_ID, PATH, TIMESTAMP, {
        kind: 'merchant',
        accessToken: ACCESS_TOKEN,
        merchantId: '1000',
      }),
    ).toBe(`2001887/api/v2/product/get_item_list1610000000${ACCESS_TOKEN}1000`);
  });
});
