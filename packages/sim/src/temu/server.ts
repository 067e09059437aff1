import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Faults,
  parseTarget,
  readBody,
  redirect,
  sendHtml,
  sendJson,
  SignedTokens,
} from '../http.ts';
import {
  SIM_TEMU_DEFAULTS,
  SIM_TOKEN_SECRET,
  type MarketSimOptions,
  type MarketSimulator,
  type SimGrant,
} from '../market.ts';
import {
  CATEGORIES,
  FREIGHT_TEMPLATES,
  isLeaf,
  SHIPPING_SERVICES,
  CARRIERS,
  templateOf,
  WAREHOUSES,
} from './catalog.ts';
import { consentPage, tokenPage } from './consent.ts';
import { badAttributeValue, BUSINESS, GATEWAY, gatewayError, TemuError } from './errors.ts';
import {
  deleteGoods,
  editStock,
  listGoods,
  saveGoods,
  setSaleStatus,
  type GoodsState,
} from './goods.ts';
import {
  findOrder,
  listOrders,
  mallOrders,
  orderAmount,
  shippingInfo,
  US_REGION_ID,
  type Shipment,
} from './orders.ts';
import { addProduct, listProducts, semiManagedAttrs, semiManagedCats } from './semi-managed.ts';
import { signMatches } from './signature.ts';

export interface TemuSimOptions extends MarketSimOptions {
  /** Lifetime of issued access tokens; Temu's are about a year (reference 4.4 example). */
  accessTokenTtlSeconds?: number;
}

const CODE_PREFIX = 'temu-code-';
const TOKEN_PREFIX = 'upl';
/** Reference 4.4: an authorization code is single-use and valid for 10 minutes. */
const CODE_TTL_SECONDS = 600;
const YEAR_SECONDS = 365 * 86_400;
/** Reference 4.2: the timestamp must be within ±300 s of the gateway's clock. */
const TIMESTAMP_WINDOW = 300;
const APP_NAME = 'Seller Hub';
const REGION_OF_SITE: Record<string, number> = { US: US_REGION_ID };

interface PersistedState {
  goods: GoodsState;
  shipments: Record<string, Shipment>;
}

type Body = Record<string, unknown>;
interface CallContext {
  mallId: string;
  body: Body;
  now: Date;
  tokenExp: number;
}

export function createTemuSimulator(options: TemuSimOptions = {}): MarketSimulator {
  const basePath = options.basePath ?? '';
  const now = options.now ?? (() => new Date());
  const tokens = new SignedTokens(options.tokenSecret ?? SIM_TOKEN_SECRET);
  const tokenTtl = options.accessTokenTtlSeconds ?? YEAR_SECONDS;
  const app = SIM_TEMU_DEFAULTS;
  const faults = new Faults();
  const usedCodes = new Set<string>();
  let requestSeq = 0;

  const state: PersistedState =
    options.stateFile && existsSync(options.stateFile)
      ? (JSON.parse(readFileSync(options.stateFile, 'utf8')) as PersistedState)
      : { goods: { nextId: 601099548660001, goods: [] }, shipments: {} };
  const save = () => {
    if (options.stateFile) writeFileSync(options.stateFile, JSON.stringify(state));
  };

  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  function issueToken(mallId: string, regionId: number): { token: string; exp: number } {
    const token = tokens.issue(
      TOKEN_PREFIX,
      { mall: mallId, region: regionId, app: app.appKey },
      tokenTtl,
      now(),
    );
    return { token, exp: seconds(now()) + tokenTtl };
  }

  const API_SCOPES = [
    'bg.open.accesstoken.info.get',
    'bg.local.goods.cats.get',
    'bg.local.goods.template.get',
    'bg.local.goods.add',
    'bg.local.goods.update',
    'bg.local.goods.list.query',
    'bg.local.goods.sale.status.set',
    'bg.local.goods.stock.edit',
    'temu.local.goods.delete',
    'bg.freight.template.list.query',
    'bg.order.list.v2.get',
    'bg.order.shippinginfo.v2.get',
    'bg.order.amount.query',
    'bg.logistics.warehouse.list.get',
    'bg.logistics.shippingservices.get',
    'bg.logistics.shipment.confirm',
    'bg.logistics.companies.get',
    'bg.goods.cats.get',
    'bg.goods.attrs.get',
    'temu.goods.add',
    'temu.goods.list.get',
  ];

  const tokenInfo = (mallId: string, exp: number) => ({
    mallId: Number(mallId),
    regionId: US_REGION_ID,
    expiredTime: exp,
    apiScopeList: API_SCOPES,
    appSubscribeEventCodeList: [],
    appSubscribeStatus: 0,
    authEventCodeList: [],
  });

  const orders = (ctx: CallContext) =>
    mallOrders(state.goods, ctx.mallId, state.shipments, ctx.now, options.orders);
  const changed = <T>(result: T): T => {
    save();
    return result;
  };

  const handlers: Record<string, (ctx: CallContext) => unknown> = {
    'bg.open.accesstoken.info.get': (ctx) => tokenInfo(ctx.mallId, ctx.tokenExp),
    'bg.local.goods.cats.get': ({ body }) => {
      const parent = Number(body.parentCatId ?? 0);
      if (!Number.isInteger(parent)) throw gatewayError(BUSINESS.INVALID_PARAMS);
      return {
        goodsCatsList: CATEGORIES.filter((c) => c.parentId === parent).map((c) => ({
          ...c,
          leaf: isLeaf(c.catId),
          availableStatus: 0,
        })),
      };
    },
    'bg.local.goods.template.get': ({ body }) => {
      const catId = Number(body.catId);
      if (!CATEGORIES.some((c) => c.catId === catId))
        throw gatewayError(BUSINESS.CATEGORY_NOT_FOUND);
      if (!isLeaf(catId)) throw gatewayError(BUSINESS.NOT_LEAF);
      return { goodsProperties: templateOf(catId) };
    },
    'bg.freight.template.list.query': () => ({ templateList: FREIGHT_TEMPLATES }),
    'bg.goods.cats.get': ({ body }) => semiManagedCats(body),
    'bg.goods.attrs.get': ({ body }) => semiManagedAttrs(body),
    'temu.goods.add': (ctx) =>
      changed(addProduct(state.goods, ctx.mallId, ctx.body, seconds(ctx.now))),
    'temu.goods.list.get': (ctx) => listProducts(state.goods, ctx.mallId, ctx.body),
    'bg.local.goods.add': (ctx) =>
      changed(saveGoods(state.goods, ctx.mallId, ctx.body, seconds(ctx.now), false)),
    'bg.local.goods.update': (ctx) =>
      changed(saveGoods(state.goods, ctx.mallId, ctx.body, seconds(ctx.now), true)),
    'bg.local.goods.list.query': (ctx) => listGoods(state.goods, ctx.mallId, ctx.body),
    'bg.local.goods.sale.status.set': (ctx) =>
      changed(setSaleStatus(state.goods, ctx.mallId, ctx.body)),
    'bg.local.goods.stock.edit': (ctx) => changed(editStock(state.goods, ctx.mallId, ctx.body)),
    'temu.local.goods.delete': (ctx) => changed(deleteGoods(state.goods, ctx.mallId, ctx.body)),
    'bg.order.list.v2.get': (ctx) => listOrders(orders(ctx), ctx.body),
    'bg.order.shippinginfo.v2.get': (ctx) => shippingInfo(findOrder(orders(ctx), ctx.body)),
    'bg.order.amount.query': (ctx) => orderAmount(findOrder(orders(ctx), ctx.body)),
    'bg.logistics.warehouse.list.get': () => ({ warehouseList: WAREHOUSES }),
    'bg.logistics.shippingservices.get': ({ body }) => {
      if (!WAREHOUSES.some((w) => w.warehouseId === body.warehouseId)) {
        throw gatewayError(BUSINESS.INVALID_PARAMS);
      }
      return { onlineChannelDtoList: SHIPPING_SERVICES };
    },
    'bg.logistics.companies.get': () => ({ shipCompanyList: CARRIERS }),
    'bg.logistics.shipment.confirm': (ctx) => {
      const list = ctx.body.sendRequestList;
      if (!Array.isArray(list) || list.length === 0) throw gatewayError(BUSINESS.INVALID_PARAMS);
      const all = orders(ctx);
      const confirmed: Record<string, Shipment> = {};
      for (const pkg of list as Body[]) {
        const lines = pkg.orderSendInfoList;
        if (!pkg.carrierId || !pkg.trackingNumber || !Array.isArray(lines) || lines.length === 0) {
          throw gatewayError(BUSINESS.INVALID_PARAMS);
        }
        if (!CARRIERS.some((c) => String(c.shipId) === String(pkg.carrierId))) {
          throw badAttributeValue('carrierId', String(pkg.carrierId));
        }
        for (const line of lines as Body[]) {
          const order = findOrder(all, line);
          const sub = order.lines.find((l) => l.orderSn === line.orderSn);
          if (!sub) throw badAttributeValue('orderSn', String(line.orderSn));
          if (Number(line.quantity) < 1 || Number(line.quantity) > sub.quantity) {
            throw badAttributeValue('quantity', String(line.quantity));
          }
          const earlier = state.shipments[order.parentOrderSn];
          // The same package again (a retry) is accepted and changes nothing.
          if (earlier?.trackingNumber === String(pkg.trackingNumber)) continue;
          if (order.status !== 2) {
            throw new TemuError(2000000, `Order ${order.parentOrderSn} is not awaiting shipment`);
          }
          confirmed[order.parentOrderSn] = {
            at: seconds(ctx.now),
            carrierId: String(pkg.carrierId),
            trackingNumber: String(pkg.trackingNumber),
          };
        }
      }
      Object.assign(state.shipments, confirmed);
      return changed({});
    },
  };

  /** `bg.open.accesstoken.create`: the code stands in for the token and is spent by this call. */
  function createAccessToken(body: Body) {
    const code = typeof body.code === 'string' ? body.code : '';
    const claims = code ? tokens.verify(CODE_PREFIX, code, now()) : null;
    if (!claims || claims === 'expired' || claims.app !== app.appKey || usedCodes.has(code)) {
      throw gatewayError(BUSINESS.INVALID_CODE);
    }
    usedCodes.add(code);
    const mallId = String(claims.mall);
    const { token, exp } = issueToken(mallId, US_REGION_ID);
    return { accessToken: token, ...tokenInfo(mallId, exp) };
  }

  /** The gateway's checks in the order of its error table (reference 4.5). */
  function route(body: Body): unknown {
    const type = body.type;
    if (typeof type !== 'string' || !type) throw gatewayError(GATEWAY.NO_TYPE);
    if (!body.app_key) throw gatewayError(GATEWAY.NO_APP_KEY);
    if (body.app_key !== app.appKey) throw gatewayError(GATEWAY.APP_KEY_NOT_EXISTS);
    if (body.timestamp === undefined) throw gatewayError(GATEWAY.NO_TIMESTAMP);
    const timestamp = Number(body.timestamp);
    const current = seconds(now());
    if (!/^\d{10}$/.test(String(body.timestamp)) || timestamp > current + TIMESTAMP_WINDOW) {
      throw gatewayError(GATEWAY.TIMESTAMP_INVALID);
    }
    if (timestamp < current - TIMESTAMP_WINDOW) throw gatewayError(GATEWAY.TIMESTAMP_EXPIRED);
    if (body.data_type !== undefined && String(body.data_type).toUpperCase() !== 'JSON') {
      throw gatewayError(GATEWAY.DATA_TYPE_INVALID);
    }
    if (!body.sign) throw gatewayError(GATEWAY.NO_SIGN);
    if (!signMatches(body, app.appSecret)) throw gatewayError(GATEWAY.SIGN_UNVALID);
    const handler = handlers[type];
    if (!handler && type !== 'bg.open.accesstoken.create')
      throw gatewayError(GATEWAY.TYPE_NOT_EXISTS);
    if (typeof body.access_token !== 'string' || !body.access_token) {
      throw gatewayError(GATEWAY.NO_ACCESS_TOKEN);
    }
    if (!handler) return createAccessToken(body);
    const claims = tokens.verify(TOKEN_PREFIX, body.access_token, now());
    if (claims === 'expired') throw gatewayError(GATEWAY.ACCESS_TOKEN_EXPIRED);
    if (!claims) throw gatewayError(GATEWAY.ACCESS_TOKEN_NOT_EXISTS);
    if (claims.app !== app.appKey) throw gatewayError(GATEWAY.TOKEN_APP_MISMATCH);
    return handler({ mallId: String(claims.mall), body, now: now(), tokenExp: claims.exp });
  }

  const envelope = (error: TemuError) => ({
    success: false,
    errorCode: error.code,
    errorMsg: error.message,
    requestId: `us-sim-${++requestSeq}`,
  });

  async function serveRouter(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // [U] The router is POST-only; the status of a GET refusal is not documented.
    if (req.method !== 'POST') {
      sendJson(res, 405, envelope(gatewayError(GATEWAY.BAD_PARAMS)), { allow: 'POST' });
      return;
    }
    const fault = faults.take();
    if (fault) {
      // Without a body of its own a fault answers as Temu does: the 4000004 throttle (HTTP 200
      // per reference 4.5, or whatever status the test chose) or SYSTEM_EXCEPTION for a 5xx.
      const fallback = fault.status >= 500 ? GATEWAY.SYSTEM_EXCEPTION : GATEWAY.RATE_LIMIT;
      sendJson(res, fault.status, fault.body ?? envelope(gatewayError(fallback)), fault.headers);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8'));
    } catch {
      body = null;
    }
    try {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw gatewayError(GATEWAY.BAD_PARAMS);
      }
      const result = route(body as Body);
      sendJson(res, 200, {
        success: true,
        errorCode: 1000000,
        errorMsg: '',
        requestId: `us-sim-${++requestSeq}`,
        result,
      });
    } catch (error) {
      if (!(error instanceof TemuError)) throw error;
      sendJson(res, 200, envelope(error));
    }
  }

  async function serveConsent(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    const form =
      req.method === 'POST' ? new URLSearchParams((await readBody(req)).toString('utf8')) : query;
    const appKey = form.get('app_key') ?? '';
    const redirectUrl = form.get('redirect_url') ?? '';
    let target: URL | null = null;
    try {
      target = new URL(redirectUrl);
    } catch {
      target = null;
    }
    if (appKey !== app.appKey || !target || !/^https?:$/.test(target.protocol)) {
      sendHtml(
        res,
        400,
        '<!doctype html><title>Temu</title><p>Invalid authorization request: unknown app_key or redirect_url.</p>',
      );
      return;
    }
    if (req.method !== 'POST') {
      sendHtml(res, 200, consentPage({ appName: APP_NAME, appKey, redirectUrl }));
      return;
    }
    const mallId = form.get('mall_id') ?? '';
    const validMall = /^\d{1,18}$/.test(mallId);
    if (form.get('decision') === 'token' && validMall) {
      // Manual mode: Seller Center shows the token for the seller to paste into the app.
      sendHtml(res, 200, tokenPage(issueToken(mallId, US_REGION_ID).token));
      return;
    }
    if (form.get('decision') === 'authorize' && validMall) {
      const code = tokens.issue(
        CODE_PREFIX,
        // jti: two consents in one second must not get the same (already spent) code.
        { mall: mallId, app: appKey, jti: randomUUID() },
        CODE_TTL_SECONDS,
        now(),
      );
      target.searchParams.set('code', code);
    } else {
      // [U] Temu's callback on a refusal is not documented; the OAuth error name is used.
      target.searchParams.set('error', 'access_denied');
    }
    // Temu's callback carries the code and nothing else (reference 4.4): no `state`.
    redirect(res, target.toString());
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = parseTarget(req, basePath);
    if (target?.path === '/openapi/router') return serveRouter(req, res);
    if (target?.path === '/authorize') return serveConsent(req, res, target.query);
    sendJson(res, 404, { error: `No Temu simulator route at ${req.url}` });
  }

  return {
    faults,
    products(account) {
      return state.goods.goods
        .filter((g) => g.mallId === account && !g.deleted)
        .map((g) => ({ id: String(g.goodsId), skus: g.skus.map((s) => s.outSkuSn) }));
    },
    shipments(account) {
      // Shipments are kept by parent order sn, whose mall the mall's own orders tell.
      const own = new Set(
        mallOrders(state.goods, account, {}, now(), options.orders).map((o) => o.parentOrderSn),
      );
      return Object.entries(state.shipments)
        .filter(([sn]) => own.has(sn))
        .map(([orderId, s]) => ({
          orderId,
          trackingNumber: s.trackingNumber,
          carrier: s.carrierId,
        }));
    },
    grant(account: string, site: string): SimGrant {
      const regionId = REGION_OF_SITE[site];
      if (!regionId) throw new Error(`The Temu simulator serves no site ${site}`);
      const { token, exp } = issueToken(account, regionId);
      return {
        account,
        accessToken: token,
        accessTokenExpiresAt: exp,
        refreshToken: null,
        extra: { regionId: String(regionId) },
      };
    },
    handle(req, res) {
      serve(req, res).catch((error: unknown) => {
        if (!res.headersSent) {
          sendJson(
            res,
            500,
            envelope(new TemuError(GATEWAY.SYSTEM_EXCEPTION[0], (error as Error).message)),
          );
        } else res.destroy();
      });
    },
  };
}
