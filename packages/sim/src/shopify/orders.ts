import { generateOrders, type OrderPace, type SimOrder } from '../http.ts';
import type { ShopifyStore, SimFulfillment } from './store.ts';

const DAY_MS = 86_400_000;
/** One order every 90 minutes: about 480 in the 30 days a new shop starts with. */
export const ORDER_EVERY_MINUTES = 90;

const DEMO_CATALOGUE = [
  { sku: 'DEMO-TEE-BLK-M', title: 'Classic Tee - Black / M', unitMinor: 1999 },
  { sku: 'DEMO-TEE-WHT-L', title: 'Classic Tee - White / L', unitMinor: 1999 },
  { sku: 'DEMO-MUG-11OZ', title: 'Ceramic Mug 11oz', unitMinor: 1250 },
  { sku: 'DEMO-HAT-GRY', title: 'Winter Hat - Grey', unitMinor: 2499 },
];

export const ORDER_GID = 'gid://shopify/Order/';
export const LINE_ITEM_GID = 'gid://shopify/LineItem/';
export const FULFILLMENT_ORDER_GID = 'gid://shopify/FulfillmentOrder/';
export const FULFILLMENT_ORDER_LINE_GID = 'gid://shopify/FulfillmentOrderLineItem/';
export const FULFILLMENT_GID = 'gid://shopify/Fulfillment/';

/** A generated order with what fulfillments shipped; its slot number is its stable id. */
export interface ShopOrder {
  slot: number;
  order: SimOrder;
  shipped: number[];
  /** What fulfillmentCreate recorded for it, oldest first. */
  fulfillments: SimFulfillment[];
  updatedAt: Date;
}

/** "12.50" from 1250 without floating point. */
export function minorToDecimal(minor: number): string {
  const cents = String(minor % 100).padStart(2, '0');
  return `${Math.floor(minor / 100)}.${cents}`;
}

function decimalToMinor(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Orders for a shop: generated from its catalogue, with the fulfillments the API recorded. */
export function shopOrders(
  store: ShopifyStore,
  shop: string,
  now: Date,
  /** Wholesale lines and another pace (`ShopifySimOptions`); the marketplace's own by default. */
  shape: { bulkLines?: number; pace?: OrderPace } = {},
): ShopOrder[] {
  // Buyers order what is on sale: an archived or draft product takes no orders.
  const published = store
    .products(shop)
    .filter((p) => p.status === 'ACTIVE')
    .flatMap((p) =>
      p.variants
        .filter((v) => v.sku)
        .map((v) => ({ sku: v.sku!, title: p.title, unitMinor: decimalToMinor(v.price) })),
    );
  const generated = generateOrders(
    {
      shopKey: shop,
      since: new Date(now.getTime() - 30 * DAY_MS),
      everyMinutes: ORDER_EVERY_MINUTES,
      catalogue: published.length ? published : DEMO_CATALOGUE,
      countryCode: 'US',
      ...(shape.bulkLines ? { bulkLines: shape.bulkLines } : {}),
      pace: shape.pace,
    },
    now,
  );
  // By order once, not a search of the shop's every fulfillment for each of its orders.
  const bySlot = new Map<number, SimFulfillment[]>();
  for (const f of store.fulfillments(shop)) {
    const own = bySlot.get(f.orderSlot);
    if (own) own.push(f);
    else bySlot.set(f.orderSlot, [f]);
  }
  return generated.map((order) => {
    const { slot } = order;
    const own = bySlot.get(slot) ?? [];
    return {
      slot,
      order,
      shipped: order.lines.map((line, i) =>
        order.status === 'shipped' ? line.quantity : shippedQuantity(own, i),
      ),
      fulfillments: own,
      updatedAt: own.reduce(
        (latest, f) => (new Date(f.createdAt) > latest ? new Date(f.createdAt) : latest),
        order.updatedAt,
      ),
    };
  });
}

function shippedQuantity(fulfillments: SimFulfillment[], line: number): number {
  return fulfillments.reduce((sum, f) => sum + (f.lines[line] ?? 0), 0);
}

export function fulfillmentStatus(o: ShopOrder): string {
  const total = o.order.lines.reduce((sum, l) => sum + l.quantity, 0);
  const shipped = o.shipped.reduce((sum, q) => sum + q, 0);
  if (shipped === 0) return 'UNFULFILLED';
  return shipped >= total ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

export function financialStatus(o: ShopOrder): string {
  if (o.order.status === 'pending') return 'PENDING';
  if (o.order.status === 'canceled') return 'VOIDED';
  return 'PAID';
}

export function fulfillmentOrderStatus(o: ShopOrder): string {
  if (o.order.status === 'canceled') return 'CANCELLED';
  const status = fulfillmentStatus(o);
  if (status === 'FULFILLED') return 'CLOSED';
  return status === 'PARTIALLY_FULFILLED' ? 'IN_PROGRESS' : 'OPEN';
}

/** Line ids are slot × 10 + line index: orders have at most three lines. */
export const lineId = (slot: number, index: number) => slot * 10 + index;
