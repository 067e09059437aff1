import { FIRST_MILE_CHANNELS } from './data.ts';
import { paramError, ShopeeError } from './errors.ts';
import { bodyInt, bodyList, bodyString, pageSize, type Body } from './params.ts';
import { orderChange, shopOrders } from './orders.ts';
import type { ShopContext } from './context.ts';

/** Orders waiting for a first-mile tracking number: paid, not shipped on, not bound yet. */
export function getUnbindOrderList(ctx: ShopContext) {
  const size = pageSize(ctx.query, 100);
  const offset = Number(ctx.query.get('cursor') || '0');
  if (!Number.isInteger(offset) || offset < 0)
    throw paramError('Wrong parameters, detail: cursor is invalid.');
  const unbound = shopOrders(ctx)
    .filter(
      (o) =>
        (o.status === 'READY_TO_SHIP' || o.status === 'PROCESSED') &&
        !o.change?.firstMileTrackingNumber,
    )
    .sort((a, b) => a.create_time - b.create_time || a.order_sn.localeCompare(b.order_sn));
  const page = unbound.slice(offset, offset + size);
  const more = offset + size < unbound.length;
  return {
    order_list: page.map((o) => ({
      order_sn: o.order_sn,
      package_number: o.package_number,
      logistics_status: o.change?.trackingNumber ? 'LOGISTICS_READY' : 'LOGISTICS_NOT_START',
    })),
    more,
    next_cursor: more ? String(offset + size) : '',
  };
}

export function getChannelList(ctx: ShopContext) {
  const region = ctx.query.get('region');
  if (region && region !== 'CN') return { logistics_channel_list: [] };
  return { logistics_channel_list: FIRST_MILE_CHANNELS };
}

export function generateTrackingNumbers(ctx: ShopContext) {
  const declareDate = bodyString(ctx.body, 'declare_date');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(declareDate)) {
    throw paramError('Wrong parameters, detail: declare_date should be YYYY-MM-DD.');
  }
  const quantity = (ctx.body.quantity as number | undefined) ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 20) {
    throw paramError('Wrong parameters, detail: quantity should be between 1 and 20.');
  }
  const list: string[] = [];
  for (let i = 0; i < quantity; i++) {
    const number = `CNF${ctx.shopId}${String(++ctx.shop.counters.firstMile).padStart(6, '0')}`;
    ctx.shop.firstMile[number] = { declareDate, bound: null };
    list.push(number);
  }
  return { first_mile_tracking_number_list: list };
}

function firstMileNumber(ctx: ShopContext) {
  const number = bodyString(ctx.body, 'first_mile_tracking_number');
  const record = ctx.shop.firstMile[number];
  if (!record) {
    throw new ShopeeError(
      'firstmile.tracking_number_invalid',
      `First-mile tracking number ${number} is not found.`,
    );
  }
  return { number, record };
}

/** Runs `visit` per order; when every order fails the whole call fails, as reference 3.5 says. */
function eachOrder(ctx: ShopContext, visit: (sn: string) => string | null) {
  const order_list = bodyList(ctx.body, 'order_list').map((entry: Body) => {
    const sn = String(entry.order_sn ?? '');
    const failure = visit(sn);
    return failure
      ? {
          order_sn: sn,
          package_number: entry.package_number ?? '',
          fail_error: 'firstmile.order_invalid',
          fail_message: failure,
        }
      : { order_sn: sn, package_number: entry.package_number ?? '' };
  });
  if (order_list.every((o) => 'fail_error' in o)) {
    throw new ShopeeError('firstmile.batch_api_all_failed', order_list[0]!.fail_message as string);
  }
  return order_list;
}

export function bindTrackingNumber(ctx: ShopContext) {
  const { number, record } = firstMileNumber(ctx);
  const method = bodyString(ctx.body, 'shipment_method');
  const region = bodyString(ctx.body, 'region');
  const channelId = bodyInt(ctx.body, 'logistics_channel_id');
  const channel = FIRST_MILE_CHANNELS.find((c) => c.logistics_channel_id === channelId);
  if (!channel || region !== 'CN')
    throw paramError('Wrong parameters, detail: logistics_channel_id is invalid.');
  if (method !== channel.shipment_method) {
    throw paramError(
      `Wrong parameters, detail: channel ${channelId} only supports ${channel.shipment_method}.`,
    );
  }
  if (
    record.bound &&
    (record.bound.channelId !== channelId || record.bound.shipmentMethod !== method)
  ) {
    throw paramError('Wrong parameters, detail: tracking number is bound with another channel.');
  }
  const orders = new Map(shopOrders(ctx).map((o) => [o.order_sn, o]));
  const bound = record.bound ?? { channelId, shipmentMethod: method, orders: [] };
  const order_list = eachOrder(ctx, (sn) => {
    const order = orders.get(sn);
    if (!order) return 'Order is not found.';
    if (order.change?.firstMileTrackingNumber) return 'Order is already bound.';
    if (order.status !== 'READY_TO_SHIP' && order.status !== 'PROCESSED')
      return `Order status ${order.status} can not bind.`;
    orderChange(ctx, order).firstMileTrackingNumber = number;
    bound.orders.push(sn);
    return null;
  });
  record.bound = bound;
  return { first_mile_tracking_number: number, order_list };
}

export function unbindTrackingNumber(ctx: ShopContext) {
  const { number, record } = firstMileNumber(ctx);
  const order_list = eachOrder(ctx, (sn) => {
    if (!record.bound?.orders.includes(sn)) return 'Order is not bound with this tracking number.';
    record.bound.orders = record.bound.orders.filter((o) => o !== sn);
    delete ctx.shop.orders[sn]!.firstMileTrackingNumber;
    return null;
  });
  if (record.bound?.orders.length === 0) record.bound = null;
  return { first_mile_tracking_number: number, order_list };
}
