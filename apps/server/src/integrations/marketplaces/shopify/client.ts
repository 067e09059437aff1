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
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      /** Null when the query did not run (throttled, over the single-query limit). */
      actualQueryCost?: number | null;
      throttleStatus?: ThrottleStatus;
    };
  };
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

/**
 * THROTTLED answers one call may get before it fails with rate_limit. Each retry waits for the
 * bucket first, so one more is the rare race with another app's burst; ten mean the shop's
 * bucket is not what it reports.
 */
const MAX_THROTTLED = 10;

const bucketKey = (shop: string) => `shopify:${shop}`;

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
  /**
   * Points this process took per shop for calls Shopify has not answered yet (sent, or waiting
   * for the bucket): an answer's report does not count them, so they are kept out of it.
   */
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly http: MarketHttp,
    private readonly options: ShopifyClientOptions,
  ) {}

  /**
   * One GraphQL call, paced by the shop's bucket. A THROTTLED answer (HTTP 200, or 429 once
   * `MarketHttp` has used its retries) that reports the bucket was not run, so the same call is
   * sent again, even a create: after the bucket holds its cost again, which is Shopify's
   * (requested - currentlyAvailable) / restoreRate seconds when no other call is queued for it.
   */
  async graphql<T>(
    shop: string,
    accessToken: string,
    operation: Operation,
    variables: Record<string, unknown> = {},
    options: { unsafe?: boolean } = {},
  ): Promise<T> {
    for (let throttled = 0; ; throttled++) {
      const taken = Math.min(operation.cost, this.planOf(shop).burst);
      this.inFlight.set(shop, (this.inFlight.get(shop) ?? 0) + taken);
      let res: MarketResponse;
      try {
        await this.pace(shop, taken);
        res = await this.http.request({
          method: 'POST',
          url: `${this.options.shopOrigin(shop)}/admin/api/${this.options.apiVersion}/graphql.json`,
          headers: {
            'x-shopify-access-token': accessToken,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: { query: operation.query, variables },
          unsafe: options.unsafe ?? false,
        });
      } finally {
        this.inFlight.set(shop, this.inFlight.get(shop)! - taken);
      }
      const body = bodyOf(res);
      const cost = body?.extensions?.cost;
      const code = firstErrorCode(body);
      if (cost?.throttleStatus) {
        // What the shop spent: the actual cost, nothing when the query did not run.
        await this.observe(shop, cost.throttleStatus, taken - (cost.actualQueryCost ?? 0));
        if (code === 'THROTTLED' && throttled < MAX_THROTTLED) continue;
      }
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
  }

  private planOf(shop: string): UsagePlan {
    return this.plans.get(shop) ?? SMALLEST_PLAN;
  }

  /**
   * Takes `points` from the shop's bucket (the database's when processes share the shops) and
   * waits until it has refilled enough. Before an answer told the shop's plan, the smallest
   * plan Shopify documents is assumed (reference 2.3).
   */
  private async pace(shop: string, points: number): Promise<void> {
    const wait = await this.http.buckets.take(
      bucketKey(shop),
      this.planOf(shop),
      this.options.now().getTime(),
      points,
    );
    if (wait > 0) await this.options.sleep(wait);
  }

  /**
   * Every answer says what the shop's bucket holds, less this process's calls still in flight:
   * the bound for every process. `unspent` points of this call go back. A bucket larger than
   * the plan assumed so far started larger too: the difference goes back with them (still no
   * more than the bound).
   */
  private async observe(shop: string, status: ThrottleStatus, unspent: number): Promise<void> {
    const before = this.planOf(shop);
    let plan = before;
    if (status.restoreRate > 0 && status.maximumAvailable > 0) {
      plan = { rate: status.restoreRate, burst: status.maximumAvailable };
      this.plans.set(shop, plan);
    }
    await this.http.buckets.settle(
      bucketKey(shop),
      plan,
      this.options.now().getTime(),
      status.currentlyAvailable - (this.inFlight.get(shop) ?? 0),
      Math.max(0, unspent) + Math.max(0, plan.burst - before.burst),
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
