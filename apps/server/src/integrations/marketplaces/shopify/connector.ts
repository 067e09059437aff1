import {
  MarketplaceError,
  type AuthorizeUrlInput,
  type CategoryAttribute,
  type CompleteAuthorizationInput,
  type ListingInput,
  type MarketCategory,
  type MarketOrder,
  type MarketplaceConnector,
  type OrderPage,
  type OrderPageQuery,
  type PublishResult,
  type RemoteListingState,
  type ShipmentConfirmation,
  type ShipmentPackage,
  type StoreAuth,
  type StoreSession,
} from '../connector.ts';
import { MarketHttp, withFreshToken, type MarketHttpOptions } from '../http.ts';
import { ShopifyClient, type AccessTokenResponse } from './client.ts';
import {
  describeUserErrors,
  toCategoryAttributes,
  toIssues,
  toListingState,
  toMarketOrder,
  toProductSetInput,
  type OrderNode,
  type UserError,
} from './mapping.ts';
import {
  CATEGORIES_PAGE_SIZE,
  CATEGORY_ATTRIBUTES,
  FULFILLMENT_CREATE,
  ORDER,
  ORDER_FULFILLMENT_ORDERS,
  ORDER_LINE_ITEMS,
  ORDER_LINES_PAGE_SIZE,
  ORDERS,
  ORDERS_PAGE_SIZE,
  PRIMARY_LOCATION,
  PRODUCT_ARCHIVE,
  PRODUCT_BY_SKU,
  PRODUCT_SET,
  PRODUCT_STATE,
  PRODUCTS,
  PRODUCTS_PAGE_SIZE,
  SHOP_INFO,
  TAXONOMY_CATEGORIES,
  WEBHOOK_SUBSCRIPTION_CREATE,
} from './operations.ts';
import {
  CALLBACK_MAX_SKEW_SECONDS,
  SHOP_DOMAIN,
  verifyCallbackHmac,
  verifyWebhookHmac,
} from './signing.ts';

/**
 * The topics the app subscribes to at authorization (reference 2.6). The privacy topics
 * (customers/data_request, customers/redact, shop/redact) are not subscribable: they are set
 * in the app's configuration (README "Going live").
 */
export const SHOPIFY_WEBHOOK_TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'PRODUCTS_UPDATE',
  'APP_UNINSTALLED',
] as const;

export interface ShopifySettings {
  apiKey: string;
  apiSecret: string;
  /** Comma-separated access scopes requested at install. */
  scopes: string;
  apiVersion: string;
  /** Origin of a shop's Admin API as the server reaches it: https://{shop} live, the simulator otherwise. */
  shopOrigin(shop: string): string;
  /** The same origin as the seller's browser reaches it (the OAuth consent page). */
  shopPublicOrigin(shop: string): string;
  sandbox: boolean;
  /** Clock for callback timestamps, token expiry and cost pacing; tests move it. */
  now?: () => Date;
}

export interface ShopifyProduct {
  id: string;
  title: string;
  handle: string;
  status: string;
  updatedAt: string;
  variants: Array<{
    id: string;
    sku: string | null;
    price: string;
    inventoryQuantity: number | null;
  }>;
}

export interface ShopifyFulfillmentInput {
  /** The order gid, as `MarketOrder.remoteId`. */
  orderId: string;
  tracking: { company: string; number: string; url?: string };
  /** Lines to ship by SKU; every open line in full when absent. */
  lines?: Array<{ sku: string; quantity: number }>;
  notifyCustomer?: boolean;
}

/** Shopify-only operations later issues call (product sync, shipping confirmation). */
export interface ShopifyConnector extends MarketplaceConnector {
  listProducts(
    session: StoreSession,
    page?: { cursor?: string | null; query?: string },
  ): Promise<{ products: ShopifyProduct[]; nextCursor: string | null }>;
  createFulfillment(
    session: StoreSession,
    input: ShopifyFulfillmentInput,
  ): Promise<{ fulfillmentId: string; status: string }>;
  /** True when `X-Shopify-Hmac-Sha256` signs this raw body with the app's secret. */
  verifyWebhook(rawBody: Buffer, hmac: string | undefined): boolean;
}

interface Connection<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: T[];
}

/** An order as ORDER_FULFILLMENT_ORDERS reads it: what is left to ship and what shipped. */
interface FulfillmentState {
  cancelledAt: string | null;
  fulfillments: Array<{ id: string; trackingInfo: Array<{ number: string | null }> }>;
  fulfillmentOrders: { nodes: FulfillmentOrderNode[] };
}

interface FulfillmentOrderNode {
  id: string;
  status: string;
  lineItems: {
    nodes: Array<{ id: string; remainingQuantity: number; lineItem: { sku: string | null } }>;
  };
}

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function fail(kind: MarketplaceError['kind'], code: string, message: string): MarketplaceError {
  return new MarketplaceError('shopify', kind, code, message);
}

class ShopifyAdminConnector implements ShopifyConnector {
  readonly marketplace = 'shopify' as const;
  readonly sandbox: boolean;
  private readonly client: ShopifyClient;
  private readonly now: () => Date;
  /** Primary location per shop: productSet needs it to set inventory quantities. */
  private readonly locations = new Map<string, string | null>();

  constructor(
    private readonly settings: ShopifySettings,
    httpOptions: Partial<MarketHttpOptions>,
  ) {
    this.sandbox = settings.sandbox;
    this.now = settings.now ?? (() => new Date());
    this.client = new ShopifyClient(new MarketHttp({ ...httpOptions, marketplace: 'shopify' }), {
      apiVersion: settings.apiVersion,
      shopOrigin: (shop) => settings.shopOrigin(shop),
      now: this.now,
      sleep: httpOptions.sleep ?? sleepReal,
    });
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** Offline token: no `grant_options[]` (reference 2.2). */
  authorizeUrl(input: AuthorizeUrlInput): string {
    const shop = input.shop?.trim().toLowerCase();
    if (!shop || !SHOP_DOMAIN.test(shop)) {
      throw fail('validation', 'invalid_shop', 'a shop domain like name.myshopify.com is required');
    }
    const query = new URLSearchParams({
      client_id: this.settings.apiKey,
      scope: this.settings.scopes,
      redirect_uri: input.redirectUri,
      state: input.state,
    });
    return `${this.settings.shopPublicOrigin(shop)}/admin/oauth/authorize?${query}`;
  }

  async completeAuthorization(input: CompleteAuthorizationInput): Promise<StoreAuth> {
    const { query } = input;
    if (query.error) throw fail('auth', query.error, query.error_description ?? 'access denied');
    if (!verifyCallbackHmac(query, this.settings.apiSecret)) {
      throw fail('auth', 'invalid_hmac', 'the callback signature does not match');
    }
    const shop = query.shop ?? '';
    if (!SHOP_DOMAIN.test(shop)) throw fail('auth', 'invalid_shop', `not a shop domain: ${shop}`);
    const timestamp = Number(query.timestamp);
    if (
      !Number.isFinite(timestamp) ||
      Math.abs(this.nowSeconds() - timestamp) > CALLBACK_MAX_SKEW_SECONDS
    ) {
      throw fail('auth', 'stale_timestamp', 'the callback timestamp is outside 90 seconds');
    }
    if (!query.code) throw fail('auth', 'missing_code', 'the callback carries no code');
    const token = await this.client.accessToken(shop, {
      client_id: this.settings.apiKey,
      client_secret: this.settings.apiSecret,
      code: query.code,
      // Expiring offline tokens, so a leaked token stops working and is refreshed (reference 2.2).
      expiring: '1',
    });
    return this.toAuth(shop, token);
  }

  private toAuth(shop: string, token: AccessTokenResponse): StoreAuth {
    const now = this.nowSeconds();
    const extra: Record<string, string> = { scope: token.scope };
    if (token.refresh_token_expires_in !== undefined) {
      extra.refreshTokenExpiresAt = String(now + token.refresh_token_expires_in);
    }
    return {
      account: shop,
      accessToken: token.access_token,
      accessTokenExpiresAt: token.expires_in === undefined ? null : now + token.expires_in,
      refreshToken: token.refresh_token ?? null,
      extra,
    };
  }

  /** [U] the refresh request shape: the token endpoint with grant_type=refresh_token. */
  private refresh = async (auth: StoreAuth): Promise<StoreAuth> => {
    if (!auth.refreshToken) {
      throw fail('auth', 'no_refresh_token', 'the access token expired and cannot be refreshed');
    }
    const token = await this.client.accessToken(auth.account, {
      client_id: this.settings.apiKey,
      client_secret: this.settings.apiSecret,
      grant_type: 'refresh_token',
      refresh_token: auth.refreshToken,
    });
    return this.toAuth(auth.account, token);
  };

  private call<T>(
    session: StoreSession,
    operation: Parameters<ShopifyClient['graphql']>[2],
    variables: Record<string, unknown> = {},
    options: { unsafe?: boolean } = {},
  ): Promise<T> {
    return withFreshToken(
      session,
      this.refresh,
      (token) => this.client.graphql<T>(session.auth.account, token, operation, variables, options),
      () => this.nowSeconds(),
      // ACCESS_DENIED is a scope the store never granted: a new token changes nothing.
      (error) => error.kind === 'auth' && error.code !== 'ACCESS_DENIED',
    );
  }

  async checkAuthorization(session: StoreSession): Promise<void> {
    await this.call(session, SHOP_INFO);
  }

  async listCategories(session: StoreSession, parentId: string | null): Promise<MarketCategory[]> {
    const categories: MarketCategory[] = [];
    let after: string | null = null;
    do {
      const data: { taxonomy: { categories: Connection<MarketCategoryNode> } } = await this.call(
        session,
        TAXONOMY_CATEGORIES,
        { first: CATEGORIES_PAGE_SIZE, after, childrenOf: parentId },
      );
      const page = data.taxonomy.categories;
      categories.push(
        ...page.nodes.map((n) => ({
          id: n.id,
          name: n.name,
          parentId: n.parentId,
          leaf: n.isLeaf,
        })),
      );
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    return categories;
  }

  async categoryAttributes(
    session: StoreSession,
    categoryId: string,
  ): Promise<CategoryAttribute[]> {
    const data = await this.call<{
      node: { attributes?: { nodes: Parameters<typeof toCategoryAttributes>[0] } } | null;
    }>(session, CATEGORY_ATTRIBUTES, { id: categoryId });
    if (!data.node?.attributes) {
      throw fail('not_found', 'NOT_FOUND', `no taxonomy category ${categoryId}`);
    }
    return toCategoryAttributes(data.node.attributes.nodes);
  }

  private async primaryLocation(session: StoreSession): Promise<string | null> {
    const shop = session.auth.account;
    if (!this.locations.has(shop)) {
      const data = await this.call<{ location: { id: string } | null }>(session, PRIMARY_LOCATION);
      this.locations.set(shop, data.location?.id ?? null);
    }
    return this.locations.get(shop) ?? null;
  }

  /** The product that carries `sku`, if any. */
  private async productBySku(session: StoreSession, sku: string): Promise<string | null> {
    const data = await this.call<{ products: { nodes: Array<{ id: string }> } }>(
      session,
      PRODUCT_BY_SKU,
      { query: `sku:${JSON.stringify(sku)}` },
    );
    return data.products.nodes[0]?.id ?? null;
  }

  /**
   * productSet in synchronous mode: the product exists, active, when it answers (reference 2.4).
   * An update names the product in `identifier`. A create has no idempotency key, so it is never
   * resent blindly: before creating, and again after a 5xx or a lost answer, the product carrying
   * the listing's first SKU is looked up, and an earlier attempt that did create it is updated.
   */
  async publish(session: StoreSession, listing: ListingInput): Promise<PublishResult> {
    const input = toProductSetInput(listing, await this.primaryLocation(session));
    const set = (id: string | null) =>
      this.call<{
        productSet: { product: { id: string } | null; userErrors: UserError[] } | null;
      }>(
        session,
        PRODUCT_SET,
        { identifier: id ? { id } : null, input, synchronous: true },
        { unsafe: id === null },
      );
    const sku = listing.variants?.[0]?.sku ?? listing.sku;
    let data: Awaited<ReturnType<typeof set>>;
    if (listing.remoteId) data = await set(listing.remoteId);
    else {
      try {
        data = await set(await this.productBySku(session, sku));
      } catch (error) {
        if (!(error instanceof MarketplaceError) || error.kind !== 'unavailable') throw error;
        data = await set(await this.productBySku(session, sku));
      }
    }
    const payload = data.productSet;
    if (payload?.userErrors.length) {
      return {
        status: 'invalid',
        remoteId: listing.remoteId ?? null,
        issues: toIssues(payload.userErrors),
      };
    }
    if (!payload?.product) throw fail('protocol', 'NO_PRODUCT', 'productSet returned no product');
    return { status: 'live', remoteId: payload.product.id, issues: [] };
  }

  async listingState(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<RemoteListingState> {
    if (!ref.remoteId) return toListingState(null);
    const data = await this.call<{ product: { id: string; status: string } | null }>(
      session,
      PRODUCT_STATE,
      { id: ref.remoteId },
    );
    return toListingState(data.product);
  }

  async takeDown(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<void> {
    if (!ref.remoteId) throw fail('not_found', 'NOT_FOUND', `SKU ${ref.sku} was never published`);
    const data = await this.call<{ productUpdate: { userErrors: UserError[] } | null }>(
      session,
      PRODUCT_ARCHIVE,
      { product: { id: ref.remoteId, status: 'ARCHIVED' } },
    );
    const errors = data.productUpdate?.userErrors ?? [];
    if (errors.length) {
      const missing = errors.some((e) => /not exist|not found/i.test(e.message));
      throw fail(
        missing ? 'not_found' : 'validation',
        errors[0]!.code ?? 'USER_ERROR',
        describeUserErrors(errors),
      );
    }
  }

  /** Orders changed since `updatedAfter`, oldest change first, one page of Shopify's cursor. */
  async fetchOrders(session: StoreSession, query: OrderPageQuery): Promise<OrderPage> {
    const data = await this.call<{ orders: Connection<OrderNode> }>(session, ORDERS, {
      first: ORDERS_PAGE_SIZE,
      after: query.cursor ?? null,
      query: `updated_at:>='${query.updatedAfter.toISOString()}'`,
    });
    const { nodes, pageInfo } = data.orders;
    for (const node of nodes) await this.restOfLines(session, node);
    return {
      orders: nodes.map(toMarketOrder),
      nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null,
    };
  }

  async fetchOrder(session: StoreSession, remoteId: string): Promise<MarketOrder | null> {
    const data = await this.call<{ order: OrderNode | null }>(session, ORDER, { id: remoteId });
    if (!data.order) return null;
    await this.restOfLines(session, data.order);
    return toMarketOrder(data.order);
  }

  async subscribeEvents(session: StoreSession, callbackUrl: string): Promise<void> {
    for (const topic of SHOPIFY_WEBHOOK_TOPICS) {
      const data = await this.call<{
        webhookSubscriptionCreate: { userErrors: UserError[] } | null;
      }>(session, WEBHOOK_SUBSCRIPTION_CREATE, {
        topic,
        sub: { uri: callbackUrl, format: 'JSON' },
      });
      const errors = data.webhookSubscriptionCreate?.userErrors ?? [];
      // "already taken" is a subscription made at an earlier authorization: it stays.
      if (errors.length > 0 && !errors.some((e) => /taken/i.test(e.message))) {
        throw fail('validation', 'webhook_subscription', describeUserErrors(errors));
      }
    }
  }

  verifyWebhook(rawBody: Buffer, hmac: string | undefined): boolean {
    return verifyWebhookHmac(rawBody, hmac, this.settings.apiSecret);
  }

  /** An order with more lines than the order page reads gets the rest, page by page. */
  private async restOfLines(session: StoreSession, node: OrderNode): Promise<void> {
    let page = node.lineItems.pageInfo;
    while (page?.hasNextPage) {
      const data = await this.call<{ order: { lineItems: OrderNode['lineItems'] } | null }>(
        session,
        ORDER_LINE_ITEMS,
        { id: node.id, first: ORDER_LINES_PAGE_SIZE, after: page.endCursor },
      );
      if (!data.order) return;
      node.lineItems.nodes.push(...data.order.lineItems.nodes);
      page = data.order.lineItems.pageInfo;
    }
  }

  async listProducts(
    session: StoreSession,
    page: { cursor?: string | null; query?: string } = {},
  ): Promise<{ products: ShopifyProduct[]; nextCursor: string | null }> {
    const data = await this.call<{
      products: Connection<
        Omit<ShopifyProduct, 'variants'> & { variants: { nodes: ShopifyProduct['variants'] } }
      >;
    }>(session, PRODUCTS, {
      first: PRODUCTS_PAGE_SIZE,
      after: page.cursor ?? null,
      query: page.query ?? null,
    });
    const { nodes, pageInfo } = data.products;
    return {
      products: nodes.map((n) => ({ ...n, variants: n.variants.nodes })),
      nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null,
    };
  }

  /** fulfillmentCreate over the order's open fulfillment orders (reference 2.5). */
  async createFulfillment(
    session: StoreSession,
    input: ShopifyFulfillmentInput,
  ): Promise<{ fulfillmentId: string; status: string }> {
    return this.fulfil(session, await this.fulfillmentState(session, input.orderId), input);
  }

  /**
   * Shopify has no idempotency key on fulfillmentCreate, so each package first looks for a
   * fulfillment of the order already carrying its tracking number (a push that died after
   * Shopify answered) and creates one only when there is none.
   */
  async confirmShipment(
    session: StoreSession,
    order: { remoteId: string },
    packages: ShipmentPackage[],
  ): Promise<ShipmentConfirmation[]> {
    const done: ShipmentConfirmation[] = [];
    for (const pkg of packages) {
      const state = await this.fulfillmentState(session, order.remoteId);
      const existing = state.fulfillments.find((f) =>
        f.trackingInfo.some((t) => t.number === pkg.trackingNumber),
      );
      if (existing) {
        done.push({ reference: pkg.reference, remoteId: existing.id });
        continue;
      }
      if (state.cancelledAt) {
        throw fail('validation', 'ORDER_CANCELLED', `order ${order.remoteId} was cancelled`);
      }
      const created = await this.fulfil(session, state, {
        orderId: order.remoteId,
        tracking: {
          company: pkg.carrier,
          number: pkg.trackingNumber,
          ...(pkg.trackingUrl ? { url: pkg.trackingUrl } : {}),
        },
        lines: pkg.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
      });
      done.push({ reference: pkg.reference, remoteId: created.fulfillmentId });
    }
    return done;
  }

  private async fulfillmentState(session: StoreSession, orderId: string) {
    const data = await this.call<{ order: FulfillmentState | null }>(
      session,
      ORDER_FULFILLMENT_ORDERS,
      { id: orderId },
    );
    if (!data.order) throw fail('not_found', 'NOT_FOUND', `no order ${orderId}`);
    return data.order;
  }

  private async fulfil(
    session: StoreSession,
    order: FulfillmentState,
    input: ShopifyFulfillmentInput,
  ): Promise<{ fulfillmentId: string; status: string }> {
    const open = order.fulfillmentOrders.nodes.filter(
      (fo) => fo.status === 'OPEN' || fo.status === 'IN_PROGRESS',
    );
    const lineItemsByFulfillmentOrder = input.lines
      ? pickLines(open, input.lines)
      : open.map((fo) => ({ fulfillmentOrderId: fo.id }));
    if (lineItemsByFulfillmentOrder.length === 0) {
      throw fail(
        'validation',
        'NOTHING_TO_FULFILL',
        `order ${input.orderId} has nothing left to ship`,
      );
    }
    const result = await this.call<{
      fulfillmentCreate: {
        fulfillment: { id: string; status: string } | null;
        userErrors: UserError[];
      } | null;
    }>(
      session,
      FULFILLMENT_CREATE,
      {
        fulfillment: {
          lineItemsByFulfillmentOrder,
          notifyCustomer: input.notifyCustomer ?? false,
          trackingInfo: input.tracking,
        },
      },
      // Never resent on a lost answer: Shopify may have made the fulfillment, and a second
      // create finds nothing left to fulfil (refused: "Invalid fulfillment order line item
      // quantity", twice in a 10,000-push bench on a loaded machine). The push is retried
      // instead, which finds the fulfillment by its tracking number first.
      { unsafe: true },
    );
    const payload = result.fulfillmentCreate;
    if (payload?.userErrors.length) {
      throw fail(
        'validation',
        payload.userErrors[0]!.code ?? 'USER_ERROR',
        describeUserErrors(payload.userErrors),
      );
    }
    if (!payload?.fulfillment)
      throw fail('protocol', 'NO_FULFILLMENT', 'fulfillmentCreate returned nothing');
    return { fulfillmentId: payload.fulfillment.id, status: payload.fulfillment.status };
  }
}

interface MarketCategoryNode {
  id: string;
  name: string;
  isLeaf: boolean;
  parentId: string | null;
}

/** Spreads the wanted quantity of each SKU over the open fulfillment-order lines that hold it. */
function pickLines(
  open: FulfillmentOrderNode[],
  lines: Array<{ sku: string; quantity: number }>,
): Array<{
  fulfillmentOrderId: string;
  fulfillmentOrderLineItems: Array<{ id: string; quantity: number }>;
}> {
  const wanted = new Map(lines.map((l) => [l.sku, l.quantity]));
  const picked = open.map((fo) => {
    const items: Array<{ id: string; quantity: number }> = [];
    for (const line of fo.lineItems.nodes) {
      const sku = line.lineItem.sku ?? '';
      const left = wanted.get(sku) ?? 0;
      const quantity = Math.min(left, line.remainingQuantity);
      if (quantity <= 0) continue;
      items.push({ id: line.id, quantity });
      wanted.set(sku, left - quantity);
    }
    return { fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: items };
  });
  const short = [...wanted].filter(([, left]) => left > 0).map(([sku]) => sku);
  if (short.length) {
    throw fail('validation', 'NOT_ENOUGH_OPEN', `more than is left to ship of ${short.join(', ')}`);
  }
  return picked.filter((p) => p.fulfillmentOrderLineItems.length > 0);
}

export function createShopifyConnector(
  settings: ShopifySettings,
  http: Partial<MarketHttpOptions> = {},
): ShopifyConnector {
  return new ShopifyAdminConnector(settings, http);
}
