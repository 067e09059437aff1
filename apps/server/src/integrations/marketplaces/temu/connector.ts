import type { MarketSiteInfo } from '@app/shared';
import {
  MarketplaceError,
  type AuthorizeUrlInput,
  type CategoryAttribute,
  type CompleteAuthorizationInput,
  type ListingInput,
  type MarketCategory,
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
import { MarketHttp, type MarketHttpOptions } from '../http.ts';
import { TemuClient } from './client.ts';
import {
  fromCategoryDto,
  GOODS_CALLS,
  modeOf,
  toProductAddPayload,
  type GoodsCall,
  type TemuCategoryDto,
} from './modes.ts';
import {
  fieldsOf,
  toAddress,
  toAttribute,
  toCategory,
  toGoodsPayload,
  toGoodsProperties,
  toListingState,
  toOrder,
  type TemuCategory,
  type TemuGoods,
  type TemuOrderAmount,
  type TemuOrderItem,
  type TemuShippingInfo,
  type TemuTemplateProperty,
} from './mapping.ts';

export interface TemuSettings {
  appKey: string;
  appSecret: string;
  /** The router URL for a site's region (US, EU, GLOBAL), e.g. https://openapi-b-us.temu.com/openapi/router. */
  gatewayUrl(region: string): string;
  /** Where a seller authorizes the app and is sent back with `?code=` (Seller Center live, the simulator otherwise). */
  authorizePageUrl(site: MarketSiteInfo, mode?: string): string;
  sandbox: boolean;
  /** Orders per `bg.order.list.v2.get` page; at most 100 (reference 4.6). */
  orderPageSize?: number;
}

/** Reference 4.5: 20 QPS per app_key by default. */
const TEMU_REQUESTS_PER_SECOND = 20;
const MAX_ORDER_PAGE_SIZE = 100;
/** How far back the look-up after a lost `goods.add` answer searches, and how many pages. */
const LOOKUP_WINDOW_MS = 10 * 60_000;
const LOOKUP_PAGES = 5;

export interface TemuFreightTemplate {
  templateId: string;
  templateName: string;
}

/** `bg.logistics.warehouse.list.get` row [U: the address's field names are the simulator's]. */
export interface TemuWarehouse {
  warehouseId: string;
  warehouseName: string;
  warehouseAddress?: {
    regionName1?: string;
    regionName2?: string;
    regionName3?: string;
    addressLine1?: string;
    addressLine2?: string;
    postCode?: string;
    contactName?: string;
    contactPhone?: string;
  };
}

/** `bg.logistics.shippingservices.get` row [U]. */
export interface TemuShippingService {
  channelId: number;
  shipCompanyId: number;
  shipCompanyName: string;
  shippingServiceName: string;
}

/** `bg.logistics.companies.get` row [U: the shape is the simulator's; the docs were not copied]. */
export interface TemuCarrier {
  shipId: number;
  shipCompanyName: string;
}

/** A `temu.goods.list.get` row: the fields the connector reads (see `productBySku`). */
interface TemuProductRow {
  productId: number;
  productName: string;
}

export interface TemuGoodsPage {
  goods: TemuGoods[];
  total: number;
  /** The next `pageNo`, or null on the last page. */
  nextPageNo: number | null;
}

/** Temu operations later issues (listings, orders) call besides the common connector ones. */
export interface TemuConnector extends MarketplaceConnector {
  listGoods(
    session: StoreSession,
    page: { pageNo: number; pageSize: number },
  ): Promise<TemuGoodsPage>;
  editStock(
    session: StoreSession,
    goodsId: string,
    targets: Array<{ skuId: number; quantity: number }>,
  ): Promise<void>;
  deleteListing(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<void>;
  freightTemplates(session: StoreSession): Promise<TemuFreightTemplate[]>;
  warehouses(session: StoreSession): Promise<TemuWarehouse[]>;
  shippingServices(
    session: StoreSession,
    query: { warehouseId: string; orderSnList: string[] },
  ): Promise<TemuShippingService[]>;
  /** `bg.logistics.companies.get` [U]: the carriers a shipment may name by `carrierId`. */
  carriers(session: StoreSession): Promise<TemuCarrier[]>;
}

/** A `fetchOrders` cursor: the next page of a window whose end is fixed on the first page. */
const encodeCursor = (page: number, end: number) => `${page}:${end}`;
function decodeCursor(cursor: string): { page: number; end: number } {
  const [page, end] = cursor.split(':').map(Number);
  if (!Number.isInteger(page) || !Number.isInteger(end)) {
    throw new MarketplaceError('temu', 'validation', 'cursor', `bad order cursor "${cursor}"`);
  }
  return { page: page!, end: end! };
}

/**
 * Temu Open Platform for local sellers (reference 4). Temu has no refresh API (4.4 [U]): a
 * token lives about a year and a new one comes only from the seller authorizing again, so
 * `withFreshToken` does not apply; an expired token (3000034) surfaces as kind `auth` and the
 * store asks the seller to re-authorize.
 */
class TemuConnectorImpl implements TemuConnector {
  readonly marketplace = 'temu' as const;
  readonly sandbox: boolean;
  private readonly client: TemuClient;

  constructor(
    private readonly settings: TemuSettings,
    http: Partial<MarketHttpOptions>,
  ) {
    this.sandbox = settings.sandbox;
    this.client = new TemuClient(
      new MarketHttp({ requestsPerSecond: TEMU_REQUESTS_PER_SECOND, ...http, marketplace: 'temu' }),
      settings,
    );
  }

  private call<T>(
    session: StoreSession,
    type: string,
    params: Record<string, unknown> = {},
    options: { unsafe?: boolean; gateway?: 'site' | 'CN' | 'PARTNER' } = {},
  ) {
    const token = session.auth.accessToken;
    if (!token) {
      throw new MarketplaceError('temu', 'auth', '3000030', 'the store has no access token');
    }
    const gateway = options.gateway ?? 'site';
    return this.client.call<T>(
      this.settings.gatewayUrl(gateway === 'site' ? session.site.region : gateway),
      type,
      token,
      params,
      { unsafe: options.unsafe },
    );
  }

  /** The goods call of the store's mode; a mode the reference names no such call for is refused. */
  private goodsCall(session: StoreSession, name: keyof (typeof GOODS_CALLS)['local']) {
    const call: GoodsCall = GOODS_CALLS[modeOf(session)][name];
    if (!call) {
      throw new MarketplaceError(
        'temu',
        'validation',
        'cross_border_unsupported',
        "Temu's open API offers cross-border sellers no call for this; do it in Seller Center",
      );
    }
    return call;
  }

  /** Refuses, for a cross-border store, what only a local seller's calls can do. */
  private localOnly(session: StoreSession): void {
    if (modeOf(session) === 'cross_border') this.goodsCall(session, 'update');
  }

  /**
   * `bg.local.goods.add` is sent once: after a 5xx or a lost answer the goods may exist, so
   * instead of resending it the goods created lately are looked up by the listing's SKU
   * (`outGoodsSn`); found, that is the answer, else the failure stands.
   */
  private async addGoods(
    session: StoreSession,
    sku: string,
    payload: Record<string, unknown>,
  ): Promise<{ goodsId: number }> {
    const startedMs = Date.now();
    try {
      return await this.call<{ goodsId: number }>(session, 'bg.local.goods.add', payload, {
        unsafe: true,
      });
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.kind !== 'unavailable') throw error;
      const found = await this.recentGoodsBySku(session, sku, startedMs - LOOKUP_WINDOW_MS);
      if (found) return { goodsId: found.goodsId };
      throw error;
    }
  }

  /** Goods created since `sinceMs` whose `outGoodsSn` is `sku`, newest first. */
  private async recentGoodsBySku(
    session: StoreSession,
    sku: string,
    sinceMs: number,
  ): Promise<TemuGoods | undefined> {
    for (let pageNo = 1; pageNo <= LOOKUP_PAGES; pageNo++) {
      const page = await this.call<{ goodsList: TemuGoods[]; total: number }>(
        session,
        'bg.local.goods.list.query',
        { pageNo, pageSize: 100, goodsSearchType: 1, goodsStatusFilterType: 1, crtFrom: sinceMs },
      );
      const found = page.goodsList.find((g) => g.outGoodsSn === sku);
      if (found) return found;
      if (pageNo * 100 >= page.total) return undefined;
    }
    return undefined;
  }

  authorizeUrl(input: AuthorizeUrlInput): string {
    const query = new URLSearchParams({
      app_key: this.settings.appKey,
      state: input.state,
      redirect_url: input.redirectUri,
    });
    return `${this.settings.authorizePageUrl(input.site, input.mode)}?${query}`;
  }

  async completeAuthorization(input: CompleteAuthorizationInput): Promise<StoreAuth> {
    const code = input.query.code;
    if (!code) {
      throw new MarketplaceError(
        'temu',
        'auth',
        input.query.error ?? 'missing_code',
        'the seller did not authorize the app',
      );
    }
    // Reference 4.4: on this first call the code stands in for the access token.
    const result = await this.client.call<{
      accessToken: string;
      mallId: number;
      regionId?: number;
      expiredTime: number;
    }>(this.settings.gatewayUrl(input.site.region), 'bg.open.accesstoken.create', code, { code });
    return {
      account: String(result.mallId),
      accessToken: result.accessToken,
      accessTokenExpiresAt: result.expiredTime,
      refreshToken: null,
      extra: { regionId: String(result.regionId ?? input.site.remoteId) },
    };
  }

  async authorizeWithToken(site: MarketSiteInfo, accessToken: string): Promise<StoreAuth> {
    const info = await this.client.call<{ mallId: number; regionId?: number; expiredTime: number }>(
      this.settings.gatewayUrl(site.region),
      'bg.open.accesstoken.info.get',
      accessToken,
    );
    return {
      account: String(info.mallId),
      accessToken,
      accessTokenExpiresAt: info.expiredTime,
      refreshToken: null,
      extra: { regionId: String(info.regionId ?? site.remoteId) },
    };
  }

  async checkAuthorization(session: StoreSession): Promise<void> {
    await this.call(session, 'bg.open.accesstoken.info.get');
  }

  async listCategories(session: StoreSession, parentId: string | null): Promise<MarketCategory[]> {
    if (modeOf(session) === 'cross_border') {
      const { type, gateway } = this.goodsCall(session, 'cats');
      // Level 1 leaves parentCatId out (reference 4.6).
      const result = await this.call<{ categoryDTOList: TemuCategoryDto[] }>(
        session,
        type,
        parentId ? { parentCatId: Number(parentId) } : {},
        { gateway },
      );
      return result.categoryDTOList.filter((c) => !c.isHidden).map(fromCategoryDto);
    }
    const result = await this.call<{ goodsCatsList: TemuCategory[] }>(
      session,
      'bg.local.goods.cats.get',
      { parentCatId: parentId ? Number(parentId) : 0 },
    );
    return result.goodsCatsList.filter((c) => (c.availableStatus ?? 0) === 0).map(toCategory);
  }

  /** [U: bg.goods.attrs.get's answer is read as the local template's `goodsProperties`.] */
  private async template(session: StoreSession, categoryId: string) {
    const { type, gateway } = this.goodsCall(session, 'template');
    const result = await this.call<{ goodsProperties: TemuTemplateProperty[] }>(
      session,
      type,
      { catId: Number(categoryId) },
      { gateway },
    );
    return result.goodsProperties;
  }

  async categoryAttributes(
    session: StoreSession,
    categoryId: string,
  ): Promise<CategoryAttribute[]> {
    const template = await this.template(session, categoryId);
    return template.filter((p) => !p.isSale).map(toAttribute);
  }

  async publish(session: StoreSession, listing: ListingInput): Promise<PublishResult> {
    const { properties, issues } = toGoodsProperties(
      listing.attributes,
      await this.template(session, listing.categoryId),
    );
    if (modeOf(session) === 'cross_border') {
      return this.publishCrossBorder(session, listing, properties, issues);
    }
    const costTemplateId =
      listing.attributes.costTemplateId !== undefined
        ? String(listing.attributes.costTemplateId)
        : (await this.freightTemplates(session))[0]?.templateId;
    const remoteId = listing.remoteId ?? null;
    if (!costTemplateId) {
      const missing = {
        code: 'no_freight_template',
        message: 'Create a shipping template in Seller Center first',
        severity: 'error' as const,
        fields: ['costTemplateId'],
      };
      return { status: 'invalid', remoteId, issues: [...issues, missing] };
    }
    const payload = toGoodsPayload(listing, properties, costTemplateId);
    const existing =
      remoteId ??
      (listing.createdSince
        ? ((
            await this.recentGoodsBySku(session, listing.sku, listing.createdSince.getTime())
          )?.goodsId.toString() ?? null)
        : null);
    try {
      const result = existing
        ? await this.call<{ goodsId: number }>(session, 'bg.local.goods.update', {
            goodsId: Number(existing),
            ...payload,
          })
        : await this.addGoods(session, listing.sku, payload);
      return { status: 'accepted', remoteId: String(result.goodsId), issues };
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.kind !== 'validation') throw error;
      const message = error.message.replace(/^temu: [^:]+: /, '');
      return {
        status: 'invalid',
        remoteId,
        issues: [
          ...issues,
          { code: error.code, message, severity: 'error', fields: fieldsOf(message) },
        ],
      };
    }
  }

  /**
   * A semi-managed seller's product (`temu.goods.add` on the partner gateway). The reference
   * names no update call for this mode, so a product already on Temu is changed in Seller
   * Center. The add is sent once, as a local seller's is (`addGoods`): a resumed run, or a lost
   * answer or 5xx, first looks for a product already carrying our SKU.
   */
  private async publishCrossBorder(
    session: StoreSession,
    listing: ListingInput,
    properties: Parameters<typeof toProductAddPayload>[1],
    issues: PublishResult['issues'],
  ): Promise<PublishResult> {
    const remoteId = listing.remoteId ?? null;
    const accepted = (productId: number): PublishResult => ({
      status: 'accepted',
      remoteId: String(productId),
      issues,
    });
    try {
      const { type, gateway } = this.goodsCall(session, remoteId ? 'update' : 'add');
      if (listing.createdSince) {
        const found = await this.productBySku(session, listing.sku);
        if (found) return accepted(found.productId);
      }
      const siteId = Number(session.auth.extra.regionId ?? session.site.remoteId);
      try {
        const result = await this.call<{ productId: number }>(
          session,
          type,
          toProductAddPayload(listing, properties, siteId),
          { unsafe: true, gateway },
        );
        return accepted(result.productId);
      } catch (error) {
        if (!(error instanceof MarketplaceError) || error.kind !== 'unavailable') throw error;
        const found = await this.productBySku(session, listing.sku);
        if (found) return accepted(found.productId);
        throw error;
      }
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.kind !== 'validation') throw error;
      const message = error.reason;
      return {
        status: 'invalid',
        remoteId,
        issues: [...issues, { code: error.code, message, severity: 'error', fields: [] }],
      };
    }
  }

  /**
   * The cross-border product whose SKC carries our SKU as `extCode`, by `temu.goods.list.get`
   * (the 2025-09 partner name of `bg.goods.list.get`, whose CN doc AutoTemu copied): it filters
   * by `skcExtCode` and answers `result{totalCount, data[{productId, productName, createdAt,
   * …}]}`. [U: the doc calls `skcExtCode` a keyword filter and names no SKC code in the rows, so
   * a row is taken as an exact match of ours; it documents no creation-time filter either, so
   * any product with our code counts, not only one made since the run started — a cross-border
   * product cannot be removed through the API, so one already there is this listing's.]
   */
  private async productBySku(
    session: StoreSession,
    sku: string,
  ): Promise<TemuProductRow | undefined> {
    const { type, gateway } = this.goodsCall(session, 'list');
    const page = await this.call<{ totalCount: number; data: TemuProductRow[] }>(
      session,
      type,
      { page: 1, pageSize: 1, skcExtCode: sku },
      { gateway },
    );
    return page.data[0];
  }

  private async goodsById(session: StoreSession, goodsId: string): Promise<TemuGoods | undefined> {
    const page = await this.call<{ goodsList: TemuGoods[] }>(session, 'bg.local.goods.list.query', {
      pageNo: 1,
      pageSize: 1,
      goodsSearchType: 1,
      goodsStatusFilterType: 1,
      goodsIdList: [Number(goodsId)],
    });
    return page.goodsList[0];
  }

  async listingState(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<RemoteListingState> {
    if (!ref.remoteId) return { remoteId: null, status: 'not_found', issues: [] };
    this.localOnly(session);
    return toListingState(await this.goodsById(session, ref.remoteId));
  }

  /** Off shelf, so republishing can bring it back; `deleteListing` removes it for good. */
  async takeDown(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<void> {
    if (!ref.remoteId) return;
    this.localOnly(session);
    await this.call(session, 'bg.local.goods.sale.status.set', {
      goodsId: Number(ref.remoteId),
      onsale: 0,
    });
  }

  async fetchOrders(session: StoreSession, query: OrderPageQuery): Promise<OrderPage> {
    const { page, end } = query.cursor
      ? decodeCursor(query.cursor)
      : { page: 1, end: Math.floor(Date.now() / 1000) };
    const pageSize = Math.min(
      this.settings.orderPageSize ?? MAX_ORDER_PAGE_SIZE,
      MAX_ORDER_PAGE_SIZE,
    );
    const result = await this.call<{ totalItemNum: number; pageItems: TemuOrderItem[] }>(
      session,
      'bg.order.list.v2.get',
      {
        pageNumber: page,
        pageSize,
        updateAtStart: Math.floor(query.updatedAfter.getTime() / 1000),
        updateAtEnd: end,
        regionId: Number(session.auth.extra.regionId ?? session.site.remoteId),
      },
    );
    const orders = [];
    for (const item of result.pageItems) {
      const parentOrderSn = item.parentOrderMap.parentOrderSn;
      const shipping = await this.call<TemuShippingInfo>(session, 'bg.order.shippinginfo.v2.get', {
        parentOrderSn,
      });
      const amount = await this.call<TemuOrderAmount>(session, 'bg.order.amount.query', {
        parentOrderSn,
      });
      orders.push(toOrder(item, toAddress(shipping, session.site.code), amount));
    }
    const more = page * pageSize < result.totalItemNum;
    return { orders, nextCursor: more ? encodeCursor(page + 1, end) : null };
  }

  async listGoods(
    session: StoreSession,
    { pageNo, pageSize }: { pageNo: number; pageSize: number },
  ): Promise<TemuGoodsPage> {
    this.localOnly(session);
    const result = await this.call<{ goodsList: TemuGoods[]; total: number }>(
      session,
      'bg.local.goods.list.query',
      { pageNo, pageSize, goodsSearchType: 1, goodsStatusFilterType: 1 },
    );
    return {
      goods: result.goodsList,
      total: result.total,
      nextPageNo: pageNo * pageSize < result.total ? pageNo + 1 : null,
    };
  }

  async editStock(
    session: StoreSession,
    goodsId: string,
    targets: Array<{ skuId: number; quantity: number }>,
  ): Promise<void> {
    this.localOnly(session);
    await this.call(session, 'bg.local.goods.stock.edit', {
      goodsId: Number(goodsId),
      skuStockTargetList: targets.map((t) => ({ skuId: t.skuId, stockTarget: t.quantity })),
    });
  }

  async deleteListing(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<void> {
    if (!ref.remoteId) return;
    this.localOnly(session);
    await this.call(session, 'temu.local.goods.delete', { goodsId: Number(ref.remoteId) });
  }

  async freightTemplates(session: StoreSession): Promise<TemuFreightTemplate[]> {
    const result = await this.call<{ templateList: TemuFreightTemplate[] }>(
      session,
      'bg.freight.template.list.query',
    );
    return result.templateList;
  }

  async warehouses(session: StoreSession): Promise<TemuWarehouse[]> {
    const result = await this.call<{ warehouseList: TemuWarehouse[] }>(
      session,
      'bg.logistics.warehouse.list.get',
    );
    return result.warehouseList;
  }

  async shippingServices(
    session: StoreSession,
    query: { warehouseId: string; orderSnList: string[] },
  ): Promise<TemuShippingService[]> {
    const result = await this.call<{ onlineChannelDtoList: TemuShippingService[] }>(
      session,
      'bg.logistics.shippingservices.get',
      query,
    );
    return result.onlineChannelDtoList;
  }

  async carriers(session: StoreSession): Promise<TemuCarrier[]> {
    const result = await this.call<{ shipCompanyList: TemuCarrier[] }>(
      session,
      'bg.logistics.companies.get',
    );
    return result.shipCompanyList;
  }

  /**
   * `bg.logistics.shipment.confirm` of the semi-managed (seller-fulfilled) mode, one send
   * request per package: its lines name each sub-order with its goods and SKU ids, read from
   * the order list, and the carrier by Temu's id. Temu accepts the same package again for an
   * order it already shows shipped with that tracking number, so a retry ships nothing twice.
   */
  async confirmShipment(
    session: StoreSession,
    order: { remoteId: string },
    packages: ShipmentPackage[],
  ): Promise<ShipmentConfirmation[]> {
    const listed = await this.call<{ pageItems: TemuOrderItem[] }>(
      session,
      'bg.order.list.v2.get',
      {
        pageNumber: 1,
        pageSize: 10,
        parentOrderSnList: [order.remoteId],
        regionId: Number(session.auth.extra.regionId ?? session.site.remoteId),
      },
    );
    const parent = listed.pageItems.find((p) => p.parentOrderMap.parentOrderSn === order.remoteId);
    if (!parent) throw new MarketplaceError('temu', 'not_found', '140020002', 'Order not found');
    const carriers = await this.carriers(session);
    const sendRequestList = packages.map((pkg) => {
      const carrier = carriers.find((c) => c.shipCompanyName === pkg.carrier);
      if (!carrier) {
        throw new MarketplaceError(
          'temu',
          'validation',
          'CARRIER_NOT_OFFERED',
          `Temu offers no carrier named ${pkg.carrier}`,
        );
      }
      return {
        carrierId: String(carrier.shipId),
        trackingNumber: pkg.trackingNumber,
        orderSendInfoList: pkg.items.map((item) => {
          const line = parent.orderList.find((l) => l.orderSn === item.remoteItemId);
          if (!line) {
            throw new MarketplaceError(
              'temu',
              'validation',
              'ORDER_LINE_NOT_FOUND',
              `order ${order.remoteId} has no sub-order ${item.remoteItemId}`,
            );
          }
          return {
            parentOrderSn: order.remoteId,
            orderSn: line.orderSn,
            goodsId: line.goodsId,
            skuId: line.skuId,
            quantity: item.quantity,
          };
        }),
      };
    });
    // sendType 0: each package ships on its own (the official signing example sends 0).
    await this.call(session, 'bg.logistics.shipment.confirm', { sendType: 0, sendRequestList });
    return packages.map((pkg) => ({ reference: pkg.reference, remoteId: null }));
  }
}

export function createTemuConnector(
  settings: TemuSettings,
  http: Partial<MarketHttpOptions> = {},
): TemuConnector {
  return new TemuConnectorImpl(settings, http);
}
