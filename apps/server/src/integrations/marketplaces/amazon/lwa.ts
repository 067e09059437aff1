import { MarketplaceError, type StoreAuth } from '../connector.ts';
import type { MarketHttp, MarketResponse } from '../http.ts';

export interface LwaCredentials {
  clientId: string;
  clientSecret: string;
  lwaTokenUrl: string;
}

export type LwaGrant =
  | { grant_type: 'authorization_code'; code: string; redirect_uri: string }
  | { grant_type: 'refresh_token'; refresh_token: string }
  | { grant_type: 'client_credentials'; scope: string };

export interface LwaTokens {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
}

export const LWA_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

/**
 * The LWA token request of reference 1.3: a form-encoded POST with the grant's parameters
 * followed by the client credentials. SP-API has no request signing of its own (1.5), so this
 * encoding is the only "signature" the Amazon connector produces.
 */
export function lwaTokenRequest(
  credentials: LwaCredentials,
  grant: LwaGrant,
): { headers: Record<string, string>; body: URLSearchParams } {
  const body = new URLSearchParams(grant);
  body.set('client_id', credentials.clientId);
  body.set('client_secret', credentials.clientSecret);
  return { headers: { 'content-type': LWA_CONTENT_TYPE, accept: 'application/json' }, body };
}

/** LWA answers in the OAuth2 error shape `{"error","error_description"}` (reference 1.3). */
function lwaError(res: MarketResponse): MarketplaceError {
  const body = (res.json ?? {}) as { error?: unknown; error_description?: unknown };
  const code = typeof body.error === 'string' ? body.error : `http_${res.status}`;
  const message =
    typeof body.error_description === 'string'
      ? body.error_description
      : `LWA answered HTTP ${res.status}`;
  const kind =
    res.status === 429
      ? 'rate_limit'
      : res.status >= 500
        ? 'unavailable'
        : ['invalid_grant', 'invalid_client', 'unauthorized_client'].includes(code)
          ? 'auth'
          : typeof body.error === 'string'
            ? 'validation'
            : 'protocol';
  return new MarketplaceError('amazon', kind, code, message, res.status);
}

export async function requestLwaToken(
  http: MarketHttp,
  credentials: LwaCredentials,
  grant: LwaGrant,
): Promise<LwaTokens> {
  const { headers, body } = lwaTokenRequest(credentials, grant);
  const res = await http.request({ method: 'POST', url: credentials.lwaTokenUrl, headers, body });
  if (res.status !== 200) throw lwaError(res);
  const tokens = res.json as Partial<LwaTokens> | undefined;
  if (!tokens || typeof tokens.access_token !== 'string' || typeof tokens.expires_in !== 'number') {
    throw new MarketplaceError('amazon', 'protocol', 'lwa_response', 'LWA sent no access token');
  }
  return tokens as LwaTokens;
}

/** A StoreAuth from an LWA answer; the refresh token stays when LWA does not send a new one. */
export function authFromTokens(
  tokens: LwaTokens,
  base: { account: string; refreshToken: string | null; extra: Record<string, string> },
  nowSeconds: number,
): StoreAuth {
  return {
    account: base.account,
    accessToken: tokens.access_token,
    accessTokenExpiresAt: nowSeconds + tokens.expires_in,
    refreshToken: tokens.refresh_token ?? base.refreshToken,
    extra: base.extra,
  };
}
