import {
  MarketplaceError,
  type MarketplaceErrorKind,
  type StoreAuth,
  type StoreSession,
} from '../connector.ts';
import { withFreshToken, type MarketHttp, type MarketResponse } from '../http.ts';
import { authFromTokens, requestLwaToken, type LwaCredentials } from './lwa.ts';
import type { OperationLimiter, SpApiOperation } from './rate-limit.ts';

export interface SpApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface SpApiClientOptions {
  credentials: LwaCredentials;
  apiOrigin(region: string): string;
  userAgent: string;
  now: () => Date;
}

/** SP-API's `x-amz-date` form, e.g. 20190430T123600Z (reference 1.5). */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function kindOf(status: number): MarketplaceErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'unavailable';
  return 'validation';
}

/** An SP-API failure from its ErrorList body `{"errors":[{code,message,details}]}` (reference 1.7). */
export function spApiError(res: MarketResponse): MarketplaceError {
  const first = (
    res.json as
      { errors?: Array<{ code?: unknown; message?: unknown; details?: unknown }> } | undefined
  )?.errors?.[0];
  if (!first || typeof first.code !== 'string') {
    const kind = res.status >= 500 || res.status === 429 ? kindOf(res.status) : 'protocol';
    return new MarketplaceError(
      'amazon',
      kind,
      `http_${res.status}`,
      `SP-API answered HTTP ${res.status}`,
      res.status,
    );
  }
  const details = typeof first.details === 'string' && first.details ? ` (${first.details})` : '';
  return new MarketplaceError(
    'amazon',
    kindOf(res.status),
    first.code,
    `${String(first.message)}${details}`,
    res.status,
  );
}

/**
 * The raw SP-API transport: LWA access token (refreshed through `withFreshToken`), the headers
 * of reference 1.5, the per-operation token bucket, and ErrorList mapping. No request signing:
 * SP-API dropped SigV4 on 2023-10-02.
 */
export class SpApiClient {
  constructor(
    private readonly http: MarketHttp,
    private readonly limiter: OperationLimiter,
    private readonly options: SpApiClientOptions,
  ) {}

  nowSeconds(): number {
    return Math.floor(this.options.now().getTime() / 1000);
  }

  refresh = async (auth: StoreAuth): Promise<StoreAuth> => {
    if (!auth.refreshToken) {
      throw new MarketplaceError(
        'amazon',
        'auth',
        'no_refresh_token',
        'The store has no refresh token; authorize it again',
      );
    }
    const tokens = await requestLwaToken(this.http, this.options.credentials, {
      grant_type: 'refresh_token',
      refresh_token: auth.refreshToken,
    });
    return authFromTokens(tokens, auth, this.nowSeconds());
  };

  /** Calls one operation and returns its JSON (undefined for 204). */
  async call<T>(session: StoreSession, operation: SpApiOperation, call: SpApiCall): Promise<T> {
    // One authorization covers a region (reference 1.2); the region is stored with it.
    const caller = {
      account: session.auth.account,
      region: session.auth.extra.region ?? session.site.region,
    };
    return withFreshToken(
      session,
      this.refresh,
      (token) => this.send<T>(caller, operation, call, token),
      () => this.nowSeconds(),
    );
  }

  private grantless: { token: string; expiresAt: number } | null = null;

  /**
   * A grantless operation (the app acting for itself, e.g. Notifications' destinations) with an
   * LWA `client_credentials` token for `sellingpartnerapi::notifications`, kept for its hour.
   */
  async callGrantless<T>(region: string, operation: SpApiOperation, call: SpApiCall): Promise<T> {
    if (!this.grantless || this.grantless.expiresAt - 60 <= this.nowSeconds()) {
      const tokens = await requestLwaToken(this.http, this.options.credentials, {
        grant_type: 'client_credentials',
        scope: 'sellingpartnerapi::notifications',
      });
      this.grantless = {
        token: tokens.access_token,
        expiresAt: this.nowSeconds() + tokens.expires_in,
      };
    }
    return this.send<T>({ account: 'grantless', region }, operation, call, this.grantless.token);
  }

  private async send<T>(
    caller: { account: string; region: string },
    operation: SpApiOperation,
    call: SpApiCall,
    token: string,
  ): Promise<T> {
    const { account } = caller;
    await this.limiter.take(account, operation);
    const origin = this.options.apiOrigin(caller.region);
    const url = new URL(`${origin.replace(/\/$/, '')}${call.path}`);
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      'x-amz-access-token': token,
      'x-amz-date': amzDate(this.options.now()),
      'user-agent': this.options.userAgent,
      accept: 'application/json',
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.http.request({
      method: call.method,
      url: url.toString(),
      headers,
      body: call.body,
    });
    this.limiter.observeRate(account, operation, Number(res.headers.get('x-amzn-ratelimit-limit')));
    if (res.status >= 200 && res.status < 300) {
      if (res.status === 204 || res.body.length === 0) return undefined as T;
      if (res.json === undefined) {
        throw new MarketplaceError(
          'amazon',
          'protocol',
          'not_json',
          `${operation} answered without JSON`,
          res.status,
        );
      }
      return res.json as T;
    }
    throw spApiError(res);
  }

  /** GETs a pre-signed document (label PDFs): no SP-API headers, same retries. */
  async fetchBytes(url: string): Promise<Buffer> {
    const res = await this.http.request({ method: 'GET', url });
    if (res.status !== 200) {
      throw new MarketplaceError(
        'amazon',
        res.status >= 500 ? 'unavailable' : 'protocol',
        `http_${res.status}`,
        `Could not download ${new URL(url).pathname}`,
        res.status,
      );
    }
    return res.body;
  }

  /** GETs a pre-signed URL (product type schemas): no SP-API headers, same retries. */
  async fetchJson<T>(url: string): Promise<T> {
    const res = await this.http.request({ method: 'GET', url });
    if (res.status !== 200 || res.json === undefined) {
      throw new MarketplaceError(
        'amazon',
        res.status >= 500 ? 'unavailable' : 'protocol',
        `http_${res.status}`,
        `Could not download ${new URL(url).pathname}`,
        res.status,
      );
    }
    return res.json as T;
  }
}
