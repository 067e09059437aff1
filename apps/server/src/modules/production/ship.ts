import {
  LOGISTICS_CHANNELS,
  trackingNumberFits,
  type LogisticsChannel,
  type PackageItem,
  type ShipPackageInput,
} from '@app/shared';
import { systemCtx, type Ctx } from '../../context.ts';
import { purchaseOrderPackages } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { AppError, ConflictError, messageOf, ValidationError } from '../../errors.ts';
import {
  packagesOf,
  poActorOf,
  shippedQuantities,
  writePurchaseOrderLog,
  type OrderItemSnapshot,
  type PurchaseOrderRow,
} from '../finance/index.ts';
import { notificationLinks, notify } from '../notifications/index.ts';
import { saveLogistics } from '../orders/index.ts';
import { lockOrder, nextStatus, transition } from './orders.ts';
import { linkedOrders } from './read.ts';

/** The channel of `carrier_code` (422 naming the field when unknown or the number does not fit). */
function channelOf(input: ShipPackageInput): LogisticsChannel | null {
  if (input.carrier_code === undefined) return null;
  const code = input.carrier_code.toUpperCase();
  const channel = LOGISTICS_CHANNELS.find((c) => c.code === code);
  if (!channel) {
    throw new ValidationError({
      carrier_code: { key: 'production.unknown_carrier', params: { code: input.carrier_code } },
    });
  }
  if (!trackingNumberFits(channel, input.tracking_no)) {
    throw new ValidationError({
      tracking_no: {
        key: 'orders.bad_tracking_number',
        params: { carrier: channel.carrier, example: channel.tracking_example },
      },
    });
  }
  return channel;
}

/**
 * What the package holds: the lines and quantities asked for (each within what is left of its
 * line, 422 naming the item otherwise), or everything not shipped yet.
 */
function contentsOf(
  items: readonly OrderItemSnapshot[],
  shipped: readonly number[],
  asked: readonly PackageItem[] | undefined,
): PackageItem[] {
  const left = items.map((item, n) => item.quantity - (shipped[n] ?? 0));
  if (!asked) {
    return left.flatMap((quantity, item) => (quantity > 0 ? [{ item, quantity }] : []));
  }
  const wanted = new Map<number, number>();
  asked.forEach((entry, n) => {
    if (entry.item >= items.length) {
      throw new ValidationError({
        [`items.${n}.item`]: { key: 'production.no_such_item', params: { item: entry.item } },
      });
    }
    const quantity = (wanted.get(entry.item) ?? 0) + entry.quantity;
    if (quantity > left[entry.item]!) {
      throw new ValidationError({
        [`items.${n}.quantity`]: {
          key: 'production.over_quantity',
          params: { item: entry.item, left: left[entry.item]! },
        },
      });
    }
    wanted.set(entry.item, quantity);
  });
  return [...wanted].map(([item, quantity]) => ({ item, quantity }));
}

/**
 * Ships one package of an order in production: its carrier (a platform channel or a name),
 * tracking number and contents. The order is shipped once every line's quantity is in a
 * package, partially shipped before. Then each marketplace order the purchase order serves
 * takes the tracking through the order desk's `saveLogistics`, as its seller; an order that
 * cannot (its status, a carrier given by name, a channel its marketplace does not take) is
 * noted in the purchase order's log and does not undo the shipment.
 */
export async function shipPackage(ctx: Ctx, input: ShipPackageInput): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, input.id);
    nextStatus(order, 'ship'); // 409 before anything else for an unpaid or cancelled order
    const channel = channelOf(input);
    const items = order.items as OrderItemSnapshot[];
    const shipped = shippedQuantities(await packagesOf(tx.db, order.id));
    const contents = contentsOf(items, shipped, input.items);
    if (contents.length === 0) {
      throw new ConflictError('production.nothing_to_ship', { number: order.number });
    }
    for (const { item, quantity } of contents) shipped[item] = (shipped[item] ?? 0) + quantity;
    const allShipped = items.every((line, n) => (shipped[n] ?? 0) >= line.quantity);
    const trackingNo = input.tracking_no.toUpperCase();
    const [pkg] = await tx.db
      .insert(purchaseOrderPackages)
      .values({
        purchaseOrderId: order.id,
        sellerId: order.sellerId,
        channelId: channel?.id ?? null,
        carrier: channel?.carrier ?? input.carrier_name!,
        trackingNo,
        items: contents,
      })
      .returning({ id: purchaseOrderPackages.id });
    await transition(tx, order, 'ship', {
      facts: { allShipped },
      set: { shippedAt: allShipped ? new Date() : null },
      params: {
        package_id: pkg!.id,
        carrier: channel?.carrier ?? input.carrier_name,
        tracking_no: trackingNo,
        items: contents,
      },
    });
    await notify(tx, {
      sellerId: order.sellerId,
      kind: 'po_shipped',
      message: {
        key: 'notifications.po_shipped',
        params: {
          number: order.number,
          carrier: channel?.carrier ?? input.carrier_name ?? '',
          tracking: trackingNo,
        },
      },
      link: notificationLinks.purchaseOrder(order.id),
    });
    await passTrackingOn(tx, order, { channel, trackingNo });
  });
}

/** Hands the package's tracking to each linked marketplace order, noting each outcome. */
async function passTrackingOn(
  ctx: Ctx,
  order: PurchaseOrderRow,
  shipment: { channel: LogisticsChannel | null; trackingNo: string },
): Promise<void> {
  for (const linked of await linkedOrders(ctx, order.id)) {
    let reason: string | null = null;
    if (!shipment.channel) {
      reason = 'production.carrier_not_a_channel';
    } else {
      const channel = shipment.channel;
      try {
        // A savepoint: a refusal leaves the shipment as it is.
        await ctx.db.transaction((inner) =>
          saveLogistics(
            systemCtx(inner, ctx.log, {
              sellerId: order.sellerId,
              lang: ctx.lang,
              inTransaction: true,
            }),
            {
              id: linked.id,
              user_logistics_channel_id: channel.id,
              shipped_number: shipment.trackingNo,
            },
          ),
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // A 422's own reason is on its field (the channel, the tracking number's shape).
        const field = Object.values(error.fields ?? {})[0];
        reason = field ? messageOf(field).key : error.key;
      }
    }
    await writePurchaseOrderLog(ctx.db, {
      orderId: order.id,
      actor: poActorOf(ctx),
      action: 'marketplace_tracking',
      from: null,
      to: null,
      params: { order_id: linked.id, number: linked.number, ok: reason === null, reason },
    });
  }
}
