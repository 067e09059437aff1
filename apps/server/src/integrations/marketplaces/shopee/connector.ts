import {
  MarketplaceError,
  type AuthorizeUrlInput,
  type CategoryAttribute,
  type CompleteAuthorizationInput,
  type ListingInput,
  type ListingIssue,
  type MarketCategory,
  type MarketplaceConnector,
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
import { MarketHttp, withFreshToken, type MarketHttpOptions } from '../http.ts';
import { ShopeeClient, type QueryValue, type ShopeeEnvelope } from './client.ts';
import {
  escrowFeesOf,
  issueOf,
  itemPayload,
  mapAttribute,
  mapCategory,
  mapOrder,
  modelEntry,
  planTiers,
  type ShopeeAttribute,
  type ShopeeCategory,
  type ShopeeOrderDetail,
  type ShopeeOrderIncome,
} from './mapping.ts';

/**
 * Which of Shopee's partner hosts serves a shop (reference 3.1): Brazil's shops have their own,
 * shops of the China mainland seller centre theirs, every other region the global one.
 */
export type ShopeeHost = 'GLOBAL' | 'BR' | 'CN';

/** The host of a shop's region code (the site's `remoteId`, kept in the store's `region`). */
export function shopeeHostOf(region: string | undefined): ShopeeHost {
  return region === 'BR' ? 'BR' : region === 'CN' ? 'CN' : 'GLOBAL';
}

export interface ShopeeSettings {
  partnerId: number;
  partnerKey: string;
  /** e.g. https://partner.shopeemobile.com for GLOBAL, or the simulator, as the server reaches it. */
  apiOrigin(host: ShopeeHost): string;
  /** The same host as the seller's browser reaches it (the auth_partner link). */
  publicOrigin(host: ShopeeHost): string;
  sandbox: boolean;
  /** Clock for timestamps, token expiry and order windows; tests move it. */
  now?: () => Date;
  /** Pause between shipping-document result polls. */
  documentPollMs?: number;
}

const AUTH_PARTNER = '/api/v2/shop/auth_partner';
/** Reference 3.7: get_order_list spans at most 15 days; get_order_detail takes at most 50. */
const ORDER_WINDOW = 15 * 86_400;
const ORDER_PAGE = 50;
const DETAIL_FIELDS =
  'buyer_username,recipient_address,item_list,total_amount,pay_time,package_list';
/** How far back the look-up after a lost add_item answer searches. */
const LOOKUP_WINDOW_SECONDS = 10 * 60;
/** add_item takes up to 9 images. */
const MAX_IMAGES = 9;

export interface OrderRef {
  order_sn: string;
  package_number?: string;
}

export type ShippingDocumentType =
  | 'NORMAL_AIR_WAYBILL'
  | 'THERMAL_AIR_WAYBILL'
  | 'NORMAL_JOB_AIR_WAYBILL'
  | 'THERMAL_JOB_AIR_WAYBILL'
  | 'THERMAL_UNPACKAGED_LABEL';

/** One entry of a batch answer: `fail_error` set when that order failed. */
export interface ShopeeBatchResult {
  order_sn: string;
  package_number?: string;
  fail_error?: string;
  fail_message?: string;
  [field: string]: unknown;
}

export interface ShipOrderInput extends OrderRef {
  pickup?: { address_id: number; pickup_time_id: string; tracking_number?: string };
  dropoff?: {
    branch_id?: number;
    sender_real_name?: string;
    tracking_number?: string;
    slug?: string;
  };
  non_integrated?: { tracking_number: string };
}

export interface BindFirstMileInput {
  first_mile_tracking_number: string;
  shipment_method: 'pickup' | 'dropoff';
  region: string;
  logistics_channel_id: number;
  order_list: OrderRef[];
  weight?: number;
  volume?: number;
  length?: number;
  width?: number;
  height?: number;
}

interface OrderCursor {
  from: number;
  to: number;
  cursor: string;
}

const encodeCursor = (c: OrderCursor) => `${c.from}:${c.to}:${c.cursor}`;

function decodeCursor(value: string): OrderCursor {
  const [from, to, ...rest] = value.split(':');
  const cursor = { from: Number(from), to: Number(to), cursor: rest.join(':') };
  if (!Number.isInteger(cursor.from) || !Number.isInteger(cursor.to)) {
    throw new MarketplaceError(
      'shopee',
      'validation',
      'cursor',
      `Not a Shopee order cursor: ${value}`,
    );
  }
  return cursor;
}

/** A get_item_base_info row: the fields synchronisation reads (reference 3.6). */
export interface ShopeeItemInfo {
  item_id: number;
  category_id: number;
  item_name: string;
  description: string;
  item_sku: string;
  item_status: string;
  has_model: boolean;
  price_info?: Array<{ currency: string; original_price: number }>;
  stock_info_v2?: { summary_info?: { total_available_stock?: number } };
  image?: { image_url_list?: string[] };
  /** kg, as a decimal string. */
  weight?: string;
  dimension?: { package_length: number; package_width: number; package_height: number };
  logistic_info?: Array<{ logistic_id: number; enabled: boolean }>;
}

/** Shopee Open Platform v2 (reference section 3) through one MarketHttp. */
export class ShopeeConnector implements MarketplaceConnector {
  readonly marketplace = 'shopee' as const;
  readonly sandbox: boolean;
  /** The escrow's figures may change until the buyer confirms receipt (reference 3.7). */
  readonly feesFinalStatuses = ['COMPLETED'] as const;
  private readonly clients = new Map<ShopeeHost, ShopeeClient>();
  private readonly http: MarketHttp;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly settings: ShopeeSettings,
    http: Partial<MarketHttpOptions> = {},
  ) {
    this.sandbox = settings.sandbox;
    this.now = settings.now ?? (() => new Date());
    this.sleep = http.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.http = new MarketHttp({ ...http, marketplace: 'shopee' });
  }

  /** One client per partner host, made when a shop of its region first calls. */
  private clientFor(region: string | undefined): ShopeeClient {
    const host = shopeeHostOf(region);
    let client = this.clients.get(host);
    if (!client) {
      client = new ShopeeClient(
        this.http,
        this.settings.partnerId,
        this.settings.partnerKey,
        this.settings.apiOrigin(host),
        () => this.nowSeconds(),
      );
      this.clients.set(host, client);
    }
    return client;
  }

  /** The store's region: kept in its authorization, else its site's. */
  private regionOf(session: StoreSession): string {
    return session.auth.extra.region ?? session.site.remoteId;
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** Shopee's redirect carries only code and shop_id, so the CSRF state rides in the redirect URL. */
  authorizeUrl(input: AuthorizeUrlInput): string {
    const redirect = new URL(input.redirectUri);
    redirect.searchParams.set('state', input.state);
    return this.clientFor(input.site.remoteId).signedUrl(
      this.settings.publicOrigin(shopeeHostOf(input.site.remoteId)),
      AUTH_PARTNER,
      { kind: 'public' },
      {
        redirect: redirect.toString(),
      },
    );
  }

  async completeAuthorization(input: CompleteAuthorizationInput): Promise<StoreAuth> {
    const { code, shop_id: shopId } = input.query;
    if (!code || !shopId) {
      const reason = input.query.main_account_id
        ? 'Main-account authorization is not supported; authorize a single shop.'
        : 'The seller did not authorize the shop.';
      throw new MarketplaceError('shopee', 'auth', 'no_code', reason);
    }
    const answer = await this.clientFor(input.site.remoteId).call<{
      access_token: string;
      refresh_token: string;
      expire_in: number;
    }>({
      method: 'POST',
      path: '/api/v2/auth/token/get',
      body: { code, partner_id: this.settings.partnerId, shop_id: Number(shopId) },
      caller: { kind: 'public' },
    });
    return this.toAuth(shopId, answer, { region: input.site.remoteId });
  }

  private toAuth(
    shopId: string,
    answer: { access_token: string; refresh_token: string; expire_in: number },
    extra: Record<string, string>,
  ): StoreAuth {
    if (!answer.access_token || !answer.refresh_token) {
      throw new MarketplaceError(
        'shopee',
        'protocol',
        'no_token',
        'The token answer has no tokens.',
      );
    }
    return {
      account: shopId,
      accessToken: answer.access_token,
      accessTokenExpiresAt: this.nowSeconds() + answer.expire_in,
      refreshToken: answer.refresh_token,
      extra,
    };
  }

  /** Reference 3.4: the refresh token is single-use; the answer carries its successor. */
  private async refresh(auth: StoreAuth): Promise<StoreAuth> {
    if (!auth.refreshToken) {
      throw new MarketplaceError('shopee', 'auth', 'no_refresh_token', 'Authorize the shop again.');
    }
    const answer = await this.clientFor(auth.extra.region).call<{
      access_token: string;
      refresh_token: string;
      expire_in: number;
    }>({
      method: 'POST',
      path: '/api/v2/auth/access_token/get',
      body: {
        refresh_token: auth.refreshToken,
        partner_id: this.settings.partnerId,
        shop_id: Number(auth.account),
      },
      caller: { kind: 'public' },
    });
    return this.toAuth(auth.account, answer, auth.extra);
  }

  /** A shop API call with a fresh token; answers `response` of the envelope. */
  private async shop<T>(
    session: StoreSession,
    method: 'GET' | 'POST',
    path: string,
    params: { query?: Record<string, QueryValue>; body?: unknown; unsafe?: boolean } = {},
  ): Promise<ShopeeEnvelope<T>> {
    return withFreshToken(
      session,
      (auth) => this.refresh(auth),
      (accessToken) =>
        this.clientFor(this.regionOf(session)).call<ShopeeEnvelope<T>>({
          method,
          path,
          ...params,
          caller: { kind: 'shop', accessToken, shopId: session.auth.account },
        }),
      () => this.nowSeconds(),
    );
  }

  async checkAuthorization(session: StoreSession): Promise<void> {
    await this.channelList(session);
  }

  async listCategories(session: StoreSession, parentId: string | null): Promise<MarketCategory[]> {
    const { response } = await this.shop<{ category_list: ShopeeCategory[] }>(
      session,
      'GET',
      '/api/v2/product/get_category',
    );
    return response.category_list.map(mapCategory).filter((c) => c.parentId === parentId);
  }

  private async attributeTree(
    session: StoreSession,
    categoryId: string,
  ): Promise<ShopeeAttribute[]> {
    const { response } = await this.shop<{ list: Array<{ attribute_tree: ShopeeAttribute[] }> }>(
      session,
      'GET',
      '/api/v2/product/get_attribute_tree',
      { query: { category_id_list: categoryId } },
    );
    return response.list[0]?.attribute_tree ?? [];
  }

  async categoryAttributes(
    session: StoreSession,
    categoryId: string,
  ): Promise<CategoryAttribute[]> {
    return (await this.attributeTree(session, categoryId)).map(mapAttribute);
  }

  /** Fetches an image from our storage and uploads it to the media space (a public API). */
  async uploadImage(imageUrl: string, region: string): Promise<string> {
    const image = await this.http.request({ method: 'GET', url: imageUrl });
    if (image.status !== 200) {
      throw new MarketplaceError(
        'shopee',
        'validation',
        'image_unreachable',
        `Image ${imageUrl}: HTTP ${image.status}`,
      );
    }
    const form = new FormData();
    const type = image.headers.get('content-type') ?? 'application/octet-stream';
    form.append('image', new Blob([image.body], { type }), 'image');
    form.append('scene', 'normal');
    const { response } = await this.clientFor(region).call<
      ShopeeEnvelope<{ image_info: { image_id: string } }>
    >({
      method: 'POST',
      path: '/api/v2/media_space/upload_image',
      body: form,
      caller: { kind: 'public' },
    });
    return response.image_info.image_id;
  }

  async publish(session: StoreSession, listing: ListingInput): Promise<PublishResult> {
    try {
      return await this.publishItem(session, listing);
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.kind !== 'validation') throw error;
      return { status: 'invalid', remoteId: listing.remoteId ?? null, issues: [issueOf(error)] };
    }
  }

  private async publishItem(session: StoreSession, listing: ListingInput): Promise<PublishResult> {
    const tree =
      Object.keys(listing.attributes).length > 0
        ? await this.attributeTree(session, listing.categoryId)
        : [];
    const imageIds: string[] = [];
    for (const url of listing.imageUrls.slice(0, MAX_IMAGES))
      imageIds.push(await this.uploadImage(url, this.regionOf(session)));
    // The editor keeps the chosen channels as a comma-separated `logistics` list.
    const chosen =
      typeof listing.attributes.logistics === 'string'
        ? listing.attributes.logistics
            .split(',')
            .map(Number)
            .filter((id) => id > 0)
        : [];
    const logisticInfo = Array.isArray(listing.attributes.logistic_info)
      ? listing.attributes.logistic_info
      : chosen.length > 0
        ? chosen.map((id) => ({ logistic_id: id, enabled: true }))
        : (await this.channelList(session))
            .filter((c) => c.enabled)
            .map((c) => ({ logistic_id: c.logistics_channel_id, enabled: true }));
    const { payload, issues } = itemPayload(listing, { imageIds, logisticInfo, tree });

    let itemId: number;
    let itemStatus: string;
    const remoteId =
      listing.remoteId ??
      (listing.createdSince
        ? (
            await this.recentItemBySku(
              session,
              listing.sku,
              Math.floor(listing.createdSince.getTime() / 1000),
            )
          )?.item_id
        : undefined);
    if (remoteId) {
      itemId = Number(remoteId);
      const { response } = await this.shop<{ item_status: string }>(
        session,
        'POST',
        '/api/v2/product/update_item',
        {
          body: { ...payload, item_id: itemId },
        },
      );
      itemStatus = response.item_status;
      issues.push(...(await this.syncStock(session, itemId, listing)));
    } else {
      const added = await this.addItem(session, listing.sku, {
        ...payload,
        seller_stock: [{ stock: listing.quantity }],
      });
      itemId = added.itemId;
      itemStatus = added.itemStatus;
      issues.push(...added.issues);
      if (listing.variants?.length && !added.hasModel) {
        try {
          await this.initTiers(session, itemId, listing);
        } catch (error) {
          if (!(error instanceof MarketplaceError) || error.kind !== 'validation') throw error;
          return {
            status: 'invalid',
            remoteId: String(itemId),
            issues: [...issues, issueOf(error)],
          };
        }
      }
    }
    return {
      status: itemStatus === 'NORMAL' ? 'live' : 'accepted',
      remoteId: String(itemId),
      issues,
    };
  }

  /**
   * add_item is sent once: after a 5xx or a lost answer the item may exist, so instead of
   * resending it the shop's items changed since just before are looked up by `item_sku`; found,
   * that is the answer (with whether its models were made), else the failure stands.
   */
  private async addItem(
    session: StoreSession,
    sku: string,
    body: Record<string, unknown>,
  ): Promise<{ itemId: number; itemStatus: string; hasModel: boolean; issues: ListingIssue[] }> {
    const started = this.nowSeconds();
    try {
      const { response, warning } = await this.shop<{ item_id: number; item_status: string }>(
        session,
        'POST',
        '/api/v2/product/add_item',
        { body, unsafe: true },
      );
      return {
        itemId: response.item_id,
        itemStatus: response.item_status,
        hasModel: false,
        issues: warnings(warning),
      };
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.kind !== 'unavailable') throw error;
      const found = await this.recentItemBySku(session, sku, started - LOOKUP_WINDOW_SECONDS);
      if (!found) throw error;
      return {
        itemId: found.item_id,
        itemStatus: found.item_status,
        hasModel: found.has_model,
        issues: [],
      };
    }
  }

  /** The item updated since `since` whose item_sku is `sku`. */
  private async recentItemBySku(
    session: StoreSession,
    sku: string,
    since: number,
  ): Promise<ShopeeItemInfo | undefined> {
    for (let offset = 0; ;) {
      const page = await this.listItems(session, {
        offset,
        pageSize: 50,
        status: ['NORMAL', 'UNLIST', 'REVIEWING'],
        updatedFrom: since,
      });
      if (page.item.length > 0) {
        const infos = await this.itemBaseInfo(
          session,
          page.item.map((i) => i.item_id),
        );
        const found = infos.find((i) => i.item_sku === sku);
        if (found) return found;
      }
      if (!page.has_next_page) return undefined;
      offset = page.next_offset;
    }
  }

  private async initTiers(
    session: StoreSession,
    itemId: number,
    listing: ListingInput,
  ): Promise<void> {
    const variants = listing.variants ?? [];
    const plan = planTiers(variants);
    await this.shop(session, 'POST', '/api/v2/product/init_tier_variation', {
      body: {
        item_id: itemId,
        standardise_tier_variation: plan.tiers.map((t) => ({
          variation_name: t.name,
          variation_option_list: t.options.map((o) => ({ variation_option_name: o })),
        })),
        model: variants.map((v, i) => modelEntry(v, plan.indexes[i]!)),
      },
    });
  }

  /** On republish: prices and stock per model; new variants become models when their options exist. */
  private async syncStock(
    session: StoreSession,
    itemId: number,
    listing: ListingInput,
  ): Promise<ListingIssue[]> {
    if (!listing.variants?.length) {
      return [
        ...(await this.updatePrice(session, itemId, [
          { model_id: 0, original_price: Number(listing.price.amount) },
        ])),
        ...(await this.updateStock(session, itemId, [{ model_id: 0, stock: listing.quantity }])),
      ];
    }
    const models = await this.modelList(session, itemId);
    if (models.tier_variation.length === 0) {
      await this.initTiers(session, itemId, listing);
      return [];
    }
    const issues: ListingIssue[] = [];
    const prices: Array<{ model_id: number; original_price: number }> = [];
    const stocks: Array<{ model_id: number; stock: number }> = [];
    const added: unknown[] = [];
    for (const variant of listing.variants) {
      const model = models.model.find((m) => m.model_sku === variant.sku);
      if (model) {
        prices.push({ model_id: model.model_id, original_price: Number(variant.price.amount) });
        stocks.push({ model_id: model.model_id, stock: variant.quantity });
        continue;
      }
      const index = models.tier_variation.map((t) =>
        t.option_list.findIndex((o) => o.option === variant.options[t.name]),
      );
      if (index.some((i) => i < 0)) {
        issues.push({
          code: 'new_variation_option',
          message: `Variant ${variant.sku} has an option the item's tier_variation lacks; it was not added.`,
          severity: 'warning',
          fields: ['tier_variation'],
        });
      } else {
        added.push(modelEntry(variant, index));
      }
    }
    if (prices.length) issues.push(...(await this.updatePrice(session, itemId, prices)));
    if (stocks.length) issues.push(...(await this.updateStock(session, itemId, stocks)));
    if (added.length) {
      await this.shop(session, 'POST', '/api/v2/product/add_model', {
        body: { item_id: itemId, model_list: added },
      });
    }
    return issues;
  }

  async listingState(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<RemoteListingState> {
    if (!ref.remoteId) return { remoteId: null, status: 'not_found', issues: [] };
    const { response } = await this.shop<{
      item_list: Array<{ item_id: number; item_status: string }>;
    }>(session, 'GET', '/api/v2/product/get_item_base_info', {
      query: { item_id_list: ref.remoteId },
    });
    const item = response.item_list.find((i) => String(i.item_id) === ref.remoteId);
    const status = item?.item_status ?? 'SELLER_DELETE';
    const issues: ListingIssue[] =
      status === 'BANNED'
        ? [{ code: 'BANNED', message: 'Shopee banned this item.', severity: 'error', fields: [] }]
        : [];
    const state: Record<string, RemoteListingState['status']> = {
      NORMAL: 'live',
      REVIEWING: 'pending',
      UNLIST: 'inactive',
      BANNED: 'inactive',
    };
    return { remoteId: ref.remoteId, status: state[status] ?? 'not_found', issues };
  }

  async takeDown(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<void> {
    if (!ref.remoteId) return;
    const { response } = await this.shop<{ failure_list?: Array<{ failed_reason: string }> }>(
      session,
      'POST',
      '/api/v2/product/unlist_item',
      { body: { item_list: [{ item_id: Number(ref.remoteId), unlist: true }] } },
    );
    const failure = response.failure_list?.[0];
    if (failure)
      throw new MarketplaceError('shopee', 'validation', 'unlist_failed', failure.failed_reason);
  }

  /** delete_item (reference 3.6): the item reads SELLER_DELETE and leaves get_item_list's pulls. */
  async deleteListing(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<void> {
    if (!ref.remoteId) return;
    await this.shop(session, 'POST', '/api/v2/product/delete_item', {
      body: { item_id: Number(ref.remoteId) },
    });
  }

  /**
   * One page of orders changed since `updatedAfter`. Shopee lists at most 15 days per call, so the
   * cursor is `<window from>:<window to>:<Shopee cursor>` and walks the windows up to now.
   */
  async fetchOrders(session: StoreSession, query: OrderPageQuery): Promise<OrderPage> {
    const now = this.nowSeconds();
    const windowFrom = (from: number): OrderCursor => ({
      from,
      to: Math.min(from + ORDER_WINDOW, now),
      cursor: '',
    });
    let window = query.cursor
      ? decodeCursor(query.cursor)
      : windowFrom(Math.floor(query.updatedAfter.getTime() / 1000));
    for (;;) {
      const { response } = await this.shop<{
        more: boolean;
        next_cursor: string;
        order_list: Array<{ order_sn: string }>;
      }>(session, 'GET', '/api/v2/order/get_order_list', {
        query: {
          time_range_field: 'update_time',
          time_from: window.from,
          time_to: window.to,
          page_size: ORDER_PAGE,
          cursor: window.cursor,
        },
      });
      const next = response.more
        ? { ...window, cursor: response.next_cursor }
        : window.to < now
          ? windowFrom(window.to + 1)
          : null;
      if (response.order_list.length > 0 || !next) {
        const orders = await this.orderDetails(
          session,
          response.order_list.map((o) => o.order_sn),
        );
        return { orders: orders.map(mapOrder), nextCursor: next && encodeCursor(next) };
      }
      window = next;
    }
  }

  async orderDetails(session: StoreSession, orderSns: string[]): Promise<ShopeeOrderDetail[]> {
    if (orderSns.length === 0) return [];
    const { response } = await this.shop<{ order_list: ShopeeOrderDetail[] }>(
      session,
      'GET',
      '/api/v2/order/get_order_detail',
      { query: { order_sn_list: orderSns.join(','), response_optional_fields: DETAIL_FIELDS } },
    );
    return response.order_list;
  }

  /** v2.payment.get_escrow_detail: the fees in the order's income breakdown. */
  async fetchOrderFees(session: StoreSession, orderSn: string): Promise<Money | null> {
    const { response } = await this.shop<{ order_sn: string; order_income?: ShopeeOrderIncome }>(
      session,
      'GET',
      '/api/v2/payment/get_escrow_detail',
      { query: { order_sn: orderSn } },
    );
    return escrowFeesOf(response?.order_income, session.site.currency);
  }

  // Extra operations for the listings and orders issues.

  /** get_item_list: offset paging while `has_next_page`. */
  async listItems(
    session: StoreSession,
    page: {
      offset: number;
      pageSize: number;
      status: string[];
      updatedFrom?: number;
      updatedTo?: number;
    },
  ) {
    const { response } = await this.shop<{
      item: Array<{ item_id: number; item_status: string; update_time: number }>;
      total_count: number;
      has_next_page: boolean;
      next_offset: number;
    }>(session, 'GET', '/api/v2/product/get_item_list', {
      query: {
        offset: page.offset,
        page_size: page.pageSize,
        item_status: page.status,
        update_time_from: page.updatedFrom,
        update_time_to: page.updatedTo,
      },
    });
    return response;
  }

  /** get_item_base_info for up to 50 items (reference 3.6). */
  async itemBaseInfo(session: StoreSession, itemIds: number[]): Promise<ShopeeItemInfo[]> {
    const { response } = await this.shop<{ item_list: ShopeeItemInfo[] }>(
      session,
      'GET',
      '/api/v2/product/get_item_base_info',
      { query: { item_id_list: itemIds.join(',') } },
    );
    return response.item_list;
  }

  async modelList(session: StoreSession, itemId: number) {
    const { response } = await this.shop<{
      tier_variation: Array<{ name: string; option_list: Array<{ option: string }> }>;
      model: Array<{
        model_id: number;
        model_sku: string;
        tier_index: number[];
        price_info: Array<{ original_price: number; current_price: number }>;
        stock_info_v2?: { summary_info?: { total_available_stock?: number } };
      }>;
    }>(session, 'GET', '/api/v2/product/get_model_list', { query: { item_id: itemId } });
    return response;
  }

  /** Answers the failures as warnings; model_id 0 is an item without models. */
  async updatePrice(
    session: StoreSession,
    itemId: number,
    prices: Array<{ model_id: number; original_price: number }>,
  ): Promise<ListingIssue[]> {
    const { response } = await this.shop<{
      failure_list?: Array<{ model_id: number; failed_reason: string }>;
    }>(session, 'POST', '/api/v2/product/update_price', {
      body: { item_id: itemId, price_list: prices },
    });
    return failures(response.failure_list, 'update_price_failed', 'original_price');
  }

  async updateStock(
    session: StoreSession,
    itemId: number,
    stocks: Array<{ model_id: number; stock: number }>,
  ): Promise<ListingIssue[]> {
    const { response } = await this.shop<{
      failure_list?: Array<{ model_id: number; failed_reason: string }>;
    }>(session, 'POST', '/api/v2/product/update_stock', {
      body: {
        item_id: itemId,
        stock_list: stocks.map((s) => ({
          model_id: s.model_id,
          seller_stock: [{ stock: s.stock }],
        })),
      },
    });
    return failures(response.failure_list, 'update_stock_failed', 'seller_stock');
  }

  /** v2.order.set_note: the seller's note on the order, as Shopee shows it. */
  async setNote(session: StoreSession, orderSn: string, note: string): Promise<void> {
    await this.shop(session, 'POST', '/api/v2/order/set_note', {
      body: { order_sn: orderSn, note },
    });
  }

  /** The packages of orders (get_order_detail's package_list), at most 50 order numbers. */
  async orderPackages(session: StoreSession, orderSns: string[]) {
    const { response } = await this.shop<{
      order_list: Array<{
        order_sn: string;
        order_status: string;
        package_list?: Array<{ package_number: string; logistics_status: string }>;
      }>;
    }>(session, 'GET', '/api/v2/order/get_order_detail', {
      query: { order_sn_list: orderSns.join(','), response_optional_fields: 'package_list' },
    });
    return response.order_list;
  }

  async channelList(session: StoreSession) {
    const { response } = await this.shop<{
      logistics_channel_list: Array<{
        logistics_channel_id: number;
        logistics_channel_name: string;
        enabled: boolean;
        cod_enabled: boolean;
      }>;
    }>(session, 'GET', '/api/v2/logistics/get_channel_list');
    return response.logistics_channel_list;
  }

  async shippingParameter(session: StoreSession, ref: OrderRef) {
    const { response } = await this.shop<{
      info_needed: { pickup?: string[]; dropoff?: string[] };
      pickup?: {
        address_list: Array<{
          address_id: number;
          time_slot_list?: Array<{ date: number; time_text?: string; pickup_time_id: string }>;
        }>;
      };
      dropoff?: unknown;
    }>(session, 'GET', '/api/v2/logistics/get_shipping_parameter', { query: { ...ref } });
    return response;
  }

  /**
   * get_shipping_parameter, then ship_order the way its answer allows (the seller's own
   * carrier when Shopee lets it, else drop-off or pickup carrying our tracking number), then
   * the tracking number read back. Shopee ships a whole order at once, so one package is sent.
   * An order Shopee already shows arranged with this tracking number (a retry after a lost
   * answer) is a success; with another number it is the marketplace's refusal.
   */
  async confirmShipment(
    session: StoreSession,
    order: { remoteId: string },
    packages: ShipmentPackage[],
  ): Promise<ShipmentConfirmation[]> {
    const ref = { order_sn: order.remoteId };
    const pkg = packages[0];
    if (!pkg) return [];
    let parameter: Awaited<ReturnType<ShopeeConnector['shippingParameter']>>;
    try {
      parameter = await this.shippingParameter(session, ref);
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.kind !== 'validation') throw error;
      const { tracking_number } = await this.trackingNumber(session, ref).catch(() => ({
        tracking_number: '',
      }));
      if (tracking_number !== pkg.trackingNumber) throw error;
      return packages.map((p) => ({ reference: p.reference, remoteId: tracking_number }));
    }
    const tracking = { tracking_number: pkg.trackingNumber };
    const needed = parameter.info_needed as Record<string, unknown>;
    const address = parameter.pickup?.address_list[0];
    const slot = address?.time_slot_list?.[0];
    let input: ShipOrderInput;
    if (needed.non_integrated) input = { ...ref, non_integrated: tracking };
    else if (needed.dropoff) input = { ...ref, dropoff: tracking };
    else if (address && slot) {
      input = {
        ...ref,
        pickup: {
          address_id: address.address_id,
          pickup_time_id: slot.pickup_time_id,
          ...tracking,
        },
      };
    } else input = { ...ref, non_integrated: tracking };
    await this.shipOrder(session, input);
    const { tracking_number } = await this.trackingNumber(session, ref);
    return packages.map((p) => ({ reference: p.reference, remoteId: tracking_number || null }));
  }

  async shipOrder(session: StoreSession, input: ShipOrderInput): Promise<void> {
    // Never resent on a lost answer: the order may be arranged already, and a second ship_order
    // is refused. A shipment push is retried instead, which reads the tracking number back.
    await this.shop(session, 'POST', '/api/v2/logistics/ship_order', { body: input, unsafe: true });
  }

  async trackingNumber(session: StoreSession, ref: OrderRef) {
    const { response } = await this.shop<{
      tracking_number: string;
      first_mile_tracking_number?: string;
    }>(session, 'GET', '/api/v2/logistics/get_tracking_number', { query: { ...ref } });
    return response;
  }

  private async documentCall(session: StoreSession, path: string, orders: unknown[]) {
    const { response } = await this.shop<{ result_list: ShopeeBatchResult[] }>(
      session,
      'POST',
      path,
      {
        body: { order_list: orders },
      },
    );
    return response.result_list;
  }

  shippingDocumentParameter(session: StoreSession, orders: OrderRef[]) {
    return this.documentCall(session, '/api/v2/logistics/get_shipping_document_parameter', orders);
  }

  createShippingDocument(
    session: StoreSession,
    orders: Array<
      OrderRef & { tracking_number?: string; shipping_document_type?: ShippingDocumentType }
    >,
  ) {
    return this.documentCall(session, '/api/v2/logistics/create_shipping_document', orders);
  }

  shippingDocumentResult(session: StoreSession, orders: OrderRef[]) {
    return this.documentCall(session, '/api/v2/logistics/get_shipping_document_result', orders);
  }

  /** Polls get_shipping_document_result until every order is READY or one fails. */
  async waitForShippingDocuments(
    session: StoreSession,
    orders: OrderRef[],
    attempts = 10,
  ): Promise<ShopeeBatchResult[]> {
    for (let attempt = 1; ; attempt++) {
      const results = await this.shippingDocumentResult(session, orders);
      const failed = results.find((r) => r.fail_error || r.status === 'FAILED');
      if (failed) {
        throw new MarketplaceError(
          'shopee',
          'validation',
          failed.fail_error ?? 'FAILED',
          failed.fail_message ?? `Shipping document of ${failed.order_sn} failed.`,
        );
      }
      if (results.every((r) => r.status === 'READY')) return results;
      if (attempt >= attempts) {
        throw new MarketplaceError(
          'shopee',
          'unavailable',
          'document_not_ready',
          'Shipping documents are still being made.',
        );
      }
      await this.sleep(this.settings.documentPollMs ?? 2000);
    }
  }

  /** The label file (PDF); errors arrive as JSON instead (reference 3.8). */
  async downloadShippingDocument(
    session: StoreSession,
    type: ShippingDocumentType,
    orders: OrderRef[],
  ): Promise<Buffer> {
    const res = await withFreshToken(
      session,
      (auth) => this.refresh(auth),
      (accessToken) =>
        this.clientFor(this.regionOf(session)).send({
          method: 'POST',
          path: '/api/v2/logistics/download_shipping_document',
          body: { shipping_document_type: type, order_list: orders },
          caller: { kind: 'shop', accessToken, shopId: session.auth.account },
        }),
      () => this.nowSeconds(),
    );
    if (res.json !== undefined) {
      throw new MarketplaceError(
        'shopee',
        'protocol',
        'not_a_file',
        'download_shipping_document answered JSON without an error.',
      );
    }
    return res.body;
  }

  async unboundFirstMileOrders(session: StoreSession, page: { cursor: string; pageSize: number }) {
    const { response } = await this.shop<{
      order_list: Array<{ order_sn: string; package_number: string; logistics_status: string }>;
      more: boolean;
      next_cursor: string;
    }>(session, 'GET', '/api/v2/first_mile/get_unbind_order_list', {
      query: { cursor: page.cursor, page_size: page.pageSize },
    });
    return response;
  }

  async firstMileChannels(session: StoreSession, region?: string) {
    const { response } = await this.shop<{
      logistics_channel_list: Array<{
        logistics_channel_id: number;
        logistics_channel_name: string;
        shipment_method: 'pickup' | 'dropoff';
      }>;
    }>(session, 'GET', '/api/v2/first_mile/get_channel_list', { query: { region } });
    return response.logistics_channel_list;
  }

  async generateFirstMileTrackingNumbers(session: StoreSession, declareDate: string, quantity = 1) {
    const { response } = await this.shop<{ first_mile_tracking_number_list: string[] }>(
      session,
      'POST',
      '/api/v2/first_mile/generate_first_mile_tracking_number',
      { body: { declare_date: declareDate, quantity } },
    );
    return response.first_mile_tracking_number_list;
  }

  /** Per-order failures come back in `order_list[].fail_error`; an all-failed batch throws. */
  async bindFirstMile(session: StoreSession, input: BindFirstMileInput) {
    const { response } = await this.shop<{
      first_mile_tracking_number: string;
      order_list: ShopeeBatchResult[];
    }>(session, 'POST', '/api/v2/first_mile/bind_first_mile_tracking_number', { body: input });
    return response;
  }

  async unbindFirstMile(
    session: StoreSession,
    input: { first_mile_tracking_number: string; order_list: OrderRef[] },
  ) {
    const { response } = await this.shop<{ order_list?: ShopeeBatchResult[] }>(
      session,
      'POST',
      '/api/v2/first_mile/unbind_first_mile_tracking_number',
      { body: input },
    );
    return response;
  }
}

function warnings(warning: string | string[] | undefined): ListingIssue[] {
  const list = Array.isArray(warning) ? warning : warning ? [warning] : [];
  return list.map((message) => ({ code: 'warning', message, severity: 'warning', fields: [] }));
}

function failures(
  list: Array<{ model_id: number; failed_reason: string }> | undefined,
  code: string,
  field: string,
): ListingIssue[] {
  return (list ?? []).map((f) => ({
    code,
    message: `Model ${f.model_id}: ${f.failed_reason}`,
    severity: 'warning',
    fields: [field],
  }));
}

export function createShopeeConnector(
  settings: ShopeeSettings,
  http: Partial<MarketHttpOptions> = {},
): ShopeeConnector {
  return new ShopeeConnector(settings, http);
}
