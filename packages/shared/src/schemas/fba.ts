import { z } from 'zod';
import { queryInt, text, UNIX_SECONDS_MAX } from './common.ts';
import { TRACKING_STATUSES, TrackingEvent } from './production.ts';

/** FBA inbound shipments (spec /newOrder/FBAshipments, /api/fba/*, issue 21). */

const id = z.number().int().positive();
const unixInput = z.number().int().min(0).max(UNIX_SECONDS_MAX);
const remoteId = text().trim().min(1).max(64);
const sku = text().trim().min(1).max(255);

export const FBA_STEPS = ['packing', 'placement', 'transport', 'confirmed', 'cancelled'] as const;
export type FbaStep = (typeof FBA_STEPS)[number];
/** Amazon's shipment statuses the list filters by. */
export const FBA_SHIPMENT_STATUSES = [
  'WORKING',
  'READY_TO_SHIP',
  'SHIPPED',
  'IN_TRANSIT',
  'DELIVERED',
  'CHECKED_IN',
  'RECEIVING',
  'CLOSED',
  'CANCELLED',
] as const;
/** Box label page types of getLabels (reference 1.11) the desk offers. */
export const FBA_BOX_LABEL_PAGES = [
  'PackageLabel_Letter_2',
  'PackageLabel_Letter_6',
  'PackageLabel_A4_2',
  'PackageLabel_A4_4',
  'PackageLabel_Plain_Paper',
  'PackageLabel_Thermal',
] as const;
/** Product label sheets: 30-up Letter, 24/27/40-up A4, one 50×25 mm thermal label a page. */
export const FBA_LABEL_SHEETS = ['letter_30', 'a4_24', 'a4_27', 'a4_40', 'thermal_50x25'] as const;
export type FbaLabelSheet = (typeof FBA_LABEL_SHEETS)[number];

export const FbaAddressInput = z.object({
  name: text().trim().min(1).max(50),
  address_line1: text().trim().min(1).max(180),
  address_line2: text().trim().max(60).optional(),
  city: text().trim().min(1).max(30),
  state_or_province_code: text().trim().max(64).optional(),
  postal_code: text().trim().min(1).max(32),
  country_code: z.string().regex(/^[A-Z]{2}$/, 'validation.country_code'),
  phone_number: text().trim().min(1).max(20),
});
export type FbaAddressInput = z.infer<typeof FbaAddressInput>;

export const FbaCreateInput = z.object({
  market_id: id,
  name: text().trim().min(1).max(80),
  source_address: FbaAddressInput,
  items: z
    .array(z.object({ sku, quantity: z.number().int().min(1).max(10_000) }))
    .min(1)
    .max(200)
    .refine((items) => new Set(items.map((i) => i.sku)).size === items.length, {
      message: 'validation.duplicate',
    }),
});
export type FbaCreateInput = z.infer<typeof FbaCreateInput>;

export const FbaBoxInput = z.object({
  length: z.number().positive().max(300),
  width: z.number().positive().max(300),
  height: z.number().positive().max(300),
  dimension_unit: z.enum(['CM', 'IN']),
  weight: z.number().positive().max(1000),
  weight_unit: z.enum(['KG', 'LB']),
  count: z.number().int().min(1).max(500),
  items: z
    .array(z.object({ sku, quantity: z.number().int().min(1).max(10_000) }))
    .min(1)
    .max(200),
});
export type FbaBoxInput = z.infer<typeof FbaBoxInput>;

export const FbaPackingInput = z.object({
  id,
  packing_option_id: remoteId,
  boxes: z.array(FbaBoxInput).min(1).max(200),
});
export type FbaPackingInput = z.infer<typeof FbaPackingInput>;

/** Edit before placement is confirmed: the plan's boxes sent again as packing information. */
export const FbaBoxesInput = z.object({ id, boxes: z.array(FbaBoxInput).min(1).max(200) });
export type FbaBoxesInput = z.infer<typeof FbaBoxesInput>;

/**
 * Edit after the carrier is confirmed (Amazon's shipment content update): every box the shipment
 * will hold, an existing one by `package_id` or a new one without; boxes left out are removed.
 */
export const FbaContentInput = z.object({
  id,
  shipment_id: remoteId,
  boxes: z
    .array(FbaBoxInput.omit({ count: true }).extend({ package_id: remoteId.optional() }))
    .min(1)
    .max(500),
});
export type FbaContentInput = z.infer<typeof FbaContentInput>;
export const FbaContentConfirmInput = z.object({ id, shipment_id: remoteId });
export type FbaContentConfirmInput = z.infer<typeof FbaContentConfirmInput>;

export const FbaPlacementInput = z.object({
  id,
  placement_option_id: remoteId,
  /** When the boxes can be collected (unix seconds); tomorrow when absent. */
  ready_to_ship: unixInput.optional(),
});
export type FbaPlacementInput = z.infer<typeof FbaPlacementInput>;

export const FbaTransportInput = z.object({
  id,
  selections: z
    .array(z.object({ shipment_id: remoteId, transportation_option_id: remoteId }))
    .min(1)
    .max(50),
});
export type FbaTransportInput = z.infer<typeof FbaTransportInput>;

export const FbaTrackingInput = z.object({
  id,
  shipment_id: remoteId,
  tracking: z
    .array(
      z.object({
        box_id: remoteId,
        tracking_id: text()
          .trim()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z0-9-]+$/, 'validation.letters_digits_dashes'),
      }),
    )
    .min(1)
    .max(500),
});
export type FbaTrackingInput = z.infer<typeof FbaTrackingInput>;

export const FbaListQuery = z
  .object({
    market_id: id.optional(),
    /** A shipment's `FBA…` id, from its start. */
    shipment_id: text().trim().min(1).max(64).optional(),
    /** Our plan number, from its start. */
    order_number: text().trim().min(1).max(64).optional(),
    status: z.enum(FBA_SHIPMENT_STATUSES).optional(),
    start_time: unixInput.optional(),
    end_time: unixInput.optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(200).default(20),
  })
  .refine(
    (q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time,
    { message: 'validation.start_after_end', path: ['start_time'] },
  );
export type FbaListQuery = z.input<typeof FbaListQuery>;

export const FbaShipment = z.object({
  shipment_id: z.string(),
  confirmation_id: z.string().nullable(),
  status: z.string(),
  warehouse_id: z.string().nullable(),
  carrier: z.string().nullable(),
  transportation_option_id: z.string().nullable(),
  boxes: z.array(
    z.object({
      box_id: z.string(),
      package_id: z.string().nullable(),
      /** Size and weight as Amazon lists them; null for boxes read before they were kept. */
      size: FbaBoxInput.omit({ count: true, items: true }).nullable(),
      items: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
    }),
  ),
  tracking: z.array(z.object({ box_id: z.string(), tracking_id: z.string() })),
  history: z.array(z.object({ status: z.string(), at: z.number().int() })),
  synced_at: z.number().int().nullable(),
});
export type FbaShipment = z.infer<typeof FbaShipment>;

const money = z.string();
export const FbaOffers = z.object({
  packing: z.array(
    z.object({ id: z.string(), packing_group_id: z.string(), mode: z.string().nullable() }),
  ),
  placement: z.array(
    z.object({
      id: z.string(),
      shipment_ids: z.array(z.string()),
      fee: money,
      currency: z.string(),
    }),
  ),
  transport: z.array(
    z.object({
      id: z.string(),
      shipment_id: z.string(),
      partnered: z.boolean(),
      carrier: z.string(),
      mode: z.string(),
      cost: money.nullable(),
      currency: z.string().nullable(),
    }),
  ),
});
export type FbaOffers = z.infer<typeof FbaOffers>;

export const FbaPlan = z.object({
  id,
  number: z.string(),
  name: z.string(),
  market_id: z.number().int(),
  store_name: z.string(),
  site: z.string(),
  plan_id: z.string(),
  step: z.enum(FBA_STEPS),
  source_address: FbaAddressInput,
  items: z.array(
    z.object({
      sku: z.string(),
      quantity: z.number().int(),
      title: z.string(),
      asin: z.string().nullable(),
      fnsku: z.string().nullable(),
    }),
  ),
  boxes: z.array(FbaBoxInput),
  offers: FbaOffers,
  placement_option_id: z.string().nullable(),
  /** A shipment content update Amazon priced, waiting for the seller's confirmation. */
  content_update: z
    .object({
      shipment_id: z.string(),
      expiration: z.number().int(),
      cost: money.nullable(),
      currency: z.string().nullable(),
      boxes: z.array(
        z.object({
          package_id: z.string().nullable(),
          items: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
        }),
      ),
    })
    .nullable(),
  last_error: z.string().nullable(),
  shipments: z.array(FbaShipment),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type FbaPlan = z.infer<typeof FbaPlan>;

export const FbaPlanPage = z.object({
  list: z.array(FbaPlan),
  pagination: z.object({
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    more: z.boolean(),
  }),
});
export type FbaPlanPage = z.infer<typeof FbaPlanPage>;

export const FbaBoxLabelQuery = z.object({
  id: queryInt(id),
  shipment_id: remoteId,
  page_type: z.enum(FBA_BOX_LABEL_PAGES).default('PackageLabel_Letter_2'),
});
export type FbaBoxLabelQuery = z.input<typeof FbaBoxLabelQuery>;

export const FbaProductLabelQuery = z.object({
  id: queryInt(id),
  sheet: z.enum(FBA_LABEL_SHEETS).default('a4_24'),
});
export type FbaProductLabelQuery = z.input<typeof FbaProductLabelQuery>;

/** `kuaidi`: the carrier's events for a plan's tracking numbers (one shipment's, or all). */
export const FbaKuaidiInput = z.object({ id, shipment_id: remoteId.optional() });
export type FbaKuaidiInput = z.infer<typeof FbaKuaidiInput>;

export const FbaKuaidiParcel = z.object({
  shipment_id: z.string(),
  confirmation_id: z.string().nullable(),
  box_id: z.string(),
  tracking_id: z.string(),
  carrier: z.string(),
  /** Null when the carrier service refused the number; `error` then says why, in its words. */
  status: z.enum(TRACKING_STATUSES).nullable(),
  /** Newest first. */
  events: z.array(TrackingEvent),
  error: z.string().nullable(),
});
export type FbaKuaidiParcel = z.infer<typeof FbaKuaidiParcel>;
export const FbaKuaidi = z.object({ list: z.array(FbaKuaidiParcel) });
export type FbaKuaidi = z.infer<typeof FbaKuaidi>;
