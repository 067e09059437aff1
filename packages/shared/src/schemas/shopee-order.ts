import { z } from 'zod';
import { multilineText, queryInt, text, UNIX_SECONDS_MAX } from './common.ts';
import {
  Order,
  OrderAddCartResult,
  OrderStatusCounts,
  OrderStatusValue,
  OrderSyncResult,
} from './order.ts';

/** Shopee orders, logistics and packs (spec 7 "Shopee", spec 3 "Shopee pack", issue 7). */

const id = z.number().int().positive();
const unix = z.number().int();
const unixInput = z.number().int().min(0).max(UNIX_SECONDS_MAX);
const trackingNumber = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'validation.letters_digits_dashes');

/** A pack holds up to 9 photos, as a Shopee listing does. */
export const SHOPEE_PACK_IMAGES_MAX = 9;
export const SHOPEE_PACK_ORDERS_MAX = 200;
export const SHOPEE_NOTE_MAX = 500;

export const SHOPEE_LOGISTICS_STATUSES = ['not_started', 'ready', 'shipped'] as const;
export const SHOPEE_DOCUMENT_STATUSES = ['none', 'ready', 'failed'] as const;
export const SHOPEE_SHIP_METHODS = ['pickup', 'dropoff', 'non_integrated'] as const;
export type ShopeeShipMethod = (typeof SHOPEE_SHIP_METHODS)[number];
export const SHOPEE_DOCUMENT_TYPES = [
  'THERMAL_AIR_WAYBILL',
  'NORMAL_AIR_WAYBILL',
  'NORMAL_JOB_AIR_WAYBILL',
  'THERMAL_JOB_AIR_WAYBILL',
  'THERMAL_UNPACKAGED_LABEL',
] as const;

/** What we know of an order on the Shopee side (kept beside the order, never in `orders`). */
export const ShopeeOrderSide = z.object({
  package_number: z.string().nullable(),
  logistics_status: z.enum(SHOPEE_LOGISTICS_STATUSES),
  ship_method: z.enum(SHOPEE_SHIP_METHODS).nullable(),
  tracking_number: z.string().nullable(),
  document_status: z.enum(SHOPEE_DOCUMENT_STATUSES),
  document_type: z.string().nullable(),
  first_mile_tracking_number: z.string().nullable(),
  first_mile_channel_id: z.number().int().nullable(),
  /** The note as set on Shopee through add-note. */
  note: z.string(),
  /** The pack the order is in, when it is in one. */
  pack_id: z.number().int().nullable(),
});
export type ShopeeOrderSide = z.infer<typeof ShopeeOrderSide>;

export const ShopeeOrder = Order.extend({ shopee: ShopeeOrderSide });
export type ShopeeOrder = z.infer<typeof ShopeeOrder>;

/**
 * The Shopee order list: the seller's Shopee orders with
 * - market_id: one Shopee store; status: the desk status (10–60); order_status: spec 3's value;
 * - seller_order_id: the order number from its start; start_time / end_time: purchased between;
 * - logistics_status / bound: the Shopee side (not arranged, arranged, shipped; first-mile bound);
 * - page / limit.
 */
export const ShopeeOrderIndexQuery = z
  .object({
    market_id: id.optional(),
    status: z
      .number()
      .int()
      .refine((v) => [10, 20, 30, 40, 50, 60].includes(v), {
        message: 'validation.one_of',
        params: { values: '10, 20, 30, 40, 50, 60' },
      })
      .optional(),
    order_status: OrderStatusValue.optional(),
    seller_order_id: text().trim().min(1).max(100).optional(),
    start_time: unixInput.optional(),
    end_time: unixInput.optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(200).default(20),
  })
  .refine(
    (q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time,
    { message: 'validation.start_after_end', path: ['start_time'] },
  );
export type ShopeeOrderIndexQuery = z.input<typeof ShopeeOrderIndexQuery>;

export const ShopeeOrderPage = z.object({
  list: z.array(ShopeeOrder),
  pagination: z.object({
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    more: z.boolean(),
  }),
  status_counts: OrderStatusCounts,
});
export type ShopeeOrderPage = z.infer<typeof ShopeeOrderPage>;

export const ShopeeSynchroInput = z.object({ market_id: id.optional() });
export type ShopeeSynchroInput = z.infer<typeof ShopeeSynchroInput>;
/** The same answer as the order desk's `synchro`: one sync job per store. */
export const ShopeeSynchroResult = OrderSyncResult;
export type ShopeeSynchroResult = z.infer<typeof ShopeeSynchroResult>;

export const ShopeeAddNoteInput = z.object({
  id,
  note: multilineText().trim().max(SHOPEE_NOTE_MAX),
});
export type ShopeeAddNoteInput = z.infer<typeof ShopeeAddNoteInput>;

export const ShopeeOrderIdInput = z.object({ id });
export type ShopeeOrderIdInput = z.infer<typeof ShopeeOrderIdInput>;

/** get_shipping_parameter as the arrange-shipment dialog needs it. */
export const ShopeeShippingParameter = z.object({
  methods: z.array(z.enum(SHOPEE_SHIP_METHODS)),
  addresses: z.array(
    z.object({
      address_id: z.number().int(),
      address: z.string(),
      time_slots: z.array(z.object({ pickup_time_id: z.string(), text: z.string() })),
    }),
  ),
});
export type ShopeeShippingParameter = z.infer<typeof ShopeeShippingParameter>;

export const ShopeeInitLogisticsInput = z
  .object({
    id,
    method: z.enum(SHOPEE_SHIP_METHODS),
    address_id: z.number().int().positive().optional(),
    pickup_time_id: text().trim().min(1).max(64).optional(),
    branch_id: z.number().int().positive().optional(),
    sender_real_name: text().trim().max(100).optional(),
    tracking_number: trackingNumber.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'pickup') {
      if (v.address_id === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['address_id'],
          message: 'validation.required_for_pickup',
        });
      if (v.pickup_time_id === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['pickup_time_id'],
          message: 'validation.required_for_pickup',
        });
    }
    if (v.method === 'non_integrated' && v.tracking_number === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['tracking_number'],
        message: 'validation.required_own_carrier',
      });
    }
  });
export type ShopeeInitLogisticsInput = z.input<typeof ShopeeInitLogisticsInput>;

export const ShopeeGetLabelQuery = z.object({
  id: queryInt(z.number().int().positive()),
  type: z.enum(SHOPEE_DOCUMENT_TYPES).default('THERMAL_AIR_WAYBILL'),
});
export type ShopeeGetLabelQuery = z.input<typeof ShopeeGetLabelQuery>;

export const ShopeeFirstMileChannelsQuery = z.object({ market_id: id });
export const ShopeeFirstMileChannel = z.object({
  logistics_channel_id: z.number().int(),
  logistics_channel_name: z.string(),
  shipment_method: z.enum(['pickup', 'dropoff']),
});
export type ShopeeFirstMileChannel = z.infer<typeof ShopeeFirstMileChannel>;

/** Binds orders of one store to a first-mile tracking number; without one, Shopee generates it. */
export const ShopeeFirstMileBindInput = z.object({
  ids: z.array(id).min(1).max(50),
  logistics_channel_id: z.number().int().positive(),
  first_mile_tracking_number: trackingNumber.optional(),
});
export type ShopeeFirstMileBindInput = z.infer<typeof ShopeeFirstMileBindInput>;
export const ShopeeFirstMileUnbindInput = z.object({ ids: z.array(id).min(1).max(50) });
export type ShopeeFirstMileUnbindInput = z.infer<typeof ShopeeFirstMileUnbindInput>;

/** One result per order: a refused order never undoes the others. */
export const ShopeeFirstMileResult = z.object({
  first_mile_tracking_number: z.string().nullable(),
  results: z.array(
    z.object({ id: z.number().int(), ok: z.boolean(), reason: z.string().nullable() }),
  ),
});
export type ShopeeFirstMileResult = z.infer<typeof ShopeeFirstMileResult>;

export const ShopeePurchaseInput = z.object({ ids: z.array(id).min(1).max(500) });
export type ShopeePurchaseInput = z.infer<typeof ShopeePurchaseInput>;
export const ShopeePurchaseResult = OrderAddCartResult;
export type ShopeePurchaseResult = z.infer<typeof ShopeePurchaseResult>;

// ---------------------------------------------------------------------------------------------
// Logistics channels

export const ShopeeLogisticsQuery = z.object({
  market_id: id.optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ShopeeLogisticsQuery = z.input<typeof ShopeeLogisticsQuery>;
export const ShopeeLogisticsChannel = z.object({
  id: z.number().int(),
  market_id: z.number().int(),
  market_alias: z.string(),
  logistics_channel_id: z.number().int(),
  logistics_channel_name: z.string(),
  enabled: z.boolean(),
  cod_enabled: z.boolean(),
  fee_type: z.string(),
  synced_at: unix,
});
export type ShopeeLogisticsChannel = z.infer<typeof ShopeeLogisticsChannel>;
export const ShopeeLogisticsPage = z.object({
  list: z.array(ShopeeLogisticsChannel),
  pagination: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
});
export type ShopeeLogisticsPage = z.infer<typeof ShopeeLogisticsPage>;
export const ShopeeLogisticsSynchroInput = z.object({ market_id: id });
export type ShopeeLogisticsSynchroInput = z.infer<typeof ShopeeLogisticsSynchroInput>;
export const ShopeeLogisticsSynchroResult = z.object({
  count: z.number().int(),
  removed: z.number().int(),
});
export type ShopeeLogisticsSynchroResult = z.infer<typeof ShopeeLogisticsSynchroResult>;

// ---------------------------------------------------------------------------------------------
// Packs (spec 3: shopee_order_pack_store_id, tracking_no, note, iamges — spelled so)

/** A first-mile warehouse the seller ships packs to. */
export const ShopeePackStore = z.object({
  id: z.number().int(),
  region: z.string(),
  name: z.string(),
  address: z.string(),
  contact: z.string(),
  phone: z.string(),
});
export type ShopeePackStore = z.infer<typeof ShopeePackStore>;
export const ShopeePackStoreQuery = z.object({
  region: text()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'validation.country_code')
    .transform((v) => v.toUpperCase())
    .optional(),
});
export type ShopeePackStoreQuery = z.input<typeof ShopeePackStoreQuery>;

const packFields = {
  shopee_order_pack_store_id: id,
  tracking_no: trackingNumber,
  note: multilineText().trim().max(SHOPEE_NOTE_MAX).default(''),
  /** Object keys of the seller's own uploads (`/api/files/<key>`). */
  iamges: z.array(text().trim().min(1).max(300)).max(SHOPEE_PACK_IMAGES_MAX).default([]),
  order_ids: z.array(id).min(1).max(SHOPEE_PACK_ORDERS_MAX),
};
export const ShopeePackCreateInput = z.object(packFields);
export type ShopeePackCreateInput = z.input<typeof ShopeePackCreateInput>;
export const ShopeePackUpdateInput = z.object({ id, ...packFields });
export type ShopeePackUpdateInput = z.input<typeof ShopeePackUpdateInput>;

export const ShopeePack = z.object({
  id: z.number().int(),
  shopee_order_pack_store_id: z.number().int(),
  store_name: z.string(),
  tracking_no: z.string(),
  note: z.string(),
  iamges: z.array(z.object({ key: z.string(), url: z.string() })),
  orders: z.array(z.object({ id: z.number().int(), seller_order_id: z.string() })),
  created_at: unix,
  updated_at: unix,
});
export type ShopeePack = z.infer<typeof ShopeePack>;
export const ShopeePackListQuery = z.object({
  tracking_no: text().trim().min(1).max(64).optional(),
  shopee_order_pack_store_id: id.optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
});
export type ShopeePackListQuery = z.input<typeof ShopeePackListQuery>;
export const ShopeePackPage = z.object({
  list: z.array(ShopeePack),
  pagination: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
});
export type ShopeePackPage = z.infer<typeof ShopeePackPage>;
