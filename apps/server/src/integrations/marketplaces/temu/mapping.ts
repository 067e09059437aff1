import {
  MarketplaceError,
  type CategoryAttribute,
  type ListingInput,
  type ListingIssue,
  type MarketCategory,
  type MarketOrder,
  type Money,
  type OrderAddress,
  type RemoteListingState,
  timesQuantity,
} from '../connector.ts';

/**
 * Temu shapes the connector reads and writes. Field names come from the partner docs copied in
 * reference 4.6 unless marked [U]: those shapes are not in any copy we found and follow what
 * third-party clients read; check them against the live docs.
 */

/** `bg.local.goods.cats.get` rows; `goodsCatsList` with `leaf` as third-party clients read it [3P/U]. */
export interface TemuCategory {
  catId: number;
  catName: string;
  parentId: number;
  leaf: boolean;
  catType?: number;
  /** Reference 4.6: only `availableStatus=0` categories can be used on the site. */
  availableStatus?: number;
}

/** One property of `bg.local.goods.template.get` [U]; `isSale` ones are variant specs. */
export interface TemuTemplateProperty {
  templatePid: number;
  pid: number;
  refPid: number;
  name: string;
  required: boolean;
  isSale: boolean;
  values: Array<{ vid: number; value: string }>;
}

export interface TemuGoodsProperty {
  templatePid: number;
  pid: number;
  refPid: number;
  vid?: number;
  value: string;
}

/** `bg.local.goods.list.query` row (reference 4.6); `status4VO` 1 on sale, 2 off shelf [U]. */
export interface TemuGoods {
  goodsId: number;
  goodsName: string;
  outGoodsSn: string;
  catId: number;
  status4VO: number;
  price: string;
  currency: string;
  quantity: number;
  skuInfoList: Array<{ skuId: number; outSkuSn: string; price: string; quantity: number }>;
}

export interface TemuOrderLine {
  orderSn: string;
  goodsId: number;
  skuId: number;
  goodsName: string;
  orderStatus: number;
  quantity: number;
  fulfillmentType: string;
  /** [U] The seller's SKU code (`extCode`); not in the copied docs of this call. */
  productList?: Array<{ extCode?: string }>;
}

export interface TemuOrderItem {
  parentOrderMap: {
    parentOrderSn: string;
    parentOrderStatus: number;
    parentOrderTime: number;
    updateTime: number;
    expectShipLatestTime?: number;
  };
  orderList: TemuOrderLine[];
}

/** `bg.order.shippinginfo.v2.get` result (reference 4.6, temu-omni copy of the doc). */
export interface TemuShippingInfo {
  receiptName: string;
  mobile: string;
  regionName1: string;
  regionName2: string;
  regionName3: string;
  addressLine1: string;
  addressLine2?: string;
  postCode: string;
}

/** `bg.order.amount.query` result [U]: amounts per sub-order as decimal strings. */
export interface TemuOrderAmount {
  totalAmount: Money;
  orderList: Array<{ orderSn: string; basePrice: Money }>;
}

export function toCategory(cat: TemuCategory): MarketCategory {
  return {
    id: String(cat.catId),
    name: cat.catName,
    parentId: cat.parentId ? String(cat.parentId) : null,
    leaf: cat.leaf,
  };
}

export function toAttribute(prop: TemuTemplateProperty): CategoryAttribute {
  return {
    name: prop.name,
    label: prop.name,
    required: prop.required,
    type: prop.values.length > 0 ? 'enum' : 'string',
    ...(prop.values.length > 0 ? { options: prop.values.map((v) => v.value) } : {}),
  };
}

/** Listing attributes that configure the offer rather than describe the product. */
export const SERVICE_ATTRIBUTES = ['costTemplateId', 'shipmentLimitDay'] as const;

/**
 * The listing's attributes as `goodsProperty` entries, matched to the category template by
 * name; names the template does not know come back as warnings instead of being sent.
 */
export function toGoodsProperties(
  attributes: Record<string, unknown>,
  template: TemuTemplateProperty[],
): { properties: TemuGoodsProperty[]; issues: ListingIssue[] } {
  const properties: TemuGoodsProperty[] = [];
  const issues: ListingIssue[] = [];
  for (const [name, raw] of Object.entries(attributes)) {
    if ((SERVICE_ATTRIBUTES as readonly string[]).includes(name)) continue;
    const prop = template.find((p) => p.name === name && !p.isSale);
    if (!prop) {
      issues.push({
        code: 'unknown_attribute',
        message: `The category has no attribute "${name}"; it was not sent`,
        severity: 'warning',
        fields: [name],
      });
      continue;
    }
    const value = String(raw);
    const vid = prop.values.find((v) => v.value === value)?.vid;
    properties.push({
      templatePid: prop.templatePid,
      pid: prop.pid,
      refPid: prop.refPid,
      ...(vid !== undefined ? { vid } : {}),
      value,
    });
  }
  return { properties, issues };
}

/** `bg.local.goods.add` / `.update` body (reference 4.6); sku and gallery fields are [U]. */
export function toGoodsPayload(
  listing: ListingInput,
  properties: TemuGoodsProperty[],
  costTemplateId: string,
): Record<string, unknown> {
  const variants = listing.variants?.length
    ? listing.variants
    : [
        {
          sku: listing.sku,
          price: listing.price,
          quantity: listing.quantity,
          options: {},
          imageUrls: [],
        },
      ];
  return {
    goodsBasic: {
      goodsName: listing.title,
      catId: Number(listing.categoryId),
      outGoodsSn: listing.sku,
    },
    goodsServicePromise: {
      shipmentLimitDay: Number(listing.attributes.shipmentLimitDay ?? 2),
      fulfillmentType: 1,
      costTemplateId,
    },
    goodsProperty: { goodsProperties: properties },
    goodsGallery: { carouselImageUrls: listing.imageUrls },
    skuList: variants.map((v) => ({
      outSkuSn: v.sku,
      quantity: v.quantity,
      price: { basePrice: { amount: v.price.amount, currency: v.price.currency } },
      specList: Object.entries(v.options).map(([parentSpecName, specName]) => ({
        parentSpecName,
        specName,
      })),
      images: v.imageUrls,
      ...(listing.weightGrams ? { weight: String(listing.weightGrams), weightUnit: 'g' } : {}),
    })),
    bulletPoints: listing.bulletPoints,
    goodsDesc: listing.description,
  };
}

/** Field names Temu puts in its messages: "[Material]" or "The input Material:… is incorrect". */
export function fieldsOf(message: string): string[] {
  const bracketed = /\[([^\]]+)\]/.exec(message);
  if (bracketed) return bracketed[1]!.split(',').map((f) => f.trim());
  const input = /The input ([^:]+):/.exec(message);
  return input ? [input[1]!.trim()] : [];
}

export function toListingState(goods: TemuGoods | undefined): RemoteListingState {
  if (!goods) return { remoteId: null, status: 'not_found', issues: [] };
  const status = goods.status4VO === 1 ? 'live' : goods.status4VO === 2 ? 'inactive' : 'pending';
  return { remoteId: String(goods.goodsId), status, issues: [] };
}

/** Parent order status (reference 4.6) → spec order status. */
const ORDER_STATUS: Record<number, MarketOrder['status']> = {
  1: 'unconfirmed',
  2: 'unshipped',
  3: 'canceled',
  4: 'shipped',
  5: 'shipped',
  41: 'partially_shipped',
  51: 'shipped',
};
const SHIPPED_LINE = new Set([4, 5, 51]);

export function toAddress(info: TemuShippingInfo, countryCode: string): OrderAddress {
  return {
    name: info.receiptName,
    phone: info.mobile,
    line1: info.addressLine1,
    line2: info.addressLine2 ?? '',
    city: info.regionName3,
    state: info.regionName2,
    postalCode: info.postCode,
    countryCode,
  };
}

export function toOrder(
  item: TemuOrderItem,
  address: OrderAddress | null,
  amount: TemuOrderAmount,
): MarketOrder {
  const parent = item.parentOrderMap;
  const status = ORDER_STATUS[parent.parentOrderStatus];
  if (!status) {
    throw new MarketplaceError(
      'temu',
      'protocol',
      String(parent.parentOrderStatus),
      `unknown order status ${parent.parentOrderStatus} of ${parent.parentOrderSn}`,
    );
  }
  const linePrice = (orderSn: string): Money => {
    const price = amount.orderList.find((a) => a.orderSn === orderSn)?.basePrice;
    if (price) return price;
    throw new MarketplaceError('temu', 'protocol', 'amount', `no amount for sub-order ${orderSn}`);
  };
  return {
    remoteId: parent.parentOrderSn,
    status,
    remoteStatus: String(parent.parentOrderStatus),
    purchasedAt: new Date(parent.parentOrderTime * 1000),
    updatedAt: new Date(parent.updateTime * 1000),
    total: amount.totalAmount,
    fulfillmentChannel: item.orderList.some(
      (l) => l.fulfillmentType === 'fulfillByCooperativeWarehouse',
    )
      ? 'AFN'
      : 'MFN',
    address,
    items: item.orderList.map((line) => ({
      remoteItemId: line.orderSn,
      sku: line.productList?.[0]?.extCode ?? String(line.skuId),
      title: line.goodsName,
      quantity: line.quantity,
      quantityShipped: SHIPPED_LINE.has(line.orderStatus) ? line.quantity : 0,
      lineTotal: timesQuantity(linePrice(line.orderSn), line.quantity),
    })),
  };
}
