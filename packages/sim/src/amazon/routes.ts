import type { OrderPace, SignedTokens } from '../http.ts';
import { invalidInput, SpApiError } from './errors.ts';
import { MARKETPLACES } from './sites.ts';
import type { StateStore } from './state.ts';

/** One SP-API request after the token check: the seller it acts for and its parsed input. */
export interface SpRequest {
  /** Path parameters captured by the route pattern, URL-decoded. */
  params: string[];
  query: URLSearchParams;
  /** The JSON body, or undefined when there is none. */
  body: unknown;
  /** selling_partner_id of the access token; empty for a grantless token. */
  account: string;
  now: Date;
  /** Absolute URL of the simulator as the caller reached it (pre-signed resource links). */
  origin: string;
  /** Absolute URL for links a browser opens (label downloads). */
  publicOrigin: string;
}

export interface SpResponse {
  status: number;
  body?: unknown;
}

/** An operation with its usage plan (reference 1.6), which the answer reports in x-amzn-RateLimit-Limit. */
export interface SpRoute {
  operation: string;
  method: string;
  pattern: RegExp;
  rate: number;
  /** Called with a grantless token (the app's own, no seller): Notifications' destinations. */
  grantless?: boolean;
  handle(req: SpRequest): SpResponse;
}

export interface RouteDeps {
  store: StateStore;
  tokens: SignedTokens;
  /** Restricted roles the simulated app holds; buyer PII needs `PII_ROLE` (orders.ts). */
  roles: readonly string[];
  pace?: OrderPace;
}

/** `marketplaceIds` (csv), required by every Listings and Definitions operation (reference 1.8). */
export function marketplaceIdsOf(
  query: URLSearchParams,
  name = 'marketplaceIds',
  max = 50,
): string[] {
  const ids = (query.get(name) ?? '').split(',').filter(Boolean);
  if (ids.length === 0) throw invalidInput(`Missing required parameter '${name}'.`);
  if (ids.length > max) throw invalidInput(`'${name}' accepts at most ${max} values.`);
  const unknown = ids.find((id) => !MARKETPLACES[id]);
  if (unknown) throw invalidInput(`Invalid marketplace identifier: ${unknown}`);
  return ids;
}

export function requireSeller(req: SpRequest, sellerId: string): void {
  if (sellerId !== req.account) {
    throw new SpApiError(403, 'Unauthorized', 'Access to requested resource is denied.', '');
  }
}

export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidInput('The request body is missing or is not a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** Opaque page tokens that carry their position, so paging survives a restart. */
export const encodeToken = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeToken<T>(token: string, name: string): T {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as T;
  } catch {
    throw invalidInput(`Invalid ${name}.`);
  }
}

export function pageSizeOf(query: URLSearchParams, name: string, fallback: number, max: number) {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > max) {
    throw invalidInput(`'${name}' must be an integer between 1 and ${max}.`);
  }
  return size;
}
