import { describe, expect, it } from 'vitest';
import { signTemu } from './signing.ts';

/**
 * The official example of "Signature Method for API request" (partner-us.temu.com
 * documentation, menu 38e79b35…, steps 1-5), as copied in github.com/vanky2viva/temu-omni
 * `temu-partner-documentation.md` (reference 4.3 shows it truncated): these inputs with
 * app_secret c7e0a1a6… sign to 4CCF219942D4180C6DDA3CE36C1B838F. Nested keys keep the order of
 * the documented step-1 JSON, which is the order the string of step 3 shows.
 */
const officialExample = {
  access_token: '2nifvmpyymvypwmcms5ct4uqqudrwgpmzbcnmkt1jzjkuaf3x56iixym',
  app_key: 'f9d5cc9313893a20d5aa85c654e8f503',
  data_type: 'JSON',
  sendRequestList: [
    {
      orderSendInfoList: [
        {
          quantity: 1,
          orderSn: '211-21905473070712792',
          parentOrderSn: 'PO-211-21905452099192792',
          goodsId: 601099548666279,
          skuId: 17592352673534,
        },
      ],
      carrierId: '699272611',
      trackingNumber: '270324232756',
    },
  ],
  sendType: 0,
  timestamp: 1711009072,
  type: 'bg.logistics.shipment.confirm',
};
const officialSecret = 'c7e0a1a63542be4de3cb5488f9fba8149e8fc290';

describe('signTemu', () => {
  it('reproduces the official example', () => {
    expect(signTemu(officialExample, officialSecret)).toBe('4CCF219942D4180C6DDA3CE36C1B838F');
  });

  it('ignores top-level key order and an existing sign', () => {
    const reversed = Object.fromEntries(Object.entries(officialExample).reverse());
    expect(signTemu({ ...reversed, sign: 'X' }, officialSecret)).toBe(
      '4CCF219942D4180C6DDA3CE36C1B838F',
    );
  });

  it('changes with the secret, a value, or the order of nested keys', () => {
    expect(signTemu(officialExample, `${officialSecret}0`)).not.toBe(
      '4CCF219942D4180C6DDA3CE36C1B838F',
    );
    expect(signTemu({ ...officialExample, sendType: 1 }, officialSecret)).not.toBe(
      '4CCF219942D4180C6DDA3CE36C1B838F',
    );
    const [first] = officialExample.sendRequestList;
    const reordered = [{ carrierId: first!.carrierId, ...first }];
    expect(signTemu({ ...officialExample, sendRequestList: reordered }, officialSecret)).not.toBe(
      '4CCF219942D4180C6DDA3CE36C1B838F',
    );
  });
});
