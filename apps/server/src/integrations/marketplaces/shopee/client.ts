import { MarketplaceError, type MarketplaceErrorKind } from '../connector.ts';
import type { MarketHttp, MarketResponse } from '../http.ts';
import { shopeeBaseString, shopeeSign, type ShopeeCaller } from './signing.ts';

export type QueryValue = string | number | boolean | string[] | undefined;

export interface ShopeeCall {
  method: 'GET' | 'POST';
  /** `/api/v2/...`, as signed. */
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON for POST calls, or FormData for media uploads. */
  body?: unknown;
  caller: ShopeeCaller;
  /** A create without an idempotency key (add_item): a 5xx or lost answer is not resent. */
  unsafe?: boolean;
}

/** The common envelope of reference 3.5. */
export interface ShopeeEnvelope<T> {
  error: string;
  message: string;
  request_id: string;
  warning?: string | string[];
  response: T;
}

const AUTH_ERRORS = new Set([
  'error_auth',
  'invalid_acceess_token',
  'invalid_access_token',
  'error_permission',
  'error_api_permission',
  'error_partner_key_expired',
  'shop_no_linked',
  'partner_shop_no_link',
  'shop_banned',
]);
const RATE_ERRORS = new Set(['error_rate_limit', 'error_limit']);
const UNAVAILABLE_ERRORS = new Set([
  'error_server',
  'error_network',
  'error_inner',
  'error_system_busy',
]);

function kindOf(code: string, status: number): MarketplaceErrorKind {
  if (AUTH_ERRORS.has(code)) return 'auth';
  if (RATE_ERRORS.has(code)) return 'rate_limit';
  if (UNAVAILABLE_ERRORS.has(code) || status >= 500) return 'unavailable';
  if (code.endsWith('not_found')) return 'not_found';
  return 'validation';
}

/** Seconds before retrying an `error_rate_limit` answered with a status other than 429. */
const THROTTLE_RETRY_MS = 1000;

/** Signs each attempt afresh (the timestamp lives 5 minutes) and maps Shopee's errors. */
export class ShopeeClient {
  constructor(
    private readonly http: MarketHttp,
    private readonly partnerId: number,
    private readonly partnerKey: string,
    private readonly apiOrigin: string,
    private readonly nowSeconds: () => number,
  ) {}

  /** A signed URL on `origin`; the signature covers the path only, never the origin or body. */
  signedUrl(
    origin: string,
    path: string,
    caller: ShopeeCaller,
    query: Record<string, QueryValue> = {},
  ): string {
    const timestamp = this.nowSeconds();
    const sign = shopeeSign(
      this.partnerKey,
      shopeeBaseString(this.partnerId, path, timestamp, caller),
    );
    const params = new URLSearchParams({
      partner_id: String(this.partnerId),
      timestamp: String(timestamp),
      sign,
    });
    if (caller.kind === 'shop') {
      params.set('access_token', caller.accessToken);
      params.set('shop_id', caller.shopId);
    } else if (caller.kind === 'merchant') {
      params.set('access_token', caller.accessToken);
      params.set('merchant_id', caller.merchantId);
    }
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      // Reference 3.2: array parameters repeat; comma lists are joined by the caller.
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
    }
    return `${origin.replace(/\/$/, '')}${path}?${params}`;
  }

  /** The raw answer of a successful call (a PDF download, for one); errors are thrown. */
  async send(call: ShopeeCall): Promise<MarketResponse> {
    const build = () => ({
      url: this.signedUrl(this.apiOrigin, call.path, call.caller, call.query),
    });
    const res = await this.http.request({
      method: call.method,
      ...build(),
      body: call.method === 'POST' ? (call.body ?? {}) : undefined,
      resign: build,
      retryAfterBody: (r) => (errorCode(r) === 'error_rate_limit' ? THROTTLE_RETRY_MS : null),
      unsafe: call.unsafe ?? false,
    });
    const error = this.toError(res, call.path);
    if (error) throw error;
    return res;
  }

  /** A JSON call; answers the whole envelope (token calls keep their fields at the top level). */
  async call<T>(call: ShopeeCall): Promise<T> {
    const res = await this.send(call);
    if (!res.json || typeof res.json !== 'object') {
      throw new MarketplaceError(
        'shopee',
        'protocol',
        'not_json',
        `${call.path}: answer is not JSON`,
        res.status,
      );
    }
    return res.json as T;
  }

  private toError(res: MarketResponse, path: string): MarketplaceError | null {
    const code = errorCode(res);
    if (code) {
      const message = (res.json as { message?: string }).message || code;
      return new MarketplaceError('shopee', kindOf(code, res.status), code, message, res.status);
    }
    if (res.status === 429) {
      return new MarketplaceError('shopee', 'rate_limit', 'http_429', `${path}: throttled`, 429);
    }
    if (res.status >= 500) {
      return new MarketplaceError(
        'shopee',
        'unavailable',
        `http_${res.status}`,
        `${path}: HTTP ${res.status}`,
        res.status,
      );
    }
    if (res.status >= 300) {
      return new MarketplaceError(
        'shopee',
        'protocol',
        `http_${res.status}`,
        `${path}: HTTP ${res.status}`,
        res.status,
      );
    }
    return null;
  }
}

function errorCode(res: MarketResponse): string | null {
  const error = (res.json as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' && error !== '' ? error : null;
}
