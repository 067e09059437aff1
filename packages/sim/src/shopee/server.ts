import { createHash, randomBytes } from 'node:crypto';
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
  SIM_SHOPEE_DEFAULTS,
  SIM_TOKEN_SECRET,
  type MarketSimOptions,
  type MarketSimulator,
} from '../market.ts';
import { consentHtml } from './consent.ts';
import type { ShopContext } from './context.ts';
import { REGIONS } from './data.ts';
import { paramError, SHOPEE_THROTTLE_BODY, ShopeeError } from './errors.ts';
import { getEscrowDetail } from './escrow.ts';
import * as firstMile from './first-mile.ts';
import * as logistics from './logistics.ts';
import { getOrderDetail, getOrderList, setNote } from './orders.ts';
import { bodyInt, bodyString, type Body } from './params.ts';
import * as products from './products.ts';
import { readCommonParams, verifySign } from './signing.ts';
import { ShopeeStore } from './state.ts';

export interface ShopeeSimOptions extends MarketSimOptions {
  /** Reference 3.4: access tokens live 4 hours; tests shorten it. */
  accessTokenTtlSeconds?: number;
}

type Route = { method: 'GET' | 'POST'; run: (ctx: ShopContext) => unknown };
const get = (run: Route['run']): Route => ({ method: 'GET', run });
const post = (run: Route['run']): Route => ({ method: 'POST', run });

const SHOP_ROUTES: Record<string, Route> = {
  '/api/v2/product/get_category': get(products.getCategory),
  '/api/v2/product/get_attribute_tree': get(products.getAttributeTree),
  '/api/v2/product/add_item': post(products.addItem),
  '/api/v2/product/update_item': post(products.updateItem),
  '/api/v2/product/delete_item': post(products.deleteItem),
  '/api/v2/product/unlist_item': post(products.unlistItem),
  '/api/v2/product/get_item_list': get(products.getItemList),
  '/api/v2/product/get_item_base_info': get(products.getItemBaseInfo),
  '/api/v2/product/init_tier_variation': post(products.initTierVariation),
  '/api/v2/product/add_model': post(products.addModel),
  '/api/v2/product/get_model_list': get(products.getModelList),
  '/api/v2/product/update_price': post(products.updatePrice),
  '/api/v2/product/update_stock': post(products.updateStock),
  '/api/v2/order/get_order_list': get(getOrderList),
  '/api/v2/order/get_order_detail': get(getOrderDetail),
  '/api/v2/order/set_note': post(setNote),
  '/api/v2/payment/get_escrow_detail': get(getEscrowDetail),
  '/api/v2/logistics/get_channel_list': get(logistics.getChannelList),
  '/api/v2/logistics/get_shipping_parameter': get(logistics.getShippingParameter),
  '/api/v2/logistics/ship_order': post(logistics.shipOrder),
  '/api/v2/logistics/get_tracking_number': get(logistics.getTrackingNumber),
  '/api/v2/logistics/get_shipping_document_parameter': post(logistics.getShippingDocumentParameter),
  '/api/v2/logistics/create_shipping_document': post(logistics.createShippingDocument),
  '/api/v2/logistics/get_shipping_document_result': post(logistics.getShippingDocumentResult),
  '/api/v2/logistics/download_shipping_document': post(logistics.downloadShippingDocument),
  '/api/v2/first_mile/get_unbind_order_list': get(firstMile.getUnbindOrderList),
  '/api/v2/first_mile/get_channel_list': get(firstMile.getChannelList),
  '/api/v2/first_mile/generate_first_mile_tracking_number': post(firstMile.generateTrackingNumbers),
  '/api/v2/first_mile/bind_first_mile_tracking_number': post(firstMile.bindTrackingNumber),
  '/api/v2/first_mile/unbind_first_mile_tracking_number': post(firstMile.unbindTrackingNumber),
};

const AUTH_PARTNER = '/api/v2/shop/auth_partner';
const CODE_TTL = 600;
const REFRESH_TTL = 30 * 86_400;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const requestId = () => randomBytes(16).toString('hex');

function sendError(res: ServerResponse, error: ShopeeError): void {
  sendJson(res, error.status, {
    error: error.error,
    message: error.message,
    request_id: requestId(),
  });
}

async function jsonBody(req: IncomingMessage): Promise<Body> {
  const raw = (await readBody(req)).toString('utf8');
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Body;
  } catch {
    // Refused below like any other malformed body.
  }
  throw paramError('Wrong parameters, detail: the body is not a JSON object.');
}

const isImage = (b: Buffer) =>
  (b[0] === 0x89 && b.toString('latin1', 1, 4) === 'PNG') || (b[0] === 0xff && b[1] === 0xd8);

/**
 * Shopee Open Platform v2 (reference section 3): shop authorization with a consent page, token
 * exchange and refresh, products, orders, logistics, shipping documents and first-mile, each
 * call signed with HMAC-SHA256 and refused in Shopee's `{error, message, request_id}` shape.
 */
export function createShopeeSimulator(options: ShopeeSimOptions = {}): MarketSimulator {
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  const publicUrl = (options.publicUrl ?? basePath).replace(/\/$/, '');
  const clock = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  const accessTtl = options.accessTokenTtlSeconds ?? 14_400;
  const { partnerId, partnerKey } = SIM_SHOPEE_DEFAULTS;
  const tokens = new SignedTokens(options.tokenSecret ?? SIM_TOKEN_SECRET);
  const store = new ShopeeStore(options.stateFile);
  const faults = new Faults();
  /** Uploaded image bytes, served back under /file/<id>; ids alone are persisted. */
  const imageBytes = new Map<string, Buffer>();

  function issueTokens(shopId: number, region: string) {
    const claims = { shop_id: shopId, region };
    store.shop(shopId, region);
    return {
      access_token: tokens.issue('SAT', claims, accessTtl, clock()),
      refresh_token: tokens.issue('SRT', { ...claims, jti: requestId() }, REFRESH_TTL, clock()),
      expire_in: accessTtl,
    };
  }

  /** A single-use signed token (authorization code or refresh token) of this shop. */
  function spendToken(prefix: string, token: unknown, shopId: number, what: string) {
    const claims = typeof token === 'string' ? tokens.verify(prefix, token, clock()) : null;
    if (
      !claims ||
      claims === 'expired' ||
      claims.shop_id !== shopId ||
      !store.spend(String(claims.jti))
    ) {
      throw new ShopeeError('error_auth', `Invalid ${what}.`, 403);
    }
    store.save();
    return { shopId: claims.shop_id as number, region: String(claims.region) };
  }

  async function servePublic(req: IncomingMessage, path: string, query: URLSearchParams) {
    const common = readCommonParams(query, partnerId, nowSeconds());
    verifySign(partnerKey, common.sign, partnerId, path, common.timestamp);
    if (path === '/api/v2/media_space/upload_image') {
      const form = await new Response(await readBody(req, MAX_IMAGE_BYTES + 4096), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      })
        .formData()
        .catch(() => null);
      const file = form?.get('image');
      if (!file || typeof file === 'string')
        throw paramError('Wrong parameters, detail: image is required.');
      const bytes = Buffer.from(await file.arrayBuffer());
      if (!isImage(bytes))
        throw paramError('Wrong parameters, detail: Image format accepted: JPG, JPEG, PNG.');
      const imageId = `sg-11134201-${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}`;
      imageBytes.set(imageId, bytes);
      store.addImage(imageId);
      store.save();
      const info = {
        image_id: imageId,
        image_url_list: [{ image_url_region: 'SG', image_url: `${publicUrl}/file/${imageId}` }],
      };
      return {
        response: {
          image_info: info,
          image_info_list: [{ id: 0, error: '', message: '', image_info: info }],
        },
      };
    }
    const body = await jsonBody(req);
    if (body.partner_id !== partnerId) throw paramError('Invalid partner_id.');
    const shopId = bodyInt(body, 'shop_id');
    if (path === '/api/v2/auth/token/get') {
      const claims = spendToken('SAC', bodyString(body, 'code'), shopId, 'code');
      return {
        ...issueTokens(claims.shopId, claims.region),
        shop_id_list: [shopId],
        merchant_id_list: [],
      };
    }
    const claims = spendToken('SRT', bodyString(body, 'refresh_token'), shopId, 'refresh_token');
    return { partner_id: partnerId, shop_id: shopId, ...issueTokens(claims.shopId, claims.region) };
  }

  async function serveShop(
    req: IncomingMessage,
    route: Route,
    path: string,
    query: URLSearchParams,
  ) {
    const common = readCommonParams(query, partnerId, nowSeconds());
    const accessToken = query.get('access_token');
    if (!accessToken) throw paramError('There is no access_token in query.');
    const shopParam = query.get('shop_id');
    if (!shopParam) throw paramError('There is no shop_id in query.');
    verifySign(partnerKey, common.sign, partnerId, path, common.timestamp, accessToken, shopParam);
    const claims = tokens.verify('SAT', accessToken, clock());
    if (!claims || claims === 'expired') {
      throw new ShopeeError(
        'invalid_acceess_token',
        'Invalid access_token, please have a check.',
        403,
      );
    }
    const shopId = Number(shopParam);
    if (claims.shop_id !== shopId)
      throw new ShopeeError('error_auth', 'Invalid partner_id or shopid.', 403);
    const body = route.method === 'POST' ? await jsonBody(req) : {};
    const ctx: ShopContext = {
      shopId,
      shop: store.shop(shopId, String(claims.region)),
      store,
      query,
      body,
      now: nowSeconds(),
      publicUrl,
      pace: options.orders,
    };
    const result = route.run(ctx);
    if (route.method === 'POST') store.save();
    return result;
  }

  async function serveConsent(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    const params =
      req.method === 'POST' ? new URLSearchParams((await readBody(req)).toString('utf8')) : query;
    const common = readCommonParams(params, partnerId, nowSeconds());
    verifySign(partnerKey, common.sign, partnerId, AUTH_PARTNER, common.timestamp);
    const target = params.get('redirect');
    if (!target || !URL.canParse(target))
      throw paramError('Wrong parameters, detail: redirect is invalid.');
    if (req.method !== 'POST') {
      const carried = Object.fromEntries(
        ['partner_id', 'timestamp', 'sign', 'redirect'].map((k) => [k, params.get(k) ?? '']),
      );
      sendHtml(
        res,
        200,
        consentHtml({ action: `${basePath}${AUTH_PARTNER}`, partnerId, params: carried }),
      );
      return;
    }
    const back = new URL(target);
    // Denying returns without a code; Shopee does not document a denial parameter.
    if (params.get('decision') === 'authorize') {
      const region = REGIONS[params.get('region') ?? ''] ? params.get('region')! : 'SG';
      const shopId = REGIONS[region]!.shopId;
      back.searchParams.set(
        'code',
        tokens.issue('SAC', { shop_id: shopId, region, jti: requestId() }, CODE_TTL, clock()),
      );
      back.searchParams.set('shop_id', String(shopId));
    }
    redirect(res, back.toString());
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = parseTarget(req, basePath);
    if (!target)
      throw new ShopeeError(
        'error_param',
        'Permission denied. This API is currently offline or the request path is incorrect.',
        404,
      );
    const { path, query } = target;
    if (path === AUTH_PARTNER) return serveConsent(req, res, query);
    if (path.startsWith('/file/') && req.method === 'GET') {
      const bytes = imageBytes.get(path.slice('/file/'.length));
      if (!bytes) throw new ShopeeError('error_not_found', 'File not found.', 404);
      res.writeHead(200, {
        'content-type': bytes[0] === 0x89 ? 'image/png' : 'image/jpeg',
        'content-length': bytes.length,
      });
      res.end(bytes);
      return;
    }
    const fault = faults.take();
    if (fault) {
      const body =
        fault.body ??
        (fault.status === 429
          ? SHOPEE_THROTTLE_BODY
          : { error: 'error_server', message: 'Something wrong. Please try later.' });
      sendJson(res, fault.status, { request_id: requestId(), ...(body as Body) }, fault.headers);
      return;
    }
    const publicRoute = [
      '/api/v2/auth/token/get',
      '/api/v2/auth/access_token/get',
      '/api/v2/media_space/upload_image',
    ].includes(path);
    const route = SHOP_ROUTES[path];
    if ((!publicRoute && !route) || req.method !== (route?.method ?? 'POST')) {
      throw new ShopeeError(
        'error_param',
        'Permission denied. This API is currently offline or the request path is incorrect.',
        404,
      );
    }
    if (publicRoute) {
      const answer = await servePublic(req, path, query);
      sendJson(res, 200, { error: '', message: '', request_id: requestId(), ...answer });
      return;
    }
    const result = await serveShop(req, route!, path, query);
    if (Buffer.isBuffer(result)) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': result.length });
      res.end(result);
      return;
    }
    sendJson(res, 200, {
      error: '',
      message: '',
      warning: '',
      request_id: requestId(),
      response: result ?? {},
    });
  }

  return {
    faults,
    products(account) {
      return store
        .items(Number(account))
        .filter((item) => item.item_status !== 'SELLER_DELETE')
        .map((item) => ({
          id: String(item.item_id),
          skus: item.models.length ? item.models.map((m) => m.model_sku) : [item.item_sku],
        }));
    },
    shipments(account) {
      return Object.entries(store.orderChanges(Number(account)))
        .filter(([, change]) => change.trackingNumber !== '')
        .map(([orderId, change]) => ({
          orderId,
          trackingNumber: change.trackingNumber,
          carrier: null,
        }));
    },
    grant(account, site) {
      const shopId = Number(account);
      const grant = issueTokens(shopId, site);
      store.save();
      return {
        account: String(shopId),
        accessToken: grant.access_token,
        accessTokenExpiresAt: nowSeconds() + grant.expire_in,
        refreshToken: grant.refresh_token,
        extra: { region: site },
      };
    },
    handle(req, res) {
      serve(req, res).catch((error: unknown) => {
        req.resume();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendError(
          res,
          error instanceof ShopeeError
            ? error
            : new ShopeeError('error_server', 'Something wrong. Please try later.', 500),
        );
      });
    },
  };
}
