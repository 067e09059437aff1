import type { Language, MarketSiteInfo } from '@app/shared';
import {
  MarketplaceError,
  type AuthorizeUrlInput,
  type CategoryAttribute,
  type CompleteAuthorizationInput,
  type ListingInput,
  type ListingIssue,
  type MarketCategory,
  type MarketplaceConnector,
  type MarketOrder,
  type MarketOrderDetails,
  type Money,
  type OrderPage,
  type OrderPageQuery,
  type PublishResult,
  type RemoteListingState,
  type ShipmentConfirmation,
  type ShipmentPackage,
  type StoreAuth,
  type StoreSession,
} from '../connector.ts';
import { MarketHttp, type MarketHttpOptions } from '../http.ts';
import { SpApiClient } from './client.ts';
import { orderFeesOf, type ListFinancialEventsResponse, type ShipmentEvent } from './finances.ts';
import { AmazonInbound } from './inbound.ts';
import { AmazonInventory } from './inventory.ts';
import { subscribeNotifications } from './notifications.ts';
import { authFromTokens, requestLwaToken } from './lwa.ts';
import { packageDetailOf } from './shipment.ts';
import {
  categoryAttributesOf,
  issueOf,
  listingAttributes,
  orderDetailsOf,
  orderOf,
  variationThemeOf,
  type ListingRole,
} from './mapping.ts';
import {
  OperationLimiter,
  USAGE_PLANS,
  type SpApiOperation,
  type UsagePlan,
} from './rate-limit.ts';
import type {
  ListingPatch,
  ListingsItem,
  GetOrderResponse,
  ProductTypeDefinition,
  ProductTypeSchema,
  SearchListingsResponse,
  SearchOrdersResponse,
  SubmissionResponse,
} from './types.ts';

/**
 * The locale Amazon writes display names and labels in: the reader's (zh_CN for a zh-CN seller),
 * else the site's own language.
 */
function localeOf(session: StoreSession, lang?: Language): string {
  return (lang === 'zh-CN' ? lang : session.site.language).replace('-', '_');
}

export interface AmazonSettings {
  clientId: string;
  clientSecret: string;
  appId: string;
  /** Adds `version=beta` to consent links (draft apps). */
  beta: boolean;
  /** LWA token endpoint, e.g. https://api.amazon.com/auth/o2/token. */
  lwaTokenUrl: string;
  /** Seller Central origin for a site's consent page (regional hosts for live, the simulator otherwise). */
  consentOrigin(site: MarketSiteInfo): string;
  /** SP-API origin for a region (NA, EU, FE). */
  apiOrigin(region: string): string;
  sandbox: boolean;
  /** Overrides of the usage plans the client paces itself by (tests shrink or widen them). */
  usagePlans?: Partial<Record<SpApiOperation, UsagePlan>>;
  /** searchOrders `maxResultsPerPage`, 1–100 (default 100). */
  ordersPageSize?: number;
  /** Clock for token expiry. */
  now?: () => Date;
  /**
   * The SQS queue (its ARN) the app's Notifications API destination points at; without it no
   * store is subscribed and polling alone reads orders.
   */
  notificationsArn?: string;
}

const LISTINGS = '/listings/2021-08-01/items';
const ORDERS = '/orders/2026-01-01/orders';
/** What the order desk's first read needs: status, channel and totals. */
const HEADER_DATA = 'FULFILLMENT,PROCEEDS';
/** An order in full: items' shipped counts, totals and where it goes. */
const DETAIL_DATA = 'RECIPIENT,FULFILLMENT,PROCEEDS';
const USER_AGENT = 'SellerHub/1.0 (Language=TypeScript; Platform=Node.js)';

export interface ListingSummary {
  sku: string;
  asin: string | null;
  productType: string | null;
  itemName: string | null;
  status: string[];
}

/** The Amazon connector with the SP-API operations later issues (listings, orders, FBA) call. */
export interface AmazonConnector extends MarketplaceConnector {
  patchListing(
    session: StoreSession,
    sku: string,
    productType: string,
    patches: ListingPatch[],
  ): Promise<PublishResult>;
  validateListing(
    session: StoreSession,
    listing: ListingInput,
  ): Promise<{ valid: boolean; issues: ListingIssue[] }>;
  searchListings(
    session: StoreSession,
    query?: { pageToken?: string | null; pageSize?: number },
  ): Promise<{ items: ListingSummary[]; total: number; nextPageToken: string | null }>;
  /** Fulfillment Inbound 2024-03-20 and v0 labels (FBA shipments). */
  readonly inbound: AmazonInbound;
  /** FBA Inventory v1 summaries (the inventory page). */
  readonly inventory: AmazonInventory;
}

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class SpApiConnector implements AmazonConnector {
  readonly marketplace = 'amazon' as const;
  readonly sandbox: boolean;
  readonly inbound: AmazonInbound;
  readonly inventory: AmazonInventory;
  private readonly http: MarketHttp;
  private readonly client: SpApiClient;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;

  constructor(
    private readonly settings: AmazonSettings,
    httpOptions: Partial<MarketHttpOptions>,
  ) {
    this.sandbox = settings.sandbox;
    this.sleep = httpOptions.sleep ?? sleepReal;
    this.now = settings.now ?? (() => new Date());
    this.http = new MarketHttp({ ...httpOptions, marketplace: 'amazon' });
    // The buckets refill on the connector's clock, the one its waits and token expiry use.
    const limiter = new OperationLimiter(
      { ...USAGE_PLANS, ...settings.usagePlans },
      this.sleep,
      () => this.now().getTime(),
      this.http.buckets,
    );
    this.client = new SpApiClient(this.http, limiter, {
      credentials: settings,
      apiOrigin: settings.apiOrigin,
      userAgent: USER_AGENT,
      now: this.now,
    });
    this.inbound = new AmazonInbound(this.client, this.sleep);
    this.inventory = new AmazonInventory(this.client);
  }

  authorizeUrl(input: AuthorizeUrlInput): string {
    const origin = this.settings.consentOrigin(input.site).replace(/\/$/, '');
    const query = new URLSearchParams({ application_id: this.settings.appId, state: input.state });
    // Amazon uses the app's configured redirect URI; naming it picks one when the app has several.
    query.set('redirect_uri', input.redirectUri);
    if (this.settings.beta) query.set('version', 'beta');
    return `${origin}/apps/authorize/consent?${query}`;
  }

  async completeAuthorization(input: CompleteAuthorizationInput): Promise<StoreAuth> {
    const { query } = input;
    if (query.error) {
      throw new MarketplaceError(
        'amazon',
        'auth',
        query.error,
        query.error_description ?? 'The seller did not authorize the app',
      );
    }
    const account = query.selling_partner_id;
    const code = query.spapi_oauth_code;
    if (!account || !code) {
      throw new MarketplaceError(
        'amazon',
        'protocol',
        'missing_callback_params',
        'The callback has no selling_partner_id or spapi_oauth_code',
      );
    }
    const tokens = await requestLwaToken(this.http, this.settings, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: input.redirectUri,
    });
    if (!tokens.refresh_token) {
      throw new MarketplaceError('amazon', 'protocol', 'lwa_response', 'LWA sent no refresh token');
    }
    return authFromTokens(
      tokens,
      { account, refreshToken: null, extra: { region: input.site.region } },
      this.client.nowSeconds(),
    );
  }

  async checkAuthorization(session: StoreSession): Promise<void> {
    await this.searchListings(session, { pageSize: 1 });
  }

  async listCategories(
    session: StoreSession,
    parentId: string | null,
    lang?: Language,
  ): Promise<MarketCategory[]> {
    // Product types are a flat list (reference 1.9).
    if (parentId !== null) return [];
    const res = await this.client.call<{
      productTypes: Array<{ name: string; displayName: string }>;
    }>(session, 'searchDefinitionsProductTypes', {
      method: 'GET',
      path: '/definitions/2020-09-01/productTypes',
      query: { marketplaceIds: session.site.remoteId, locale: localeOf(session, lang) },
    });
    return res.productTypes.map((p) => ({
      id: p.name,
      name: p.displayName,
      parentId: null,
      leaf: true,
    }));
  }

  async categoryAttributes(
    session: StoreSession,
    categoryId: string,
    lang?: Language,
  ): Promise<CategoryAttribute[]> {
    const definition = await this.client.call<ProductTypeDefinition>(
      session,
      'getDefinitionsProductType',
      {
        method: 'GET',
        path: `/definitions/2020-09-01/productTypes/${encodeURIComponent(categoryId)}`,
        query: {
          marketplaceIds: session.site.remoteId,
          sellerId: session.auth.account,
          requirements: 'LISTING',
          locale: localeOf(session, lang),
        },
      },
    );
    const schema = await this.client.fetchJson<ProductTypeSchema>(definition.schema.link.resource);
    return categoryAttributesOf(schema);
  }

  private itemPath(session: StoreSession, sku: string): string {
    return `${LISTINGS}/${encodeURIComponent(session.auth.account)}/${encodeURIComponent(sku)}`;
  }

  private put(
    session: StoreSession,
    listing: ListingInput,
    sku: string,
    role: ListingRole,
    mode?: 'VALIDATION_PREVIEW',
  ): Promise<SubmissionResponse> {
    return this.client.call<SubmissionResponse>(session, 'putListingsItem', {
      method: 'PUT',
      path: this.itemPath(session, sku),
      query: { marketplaceIds: session.site.remoteId, includedData: 'identifiers,issues', mode },
      body: {
        productType: listing.categoryId,
        requirements: 'LISTING',
        attributes: listingAttributes(listing, session.site, role),
      },
    });
  }

  /** The SKUs one listing puts: the item alone, or a variation parent and its children. */
  private family(listing: ListingInput): Array<{ sku: string; role: ListingRole }> {
    if (!listing.variants?.length) return [{ sku: listing.sku, role: { kind: 'single' } }];
    const theme =
      typeof listing.attributes.variation_theme === 'string'
        ? listing.attributes.variation_theme
        : variationThemeOf(listing.variants);
    return [
      { sku: listing.sku, role: { kind: 'parent', theme } },
      ...listing.variants.map((variant) => ({
        sku: variant.sku,
        role: { kind: 'child' as const, parentSku: listing.sku, theme, variant },
      })),
    ];
  }

  async publish(session: StoreSession, listing: ListingInput): Promise<PublishResult> {
    const input = { ...listing, attributes: withoutTheme(listing.attributes) };
    const issues: ListingIssue[] = [];
    let remoteId: string | null = listing.remoteId ?? null;
    let invalid = false;
    for (const { sku, role } of this.family(listing)) {
      const res = await this.put(session, input, sku, role);
      issues.push(
        ...(res.issues ?? []).map((i) => issueOf(i, role.kind === 'child' ? sku : undefined)),
      );
      if (res.status === 'INVALID') invalid = true;
      if (sku === listing.sku) {
        remoteId =
          res.identifiers?.find((i) => i.marketplaceId === session.site.remoteId)?.asin ?? remoteId;
      }
      // Children of a refused parent would go on sale as orphans, so the family stops here.
      if (role.kind === 'parent' && res.status === 'INVALID') break;
    }
    return { status: invalid ? 'invalid' : 'accepted', remoteId, issues };
  }

  async listingState(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<RemoteListingState> {
    let item: ListingsItem;
    try {
      item = await this.client.call<ListingsItem>(session, 'getListingsItem', {
        method: 'GET',
        path: this.itemPath(session, ref.sku),
        query: { marketplaceIds: session.site.remoteId, includedData: 'summaries,issues' },
      });
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'not_found') {
        return { remoteId: ref.remoteId, status: 'not_found', issues: [] };
      }
      throw error;
    }
    const summary = item.summaries?.find((s) => s.marketplaceId === session.site.remoteId);
    const status = !summary
      ? 'pending'
      : summary.status.includes('BUYABLE') || summary.status.includes('DISCOVERABLE')
        ? 'live'
        : 'inactive';
    return {
      remoteId: summary?.asin ?? ref.remoteId,
      status,
      issues: (item.issues ?? []).map((i) => issueOf(i)),
    };
  }

  async takeDown(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<void> {
    // Deleting a variation parent leaves its children on sale, so they go first.
    let children: string[] = [];
    try {
      const item = await this.client.call<ListingsItem>(session, 'getListingsItem', {
        method: 'GET',
        path: this.itemPath(session, ref.sku),
        query: { marketplaceIds: session.site.remoteId, includedData: 'relationships' },
      });
      children = (item.relationships ?? [])
        .filter((r) => r.marketplaceId === session.site.remoteId)
        .flatMap((r) => r.relationships.flatMap((rel) => rel.childSkus ?? []));
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'not_found') return;
      throw error;
    }
    for (const sku of [...children, ref.sku]) {
      try {
        await this.client.call<SubmissionResponse>(session, 'deleteListingsItem', {
          method: 'DELETE',
          path: this.itemPath(session, sku),
          query: { marketplaceIds: session.site.remoteId },
        });
      } catch (error) {
        if (!(error instanceof MarketplaceError && error.kind === 'not_found')) throw error;
      }
    }
  }

  async patchListing(
    session: StoreSession,
    sku: string,
    productType: string,
    patches: ListingPatch[],
  ): Promise<PublishResult> {
    const res = await this.client.call<SubmissionResponse>(session, 'patchListingsItem', {
      method: 'PATCH',
      path: this.itemPath(session, sku),
      query: { marketplaceIds: session.site.remoteId, includedData: 'identifiers,issues' },
      body: { productType, patches },
    });
    return {
      status: res.status === 'INVALID' ? 'invalid' : 'accepted',
      remoteId: res.identifiers?.[0]?.asin ?? null,
      issues: (res.issues ?? []).map((i) => issueOf(i)),
    };
  }

  async validateListing(
    session: StoreSession,
    listing: ListingInput,
  ): Promise<{ valid: boolean; issues: ListingIssue[] }> {
    const input = { ...listing, attributes: withoutTheme(listing.attributes) };
    const issues: ListingIssue[] = [];
    let valid = true;
    for (const { sku, role } of this.family(listing)) {
      const res = await this.put(session, input, sku, role, 'VALIDATION_PREVIEW');
      if (res.status !== 'VALID') valid = false;
      issues.push(
        ...(res.issues ?? []).map((i) => issueOf(i, role.kind === 'child' ? sku : undefined)),
      );
    }
    return { valid, issues };
  }

  async searchListings(
    session: StoreSession,
    query: { pageToken?: string | null; pageSize?: number } = {},
  ): Promise<{ items: ListingSummary[]; total: number; nextPageToken: string | null }> {
    const res = await this.client.call<SearchListingsResponse>(session, 'searchListingsItems', {
      method: 'GET',
      path: `${LISTINGS}/${encodeURIComponent(session.auth.account)}`,
      query: {
        marketplaceIds: session.site.remoteId,
        includedData: 'summaries',
        pageSize: query.pageSize ?? 20,
        pageToken: query.pageToken ?? undefined,
      },
    });
    return {
      items: res.items.map((item) => {
        const summary = item.summaries?.[0];
        return {
          sku: item.sku,
          asin: summary?.asin ?? null,
          productType: summary?.productType ?? null,
          itemName: summary?.itemName ?? null,
          status: summary?.status ?? [],
        };
      }),
      total: res.numberOfResults,
      nextPageToken: res.pagination?.nextToken ?? null,
    };
  }

  /**
   * searchOrders (Orders 2026-01-01). A header read asks for the status and totals only and
   * leaves items and address to `fetchOrderDetails`; a full read takes them in the same page.
   * Buyer name, street and phone come only when the app holds the PII role; without it the
   * order still comes, and is kept with what it has.
   */
  async fetchOrders(session: StoreSession, query: OrderPageQuery): Promise<OrderPage> {
    const headerOnly = query.headersOnly === true;
    const includedData = headerOnly ? HEADER_DATA : DETAIL_DATA;
    const res = await this.client.call<SearchOrdersResponse>(session, 'searchOrders', {
      method: 'GET',
      path: ORDERS,
      // A paginationToken needs the first request's filters again (the model's Pagination).
      query: {
        marketplaceIds: session.site.remoteId,
        lastUpdatedAfter: query.updatedAfter.toISOString(),
        maxResultsPerPage: this.settings.ordersPageSize ?? 100,
        includedData,
        paginationToken: query.cursor ?? undefined,
      },
    });
    if (!Array.isArray(res.orders))
      throw new MarketplaceError(
        'amazon',
        'protocol',
        'no_orders',
        'searchOrders answered without orders',
      );
    return {
      orders: res.orders.map((order) => orderOf(order, session.site, headerOnly)),
      nextCursor: res.pagination?.nextToken ?? null,
    };
  }

  /** getOrder in full, for the one order a notification named. */
  async fetchOrder(session: StoreSession, remoteId: string): Promise<MarketOrder | null> {
    try {
      const res = await this.client.call<GetOrderResponse>(session, 'getOrder', {
        method: 'GET',
        path: `${ORDERS}/${encodeURIComponent(remoteId)}`,
        query: { includedData: DETAIL_DATA },
      });
      return orderOf(res.order, session.site, false);
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  /** ORDER_CHANGE and LISTINGS_ITEM_STATUS_CHANGE to the app's queue; the callback URL is unused. */
  async subscribeEvents(session: StoreSession): Promise<void> {
    if (!this.settings.notificationsArn) return;
    await subscribeNotifications(this.client, session, this.settings.notificationsArn);
  }

  async fetchOrderDetails(session: StoreSession, remoteId: string): Promise<MarketOrderDetails> {
    const res = await this.client.call<GetOrderResponse>(session, 'getOrder', {
      method: 'GET',
      path: `${ORDERS}/${encodeURIComponent(remoteId)}`,
      query: { includedData: DETAIL_DATA },
    });
    return orderDetailsOf(res.order, session.site.currency);
  }

  /**
   * Finances v0 listFinancialEventsByOrderId, every page: the fees of the order's shipment
   * events. Paced by its usage plan (0.5 a second, burst 30) like every operation.
   */
  async fetchOrderFees(session: StoreSession, remoteId: string): Promise<Money | null> {
    const events: ShipmentEvent[] = [];
    let nextToken: string | undefined;
    do {
      const res = await this.client.call<ListFinancialEventsResponse>(
        session,
        'listFinancialEventsByOrderId',
        {
          method: 'GET',
          path: `/finances/v0/orders/${encodeURIComponent(remoteId)}/financialEvents`,
          query: { MaxResultsPerPage: 100, NextToken: nextToken },
        },
      );
      events.push(...(res?.payload?.FinancialEvents?.ShipmentEventList ?? []));
      nextToken = res?.payload?.NextToken || undefined;
    } while (nextToken);
    return orderFeesOf(events, session.site.currency);
  }

  /**
   * One confirmShipment call per package. Amazon keys a package by its packageReferenceId
   * within the order, so a repeat of the same package confirms nothing twice.
   */
  async confirmShipment(
    session: StoreSession,
    order: { remoteId: string },
    packages: ShipmentPackage[],
  ): Promise<ShipmentConfirmation[]> {
    const done: ShipmentConfirmation[] = [];
    for (const pkg of packages) {
      await this.client.call<undefined>(session, 'confirmShipment', {
        method: 'POST',
        path: `/orders/v0/orders/${encodeURIComponent(order.remoteId)}/shipmentConfirmation`,
        body: { marketplaceId: session.site.remoteId, packageDetail: packageDetailOf(pkg) },
      });
      done.push({ reference: pkg.reference, remoteId: null });
    }
    return done;
  }
}

/** `variation_theme` picks the theme; it is not sent as a plain attribute. */
function withoutTheme(attributes: Record<string, unknown>): Record<string, unknown> {
  const { variation_theme: _theme, ...rest } = attributes;
  return rest;
}

export function createAmazonConnector(
  settings: AmazonSettings,
  http: Partial<MarketHttpOptions> = {},
): AmazonConnector {
  return new SpApiConnector(settings, http);
}
