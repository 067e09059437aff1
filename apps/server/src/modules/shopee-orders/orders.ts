import { and, eq, inArray } from 'drizzle-orm';
import type {
  ShopeeGetLabelQuery,
  ShopeeInitLogisticsInput,
  ShopeeOrderIndexQuery,
} from '@app/shared';
import {
  DESK_STATUS,
  OrderListQuery,
  type OrderMarket,
  STORE_STATUS,
  type ShopeeAddNoteInput,
  type ShopeeFirstMileBindInput,
  type ShopeeFirstMileChannel,
  type ShopeeFirstMileResult,
  type ShopeeFirstMileUnbindInput,
  type ShopeeOrder,
  type ShopeeOrderPage,
  type ShopeeOrderSide,
  type ShopeePurchaseInput,
  type ShopeePurchaseResult,
  type ShopeeShipMethod,
  type ShopeeShippingParameter,
  type ShopeeSynchroInput,
  type ShopeeSynchroResult,
} from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { orders, shopeePackOrders, stores } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { zonedDate } from '../../time.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { ShipOrderInput } from '../../integrations/marketplaces/shopee/connector.ts';
import { MarketplaceError } from '../../integrations/marketplaces/connector.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { findStore, visibleStores, type MarketCtx } from '../markets/service.ts';
import {
  addOrdersToCart,
  assertAllowed,
  listOrders,
  marketList,
  queueStoreSyncs,
  toOrders,
  writeOrderLog,
} from '../orders/index.ts';
import {
  orderSnOf,
  saveState,
  shopeeOrder,
  shopeeOrders,
  shopeeSession,
  statesOf,
  type OrderRow,
  type StateRow,
} from './session.ts';

function sideOf(state: StateRow | undefined, packId: number | null): ShopeeOrderSide {
  return {
    package_number: state?.packageNumber ?? null,
    logistics_status: state?.logisticsStatus ?? 'not_started',
    ship_method: state?.shipMethod ?? null,
    tracking_number: state?.trackingNumber ?? null,
    document_status: state?.documentStatus ?? 'none',
    document_type: state?.documentType ?? null,
    first_mile_tracking_number: state?.firstMileTrackingNumber ?? null,
    first_mile_channel_id: state?.firstMileChannelId ?? null,
    note: state?.note ?? '',
    pack_id: packId,
  };
}

const SHIPPED_REMOTE = new Set(['SHIPPED', 'TO_CONFIRM_RECEIVE', 'COMPLETED']);

/** Once Shopee reports the parcel on its way (through the order sync), logistics is shipped. */
function withRemote(side: ShopeeOrderSide, order: { remote_status: string }): ShopeeOrderSide {
  return SHIPPED_REMOTE.has(order.remote_status) ? { ...side, logistics_status: 'shipped' } : side;
}

/** The Shopee side of the given orders, keyed by order id. */
export async function sidesOf(ctx: Ctx, orderIds: number[]): Promise<Map<number, ShopeeOrderSide>> {
  const states = await statesOf(ctx, orderIds);
  const packs =
    orderIds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(shopeePackOrders)
          .where(inArray(shopeePackOrders.orderId, orderIds));
  const packOf = new Map(packs.map((p) => [p.orderId, p.packId]));
  return new Map(orderIds.map((id) => [id, sideOf(states.get(id), packOf.get(id) ?? null)]));
}

/** The order desk's list restricted to Shopee, each order with its Shopee side. */
export async function indexShopeeOrders(
  ctx: Ctx,
  q: z.output<typeof ShopeeOrderIndexQuery>,
): Promise<ShopeeOrderPage> {
  if (q.market_id !== undefined) {
    const store = await findStore(ctx, q.market_id);
    if (store.marketplace !== 'shopee') throw new NotFoundError('shopee.store_not_found');
  }
  const filter = OrderListQuery.parse({
    source: 'shopee',
    market_id: q.market_id,
    status: q.status,
    order_status: q.order_status,
    seller_order_id: q.seller_order_id,
    start_time: q.start_time,
    end_time: q.end_time,
    page: q.page,
    limit: q.limit,
  });
  const page = await listOrders(ctx, filter);
  const sides = await sidesOf(
    ctx,
    page.list.map((o) => o.id),
  );
  return {
    list: page.list.map((o): ShopeeOrder => ({ ...o, shopee: withRemote(sides.get(o.id)!, o) })),
    pagination: {
      page: page.pagination.page,
      size: page.pagination.size,
      total: page.pagination.total,
      more: page.pagination.more,
    },
    status_counts: page.status_counts,
  };
}

/** The actor's Shopee stores, for the filters and dialogs. */
export async function shopeeStores(ctx: Ctx): Promise<OrderMarket[]> {
  return (await marketList(ctx)).filter((m) => m.marketplace === 'shopee');
}

/** Queues the orders module's `orders.sync` for one Shopee store, or every syncable one. */
export async function synchroShopeeOrders(
  ctx: Ctx,
  runner: Pick<JobRunner, 'enqueue'>,
  input: ShopeeSynchroInput,
): Promise<ShopeeSynchroResult> {
  let storeIds: number[];
  if (input.market_id !== undefined) {
    const store = await findStore(ctx, input.market_id);
    if (store.marketplace !== 'shopee') throw new NotFoundError('shopee.store_not_found');
    if (store.status !== STORE_STATUS.on) throw new ConflictError('orders.store_switched_off');
    if (store.authStatus !== 'active')
      throw new ConflictError('orders.store_needs_reauthorization');
    storeIds = [store.id];
  } else {
    const rows = await ctx.db
      .select({ id: stores.id })
      .from(stores)
      .where(
        and(
          visibleStores(ctx),
          eq(stores.marketplace, 'shopee'),
          eq(stores.status, STORE_STATUS.on),
        ),
      );
    storeIds = rows.map((r) => r.id);
  }
  if (storeIds.length === 0) return { jobs: [] };
  const queued = await queueStoreSyncs(ctx.db, runner, { storeIds });
  return { jobs: queued.map((q) => ({ market_id: q.storeId, job_id: q.jobId })) };
}

/** The answer of one order with its Shopee side, after a change. */
export async function shopeeOrderView(ctx: Ctx, id: number): Promise<ShopeeOrder> {
  const row = await shopeeOrder(ctx, id);
  const [order] = await toOrders(ctx.db, [row]);
  return { ...order!, shopee: withRemote((await sidesOf(ctx, [id])).get(id)!, order!) };
}

/** Sets the note on Shopee (set_note) first, then here, and logs it. */
export async function addNote(ctx: MarketCtx, input: ShopeeAddNoteInput): Promise<ShopeeOrder> {
  const order = await shopeeOrder(ctx, input.id);
  const sn = orderSnOf(order);
  const { connector, session } = await shopeeSession(ctx, order.storeId);
  await connector.setNote(session, sn, input.note);
  await withTransaction(ctx, async (tx) => {
    const before = (await statesOf(tx, [order.id])).get(order.id)?.note ?? '';
    await saveState(tx, order.id, { note: input.note });
    await writeOrderLog(tx, order.id, 'shopee_note', { from: before, to: input.note });
  });
  return shopeeOrderView(ctx, order.id);
}

async function packageOf(
  ctx: MarketCtx,
  order: OrderRow,
  shopee: Awaited<ReturnType<typeof shopeeSession>>,
): Promise<string | undefined> {
  const known = (await statesOf(ctx, [order.id])).get(order.id)?.packageNumber;
  if (known) return known;
  const [detail] = await shopee.connector.orderPackages(shopee.session, [orderSnOf(order)]);
  const packageNumber = detail?.package_list?.[0]?.package_number;
  if (packageNumber) await saveState(ctx, order.id, { packageNumber });
  return packageNumber;
}

/** get_shipping_parameter, shaped for the arrange-shipment dialog. */
export async function shippingParameter(
  ctx: MarketCtx,
  input: { id: number },
): Promise<ShopeeShippingParameter> {
  const order = await shopeeOrder(ctx, input.id);
  assertAllowed(order, 'save_logistics');
  const shopee = await shopeeSession(ctx, order.storeId);
  const packageNumber = await packageOf(ctx, order, shopee);
  const answer = await shopee.connector.shippingParameter(shopee.session, {
    order_sn: orderSnOf(order),
    ...(packageNumber ? { package_number: packageNumber } : {}),
  });
  const methods: ShopeeShipMethod[] = [];
  if (answer.info_needed.pickup) methods.push('pickup');
  if (answer.info_needed.dropoff) methods.push('dropoff');
  methods.push('non_integrated');
  const addresses = (answer.pickup?.address_list ?? []).map((a) => {
    const address = a as typeof a & Record<string, unknown>;
    return {
      address_id: a.address_id,
      address: [address.address, address.city, address.zipcode]
        .filter((p) => typeof p === 'string' && p)
        .join(', '),
      time_slots: (a.time_slot_list ?? []).map((t) => ({
        pickup_time_id: t.pickup_time_id,
        text: t.time_text ?? new Date(t.date * 1000).toISOString().slice(0, 10),
      })),
    };
  });
  return { methods, addresses };
}

/** Marketplace refusals of the seller's input are the seller's to fix: a 422 on the field. */
function refusedAs(field: string, error: unknown): never {
  if (error instanceof MarketplaceError && error.kind === 'validation') {
    const message = { key: 'shopee.refused', params: { reason: error.reason } } as const;
    throw new ValidationError({ [field]: message }, message.key, message.params);
  }
  throw error;
}

/**
 * Arranges shipment on Shopee (ship_order with pickup, dropoff or the seller's own carrier),
 * saves the tracking number Shopee answers and moves the order to processing (30), logged.
 */
export async function initLogistics(
  ctx: MarketCtx,
  input: z.output<typeof ShopeeInitLogisticsInput>,
): Promise<ShopeeOrder> {
  const order = await shopeeOrder(ctx, input.id);
  assertAllowed(order, 'save_logistics');
  const sn = orderSnOf(order);
  const shopee = await shopeeSession(ctx, order.storeId);
  const packageNumber = await packageOf(ctx, order, shopee);
  const ship: ShipOrderInput = {
    order_sn: sn,
    ...(packageNumber ? { package_number: packageNumber } : {}),
  };
  if (input.method === 'pickup') {
    ship.pickup = {
      address_id: input.address_id!,
      pickup_time_id: input.pickup_time_id!,
      ...(input.tracking_number ? { tracking_number: input.tracking_number } : {}),
    };
  } else if (input.method === 'dropoff') {
    ship.dropoff = {
      ...(input.branch_id ? { branch_id: input.branch_id } : {}),
      ...(input.sender_real_name ? { sender_real_name: input.sender_real_name } : {}),
      ...(input.tracking_number ? { tracking_number: input.tracking_number } : {}),
    };
  } else {
    ship.non_integrated = { tracking_number: input.tracking_number! };
  }
  await shopee.connector.shipOrder(shopee.session, ship).catch((e) => refusedAs('method', e));
  const { tracking_number: tracking } = await shopee.connector.trackingNumber(shopee.session, {
    order_sn: sn,
    ...(packageNumber ? { package_number: packageNumber } : {}),
  });
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(orders).where(eq(orders.id, order.id)).for('update');
    assertAllowed(row!, 'save_logistics');
    await tx.db
      .update(orders)
      .set({
        trackingNumber: tracking || null,
        status: DESK_STATUS.processing,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await saveState(tx, order.id, {
      logisticsStatus: 'ready',
      shipMethod: input.method,
      trackingNumber: tracking || null,
      documentStatus: 'none',
      documentType: null,
    });
    await writeOrderLog(tx, order.id, 'shopee_ship', {
      method: input.method,
      tracking_number: tracking,
      package_number: packageNumber ?? null,
      from: row!.status,
    });
  });
  return shopeeOrderView(ctx, order.id);
}

/** Creates the shipping document, waits until it is ready and downloads it (a PDF). */
export async function getLabel(
  ctx: MarketCtx,
  input: z.output<typeof ShopeeGetLabelQuery>,
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await shopeeOrder(ctx, input.id);
  const sn = orderSnOf(order);
  const state = (await statesOf(ctx, [order.id])).get(order.id);
  if (!state?.trackingNumber) {
    throw new ConflictError('shopee.arrange_shipment_first');
  }
  const shopee = await shopeeSession(ctx, order.storeId, false);
  const ref = {
    order_sn: sn,
    ...(state.packageNumber ? { package_number: state.packageNumber } : {}),
  };
  try {
    await shopee.connector.createShippingDocument(shopee.session, [
      { ...ref, tracking_number: state.trackingNumber, shipping_document_type: input.type },
    ]);
    await shopee.connector.waitForShippingDocuments(shopee.session, [ref]);
  } catch (error) {
    await saveState(ctx, order.id, { documentStatus: 'failed', documentType: input.type });
    throw error;
  }
  const pdf = await shopee.connector.downloadShippingDocument(shopee.session, input.type, [ref]);
  await withTransaction(ctx, async (tx) => {
    await saveState(tx, order.id, { documentStatus: 'ready', documentType: input.type });
    await writeOrderLog(tx, order.id, 'shopee_label', { type: input.type });
  });
  return { filename: `shopee-${sn}.pdf`, pdf };
}

export async function firstMileChannels(
  ctx: MarketCtx,
  input: { market_id: number },
): Promise<ShopeeFirstMileChannel[]> {
  const { connector, session } = await shopeeSession(ctx, input.market_id, false);
  return connector.firstMileChannels(session, 'CN');
}

/** The orders of a first-mile call must be of one store: Shopee binds per shop. */
function oneStore(rows: OrderRow[]): number {
  const storeIds = new Set(rows.map((r) => r.storeId));
  if (storeIds.size > 1) {
    throw new ValidationError({ ids: 'shopee.orders_of_one_store' });
  }
  return rows[0]!.storeId;
}

/**
 * Binds orders of one store to a first-mile tracking number (Shopee generates one when none is
 * given). Each order gets a result; one Shopee refuses stays unbound and does not undo the rest.
 */
export async function firstMileBind(
  ctx: MarketCtx,
  input: ShopeeFirstMileBindInput,
): Promise<ShopeeFirstMileResult> {
  const rows = await shopeeOrders(ctx, input.ids);
  const storeId = oneStore(rows);
  const states = await statesOf(ctx, input.ids);
  const results: ShopeeFirstMileResult['results'] = [];
  const candidates: OrderRow[] = [];
  for (const row of rows) {
    const bound = states.get(row.id)?.firstMileTrackingNumber;
    if (!row.remoteId) results.push({ id: row.id, ok: false, reason: 'Not a Shopee order' });
    else if (bound) results.push({ id: row.id, ok: false, reason: `Already bound to ${bound}` });
    else candidates.push(row);
  }
  if (candidates.length === 0) return { first_mile_tracking_number: null, results };
  const { connector, session } = await shopeeSession(ctx, storeId);
  const channels = await connector.firstMileChannels(session, 'CN');
  const channel = channels.find((c) => c.logistics_channel_id === input.logistics_channel_id);
  if (!channel) {
    throw new ValidationError({ logistics_channel_id: 'shopee.not_first_mile_channel' });
  }
  const number =
    input.first_mile_tracking_number ??
    (await connector.generateFirstMileTrackingNumbers(session, zonedDate(new Date()), 1))[0]!;
  const packages = await statesOf(
    ctx,
    candidates.map((c) => c.id),
  );
  const answer = await connector
    .bindFirstMile(session, {
      first_mile_tracking_number: number,
      shipment_method: channel.shipment_method,
      region: 'CN',
      logistics_channel_id: channel.logistics_channel_id,
      order_list: candidates.map((c) => ({
        order_sn: c.remoteId!,
        ...(packages.get(c.id)?.packageNumber
          ? { package_number: packages.get(c.id)!.packageNumber! }
          : {}),
      })),
    })
    .catch((e) => refusedAs('ids', e));
  await withTransaction(ctx, async (tx) => {
    for (const c of candidates) {
      const entry = answer.order_list.find((o) => o.order_sn === c.remoteId);
      if (entry?.fail_error) {
        results.push({ id: c.id, ok: false, reason: entry.fail_message ?? entry.fail_error });
        continue;
      }
      await saveState(tx, c.id, {
        firstMileTrackingNumber: number,
        firstMileChannelId: channel.logistics_channel_id,
      });
      await writeOrderLog(tx, c.id, 'shopee_first_mile_bind', {
        first_mile_tracking_number: number,
        logistics_channel_id: channel.logistics_channel_id,
      });
      results.push({ id: c.id, ok: true, reason: null });
    }
  });
  results.sort((a, b) => input.ids.indexOf(a.id) - input.ids.indexOf(b.id));
  return { first_mile_tracking_number: number, results };
}

/** Unbinds orders from their first-mile tracking numbers, one Shopee call per number. */
export async function firstMileUnbind(
  ctx: MarketCtx,
  input: ShopeeFirstMileUnbindInput,
): Promise<ShopeeFirstMileResult> {
  const rows = await shopeeOrders(ctx, input.ids);
  const storeId = oneStore(rows);
  const states = await statesOf(ctx, input.ids);
  const results: ShopeeFirstMileResult['results'] = [];
  const byNumber = new Map<string, OrderRow[]>();
  for (const row of rows) {
    const number = states.get(row.id)?.firstMileTrackingNumber;
    if (!number) {
      results.push({ id: row.id, ok: false, reason: 'Not bound to a first-mile number' });
      continue;
    }
    byNumber.set(number, [...(byNumber.get(number) ?? []), row]);
  }
  if (byNumber.size > 0) {
    const { connector, session } = await shopeeSession(ctx, storeId);
    for (const [number, list] of byNumber) {
      const answer = await connector
        .unbindFirstMile(session, {
          first_mile_tracking_number: number,
          order_list: list.map((r) => ({ order_sn: r.remoteId! })),
        })
        .catch((e) => refusedAs('ids', e));
      await withTransaction(ctx, async (tx) => {
        for (const r of list) {
          const entry = answer.order_list?.find((o) => o.order_sn === r.remoteId);
          if (entry?.fail_error) {
            results.push({ id: r.id, ok: false, reason: entry.fail_message ?? entry.fail_error });
            continue;
          }
          await saveState(tx, r.id, { firstMileTrackingNumber: null, firstMileChannelId: null });
          await writeOrderLog(tx, r.id, 'shopee_first_mile_unbind', {
            first_mile_tracking_number: number,
          });
          results.push({ id: r.id, ok: true, reason: null });
        }
      });
    }
  }
  results.sort((a, b) => input.ids.indexOf(a.id) - input.ids.indexOf(b.id));
  const numbers = [...byNumber.keys()];
  return { first_mile_tracking_number: numbers.length === 1 ? numbers[0]! : null, results };
}

/** Buys the orders' goods from the platform: the orders module's add-cart, per-item results. */
export async function purchaseShopeeOrders(
  ctx: Ctx,
  input: ShopeePurchaseInput,
): Promise<ShopeePurchaseResult> {
  await shopeeOrders(ctx, input.ids);
  return addOrdersToCart(ctx, { ids: input.ids });
}
