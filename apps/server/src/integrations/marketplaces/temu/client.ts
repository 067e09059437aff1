import { MarketplaceError, type MarketplaceErrorKind } from '../connector.ts';
import type { MarketHttp, MarketResponse } from '../http.ts';
import { signTemu } from './signing.ts';

/** Reference 4.5: the gateway's throttle, answered with HTTP 200. */
const RATE_LIMITED = 4000004;
/** The throttle answer carries no Retry-After; one second is one window of the 20 QPS limit. */
const THROTTLE_RETRY_MS = 1000;

/** Token codes (reference 4.5): only a new authorization by the seller fixes these. */
const AUTH_CODES = new Set([3000030, 3000031, 3000032, 3000033, 3000034, 5000000]);
/**
 * Codes that mean our request or app credentials are wrong (sign, app_key, type, IP
 * whitelist): a programming or configuration error, not the seller's input nor their token.
 */
const PROTOCOL_CODES = new Set([
  3000001, 3000002, 3000003, 3000004, 3000019, 3000020, 3000021, 3000022, 3000025, 3000026, 3000027,
  3000028, 3000040, 5000001, 5000002, 5000003,
]);
const UNAVAILABLE_CODES = new Set([4000000, 6000001, 150010002, 150010005]);
/** Business "not found" codes: order (140020002) and goods (150010098 deleted, 150011068 not the shop's). */
const NOT_FOUND_CODES = new Set([140020002, 150010098, 150011068]);

function kindOf(code: number): MarketplaceErrorKind {
  if (code === RATE_LIMITED) return 'rate_limit';
  if (AUTH_CODES.has(code)) return 'auth';
  if (PROTOCOL_CODES.has(code)) return 'protocol';
  if (UNAVAILABLE_CODES.has(code)) return 'unavailable';
  if (NOT_FOUND_CODES.has(code)) return 'not_found';
  return 'validation';
}

interface TemuEnvelope {
  success: boolean;
  errorCode: number;
  errorMsg?: string;
  requestId?: string;
  result?: unknown;
}

const isEnvelope = (json: unknown): json is TemuEnvelope =>
  typeof json === 'object' && json !== null && typeof (json as TemuEnvelope).success === 'boolean';

/** Raw calls to the Temu router: one signed POST per call, errors mapped to `MarketplaceError`. */
export class TemuClient {
  constructor(
    private readonly http: MarketHttp,
    private readonly app: { appKey: string; appSecret: string },
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** Common parameters and business parameters flat in one body (reference 4.2), then signed. */
  private signedBody(type: string, accessToken: string, params: Record<string, unknown>) {
    const body: Record<string, unknown> = {
      type,
      app_key: this.app.appKey,
      access_token: accessToken,
      timestamp: this.now(),
      data_type: 'JSON',
      ...params,
    };
    body.sign = signTemu(body, this.app.appSecret);
    return JSON.stringify(body);
  }

  async call<T>(
    gatewayUrl: string,
    type: string,
    accessToken: string,
    params: Record<string, unknown> = {},
    options: { unsafe?: boolean } = {},
  ): Promise<T> {
    const headers = { 'content-type': 'application/json' };
    const res = await this.http.request({
      method: 'POST',
      url: gatewayUrl,
      headers,
      body: this.signedBody(type, accessToken, params),
      // A retried call must carry a timestamp within ±300 s, so each attempt is signed anew.
      resign: () => ({
        url: gatewayUrl,
        headers,
        body: this.signedBody(type, accessToken, params),
      }),
      retryAfterBody: (r) =>
        isEnvelope(r.json) && !r.json.success && r.json.errorCode === RATE_LIMITED
          ? THROTTLE_RETRY_MS
          : null,
      unsafe: options.unsafe ?? false,
    });
    return this.unwrap<T>(type, res);
  }

  private unwrap<T>(type: string, res: MarketResponse): T {
    const json = res.json;
    if (isEnvelope(json)) {
      if (json.success) return json.result as T;
      const code = Number(json.errorCode);
      throw new MarketplaceError(
        'temu',
        kindOf(code),
        String(code),
        `${type}: ${json.errorMsg || 'request refused'}`,
        res.status,
      );
    }
    if (res.status === 429) {
      throw new MarketplaceError('temu', 'rate_limit', '429', `${type}: throttled`, 429);
    }
    if (res.status >= 500) {
      throw new MarketplaceError(
        'temu',
        'unavailable',
        String(res.status),
        `${type}: HTTP ${res.status}`,
        res.status,
      );
    }
    throw new MarketplaceError(
      'temu',
      'protocol',
      String(res.status),
      `${type}: unreadable answer (HTTP ${res.status})`,
      res.status,
    );
  }
}
