import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  execute,
  getVariableValues,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
} from 'graphql';
import {
  escapeHtml,
  Faults,
  parseTarget,
  readBody,
  redirect,
  sendHtml,
  sendJson,
  SignedTokens,
} from '../http.ts';
import {
  SIM_SHOPIFY_DEFAULTS,
  SIM_TOKEN_SECRET,
  type MarketSimOptions,
  type MarketSimulator,
  type SimGrant,
} from '../market.ts';
import { ORDER_GID } from './orders.ts';
import { rootValue, type RequestContext } from './resolvers.ts';
import { adminSchema, MAX_QUERY_COST, requestedCost } from './schema.ts';
import { SHOP_DOMAIN, signCallback } from './signing.ts';
import { ShopifyStore } from './store.ts';
import { ShopifyWebhooks, type Deliver } from './webhooks.ts';

/**
 * The restore rate of each Shopify plan (reference 2.3, points per second). The bucket holds
 * twenty seconds of it, as Standard's 2,000 at 100 a second does [U for the other plans].
 */
export const SHOPIFY_PLAN_RESTORE_RATES = {
  standard: 100,
  advanced: 200,
  plus: 1000,
  enterprise: 2000,
} as const;
export type ShopifyPlan = keyof typeof SHOPIFY_PLAN_RESTORE_RATES;

export const shopifyPlanThrottle = (plan: ShopifyPlan) => ({
  maximumAvailable: 20 * SHOPIFY_PLAN_RESTORE_RATES[plan],
  restoreRate: SHOPIFY_PLAN_RESTORE_RATES[plan],
});

export interface ShopifySimOptions extends MarketSimOptions {
  /** Lifetime of expiring access tokens; Shopify's is an hour [U]. */
  accessTokenTtlSeconds?: number;
  /** The cost bucket per shop; default the Standard plan's (2000 points, 100 per second). */
  throttle?: { maximumAvailable: number; restoreRate: number };
  apiKey?: string;
  apiSecret?: string;
  /** About one order in ten has this many lines (every published SKU, up to it); off by default. */
  bulkOrderLines?: number;
  /**
   * Seconds between two looks for changed orders to deliver as webhooks (default 5); 0 leaves
   * delivery to `deliverEvents()` (tests).
   */
  webhookEverySeconds?: number;
  /** How webhooks reach their subscriber; `fetch` by default (tests hand them to app.inject). */
  deliverWebhook?: Deliver;
}

const ACCESS_PREFIX = 'shpat_';
const REFRESH_PREFIX = 'shprt_';
const CODE_PREFIX = 'code_';
const CODE_TTL_SECONDS = 600;
const REFRESH_TTL_SECONDS = 90 * 86_400;
/** Non-expiring offline tokens still carry an expiry inside our signed format: ten years. */
const OFFLINE_TTL_SECONDS = 10 * 365 * 86_400;
const API_VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;

/** Shopify's answer to a bad or expired token (reference 2.3; [U] exact string). */
const INVALID_TOKEN = {
  errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
};

const THROTTLED_ERROR = {
  message: 'Throttled',
  extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Objects in an answer, the simulator's measure of the cost a query actually incurred. */
function countObjects(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, v) => sum + countObjects(v), 0);
  if (value && typeof value === 'object') {
    return 1 + Object.values(value).reduce<number>((sum, v) => sum + countObjects(v), 0);
  }
  return 0;
}

/**
 * Shopify's Admin API for the connector: per-shop paths `/{shop}/admin/...`, the OAuth install
 * (consent page, HMAC-signed callback, token endpoint with expiring tokens and refresh), and
 * GraphQL executed by graphql-js against the schema slice in `schema.ts`, with Shopify's
 * calculated query cost and leaky bucket.
 */
export function createShopifySimulator(options: ShopifySimOptions = {}): MarketSimulator {
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  const now = options.now ?? (() => new Date());
  const apiKey = options.apiKey ?? SIM_SHOPIFY_DEFAULTS.apiKey;
  const apiSecret = options.apiSecret ?? SIM_SHOPIFY_DEFAULTS.apiSecret;
  const accessTtl = options.accessTokenTtlSeconds ?? 3600;
  const throttle = options.throttle ?? shopifyPlanThrottle('standard');
  const tokens = new SignedTokens(options.tokenSecret ?? SIM_TOKEN_SECRET);
  const store = new ShopifyStore(options.stateFile);
  const faults = new Faults();
  const buckets = new Map<string, { available: number; at: number }>();
  const webhooks = new ShopifyWebhooks({
    store,
    secret: apiSecret,
    apiVersion: '2026-01',
    now,
    pace: options.orders,
    deliver: options.deliverWebhook,
  });
  // The delivery timer never keeps a process alive, and does nothing until a shop subscribes.
  const every = options.webhookEverySeconds ?? 5;
  if (every > 0) {
    let running = false;
    setInterval(() => {
      if (running || store.subscribedShops().length === 0) return;
      running = true;
      void webhooks.deliver().finally(() => (running = false));
    }, every * 1000).unref();
  }

  function issueTokens(shop: string, scope: string, expiring: boolean) {
    const at = now();
    const accessToken = tokens.issue(
      ACCESS_PREFIX,
      { shop, scope },
      expiring ? accessTtl : OFFLINE_TTL_SECONDS,
      at,
    );
    if (!expiring) return { access_token: accessToken, scope };
    return {
      access_token: accessToken,
      scope,
      expires_in: accessTtl,
      refresh_token: tokens.issue(REFRESH_PREFIX, { shop, scope }, REFRESH_TTL_SECONDS, at),
      refresh_token_expires_in: REFRESH_TTL_SECONDS,
    };
  }

  function consentPage(shop: string, query: URLSearchParams): string {
    const scopes = (query.get('scope') ?? '').split(',').filter(Boolean);
    const decide = (decision: string) => {
      const next = new URLSearchParams(query);
      next.set('decision', decision);
      return `?${escapeHtml(next.toString())}`;
    };
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Install app – ${escapeHtml(shop)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f1f1;margin:0}
main{max-width:480px;margin:64px auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px #0002}
h1{font-size:20px}ul{padding-left:20px}.actions{display:flex;gap:12px;margin-top:24px}
a.button{padding:10px 18px;border-radius:8px;text-decoration:none;border:1px solid #ccc;color:#303030}
a.primary{background:#303030;color:#fff;border-color:#303030}</style></head>
<body><main>
<p>Shopify (simulator) · ${escapeHtml(shop)}</p>
<h1>Install Seller Hub</h1>
<p>Seller Hub will be able to:</p>
<ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<div class="actions">
<a class="button primary" id="install" href="${decide('approve')}">Install</a>
<a class="button" id="cancel" href="${decide('deny')}">Cancel</a>
</div></main></body></html>`;
  }

  function authorize(shop: string, query: URLSearchParams, res: ServerResponse): void {
    if (query.get('client_id') !== apiKey) {
      sendHtml(
        res,
        400,
        `<p>Oauth error invalid_request: Could not find Shopify API application with api_key ${escapeHtml(query.get('client_id') ?? '')}</p>`,
      );
      return;
    }
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!/^https?:\/\/[^/]/.test(redirectUri)) {
      sendHtml(
        res,
        400,
        '<p>Oauth error invalid_request: The redirect_uri is missing or not whitelisted</p>',
      );
      return;
    }
    const decision = query.get('decision');
    if (!decision) {
      sendHtml(res, 200, consentPage(shop, query));
      return;
    }
    const target = new URL(redirectUri);
    const state = query.get('state') ?? '';
    if (decision !== 'approve') {
      // [U] Shopify leaves the merchant in the admin on cancel; the simulator tells the app.
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', state);
      redirect(res, target.toString());
      return;
    }
    const params: Record<string, string> = {
      code: tokens.issue(
        CODE_PREFIX,
        { shop, scope: query.get('scope') ?? '' },
        CODE_TTL_SECONDS,
        now(),
      ),
      host: Buffer.from(`admin.shopify.com/store/${shop.split('.')[0]}`).toString('base64url'),
      shop,
      state,
      timestamp: String(Math.floor(now().getTime() / 1000)),
    };
    params.hmac = signCallback(params, apiSecret);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    redirect(res, target.toString());
  }

  /** POST /admin/oauth/access_token: JSON or form body (reference 2.2); error shape [U]. */
  async function accessToken(shop: string, req: IncomingMessage, res: ServerResponse) {
    const raw = (await readBody(req)).toString('utf8');
    let body: Record<string, string>;
    try {
      body = /json/.test(req.headers['content-type'] ?? '')
        ? (JSON.parse(raw) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      throw new HttpError(400, { error: 'invalid_request', error_description: 'Malformed body' });
    }
    if (body.client_id !== apiKey || body.client_secret !== apiSecret) {
      throw new HttpError(400, {
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
    }
    if (body.grant_type === 'refresh_token') {
      const claims = tokens.verify(REFRESH_PREFIX, body.refresh_token ?? '', now());
      if (!claims || claims === 'expired' || claims.shop !== shop) {
        throw new HttpError(400, {
          error: 'invalid_grant',
          error_description: 'The refresh token is invalid or expired',
        });
      }
      sendJson(res, 200, issueTokens(shop, String(claims.scope), true));
      return;
    }
    const claims = tokens.verify(CODE_PREFIX, body.code ?? '', now());
    if (!claims || claims === 'expired' || claims.shop !== shop) {
      throw new HttpError(400, {
        error: 'invalid_request',
        error_description: 'The authorization code was not found or was already used',
      });
    }
    sendJson(res, 200, issueTokens(shop, String(claims.scope), body.expiring === '1'));
  }

  /** The shop's bucket, refilled at the restore rate since it was last touched. */
  function bucket(shop: string) {
    const at = now().getTime();
    const last = buckets.get(shop) ?? { available: throttle.maximumAvailable, at };
    const available = Math.min(
      throttle.maximumAvailable,
      last.available + ((at - last.at) / 1000) * throttle.restoreRate,
    );
    const current = { available, at };
    buckets.set(shop, current);
    return current;
  }

  const costOf = (requested: number, actual: number | null, available: number) => ({
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: {
      maximumAvailable: throttle.maximumAvailable,
      currentlyAvailable: Math.floor(available),
      restoreRate: throttle.restoreRate,
    },
  });

  async function graphql(shop: string, req: IncomingMessage, res: ServerResponse, version: string) {
    const token = req.headers['x-shopify-access-token'];
    const claims = typeof token === 'string' ? tokens.verify(ACCESS_PREFIX, token, now()) : null;
    if (!claims || claims === 'expired' || claims.shop !== shop)
      throw new HttpError(401, INVALID_TOKEN);

    let request: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      request = JSON.parse((await readBody(req)).toString('utf8'));
    } catch {
      throw new HttpError(400, { errors: { query: 'Required parameter missing or invalid' } });
    }
    if (typeof request.query !== 'string') {
      throw new HttpError(400, { errors: { query: 'Required parameter missing or invalid' } });
    }
    const variables = (request.variables ?? {}) as Record<string, unknown>;
    let document: DocumentNode;
    try {
      document = parse(request.query);
    } catch (error) {
      sendJson(res, 200, { errors: [(error as GraphQLError).toJSON()] });
      return;
    }
    const invalid = validate(adminSchema, document);
    if (invalid.length) {
      sendJson(res, 200, { errors: invalid.map((e) => e.toJSON()) });
      return;
    }
    const operation = document.definitions.find(
      (d) =>
        d.kind === Kind.OPERATION_DEFINITION &&
        (!request.operationName || d.name?.value === request.operationName),
    );
    if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) {
      sendJson(res, 200, { errors: [{ message: 'No operation to execute' }] });
      return;
    }
    const coerced = getVariableValues(adminSchema, operation.variableDefinitions ?? [], variables);
    if (coerced.errors) {
      sendJson(res, 200, {
        errors: coerced.errors.map((e) => ({
          ...e.toJSON(),
          extensions: { code: 'INVALID_VARIABLE' },
        })),
      });
      return;
    }
    const requested = requestedCost(operation, coerced.coerced);
    const bucketNow = bucket(shop);
    if (requested > MAX_QUERY_COST) {
      sendJson(res, 200, {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST },
          },
        ],
        extensions: { cost: costOf(requested, null, bucketNow.available) },
      });
      return;
    }
    if (bucketNow.available < requested) {
      sendJson(res, 200, {
        errors: [THROTTLED_ERROR],
        extensions: { cost: costOf(requested, null, bucketNow.available) },
      });
      return;
    }
    bucketNow.available -= requested;
    const context: RequestContext = {
      shop,
      now: now(),
      store,
      pace: options.orders,
      scopes: String(claims.scope ?? '').split(','),
      webhooks,
      ...(options.bulkOrderLines ? { bulkLines: options.bulkOrderLines } : {}),
    };
    const result = await execute({
      schema: adminSchema,
      document,
      rootValue,
      contextValue: context,
      variableValues: variables,
      operationName: typeof request.operationName === 'string' ? request.operationName : undefined,
    });
    const actual =
      operation.operation === 'mutation'
        ? requested
        : Math.min(requested, Math.max(0, countObjects(result.data) - 1));
    bucketNow.available += requested - actual;
    sendJson(
      res,
      200,
      {
        ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
        ...(result.data !== undefined ? { data: result.data } : {}),
        extensions: { cost: costOf(requested, actual, bucketNow.available) },
      },
      { 'x-shopify-api-version': version },
    );
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = parseTarget(req, basePath);
    const match = target?.path.match(/^\/([^/]+)\/admin\/(.+)$/);
    if (!target || !match || !SHOP_DOMAIN.test(match[1]!)) {
      throw new HttpError(404, { errors: 'Not Found' });
    }
    const shop = match[1]!.toLowerCase();
    const rest = match[2]!;
    const method = req.method ?? 'GET';
    if (rest === 'oauth/authorize' && method === 'GET') {
      authorize(shop, target.query, res);
      return;
    }
    const api = rest.match(/^api\/([^/]+)\/graphql\.json$/);
    const known = rest === 'oauth/access_token' || api;
    if (!known || method !== 'POST') throw new HttpError(404, { errors: 'Not Found' });
    if (api && !API_VERSION.test(api[1]!)) throw new HttpError(404, { errors: 'Not Found' });

    const fault = faults.take();
    if (fault) {
      const retry: Record<string, string> = fault.status === 429 ? { 'retry-after': '1' } : {};
      const body =
        fault.body ??
        (fault.status === 429
          ? { errors: [THROTTLED_ERROR] }
          : { errors: fault.status >= 500 ? 'Internal Server Error' : `HTTP ${fault.status}` });
      sendJson(res, fault.status, body, { ...retry, ...fault.headers });
      return;
    }
    if (api) await graphql(shop, req, res, api[1]!);
    else await accessToken(shop, req, res);
  }

  return {
    faults,
    deliverEvents: () => webhooks.deliver(),
    products(account) {
      return store.products(account).map((p) => ({
        id: `gid://shopify/Product/${p.id}`,
        skus: p.variants.flatMap((v) => (v.sku ? [v.sku] : [])),
      }));
    },
    shipments(account) {
      return store.fulfillments(account).map((f) => ({
        orderId: `${ORDER_GID}${f.orderSlot}`,
        trackingNumber: f.tracking.number ?? '',
        carrier: f.tracking.company,
      }));
    },
    grant(account: string): SimGrant {
      const issued = issueTokens(account, SIM_SCOPES, true);
      const at = Math.floor(now().getTime() / 1000);
      return {
        account,
        accessToken: issued.access_token,
        accessTokenExpiresAt: at + accessTtl,
        refreshToken: issued.refresh_token ?? null,
        extra: { scope: SIM_SCOPES },
      };
    },
    handle(req, res) {
      serve(req, res).catch((error: unknown) => {
        if (res.headersSent) {
          res.end();
          return;
        }
        if (error instanceof HttpError) sendJson(res, error.status, error.body);
        else sendJson(res, 500, { errors: 'Internal Server Error' });
      });
    },
  };
}

/** What `grant` hands out, as the app's install would request. */
const SIM_SCOPES =
  'read_products,write_products,read_locations,read_orders,write_orders,read_fulfillments,write_fulfillments,' +
  'read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders';
