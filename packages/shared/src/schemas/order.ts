import { z } from 'zod';
import { FBA_FULFILLMENT_CHANNEL, ORDER_STATUSES } from '../constants.ts';
import { MARKETPLACES } from '../markets.ts';
import { multilineText, queryInt, text } from './common.ts';
import { ShipmentPush } from './shipment-push.ts';

const id = z.number().int().positive();
/** Desk filters arrive as JSON and as the web's URL state, so their numbers may be text. */
const queryId = queryInt(z.number().int().positive());
const minor = z.number().int();
const unix = z.number().int();
const unixInput = queryInt(z.number().int().min(0).max(253_402_300_799));
/** A boolean from JSON or a query string ("0"/"1" as the old client sends them). */
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
  z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1),
]);

/** Spec 3's order status values: the marketplace's status in neutral form. */
export const OrderStatusValue = z.enum(ORDER_STATUSES);

/**
 * The seller's own work status of an order (the "desk"), independent of the marketplace's:
 * 10 new, 20 on hold, 30 processing (a logistics channel is set), 40 purchased (a platform
 * purchase order exists; cancelling goes through that order's cancel/refund), 50 shipped,
 * 60 cancelled.
 */
export const DESK_STATUS = {
  new: 10,
  on_hold: 20,
  processing: 30,
  purchased: 40,
  shipped: 50,
  cancelled: 60,
} as const;
export type DeskStatusName = keyof typeof DESK_STATUS;
export type DeskStatus = (typeof DESK_STATUS)[DeskStatusName];
export const DESK_STATUSES = Object.values(DESK_STATUS) as DeskStatus[];
export const DESK_STATUS_NAMES = Object.keys(DESK_STATUS) as DeskStatusName[];
export const deskStatusName = (status: number): DeskStatusName =>
  DESK_STATUS_NAMES.find((name) => DESK_STATUS[name] === status) ?? 'new';
export const DeskStatusValue = queryInt()
  .refine((v): v is DeskStatus => (DESK_STATUSES as number[]).includes(v), {
    message: `One of ${DESK_STATUSES.join(', ')}`,
  })
  .transform((v) => v as DeskStatus);

/** How an order row came to be. */
export const ORDER_ORIGINS = ['sync', 'import', 'manual', 'copy', 'split'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];
export const FULFILLMENT_CHANNELS = ['AFN', 'MFN'] as const;
export const ORDER_SORTS = ['purchase_date', 'updated', 'total'] as const;
export const ORDER_PAGE_MAX = 200;

/** What a seller may do to an order; `transitions.ts` on the server says in which desk status. */
export const ORDER_ACTIONS = [
  'save_address',
  'save_memo',
  'hold',
  'unhold',
  'cancel',
  'cancel_item',
  'split',
  'copy',
  'edit_num',
  'save_logistics',
  'add_cart',
  'edit_customs',
  'print_label',
  'refund',
  'purchase',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Spec 3's order filter set; every field filters, none is ignored. Times are Unix seconds.
 * - seller_order_id: the order number (the marketplace's order id, or that id with a -S/-C
 *   suffix for split and copied orders), matched from its start.
 * - user_logistics_channel_id: the logistics channel set by save-logistics.
 * - market_id: one store of the seller.
 * - status: the desk status (10–60).
 * - order_status: spec 3's marketplace status value.
 * - location_id: the warehouse location the order ships from (set by later slices; mostly null).
 * - shipped_number: the tracking number set by save-logistics, exactly.
 * - purchase_shipped_number: the number of the platform purchase order linked to the order,
 *   exactly (purchase orders carry no tracking number of their own yet).
 * - purchase_date: orders purchased on this calendar day (YYYY-MM-DD, Beijing time).
 * - sku: part of an item's SKU, case-insensitive.
 * - start_time / end_time: purchased at or after / before this time.
 * - source: the marketplace (amazon, shopify, shopee, temu).
 * - order_from: how the order came to be (sync, import, manual, copy, split).
 * - fulfillment_channel: AFN (the marketplace ships) or MFN (the seller ships).
 * - zone: the buyer's country code (ISO 3166-1 alpha-2).
 * - single_quantity: true = orders of exactly one piece; false = more than one piece.
 * - awaiting_funds: true = open orders the store's auto-buy left for lack of balance or cap.
 * - orderBy_field / orderBy_type: sort by purchase date, last remote update or total, asc/desc.
 * - page / limit: the page; `cursor` (the previous page's `next_cursor`) pages by keyset at any depth.
 */
export const OrderListQuery = z
  .object({
    seller_order_id: text().trim().min(1).max(100).optional(),
    user_logistics_channel_id: queryId.optional(),
    market_id: queryId.optional(),
    status: DeskStatusValue.optional(),
    order_status: OrderStatusValue.optional(),
    location_id: queryId.optional(),
    shipped_number: text().trim().min(1).max(100).optional(),
    purchase_shipped_number: text().trim().min(1).max(100).optional(),
    purchase_date: text()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
      .optional(),
    sku: text().trim().min(1).max(100).optional(),
    start_time: unixInput.optional(),
    end_time: unixInput.optional(),
    source: z.enum(MARKETPLACES).optional(),
    order_from: z.enum(ORDER_ORIGINS).optional(),
    fulfillment_channel: z.enum(FULFILLMENT_CHANNELS).optional(),
    zone: text()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'validation.country_code')
      .transform((v) => v.toUpperCase())
      .optional(),
    single_quantity: flag.optional(),
    awaiting_funds: flag.optional(),
    orderBy_field: z.enum(ORDER_SORTS).default('purchase_date'),
    orderBy_type: z.enum(['asc', 'desc']).default('desc'),
    page: queryInt(z.number().int().min(1).max(10_000)).default(1),
    limit: queryInt(z.number().int().min(1).max(ORDER_PAGE_MAX)).default(20),
    cursor: text().max(300).optional(),
  })
  .refine(
    (q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time,
    { message: 'validation.start_after_end', path: ['start_time'] },
  );
export type OrderListQuery = z.input<typeof OrderListQuery>;
export type OrderListFilter = z.output<typeof OrderListQuery>;

/**
 * What the FBA order list (spec 9) and its export fix: Amazon's AFN orders only. Other
 * marketplaces' own fulfilment (Temu's cooperative warehouses) is AFN too, but it is not FBA:
 * the desk shows it under its "fulfilled by marketplace" channel filter instead.
 */
export const FBA_ORDER_FILTER = {
  fulfillment_channel: FBA_FULFILLMENT_CHANNEL as 'AFN',
  source: 'amazon' as const,
};

/** The FBA order list: the same filters with Amazon's AFN fixed. */
export const FbaOrderListQuery = OrderListQuery.transform((q) => ({ ...q, ...FBA_ORDER_FILTER }));

export const OrderAddress = z.object({
  name: text().trim().min(1).max(100),
  phone: text().trim().max(40),
  line1: text().trim().min(1).max(200),
  line2: text().trim().max(200).default(''),
  city: text().trim().min(1).max(100),
  state: text().trim().max(100).default(''),
  postal_code: text().trim().max(20).default(''),
  country_code: text()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'validation.country_code')
    .transform((v) => v.toUpperCase()),
});
export type OrderAddress = z.output<typeof OrderAddress>;

export const OrderItem = z.object({
  id: z.number().int(),
  remote_item_id: z.string().nullable(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  quantity_shipped: z.number().int(),
  /** In minor units of the order's currency, and as the decimal string. */
  line_total_minor: minor,
  line_total: z.string(),
  cancelled: z.boolean(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const Order = z.object({
  id: z.number().int(),
  market_id: z.number().int(),
  marketplace: z.enum(MARKETPLACES),
  market_alias: z.string(),
  seller_order_id: z.string(),
  remote_id: z.string().nullable(),
  order_status: OrderStatusValue,
  remote_status: z.string(),
  status: z.number().int(),
  status_name: z.string(),
  hold: z.boolean(),
  purchase_date: unix,
  remote_updated_at: unix,
  currency: z.string(),
  total_minor: minor,
  total: z.string(),
  fulfillment_channel: z.enum(FULFILLMENT_CHANNELS),
  address: OrderAddress.nullable(),
  zone: z.string().nullable(),
  memo: z.string(),
  shipped_number: z.string().nullable(),
  user_logistics_channel_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  order_from: z.enum(ORDER_ORIGINS),
  item_count: z.number().int(),
  quantity: z.number().int(),
  purchase_order_id: z.number().int().nullable(),
  /** The linked platform purchase order's number (set while the order is purchased, 40). */
  purchase_order_number: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  /** What the seller may do now (from the server's transition table). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  items: z.array(OrderItem),
  /** Synced from the marketplace's order list; its items and full address are still on the way. */
  items_pending: z.boolean(),
  /**
   * Automatic purchase (the store's auto-buy) stopped at the balance or the daily cap: the
   * order waits, open, for the seller to buy it.
   */
  awaiting_funds: z.boolean(),
  /** The latest push of the tracking to the marketplace; null before any. */
  shipment_push: ShipmentPush.nullable(),
  created_at: unix,
  updated_at: unix,
});
export type Order = z.infer<typeof Order>;

/** Orders per desk status under every filter but `status`, for the list's tabs. */
export const OrderStatusCounts = z.object({
  all: z.number().int(),
  ...(Object.fromEntries(DESK_STATUS_NAMES.map((n) => [n, z.number().int()])) as Record<
    DeskStatusName,
    z.ZodNumber
  >),
});
export type OrderStatusCounts = z.infer<typeof OrderStatusCounts>;

/** A status tab, or `all`. */
export const OrderStatusTab = z.enum(['all', ...DESK_STATUS_NAMES]);
export type OrderStatusTab = z.infer<typeof OrderStatusTab>;

/**
 * `total` stops counting at 10,000 (`more`); `next_cursor` is null on the last page. Each tab
 * counts up to 10,000 too: `status_capped` names the tabs whose count is such a lower bound.
 */
export const OrderPage = z.object({
  list: z.array(Order),
  pagination: z.object({
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    more: z.boolean(),
    next_cursor: z.string().nullable(),
  }),
  status_counts: OrderStatusCounts,
  status_capped: z.array(OrderStatusTab),
});
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderLog = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  at: unix,
  /** Null for the marketplace sync and the store's auto-buy. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** What happened, in the reader's language (rendered from `action` and `detail`). */
  text: z.string(),
});
export type OrderLog = z.infer<typeof OrderLog>;

// ---------------------------------------------------------------------------------------------
// Actions

export const OrderIdInput = z.object({ id });
export const SaveOrderAddressInput = z.object({ id, address: OrderAddress });
export type SaveOrderAddressInput = z.input<typeof SaveOrderAddressInput>;
export const SaveOrderMemoInput = z.object({ id, memo: multilineText().trim().max(1000) });
export type SaveOrderMemoInput = z.infer<typeof SaveOrderMemoInput>;
export const SetOrderHoldInput = z.object({ id, hold: flag });
export type SetOrderHoldInput = z.input<typeof SetOrderHoldInput>;
export const CancelOrderInput = z.object({
  id,
  reason: multilineText().trim().max(200).default(''),
});
export type CancelOrderInput = z.input<typeof CancelOrderInput>;
export const CancelOrderItemInput = z.object({ id, item_id: id });
export type CancelOrderItemInput = z.infer<typeof CancelOrderItemInput>;
/** Moves the given quantities of the given items into a new order; the rest stays. */
export const SplitOrderInput = z.object({
  id,
  items: z
    .array(z.object({ item_id: id, quantity: z.number().int().min(1).max(9999) }))
    .min(1)
    .max(200),
});
export type SplitOrderInput = z.infer<typeof SplitOrderInput>;
export const SplitOrderResult = z.object({ original: Order, created: Order });
export type SplitOrderResult = z.infer<typeof SplitOrderResult>;
export const EditOrderNumInput = z.object({
  id,
  item_id: id,
  quantity: z.number().int().min(1).max(9999),
});
export type EditOrderNumInput = z.infer<typeof EditOrderNumInput>;
const logistics = {
  user_logistics_channel_id: id,
  shipped_number: text().trim().min(1).max(100),
};
export const SaveLogisticsInput = z.object({ id, ...logistics });
export type SaveLogisticsInput = z.infer<typeof SaveLogisticsInput>;
export const SaveBatchLogisticsInput = z.object({
  list: z
    .array(z.object({ id, ...logistics }))
    .min(1)
    .max(500),
});
export type SaveBatchLogisticsInput = z.infer<typeof SaveBatchLogisticsInput>;
/** One result per order of a batch: a failed order never undoes the others. */
export const OrderBatchResult = z.object({
  results: z.array(
    z.object({ id: z.number().int(), ok: z.boolean(), reason: z.string().nullable() }),
  ),
});
export type OrderBatchResult = z.infer<typeof OrderBatchResult>;

export const OrderSyncInput = z.object({ market_id: id.optional() });
export type OrderSyncInput = z.infer<typeof OrderSyncInput>;
export const OrderSyncResult = z.object({
  jobs: z.array(z.object({ market_id: z.number().int(), job_id: z.string() })),
});
export type OrderSyncResult = z.infer<typeof OrderSyncResult>;

export const OrderMarket = z.object({
  id: z.number().int(),
  alias: z.string(),
  marketplace: z.enum(MARKETPLACES),
  market_site_id: z.number().int(),
  status: z.number().int(),
});
export type OrderMarket = z.infer<typeof OrderMarket>;
export const CartNum = z.object({ count: z.number().int() });
export type CartNum = z.infer<typeof CartNum>;

export const OrderAddCartInput = z.object({ ids: z.array(id).min(1).max(500) });
export type OrderAddCartInput = z.infer<typeof OrderAddCartInput>;
/**
 * Why an order item did not go into the cart: its order's status does not allow it, no
 * finished SKU matches its SKU, or the cart line of its finished SKU serves its order already
 * (adding it again would buy it twice).
 */
export const ORDER_ADD_CART_REASONS = ['status', 'no_match', 'in_cart'] as const;
export type OrderAddCartReason = (typeof ORDER_ADD_CART_REASONS)[number];

/**
 * Per order item: the finished SKU it was matched to (null when none) and whether it went into
 * the cart; one that did not has a `reason_code` for screens to translate and `reason` in English.
 */
export const OrderAddCartResult = z.object({
  added: z.number().int(),
  cart_count: z.number().int(),
  items: z.array(
    z.object({
      order_id: z.number().int(),
      item_id: z.number().int(),
      sku: z.string(),
      ok: z.boolean(),
      sku_id: z.number().int().nullable(),
      sku_code: z.string().nullable(),
      product_title: z.string().nullable(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      image: z.string().nullable(),
      reason_code: z.enum(ORDER_ADD_CART_REASONS).nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type OrderAddCartResult = z.infer<typeof OrderAddCartResult>;
