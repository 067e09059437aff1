import { createHash } from 'node:crypto';
import { generateOrders, type SimOrder } from '../http.ts';
import { DEMO_CATALOGUE, REGIONS } from './data.ts';
import { paramError, ShopeeError } from './errors.ts';
import { bodyString, commaList, pageSize, requiredInt } from './params.ts';
import type { ShopContext } from './context.ts';
import type { SimOrderChange } from './state.ts';

const DAY = 86_400;
/** Reference 3.7: get_order_list takes at most a 15-day range. */
const MAX_RANGE = 15 * DAY;
const ORDER_STATUSES = [
  'UNPAID',
  'READY_TO_SHIP',
  'PROCESSED',
  'SHIPPED',
  'COMPLETED',
  'IN_CANCEL',
  'CANCELLED',
  'INVOICE_PENDING',
];
const GENERATED_STATUS = {
  pending: 'UNPAID',
  unshipped: 'READY_TO_SHIP',
  shipped: 'SHIPPED',
  canceled: 'CANCELLED',
} as const;

export interface ShopeeOrder {
  order_sn: string;
  package_number: string;
  status: string;
  create_time: number;
  update_time: number;
  source: SimOrder;
  lines: Array<{
    itemId: number;
    modelId: number;
    sku: string;
    title: string;
    qty: number;
    price: number;
  }>;
  change: SimOrderChange | undefined;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A shipped order is COMPLETED this long after it shipped (the buyer confirmed, or Shopee did). */
const COMPLETE_AFTER_SECONDS = 7 * DAY;

/** A generated order's status and update time at `now`: shipped ones complete after a week. */
function generatedState(source: SimOrder, now: number): { status: string; updateTime: number } {
  const updateTime = seconds(source.updatedAt);
  if (source.status === 'shipped' && now - updateTime >= COMPLETE_AFTER_SECONDS) {
    return { status: 'COMPLETED', updateTime: updateTime + COMPLETE_AFTER_SECONDS };
  }
  return { status: GENERATED_STATUS[source.status], updateTime };
}

/**
 * Order numbers by generated order: a shop's orders are read whole on every call, and hashing
 * each one's number every time was much of a busy shop's cost. A generated order belongs to one
 * shop, so its object names its number.
 */
const orderSns = new WeakMap<SimOrder, string>();

/** `201218V2Y6E59M`: the creation date, then eight characters fixed by shop and time slot. */
function orderSn(shopId: number, order: SimOrder): string {
  let sn = orderSns.get(order);
  if (sn === undefined) {
    const date = order.createdAt.toISOString().slice(2, 10).replace(/-/g, '');
    const hash = createHash('sha256').update(`${shopId}:${order.slot}`).digest('hex');
    sn =
      date +
      BigInt(`0x${hash.slice(0, 12)}`)
        .toString(36)
        .toUpperCase()
        .padStart(8, '0')
        .slice(-8);
    orderSns.set(order, sn);
  }
  return sn;
}

/**
 * The shop's generated orders, and how each looks on Shopee: one order is built only when it is
 * asked for. Building every order's lines to find one (an escrow or a shipment call per order
 * of a sync) was most of the simulator's CPU in the browser tests.
 */
function shopView(ctx: ShopContext): {
  sources: SimOrder[];
  build: (source: SimOrder) => ShopeeOrder;
} {
  const { decimals } = REGIONS[ctx.shop.region]!;
  const scale = 10 ** decimals;
  const bySku = new Map<string, { itemId: number; modelId: number }>();
  const catalogue: Array<{ sku: string; title: string; unitMinor: number }> = [];
  for (const item of Object.values(ctx.shop.items)) {
    if (item.item_status !== 'NORMAL') continue;
    const models = item.models.length > 0 ? item.models : null;
    for (const m of models ?? [
      { model_id: 0, model_sku: item.item_sku, original_price: item.original_price },
    ]) {
      bySku.set(m.model_sku, { itemId: item.item_id, modelId: m.model_id });
      catalogue.push({
        sku: m.model_sku,
        title: item.item_name,
        unitMinor: Math.round(m.original_price * scale),
      });
    }
  }
  if (catalogue.length === 0) {
    for (const d of DEMO_CATALOGUE) {
      bySku.set(d.sku, { itemId: d.itemId, modelId: 0 });
      catalogue.push({ sku: d.sku, title: d.title, unitMinor: Math.round(d.price * scale) });
    }
  }
  const now = new Date(ctx.now * 1000);
  const sources = generateOrders(
    {
      shopKey: `shopee:${ctx.shopId}`,
      since: new Date(now.getTime() - 30 * DAY * 1000),
      everyMinutes: 30,
      catalogue,
      countryCode: ctx.shop.region,
      pace: ctx.pace,
    },
    now,
  );
  const build = (source: SimOrder): ShopeeOrder => {
    const sn = orderSn(ctx.shopId, source);
    const change = ctx.shop.orders[sn];
    const generated = generatedState(source, ctx.now);
    const changed = change && change.updateTime >= generated.updateTime;
    return {
      order_sn: sn,
      package_number: `OFG${source.slot}${ctx.shopId}`,
      status: changed ? change.status : generated.status,
      create_time: seconds(source.createdAt),
      update_time: changed ? change.updateTime : generated.updateTime,
      source,
      lines: source.lines.map((l) => ({
        ...(bySku.get(l.sku) ?? { itemId: 0, modelId: 0 }),
        sku: l.sku,
        title: l.title,
        qty: l.quantity,
        price: l.unitMinor / scale,
      })),
      change,
    };
  };
  return { sources, build };
}

/** The shop's generated orders as Shopee shows them, with the seller's own changes applied. */
export function shopOrders(ctx: ShopContext): ShopeeOrder[] {
  const { sources, build } = shopView(ctx);
  return sources.map(build);
}

export function findOrder(ctx: ShopContext, sn: unknown): ShopeeOrder {
  const { sources, build } = shopView(ctx);
  const source = sources.find((o) => orderSn(ctx.shopId, o) === sn);
  if (!source) throw new ShopeeError('error_not_found', `Order ${String(sn)} is not found.`);
  return build(source);
}

export function getOrderList(ctx: ShopContext) {
  const field = ctx.query.get('time_range_field');
  if (field !== 'create_time' && field !== 'update_time') {
    throw paramError(
      'Wrong parameters, detail: time_range_field should be create_time or update_time.',
    );
  }
  const from = requiredInt(ctx.query, 'time_from');
  const to = requiredInt(ctx.query, 'time_to');
  if (from > to || to - from > MAX_RANGE) {
    throw new ShopeeError(
      'order.order_list_invalid_time',
      'Start time must be earlier than end time and diff in 15days.',
    );
  }
  const size = pageSize(ctx.query, 100);
  const offset = Number(ctx.query.get('cursor') || '0');
  if (!Number.isInteger(offset) || offset < 0)
    throw paramError('Wrong parameters, detail: cursor is invalid.');
  const status = ctx.query.get('order_status');
  if (status && !ORDER_STATUSES.includes(status)) {
    throw paramError('Wrong parameters, detail: order_status is invalid.');
  }
  const withStatus = (ctx.query.get('response_optional_fields') ?? '')
    .split(',')
    .includes('order_status');
  const matching = shopOrders(ctx)
    .filter((o) => o[field] >= from && o[field] <= to && (!status || o.status === status))
    .sort((a, b) => a[field] - b[field] || a.order_sn.localeCompare(b.order_sn));
  const page = matching.slice(offset, offset + size);
  const more = offset + size < matching.length;
  return {
    more,
    next_cursor: more ? String(offset + size) : '',
    order_list: page.map((o) => ({
      order_sn: o.order_sn,
      ...(withStatus ? { order_status: o.status } : {}),
    })),
  };
}

export function getOrderDetail(ctx: ShopContext) {
  const sns = commaList(ctx.query, 'order_sn_list', 50);
  const optional = new Set((ctx.query.get('response_optional_fields') ?? '').split(','));
  const { currency } = REGIONS[ctx.shop.region]!;
  const orders = new Map(shopOrders(ctx).map((o) => [o.order_sn, o]));
  const order_list = sns
    .map((sn) => orders.get(sn))
    .filter((o): o is ShopeeOrder => o !== undefined)
    .map((o) => {
      const a = o.source.address;
      const total = o.lines.reduce((sum, l) => sum + l.price * l.qty, 0);
      const extra: Record<string, unknown> = {
        buyer_username: a.name.toLowerCase().replace(/\s+/g, '.'),
        recipient_address: {
          name: a.name,
          phone: a.phone,
          town: '',
          district: '',
          city: a.city,
          state: a.state,
          region: ctx.shop.region,
          zipcode: a.postalCode,
          full_address: `${a.line1}, ${a.city}, ${a.state} ${a.postalCode}`,
        },
        item_list: o.lines.map((l) => ({
          item_id: l.itemId,
          item_name: l.title,
          item_sku: l.modelId === 0 ? l.sku : '',
          model_id: l.modelId,
          model_name: '',
          model_sku: l.modelId === 0 ? '' : l.sku,
          model_quantity_purchased: l.qty,
          model_original_price: l.price,
          model_discounted_price: l.price,
        })),
        total_amount: Number(total.toFixed(REGIONS[ctx.shop.region]!.decimals)),
        pay_time: o.status === 'UNPAID' ? undefined : o.create_time + 600,
        note: o.change?.note ?? '',
        note_update_time: o.change?.noteUpdateTime ?? 0,
        package_list: [
          {
            package_number: o.package_number,
            logistics_status: o.change?.trackingNumber ? 'LOGISTICS_READY' : 'LOGISTICS_NOT_START',
            shipping_carrier: 'Standard Delivery',
          },
        ],
      };
      return {
        order_sn: o.order_sn,
        region: ctx.shop.region,
        currency,
        cod: false,
        order_status: o.status,
        create_time: o.create_time,
        update_time: o.update_time,
        days_to_ship: 3,
        ship_by_date: o.create_time + 3 * DAY,
        ...Object.fromEntries(Object.entries(extra).filter(([k]) => optional.has(k))),
      };
    });
  return { order_list };
}

export function orderChange(ctx: ShopContext, order: ShopeeOrder): SimOrderChange {
  const change = ctx.shop.orders[order.order_sn] ?? {
    status: order.status,
    updateTime: order.update_time,
    trackingNumber: '',
  };
  ctx.shop.orders[order.order_sn] = change;
  return change;
}

/** v2.order.set_note: the seller's note on an order, at most 500 characters. */
export function setNote(ctx: ShopContext) {
  const order = findOrder(ctx, bodyString(ctx.body, 'order_sn'));
  const note = ctx.body.note;
  if (typeof note !== 'string') throw paramError('Wrong parameters, detail: note is required.');
  if (note.length > 500) throw paramError('Wrong parameters, detail: note is too long.');
  const change = orderChange(ctx, order);
  change.note = note;
  change.noteUpdateTime = ctx.now;
  return undefined;
}
