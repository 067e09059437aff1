import { LOGISTICS_CHANNELS, SHIPPING_DOCUMENT_TYPES } from './data.ts';
import { paramError, ShopeeError } from './errors.ts';
import { bodyList, bodyString, type Body } from './params.ts';
import { labelPdf } from '../pdf.ts';
import { findOrder, orderChange, type ShopeeOrder } from './orders.ts';
import type { ShopContext } from './context.ts';

const PICKUP_ADDRESS_ID = 2001;
const PICKUP_TIME_ID = '1700000000';

export function getChannelList() {
  return { logistics_channel_list: LOGISTICS_CHANNELS };
}

function readyToShip(order: ShopeeOrder): void {
  if (order.status !== 'READY_TO_SHIP') {
    throw new ShopeeError(
      'logistics.invalid_error',
      `Order status ${order.status} can not ship, it should be READY_TO_SHIP.`,
    );
  }
}

export function getShippingParameter(ctx: ShopContext) {
  const order = findOrder(ctx, ctx.query.get('order_sn') || missing('order_sn'));
  readyToShip(order);
  return {
    info_needed: { pickup: ['address_id', 'pickup_time_id'], dropoff: [] },
    pickup: {
      address_list: [
        {
          address_id: PICKUP_ADDRESS_ID,
          region: ctx.shop.region,
          state: 'Central',
          city: 'Singapore',
          district: '',
          town: '',
          address: '1 Seller Way',
          zipcode: '018956',
          address_flag: ['default_address', 'pickup_address'],
          time_slot_list: [
            { date: 1700000000, time_text: 'Next working day', pickup_time_id: PICKUP_TIME_ID },
          ],
        },
      ],
    },
  };
}

function missing(name: string): never {
  throw paramError(`Wrong parameters, detail: ${name} is required.`);
}

export function shipOrder(ctx: ShopContext) {
  const order = findOrder(ctx, bodyString(ctx.body, 'order_sn'));
  const methods = (['pickup', 'dropoff', 'non_integrated'] as const).filter((m) => ctx.body[m]);
  if (methods.length !== 1) {
    throw paramError(
      'Wrong parameters, detail: one of pickup, dropoff or non_integrated is required.',
    );
  }
  const method = ctx.body[methods[0]!] as Body;
  if (methods[0] === 'pickup') {
    if (method.address_id !== PICKUP_ADDRESS_ID || method.pickup_time_id !== PICKUP_TIME_ID) {
      throw paramError('Wrong parameters, detail: address_id or pickup_time_id is invalid.');
    }
  }
  if (methods[0] === 'non_integrated' && !method.tracking_number) missing('tracking_number');
  readyToShip(order);
  const change = orderChange(ctx, order);
  change.status = 'PROCESSED';
  change.updateTime = ctx.now;
  change.trackingNumber =
    typeof method.tracking_number === 'string' && method.tracking_number
      ? method.tracking_number
      : `SPXSG${String(++ctx.shop.counters.tracking).padStart(9, '0')}`;
  return undefined;
}

export function getTrackingNumber(ctx: ShopContext) {
  const order = findOrder(ctx, ctx.query.get('order_sn') || missing('order_sn'));
  return {
    tracking_number: order.change?.trackingNumber ?? '',
    first_mile_tracking_number: order.change?.firstMileTrackingNumber ?? '',
    last_mile_tracking_number: '',
    plp_number: '',
    hint: '',
    pickup_code: '',
  };
}

/** Each entry of a documents call: the order or its own `fail_error`, as the batch APIs answer. */
function eachDocumentOrder(
  ctx: ShopContext,
  visit: (order: ShopeeOrder, entry: Body) => Body,
): { result_list: Body[] } {
  const result_list = bodyList(ctx.body, 'order_list').map((entry) => {
    const base = { order_sn: entry.order_sn, package_number: entry.package_number ?? '' };
    let order: ShopeeOrder;
    try {
      order = findOrder(ctx, entry.order_sn);
    } catch (error) {
      return {
        ...base,
        fail_error: 'logistics.invalid_error',
        fail_message: (error as Error).message,
      };
    }
    if (!order.change?.trackingNumber) {
      return {
        ...base,
        fail_error: 'logistics.package_not_shipped',
        fail_message: 'The package has no tracking number yet; call ship_order first.',
      };
    }
    return { ...base, ...visit(order, entry) };
  });
  if (result_list.every((r) => 'fail_error' in r)) {
    throw new ShopeeError('common.batch_api_all_failed', result_list[0]!.fail_message as string);
  }
  return { result_list };
}

export function getShippingDocumentParameter(ctx: ShopContext) {
  return eachDocumentOrder(ctx, () => ({
    suggest_shipping_document_type: 'THERMAL_AIR_WAYBILL',
    selectable_shipping_document_type: [...SHIPPING_DOCUMENT_TYPES],
  }));
}

export function createShippingDocument(ctx: ShopContext) {
  return eachDocumentOrder(ctx, (order, entry) => {
    const type = entry.shipping_document_type ?? 'THERMAL_AIR_WAYBILL';
    if (!SHIPPING_DOCUMENT_TYPES.includes(type as never)) {
      return {
        fail_error: 'logistics.invalid_error',
        fail_message: `Invalid shipping_document_type ${String(type)}.`,
      };
    }
    orderChange(ctx, order).document = { type: type as string, polls: 0 };
    return {};
  });
}

/** A created document is PROCESSING at the first poll and READY from the second on. */
export function getShippingDocumentResult(ctx: ShopContext) {
  return eachDocumentOrder(ctx, (order) => {
    const document = order.change?.document;
    if (!document) {
      return {
        fail_error: 'logistics.shipping_document_should_print_first',
        fail_message: 'Please create the shipping document first.',
      };
    }
    document.polls++;
    return { status: document.polls > 1 ? 'READY' : 'PROCESSING' };
  });
}

export function downloadShippingDocument(ctx: ShopContext): Buffer {
  const type = bodyString(ctx.body, 'shipping_document_type');
  const pages = bodyList(ctx.body, 'order_list').map((entry) => {
    const order = findOrder(ctx, entry.order_sn);
    const document = order.change?.document;
    if (!document || document.polls < 2 || document.type !== type) {
      throw new ShopeeError(
        'logistics.shipping_document_should_print_first',
        `The ${type} of order ${order.order_sn} is not ready.`,
      );
    }
    return [
      `Shopee ${type}`,
      `Order ${order.order_sn}`,
      `Tracking ${order.change!.trackingNumber}`,
    ];
  });
  const [title, ...lines] = pages.flat();
  return labelPdf(title!, lines);
}
