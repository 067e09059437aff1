import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BodyTooLargeError,
  Faults,
  parseTarget,
  readBody,
  redirect,
  sendHtml,
  sendJson,
  SignedTokens,
} from '../http.ts';
import {
  SIM_AMAZON_DEFAULTS,
  SIM_TOKEN_SECRET,
  type MarketSimOptions,
  type MarketSimulator,
} from '../market.ts';
import {
  consentDecision,
  consentPage,
  exchangeToken,
  issueTokens,
  verifyAccessToken,
  type AuthDeps,
} from './auth.ts';
import { definitionRoutes, SCHEMA_PATH, schemaDocument } from './definitions.ts';
import { errorList, invalidInput, LwaError, SpApiError, unauthorized } from './errors.ts';
import { inboundRoutes, type LabelLinks } from './inbound.ts';
import { inventoryRoutes } from './inventory.ts';
import { listingRoutes } from './listings.ts';
import { checkRequest } from './model-check.ts';
import { FINANCE_ROLE } from './finances.ts';
import { AmazonNotifications, notificationRoutes } from './notifications.ts';
import { createOrderBook, orderRoutes, PII_ROLE } from './orders.ts';
import { labelPdf } from '../pdf.ts';
import type { RouteDeps, SpRoute } from './routes.ts';
import { regionOfCountry } from './sites.ts';
import { serveSqs, SimQueues } from './sqs.ts';
import { StateStore } from './state.ts';

export interface AmazonSimOptions extends MarketSimOptions {
  /** Access-token lifetime; LWA's is one hour (reference 1.3). Tests shorten it. */
  accessTokenTtlSeconds?: number;
  /**
   * Restricted roles of the simulated app (Seller Central's app registration). The default app
   * holds the PII role, so orders carry names and addresses; an app without it gets them
   * without, as a real app that was not granted the role does. It also holds the finance role
   * (`FINANCE_ROLE`), without which the Finances API answers 403.
   */
  roles?: readonly string[];
  /** The app name the consent page shows. */
  appName?: string;
  /**
   * Seconds between two looks for order and listing changes to send as notifications to the
   * subscribed sellers' destinations (default 5); 0 leaves sending to `deliverEvents()` (tests).
   */
  notifyEverySeconds?: number;
}

const DOCUMENT_PREFIX = 'doc.';
/** Default time an inbound shipment takes from SHIPPED to RECEIVING and on to CLOSED. */
const SIM_INBOUND_STEP_SECONDS = 60;
const DOCUMENT_PATH = /^\/documents\/([^/]+)\.pdf$/;

/** The ErrorList bodies SP-API sends with a throttle or an outage (reference 1.6, 1.7). */
const FAULT_BODIES: Record<number, [string, string]> = {
  429: ['QuotaExceeded', 'You exceeded your quota for the requested resource.'],
  500: ['InternalFailure', 'We encountered an internal error. Please try again.'],
  503: ['ServiceUnavailable', 'Service temporarily unavailable. Please try again.'],
};

/**
 * Amazon SP-API as the connector uses it, region-agnostic under its base path: LWA token
 * exchange and consent page, Listings Items 2021-08-01, Product Type Definitions 2020-09-01,
 * Orders 2026-01-01 (and v0 shipmentConfirmation), Finances v0 by order, Fulfillment Inbound 2024-03-20 with v0 labels, FBA Inventory v1. Every SP-API answer carries
 * `x-amzn-RequestId` and the operation's rate in `x-amzn-RateLimit-Limit`.
 */
export function createAmazonSimulator(options: AmazonSimOptions = {}): MarketSimulator {
  const now = options.now ?? (() => new Date());
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  const tokens = new SignedTokens(options.tokenSecret ?? SIM_TOKEN_SECRET);
  const faults = new Faults();
  const store = new StateStore(options.stateFile);
  const usedCodes = new Set<string>();
  const auth: AuthDeps = {
    tokens,
    ...SIM_AMAZON_DEFAULTS,
    appName: options.appName ?? 'Seller Hub',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    now,
  };
  const deps: RouteDeps = {
    store,
    tokens,
    roles: options.roles ?? [PII_ROLE, FINANCE_ROLE],
    pace: options.orders,
  };
  const labels: LabelLinks = {
    link(req, title, lines, barcodes = []) {
      const ttl = 3600;
      const token = tokens.issue(
        DOCUMENT_PREFIX,
        { t: title, l: lines, b: barcodes },
        ttl,
        req.now,
      );
      return {
        uri: `${req.publicOrigin}/documents/${token}.pdf`,
        expiration: new Date(req.now.getTime() + ttl * 1000).toISOString(),
      };
    },
  };
  const stepMs = (options.stepSeconds ?? SIM_INBOUND_STEP_SECONDS) * 1000;
  const book = createOrderBook(deps);
  const queues = new SimQueues(now);
  const notifications = new AmazonNotifications({
    store,
    book,
    queues,
    appId: SIM_AMAZON_DEFAULTS.appId,
    now,
  });
  // The timer never keeps a process alive, and does nothing until a seller subscribes.
  const every = options.notifyEverySeconds ?? 5;
  if (every > 0) {
    setInterval(() => {
      if (Object.keys(store.state.subscriptions).length > 0) notifications.deliver();
    }, every * 1000).unref();
  }
  const routes: SpRoute[] = [
    ...listingRoutes(deps),
    ...definitionRoutes(),
    ...orderRoutes(deps, book),
    ...notificationRoutes(store, notifications),
    ...inboundRoutes({ store, labels, stepMs }),
    ...inventoryRoutes({ store, stepMs }),
  ];

  async function serveApi(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) {
    const requestId = randomUUID();
    const method = req.method ?? 'GET';
    const candidates = routes.filter((r) => r.pattern.test(path));
    const route = candidates.find((r) => r.method === method);
    if (!route) {
      sendJson(
        res,
        candidates.length ? 405 : 404,
        errorList(
          candidates.length ? 'MethodNotAllowed' : 'NotFound',
          `No operation at ${method} ${path}.`,
        ),
        { 'x-amzn-RequestId': requestId },
      );
      return;
    }
    const headers = { 'x-amzn-RequestId': requestId, 'x-amzn-RateLimit-Limit': String(route.rate) };
    const fault = faults.take();
    if (fault) {
      const [code, message] = FAULT_BODIES[fault.status] ?? FAULT_BODIES[500]!;
      sendJson(res, fault.status, fault.body ?? errorList(code, message), {
        ...headers,
        ...fault.headers,
      });
      return;
    }
    try {
      const header = req.headers['x-amz-access-token'];
      const account = verifyAccessToken(auth, Array.isArray(header) ? header[0] : header);
      // A grantless token (no seller) for the app's own operations only, and only for them.
      if (Boolean(route.grantless) !== (account === '')) {
        throw unauthorized(
          route.grantless
            ? 'This operation needs a grantless token.'
            : 'This operation needs a seller authorization.',
        );
      }
      const raw = await readBody(req);
      let body: unknown;
      if (raw.length) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw invalidInput('The request body is not valid JSON.');
        }
      }
      // Amazon checks a body against the operation's model before anything else.
      const broken = body === undefined ? [] : checkRequest(route.operation, body);
      if (broken.length) throw invalidInput(`Request body is invalid: ${broken.join('; ')}`);
      const origin = `http://${req.headers.host ?? '127.0.0.1'}${basePath}`;
      const params = route.pattern
        .exec(path)!
        .slice(1)
        .map((p) => decodeURIComponent(p));
      const answer = route.handle({
        params,
        query,
        body,
        account,
        now: now(),
        origin,
        publicOrigin: options.publicUrl?.replace(/\/$/, '') ?? origin,
      });
      if (answer.status === 204) {
        res.writeHead(204, headers);
        res.end();
      } else sendJson(res, answer.status, answer.body, headers);
    } catch (error) {
      if (error instanceof SpApiError) {
        sendJson(res, error.status, errorList(error.code, error.message, error.details), {
          ...headers,
          'x-amzn-ErrorType': `${error.code}Exception`,
        });
      } else if (error instanceof BodyTooLargeError) {
        sendJson(res, 413, errorList('RequestEntityTooLarge', error.message), headers);
      } else throw error;
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = parseTarget(req, basePath);
    if (!target) {
      sendJson(res, 404, errorList('NotFound', 'Not an Amazon simulator path.'));
      return;
    }
    const { path, query } = target;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/auth/o2/token') {
      const raw = (await readBody(req, 64 * 1024)).toString('utf8');
      try {
        const answer = exchangeToken(auth, req.headers['content-type'] ?? '', raw, usedCodes);
        sendJson(res, 200, answer, { 'cache-control': 'no-store' });
      } catch (error) {
        if (!(error instanceof LwaError)) throw error;
        sendJson(res, error.status, { error_description: error.message, error: error.error });
      }
      return;
    }
    if (method === 'GET' && path === '/apps/authorize/consent') {
      const { status, html } = consentPage(auth, query);
      sendHtml(res, status, html);
      return;
    }
    if (method === 'GET' && path === '/apps/authorize/confirm') {
      const answer = consentDecision(auth, query);
      if ('location' in answer) redirect(res, answer.location);
      else sendHtml(res, answer.status, answer.html);
      return;
    }
    if (path === '/sqs' || path.startsWith('/sqs/')) {
      await serveSqs(req, res, queues, now);
      return;
    }
    const schema = method === 'GET' ? SCHEMA_PATH.exec(path) : null;
    if (schema) {
      const document = schemaDocument(schema[1]!, query.get('locale'));
      if (document) sendJson(res, 200, JSON.parse(document));
      else sendJson(res, 404, errorList('NotFound', 'No such schema.'));
      return;
    }
    const download = method === 'GET' ? DOCUMENT_PATH.exec(path) : null;
    if (download) {
      const claims = tokens.verify(DOCUMENT_PREFIX, download[1]!, now());
      if (!claims || claims === 'expired') {
        sendJson(
          res,
          403,
          errorList('AccessDenied', 'Request has expired or the link is invalid.'),
        );
        return;
      }
      const pdf = labelPdf(
        String(claims.t),
        (claims.l as string[]) ?? [],
        (claims.b as string[] | undefined) ?? [],
      );
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
      res.end(pdf);
      return;
    }
    await serveApi(req, res, path, query);
  }

  return {
    faults,
    shipments(account) {
      return Object.entries(store.state.shipments[account] ?? {}).flatMap(([orderId, record]) =>
        Object.values(record.packages ?? {}).map((p) => ({
          orderId,
          trackingNumber: p.trackingNumber,
          carrier: p.carrierCode === 'Other' ? p.carrierName : p.carrierCode,
        })),
      );
    },
    grant(account, site) {
      const issued = issueTokens(auth, account);
      return {
        account,
        accessToken: issued.access_token,
        accessTokenExpiresAt: Math.floor(now().getTime() / 1000) + issued.expires_in,
        refreshToken: issued.refresh_token,
        extra: { region: regionOfCountry(site) ?? 'NA' },
      };
    },
    deliverEvents: async () => notifications.deliver(),
    handle(req, res) {
      serve(req, res).catch((error: unknown) => {
        if (res.headersSent) res.destroy();
        else sendJson(res, 500, errorList('InternalFailure', (error as Error).message));
      });
    },
  };
}
