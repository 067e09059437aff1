import { createHash } from 'node:crypto';
import { generateOrders, type OrderPace, type SimOrder } from '../http.ts';
import { DEMO_SKUS } from './catalog.ts';
import { BUSINESS, gatewayError } from './errors.ts';
import type { GoodsState } from './goods.ts';
import { fromMinor, toMinor } from './money.ts';

const DAY = 86_400_000;
/** Temu's regionId of the US (reference 4.6), the one site the simulator serves. */
export const US_REGION_ID = 211;

export interface Shipment {
  /** Unix seconds. */
  at: number;
  carrierId: string;
  trackingNumber: string;
}

/** Parent order status codes of reference 4.6. */
const STATUS_CODE = { pending: 1, unshipped: 2, canceled: 3, shipped: 4 } as const;

/** The few demo SKUs' ids, hashed once rather than for every order line of every call. */
const demoIds = new Map<string, number>();

/** Stable numeric ids for SKUs that were never published to the simulator. */
function demoId(seed: string, base: number): number {
  const key = `${base}:${seed}`;
  let id = demoIds.get(key);
  if (id === undefined) {
    id = base + (createHash('sha256').update(seed).digest().readUInt32LE(0) % 1_000_000_000);
    demoIds.set(key, id);
  }
  return id;
}

export interface TemuSimOrder {
  parentOrderSn: string;
  status: number;
  createdAt: number;
  updatedAt: number;
  order: SimOrder;
  lines: Array<{
    orderSn: string;
    goodsId: number;
    skuId: number;
    outSkuSn: string;
    goodsName: string;
    quantity: number;
    unitMinor: number;
  }>;
}

/**
 * The mall's orders as Temu would hold them: generated over the last 30 days from the SKUs
 * published to the mall (demo SKUs before any), with shipments confirmed through the API
 * applied on top.
 */
export function mallOrders(
  goods: GoodsState,
  mallId: string,
  shipments: Record<string, Shipment>,
  now: Date,
  pace?: OrderPace,
): TemuSimOrder[] {
  const published = goods.goods
    .filter((g) => g.mallId === mallId && !g.deleted)
    .flatMap((g) => g.skus.map((s) => ({ goods: g, sku: s })));
  const catalogue = published.length
    ? published.map(({ goods: g, sku }) => ({
        sku: sku.outSkuSn,
        title: g.goodsName,
        unitMinor: toMinor(sku.amount),
      }))
    : DEMO_SKUS;
  // The first goods to publish a SKU names it, as a search through them would.
  const bySku = new Map<string, (typeof published)[number]>();
  for (const p of published) if (!bySku.has(p.sku.outSkuSn)) bySku.set(p.sku.outSkuSn, p);
  const second = Math.floor(now.getTime() / 1000);
  const orders = generateOrders(
    {
      shopKey: `temu:${mallId}`,
      since: new Date(second * 1000 - 30 * DAY),
      everyMinutes: 90,
      catalogue,
      countryCode: 'US',
      pace,
    },
    new Date(second * 1000),
  );
  // Order numbers are unique across malls, as Temu's are: two malls' orders of the same
  // millisecond once shared one, and a shipment confirmed for one showed on the other.
  const mallPart = mallId.replace(/\D/g, '').slice(-6).padStart(6, '0');
  return orders.map((order) => {
    const parentOrderSn = `PO-${US_REGION_ID}-${mallPart}${order.createdAt.getTime()}`;
    const shipment = shipments[parentOrderSn];
    const shippedByApi = shipment && order.status === 'unshipped';
    return {
      parentOrderSn,
      status: shippedByApi ? STATUS_CODE.shipped : STATUS_CODE[order.status],
      createdAt: Math.floor(order.createdAt.getTime() / 1000),
      updatedAt: shippedByApi ? shipment.at : Math.floor(order.updatedAt.getTime() / 1000),
      order,
      lines: order.lines.map((line, i) => {
        const hit = bySku.get(line.sku);
        return {
          orderSn: `${US_REGION_ID}-${mallPart}${order.createdAt.getTime()}${i + 1}`,
          goodsId: hit?.goods.goodsId ?? demoId(line.sku, 601099000000000),
          skuId: hit?.sku.skuId ?? demoId(`${line.sku}:sku`, 17592000000000),
          outSkuSn: line.sku,
          goodsName: line.title,
          quantity: line.quantity,
          unitMinor: line.unitMinor,
        };
      }),
    };
  });
}

type Body = Record<string, unknown>;
const invalid = () => gatewayError(BUSINESS.INVALID_PARAMS);

function pairFilter(body: Body, startKey: string, endKey: string): [number, number] | null {
  const start = body[startKey];
  const end = body[endKey];
  if (start === undefined && end === undefined) return null;
  // Reference 4.6: each pair must be given together.
  if (start === undefined || end === undefined) throw invalid();
  return [Number(start), Number(end)];
}

/** `bg.order.list.v2.get` with its filters and page-number paging (reference 4.6). */
export function listOrders(orders: TemuSimOrder[], body: Body) {
  const pageNumber = Number(body.pageNumber ?? 1);
  const pageSize = Number(body.pageSize ?? 10);
  if (!Number.isInteger(pageNumber) || pageNumber < 1) throw invalid();
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw invalid();
  const updated = pairFilter(body, 'updateAtStart', 'updateAtEnd');
  const created = pairFilter(body, 'createAfter', 'createBefore');
  const status = Number(body.parentOrderStatus ?? 0);
  const sns = Array.isArray(body.parentOrderSnList) ? body.parentOrderSnList.map(String) : null;
  if (sns && sns.length > 20) throw invalid();
  const region = body.regionId === undefined ? US_REGION_ID : Number(body.regionId);
  const matching = orders
    .filter(() => region === US_REGION_ID)
    .filter((o) => !updated || (o.updatedAt >= updated[0] && o.updatedAt <= updated[1]))
    .filter((o) => !created || (o.createdAt >= created[0] && o.createdAt <= created[1]))
    .filter((o) => status === 0 || o.status === status)
    .filter((o) => !sns || sns.includes(o.parentOrderSn))
    .sort((a, b) =>
      body.sortby === 'updateTime' ? b.updatedAt - a.updatedAt : b.createdAt - a.createdAt,
    );
  return {
    totalItemNum: matching.length,
    pageItems: matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map((o) => ({
      parentOrderMap: {
        parentOrderSn: o.parentOrderSn,
        parentOrderStatus: o.status,
        parentOrderTime: o.createdAt,
        updateTime: o.updatedAt,
        expectShipLatestTime: o.createdAt + 2 * 86_400,
      },
      orderList: o.lines.map((line) => ({
        orderSn: line.orderSn,
        goodsId: line.goodsId,
        skuId: line.skuId,
        goodsName: line.goodsName,
        orderStatus: o.status,
        quantity: line.quantity,
        fulfillmentType: o.order.marketplaceFulfilled
          ? 'fulfillByCooperativeWarehouse'
          : 'fulfillBySeller',
        productList: [{ extCode: line.outSkuSn }],
      })),
    })),
  };
}

export function findOrder(orders: TemuSimOrder[], body: Body): TemuSimOrder {
  if (typeof body.parentOrderSn !== 'string') throw invalid();
  const order = orders.find((o) => o.parentOrderSn === body.parentOrderSn);
  if (!order) throw gatewayError(BUSINESS.ORDER_NOT_FOUND);
  return order;
}

/** `bg.order.shippinginfo.v2.get` (reference 4.6). */
export function shippingInfo(order: TemuSimOrder) {
  const a = order.order.address;
  return {
    receiptName: a.name,
    mobile: a.phone,
    regionName1: 'United States',
    regionName2: a.state,
    regionName3: a.city,
    addressLine1: a.line1,
    addressLine2: '',
    addressLineAll: `${a.line1}, ${a.city}, ${a.state} ${a.postalCode}`,
    postCode: a.postalCode,
  };
}

/** `bg.order.amount.query` [U]: unit `basePrice` per sub-order and the order total. */
export function orderAmount(order: TemuSimOrder) {
  const total = order.lines.reduce((sum, l) => sum + l.unitMinor * l.quantity, 0);
  return {
    parentOrderSn: order.parentOrderSn,
    totalAmount: { amount: fromMinor(total), currency: 'USD' },
    orderList: order.lines.map((l) => ({
      orderSn: l.orderSn,
      basePrice: { amount: fromMinor(l.unitMinor), currency: 'USD' },
    })),
  };
}
