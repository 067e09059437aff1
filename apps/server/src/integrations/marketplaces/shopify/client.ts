import { MarketplaceError, type MarketplaceErrorKind } from '../connector.ts';
import type { MarketHttp, MarketResponse } from '../http.ts';
import type { Operation } from './operations.ts';
import type { UsagePlan } from '../rate-buckets.ts';

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface GraphqlError {
  message?: string;
  extensions?: { code?: string };
}

interface GraphqlBody {
  data?: unknown;
  errors?: GraphqlError[] | string;
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
}

/** What the token endpoint answers (reference 2.2); expiring offline tokens carry the refresh fields. */
export interface AccessTokenResponse {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

export interface ShopifyClientOptions {
  apiVersion: string;
  shopOrigin(shop: string): string;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

const error = (kind: MarketplaceErrorKind, code: string, message: string, status: number | null) =>
  new MarketplaceError('shopify', kind, code, message, status);

function bodyOf(res: MarketResponse): GraphqlBody | null {
  return res.json && typeof res.json === 'object' ? (res.json as GraphqlBody) : null;
}

function firstErrorCode(body: GraphqlBody | null): string | null {
  return Array.isArray(body?.errors) ? (body.errors[0]?.extensions?.code ?? null) : null;
}

function errorMessage(body: GraphqlBody | null, fallback: string): string {
  if (typeof body?.errors === 'string') return body.errors;
  if (Array.isArray(body?.errors)) return body.errors.map((e) => e.message ?? '').join('; ');
  return fallback;
}

/** Shopify's older, smallest documented bucket: 1,000 points restored at 50 a second. */
const SMALLEST_PLAN: UsagePlan = { rate: 50, burst: 1000 };

const bucketKey = (shop: string) => `shopify:${shop}`;

/** Milliseconds until the bucket holds `cost` points again; 0 when it already does. */
function refillDelayMs(status: ThrottleStatus, cost: number): number {
  if (status.restoreRate <= 0) return 0;
  const missing = Math.min(cost, status.maximumAvailable) - status.currentlyAvailable;
  return missing > 0 ? Math.ceil((missing / status.restoreRate) * 1000) : 0;
}

/** A THROTTLED answer (HTTP 200 or 429, reference 2.3) is retried once the bucket has refilled. */
export function throttleRetryDelay(res: MarketResponse): number | null {
  const body = bodyOf(res);
  if (firstErrorCode(body) !== 'THROTTLED') return null;
  const cost = body?.extensions?.cost;
  if (!cost?.throttleStatus || cost.requestedQueryCost === undefined) return 1000;
  return refillDelayMs(cost.throttleStatus, cost.requestedQueryCost);
}

const GRAPHQL_ERROR_KINDS: Record<string, MarketplaceErrorKind> = {
  THROTTLED: 'rate_limit',
  ACCESS_DENIED: 'auth',
  NOT_FOUND: 'not_found',
  INTERNAL_SERVER_ERROR: 'unavailable',
};

function statusKind(status: number): MarketplaceErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limit';
  if (status === 400 || status === 422) return 'validation';
  // 402 (shop frozen), 423 (shop locked) and 5xx: nothing to fix on our side right now.
  return 'unavailable';
}

/**
 * Raw Admin API calls for one app: GraphQL with cost-based pacing per shop, and the OAuth token
 * endpoint. Every call goes through the connector's one `MarketHttp`.
 */
export class ShopifyClient {
  /** Each shop's bucket size and restore rate, as its answers reported them. */
  private readonly plans = new Map<string, UsagePlan>();

  constructor(
    private readonly http: MarketHttp,
    private readonly options: ShopifyClientOptions,
  ) {}

  async graphql<T>(
    shop: string,
    accessToken: string,
    operation: Operation,
    variables: Record<string, unknown> = {},
    options: { unsafe?: boolean } = {},
  ): Promise<T> {
    await this.pace(shop, operation.cost);
    const res = await this.http.request({
      method: 'POST',
      url: `${this.options.shopOrigin(shop)}/admin/api/${this.options.apiVersion}/graphql.json`,
      headers: {
        'x-shopify-access-token': accessToken,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: { query: operation.query, variables },
      retryAfterBody: throttleRetryDelay,
      unsafe: options.unsafe ?? false,
    });
    const body = bodyOf(res);
    const throttle = body?.extensions?.cost?.throttleStatus;
    if (throttle) await this.observe(shop, throttle);
    const code = firstErrorCode(body);
    if (res.status !== 200) {
      throw error(
        statusKind(res.status),
        code ?? String(res.status),
        errorMessage(body, `HTTP ${res.status}`),
        res.status,
      );
    }
    if (body?.errors) {
      const kind = (code ? GRAPHQL_ERROR_KINDS[code] : undefined) ?? 'protocol';
      throw error(kind, code ?? 'GRAPHQL_ERROR', errorMessage(body, 'GraphQL error'), 200);
    }
    if (!body?.data || typeof body.data !== 'object') {
      throw error('protocol', 'NO_DATA', `${operation.name}: answer without data`, res.status);
    }
    return body.data as T;
  }

  /**
   * Takes `cost` points from the shop's bucket (the database's when processes share the shops)
   * and waits until it has refilled enough. Before an answer told the shop's plan, the smallest
   * plan Shopify documents is assumed (reference 2.3).
   */
  private async pace(shop: string, cost: number): Promise<void> {
    const plan = this.plans.get(shop) ?? SMALLEST_PLAN;
    const wait = await this.http.buckets.take(
      bucketKey(shop),
      plan,
      this.options.now().getTime(),
      Math.min(cost, plan.burst),
    );
    if (wait > 0) await this.options.sleep(wait);
  }

  /** Every answer says what the shop's bucket holds: that is the truth for every process. */
  private async observe(shop: string, status: ThrottleStatus): Promise<void> {
    if (status.restoreRate > 0 && status.maximumAvailable > 0) {
      this.plans.set(shop, { rate: status.restoreRate, burst: status.maximumAvailable });
    }
    await this.http.buckets.settle(
      bucketKey(shop),
      this.options.now().getTime(),
      status.currentlyAvailable,
    );
  }

  /** POST /admin/oauth/access_token (reference 2.2); errors use OAuth's `error` field [U]. */
  async accessToken(shop: string, body: Record<string, string>): Promise<AccessTokenResponse> {
    const res = await this.http.request({
      method: 'POST',
      url: `${this.options.shopOrigin(shop)}/admin/oauth/access_token`,
      headers: { accept: 'application/json' },
      body,
    });
    const json = (res.json ?? null) as Record<string, unknown> | null;
    if (res.status !== 200) {
      const code = typeof json?.error === 'string' ? json.error : String(res.status);
      const description =
        typeof json?.error_description === 'string'
          ? json.error_description
          : typeof json?.errors === 'string'
            ? json.errors
            : `token request failed with HTTP ${res.status}`;
      const kind = res.status >= 500 || res.status === 429 ? statusKind(res.status) : 'auth';
      throw error(kind, code, description, res.status);
    }
    if (typeof json?.access_token !== 'string' || typeof json.scope !== 'string') {
      throw error('protocol', 'NO_TOKEN', 'token answer without access_token', res.status);
    }
    return json as unknown as AccessTokenResponse;
  }
}
