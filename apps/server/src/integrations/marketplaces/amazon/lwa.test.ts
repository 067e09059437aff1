import { describe, expect, it } from 'vitest';
import { lwaTokenRequest } from './lwa.ts';

/*
 * SP-API has no request signing: since 2023-10-02 it ignores AWS SigV4 and checks only the LWA
 * access token (reference 1.5, https://developer-docs.amazon.com/sp-api/changelog/sp-api-will-no-longer-require-aws-iam-or-aws-signature-version-4).
 * What the connector must get exactly right instead is the LWA token request of reference 1.3:
 * POST, `Content-Type: application/x-www-form-urlencoded;charset=UTF-8`, and the form
 * parameters it lists. The docs give no byte-level example, so the expected bodies below are
 * the documented parameters, form-encoded by hand (`|` → %7C, `:` → %3A, `/` → %2F).
 */
const credentials = {
  clientId: 'amzn1.application-oa2-client.0123456789abcdef',
  clientSecret: 'secret+/=',
  lwaTokenUrl: 'https://api.amazon.com/auth/o2/token',
};

describe('LWA token request (reference 1.3)', () => {
  it('encodes the refresh_token grant as the documented form', () => {
    const { headers, body } = lwaTokenRequest(credentials, {
      grant_type: 'refresh_token',
      refresh_token: 'Atzr|IQEBLzAt',
    });
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(body.toString()).toBe(
      'grant_type=refresh_token&refresh_token=Atzr%7CIQEBLzAt' +
        '&client_id=amzn1.application-oa2-client.0123456789abcdef&client_secret=secret%2B%2F%3D',
    );
  });

  it('encodes the authorization_code grant with the redirect_uri', () => {
    const { body } = lwaTokenRequest(credentials, {
      grant_type: 'authorization_code',
      code: 'ANDGXVGmVJJkvmOiGnQt',
      redirect_uri: 'https://your.app/cb',
    });
    expect(body.toString()).toBe(
      'grant_type=authorization_code&code=ANDGXVGmVJJkvmOiGnQt&redirect_uri=https%3A%2F%2Fyour.app%2Fcb' +
        '&client_id=amzn1.application-oa2-client.0123456789abcdef&client_secret=secret%2B%2F%3D',
    );
  });
});
