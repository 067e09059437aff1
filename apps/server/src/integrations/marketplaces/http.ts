import type { Marketplace } from '@app/shared';
import { MarketplaceError, type StoreAuth, type StoreSession } from './connector.ts';
import { memoryBuckets, type RateBuckets, type UsagePlan } from './rate-buckets.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 500, maxDelayMs: 20_000 };
const REQUEST_TIMEOUT_MS = 30_000;

export interface MarketResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface MarketRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /**
   * Objects are sent as JSON; strings, URLSearchParams and FormData (multipart uploads, with
   * fetch's own boundary) as they are.
   */
  body?: unknown;
  /**
   * Some marketplaces throttle with HTTP 200 and an error in the body (Shopify's THROTTLED,
   * Temu's 4000004). Return a delay in ms to retry such an answer, or null to accept it.
   */
  retryAfterBody?: (res: MarketResponse) => number | null;
  /**
   * A call that creates something without an idempotency key (Shopify's productSet create): a
   * 5xx or a lost answer is not resent, since the first attempt may have done it; the caller
   * looks first. 429 and throttled bodies are still retried: nothing was done then.
   */
  unsafe?: boolean;
  /** Builds the request again before each attempt (Shopee and Temu sign a fresh timestamp). */
  resign?: () => { url: string; headers?: Record<string, string>; body?: unknown };
}

export interface MarketHttpOptions {
  marketplace: Marketplace;
  fetch?: FetchLike;
  retry?: RetryPolicy;
  /** Client-side pacing: at most this many requests per second per host. */
  requestsPerSecond?: number;
  /**
   * Where quota buckets live (Amazon's per selling partner and operation, Shopify's per shop,
   * the per-host pace): in this process by default, the database's when several processes
   * share the stores.
   */
  buckets?: RateBuckets;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as Retry-After allows. */
function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * The one HTTP path of every connector: timeouts, pacing, and retries with exponential backoff
 * and jitter on 429, 5xx and network errors (honouring Retry-After). Other statuses are
 * returned for the connector to map into `MarketplaceError`.
 */
export class MarketHttp {
  readonly marketplace: Marketplace;
  private readonly fetchImpl: FetchLike;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  /** Quota buckets of this connector: its own, or the database's shared by every process. */
  readonly buckets: RateBuckets;
  /** Client-side pacing per host, through `buckets`, so processes sharing them share the pace. */
  private readonly pace: UsagePlan | null;

  constructor(options: MarketHttpOptions) {
    this.marketplace = options.marketplace;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.sleep = options.sleep ?? sleepReal;
    this.random = options.random ?? Math.random;
    this.buckets = options.buckets ?? memoryBuckets();
    // A burst of one spaces the calls evenly, as a "N per second" limit counts them.
    this.pace = options.requestsPerSecond ? { rate: options.requestsPerSecond, burst: 1 } : null;
  }

  private backoff(attempt: number): number {
    const cap = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    return Math.round(cap / 2 + (this.random() * cap) / 2);
  }

  async request(req: MarketRequest): Promise<MarketResponse> {
    let current = { url: req.url, headers: req.headers, body: req.body };
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0 && req.resign) current = { ...current, ...req.resign() };
      const host = new URL(current.url).host;
      if (this.pace) {
        const wait = await this.buckets.take(`${this.marketplace}:${host}`, this.pace, Date.now());
        if (wait > 0) await this.sleep(wait);
      }
      let res: MarketResponse;
      try {
        res = await this.send(req.method, current.url, current.headers, current.body);
      } catch (error) {
        if (attempt < this.retry.retries && !req.unsafe) {
          await this.sleep(this.backoff(attempt));
          continue;
        }
        throw new MarketplaceError(
          this.marketplace,
          'unavailable',
          'network',
          `no answer from ${host}: ${(error as Error).message}`,
        );
      }
      const throttled = res.status === 429;
      const bodyDelay = !throttled && res.status < 500 ? (req.retryAfterBody?.(res) ?? null) : null;
      const retryable = throttled || (res.status >= 500 && !req.unsafe) || bodyDelay !== null;
      if (!retryable) return res;
      // Out of retries: the connector maps the last answer (429, 5xx, throttled body) to an error.
      if (attempt >= this.retry.retries) return res;
      const hinted = bodyDelay ?? retryAfterMs(res.headers);
      await this.sleep(Math.min(this.retry.maxDelayMs, hinted ?? this.backoff(attempt)));
    }
  }

  private async send(
    method: string,
    url: string,
    headers: Record<string, string> | undefined,
    body: unknown,
  ): Promise<MarketResponse> {
    const h = new Headers(headers);
    let payload: string | FormData | undefined;
    if (body instanceof URLSearchParams) {
      payload = body.toString();
      if (!h.has('content-type')) {
        h.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
      }
    } else if (typeof body === 'string' || body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      if (!h.has('content-type')) h.set('content-type', 'application/json');
    }
    const response = await this.fetchImpl(url, {
      method,
      headers: h,
      body: payload,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const buffer = Buffer.from(await response.arrayBuffer());
    let json: unknown;
    if (buffer.length > 0 && /json/i.test(response.headers.get('content-type') ?? '')) {
      try {
        json = JSON.parse(buffer.toString('utf8'));
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, headers: response.headers, body: buffer, json };
  }
}

/** Seconds of slack before expiry at which a token is refreshed ahead of use. */
export const REFRESH_AHEAD_SECONDS = 60;

/** Refreshes under way in this process, by the refresh token they spend. */
const flights = new Map<string, Promise<StoreAuth>>();

/**
 * Replaces the session's token, one refresh per store at a time: Shopee's refresh tokens are
 * single use, so a second refresh with the same one is refused and the store was lost. In this
 * process a second caller waits for the first one's token; another process that spent the token
 * first has stored its result, which a refused refresh adopts.
 */
async function renewToken(
  session: StoreSession,
  refresh: (auth: StoreAuth) => Promise<StoreAuth>,
): Promise<void> {
  const stale = session.auth;
  const key = stale.refreshToken ?? `access:${stale.accessToken ?? ''}`;
  let flight = flights.get(key);
  if (!flight) {
    flight = (async () => {
      const next = await refresh(stale);
      await session.saveAuth(next);
      return next;
    })().finally(() => flights.delete(key));
    flights.set(key, flight);
  }
  try {
    session.auth = await flight;
  } catch (error) {
    const stored = await session.reloadAuth();
    const renewedElsewhere =
      stored.accessToken !== stale.accessToken || stored.refreshToken !== stale.refreshToken;
    if (!renewedElsewhere) throw error;
    session.auth = stored;
  }
}

/**
 * Runs `call` with a usable access token: refreshes first when the token is (about to be)
 * expired, and once more when the marketplace answers that it expired anyway. The refreshed
 * authorization is saved before it is used.
 */
export async function withFreshToken<T>(
  session: StoreSession,
  refresh: (auth: StoreAuth) => Promise<StoreAuth>,
  call: (accessToken: string) => Promise<T>,
  now: () => number = () => Math.floor(Date.now() / 1000),
  /**
   * Which refusals mean the token expired. Every `auth` one by default; Shopify's ACCESS_DENIED
   * (a scope the store never granted) is not, and a new token would be refused the same way.
   */
  expired: (error: MarketplaceError) => boolean = (error) => error.kind === 'auth',
): Promise<T> {
  const renew = () => renewToken(session, refresh);
  const expiresAt = session.auth.accessTokenExpiresAt;
  if (
    !session.auth.accessToken ||
    (expiresAt !== null && expiresAt - REFRESH_AHEAD_SECONDS <= now())
  ) {
    await renew();
  }
  try {
    return await call(session.auth.accessToken!);
  } catch (error) {
    const renewable =
      error instanceof MarketplaceError && expired(error) && session.auth.refreshToken;
    if (!renewable) throw error;
    await renew();
    return call(session.auth.accessToken!);
  }
}
