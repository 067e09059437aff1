import { randomUUID } from 'node:crypto';
import { escapeHtml, type SignedTokens } from '../http.ts';
import { LwaError, unauthorized } from './errors.ts';

export const ACCESS_PREFIX = 'Atza|';
export const REFRESH_PREFIX = 'Atzr|';
const CODE_PREFIX = 'ANsim';
/** Reference 1.4: the code must be exchanged within five minutes. */
const CODE_TTL_SECONDS = 300;
const REFRESH_TTL_SECONDS = 10 * 365 * 86_400;
const DEFAULT_SELLER = 'A3SIMSELLER0001';

export interface AuthDeps {
  tokens: SignedTokens;
  clientId: string;
  clientSecret: string;
  appId: string;
  appName: string;
  accessTokenTtlSeconds: number;
  now: () => Date;
}

export interface LwaTokenResponse {
  access_token: string;
  /** Absent for a grantless (client_credentials) token. */
  refresh_token?: string;
  token_type: 'bearer';
  expires_in: number;
}

export function issueTokens(
  deps: AuthDeps,
  account: string,
): LwaTokenResponse & { refresh_token: string } {
  const claims = { sp: account, app: deps.clientId };
  return {
    access_token: deps.tokens.issue(ACCESS_PREFIX, claims, deps.accessTokenTtlSeconds, deps.now()),
    refresh_token: deps.tokens.issue(REFRESH_PREFIX, claims, REFRESH_TTL_SECONDS, deps.now()),
    token_type: 'bearer',
    expires_in: deps.accessTokenTtlSeconds,
  };
}

/** The selling partner an `x-amz-access-token` acts for, or SP-API's 403 refusal. */
export function verifyAccessToken(deps: AuthDeps, token: string | undefined): string {
  if (!token) throw unauthorized('Access token is missing in the request header.');
  const claims = deps.tokens.verify(ACCESS_PREFIX, token, deps.now());
  if (claims === 'expired') throw unauthorized('The access token you provided has expired.');
  if (!claims || claims.app !== deps.clientId) {
    throw unauthorized('The access token you provided is revoked, malformed or invalid.');
  }
  return String(claims.sp);
}

/**
 * `POST /auth/o2/token` (reference 1.3). Errors use the OAuth2 shape with the texts LWA sends:
 * `invalid_client` "Client authentication failed" (401) and `invalid_grant` "The request has an
 * invalid grant parameter : code" (400), as quoted in jlevers/selling-partner-api#602 and
 * amzn/selling-partner-api-models#1099.
 */
export function exchangeToken(
  deps: AuthDeps,
  contentType: string,
  raw: string,
  usedCodes: Set<string>,
): LwaTokenResponse {
  if (!/^application\/x-www-form-urlencoded/i.test(contentType)) {
    throw new LwaError(400, 'invalid_request', 'The Content-Type is not supported.');
  }
  const form = new URLSearchParams(raw);
  const param = (name: string) => {
    const value = form.get(name);
    if (!value) {
      throw new LwaError(
        400,
        'invalid_request',
        `The request is missing a required parameter : ${name}`,
      );
    }
    return value;
  };
  const grantType = param('grant_type');
  if (param('client_id') !== deps.clientId || param('client_secret') !== deps.clientSecret) {
    throw new LwaError(401, 'invalid_client', 'Client authentication failed');
  }
  if (grantType === 'authorization_code') {
    const code = param('code');
    const redirectUri = param('redirect_uri');
    const claims = deps.tokens.verify(CODE_PREFIX, code, deps.now());
    if (!claims || claims === 'expired' || claims.ru !== redirectUri || usedCodes.has(code)) {
      throw new LwaError(400, 'invalid_grant', 'The request has an invalid grant parameter : code');
    }
    usedCodes.add(code);
    return issueTokens(deps, String(claims.sp));
  }
  if (grantType === 'refresh_token') {
    const claims = deps.tokens.verify(REFRESH_PREFIX, param('refresh_token'), deps.now());
    if (!claims || claims === 'expired' || claims.app !== deps.clientId) {
      throw new LwaError(
        400,
        'invalid_grant',
        'The request has an invalid grant parameter : refresh_token',
      );
    }
    return issueTokens(deps, String(claims.sp));
  }
  if (grantType === 'client_credentials') {
    const scope = param('scope');
    if (!GRANTLESS_SCOPES.includes(scope)) {
      throw new LwaError(400, 'invalid_scope', 'The request has an invalid parameter : scope');
    }
    // The app acting for itself: no selling partner, no refresh token (reference 1.3).
    const claims = { sp: '', app: deps.clientId, scope };
    return {
      access_token: deps.tokens.issue(
        ACCESS_PREFIX,
        claims,
        deps.accessTokenTtlSeconds,
        deps.now(),
      ),
      token_type: 'bearer',
      expires_in: deps.accessTokenTtlSeconds,
    };
  }
  throw new LwaError(400, 'unsupported_grant_type', `Unsupported grant_type: ${grantType}`);
}

/** The scopes of SP-API's grantless operations. */
const GRANTLESS_SCOPES = [
  'sellingpartnerapi::notifications',
  'sellingpartnerapi::client_credential:rotation',
];

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:Arial,sans-serif;background:#f3f3f3;margin:0;color:#111}
header{background:#232f3e;color:#fff;padding:12px 24px;font-size:18px}
main{max-width:560px;margin:32px auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:24px}
label{display:block;margin:16px 0 4px;font-weight:bold}
input[type=text]{width:100%;box-sizing:border-box;padding:8px;border:1px solid #999;border-radius:4px}
.actions{margin-top:24px;display:flex;gap:12px}
button{padding:8px 20px;border-radius:4px;border:1px solid #a88734;background:#f0c14b;cursor:pointer}
button.deny{background:#fff;border-color:#999}
.error{color:#b12704}
</style></head>
<body><header>Amazon Seller Central <small>(simulator)</small></header><main>${body}</main></body></html>`;

export type ConsentQuery = URLSearchParams;

/** Why a consent request cannot go on, or null when it can. */
function consentProblem(deps: AuthDeps, query: ConsentQuery): string | null {
  if (query.get('application_id') !== deps.appId) return 'The application ID is not valid.';
  const redirectUri = query.get('redirect_uri');
  if (!redirectUri) return 'The request has no redirect_uri.';
  try {
    new URL(redirectUri);
  } catch {
    return 'The redirect_uri is not an absolute URL.';
  }
  if (!query.get('state')) return 'The request has no state.';
  return null;
}

/** `GET /apps/authorize/consent` (reference 1.4): the page where the seller consents. */
export function consentPage(deps: AuthDeps, query: ConsentQuery): { status: number; html: string } {
  const problem = consentProblem(deps, query);
  if (problem)
    return {
      status: 400,
      html: page(
        'Authorization error',
        `<h1>We could not authorize this app</h1><p class="error">${escapeHtml(problem)}</p>`,
      ),
    };
  const hidden = ['application_id', 'state', 'redirect_uri', 'version']
    .filter((name) => query.get(name) !== null)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name)!)}">`)
    .join('');
  return {
    status: 200,
    html: page(
      `Authorize ${deps.appName}`,
      `<h1>Authorize ${escapeHtml(deps.appName)}</h1>
<p><strong>${escapeHtml(deps.appName)}</strong> asks for access to your selling account:
listings, product type definitions, orders and Fulfillment by Amazon shipments.</p>
<form method="get" action="confirm">${hidden}
<label for="selling_partner_id">Selling partner ID</label>
<input type="text" id="selling_partner_id" name="selling_partner_id" value="${DEFAULT_SELLER}" pattern="A[0-9A-Z]{5,20}" required>
<div class="actions"><button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="deny" class="deny" formnovalidate>Deny</button></div>
</form>`,
    ),
  };
}

/** `GET /apps/authorize/confirm`: the seller's answer, redirected back as reference 1.4 step 2. */
export function consentDecision(
  deps: AuthDeps,
  query: ConsentQuery,
): { location: string } | { status: number; html: string } {
  const problem = consentProblem(deps, query);
  if (problem) return consentPage(deps, query);
  const target = new URL(query.get('redirect_uri')!);
  const state = query.get('state')!;
  if (query.get('decision') !== 'authorize') {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_description', 'The seller denied the authorization request.');
    target.searchParams.set('state', state);
    return { location: target.toString() };
  }
  const account = query.get('selling_partner_id') ?? '';
  if (!/^A[0-9A-Z]{5,20}$/.test(account)) {
    return {
      status: 400,
      html: page('Authorization error', '<p class="error">Enter a valid selling partner ID.</p>'),
    };
  }
  const code = deps.tokens.issue(
    CODE_PREFIX,
    // jti: two consents in one second must not get the same (already spent) code.
    { sp: account, ru: query.get('redirect_uri'), jti: randomUUID() },
    CODE_TTL_SECONDS,
    deps.now(),
  );
  target.searchParams.set('state', state);
  target.searchParams.set('selling_partner_id', account);
  target.searchParams.set('spapi_oauth_code', code);
  return { location: target.toString() };
}
