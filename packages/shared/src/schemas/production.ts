import { z } from 'zod';
import { PURCHASE_ORDER_ACTIONS } from '../purchase-order-flow.ts';
import { PurchaseOrder, PurchaseOrderItem } from './cart.ts';
import { multilineText, pageResultOf, queryInt, text, UNIX_SECONDS_MAX } from './common.ts';
import { PURCHASE_ORDER_STATUSES } from './finance.ts';

const id = z.number().int().positive();
const unix = z.number().int();

/** What a parcel's tracking says; `pending` until the carrier has a first event. */
export const TRACKING_STATUSES = [
  'pending',
  'in_transit',
  'delivered',
  'exception',
  'returned',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** Why a purchase order is an exception: the operator then reprints or refunds. */
export const EXCEPTION_REASONS = ['lost', 'returned', 'damaged', 'stuck'] as const;
export type ExceptionReason = (typeof EXCEPTION_REASONS)[number];

/** Who changed a purchase order: an operator, one of the seller's users, or the server. */
export const PO_ACTOR_KINDS = ['operator', 'seller', 'system'] as const;
export type PoActorKind = (typeof PO_ACTOR_KINDS)[number];

export const TrackingEvent = z.object({
  time: unix,
  location: z.string(),
  description: z.string(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

/** A package's content: the purchase order line (its index in `items`) and how many of it. */
export const PackageItem = z.object({
  item: z.number().int().min(0).max(999),
  quantity: z.number().int().positive().max(1_000_000),
});
export type PackageItem = z.infer<typeof PackageItem>;

export const PurchaseOrderPackage = z.object({
  id: z.number().int(),
  /** A `LOGISTICS_CHANNELS` id, or null for a carrier given by name. */
  channel_id: z.number().int().nullable(),
  carrier: z.string(),
  tracking_no: z.string(),
  items: z.array(PackageItem.extend({ sku_code: z.string() })),
  status: z.enum(TRACKING_STATUSES),
  /** The carrier's events, newest first: the timeline. */
  events: z.array(TrackingEvent),
  shipped_at: unix,
  delivered_at: unix.nullable(),
  last_event_at: unix,
  /** Replaced by a reprint: its items were shipped again in a later package. */
  voided_at: unix.nullable(),
});
export type PurchaseOrderPackage = z.infer<typeof PurchaseOrderPackage>;

export const PurchaseOrderLogEntry = z.object({
  id: z.number().int(),
  at: unix,
  actor_kind: z.enum(PO_ACTOR_KINDS),
  actor_id: z.number().int().nullable(),
  action: z.string(),
  from_status: z.enum(PURCHASE_ORDER_STATUSES).nullable(),
  to_status: z.enum(PURCHASE_ORDER_STATUSES).nullable(),
  params: z.record(z.string(), z.unknown()),
});
export type PurchaseOrderLogEntry = z.infer<typeof PurchaseOrderLogEntry>;

export const PrintFileRef = z.object({ side: z.string(), url: z.string() });
export type PrintFileRef = z.infer<typeof PrintFileRef>;

/** A purchase order line with what production needs: its factory and its print files. */
export const ProductionItem = PurchaseOrderItem.extend({
  factory_id: z.number().int().nullable(),
  print_files: z.array(PrintFileRef),
  /** How many of it are in packages already. */
  shipped_quantity: z.number().int(),
});
export type ProductionItem = z.infer<typeof ProductionItem>;

/** A purchase order with its production: lines, packages with tracking, and its log. */
export const PurchaseOrderDetail = PurchaseOrder.extend({
  items: z.array(ProductionItem),
  accepted_at: unix.nullable(),
  produced_at: unix.nullable(),
  shipped_at: unix.nullable(),
  delivered_at: unix.nullable(),
  exception: z.object({ reason: z.enum(EXCEPTION_REASONS), note: z.string() }).nullable(),
  packages: z.array(PurchaseOrderPackage),
  log: z.array(PurchaseOrderLogEntry),
  allowed_actions: z.array(z.enum(PURCHASE_ORDER_ACTIONS)),
});
export type PurchaseOrderDetail = z.infer<typeof PurchaseOrderDetail>;

export const Factory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  is_default: z.boolean(),
});
export type Factory = z.infer<typeof Factory>;

// ---------------------------------------------------------------------------------------------
// The operator's production desk (`/api/sys/production/*`)

export const PRODUCTION_SORTS = ['created_at', 'paid_at', 'amount'] as const;

export const ProductionQuery = z.object({
  page: queryInt(z.number().int().min(1).max(10_000)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
  seller_id: queryInt(id).optional(),
  /** A store one of the order's marketplace orders came from. */
  store_id: queryInt(id).optional(),
  factory_id: queryInt(id).optional(),
  /** Created from / before (Unix seconds). */
  from: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
  to: queryInt(z.number().int().min(0).max(UNIX_SECONDS_MAX)).optional(),
  /** A SKU code of a line, partial, case-insensitive. */
  sku: text().trim().max(100).optional(),
  /** The order number, partial. */
  number: text().trim().max(100).optional(),
  sort: z.enum(PRODUCTION_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ProductionQuery = z.infer<typeof ProductionQuery>;

export const ProductionOrder = PurchaseOrder.extend({
  seller_id: z.number().int(),
  seller_name: z.string(),
  factory_ids: z.array(z.number().int()),
  accepted_at: unix.nullable(),
  produced_at: unix.nullable(),
  shipped_at: unix.nullable(),
});
export type ProductionOrder = z.infer<typeof ProductionOrder>;
export const ProductionPage = pageResultOf(ProductionOrder);
export type ProductionPage = z.infer<typeof ProductionPage>;

/** A marketplace order this purchase order produces for. */
export const LinkedMarketOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  store_id: z.number().int(),
  marketplace: z.string(),
  status: z.number().int(),
});

export const ProductionOrderDetail = PurchaseOrderDetail.extend({
  seller_id: z.number().int(),
  seller_name: z.string(),
  linked_orders: z.array(LinkedMarketOrder),
});
export type ProductionOrderDetail = z.infer<typeof ProductionOrderDetail>;

export const ProductionIdsInput = z.object({ ids: z.array(id).min(1).max(200) });
export type ProductionIdsInput = z.infer<typeof ProductionIdsInput>;
/** Per id: done, or refused with the reason in the reader's language. */
export const ProductionBatchResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      status: z.enum(PURCHASE_ORDER_STATUSES).nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type ProductionBatchResult = z.infer<typeof ProductionBatchResult>;

/**
 * One package: a channel of `LOGISTICS_CHANNELS` by `carrier_code` (its tracking number must
 * have the channel's shape) or any carrier by `carrier_name`; `items` absent ships everything
 * not shipped yet.
 */
export const ShipPackageInput = z
  .object({
    id,
    carrier_code: text().trim().max(40).optional(),
    carrier_name: text().trim().min(1).max(60).optional(),
    tracking_no: text().trim().min(4).max(40),
    items: z.array(PackageItem).min(1).max(200).optional(),
  })
  .refine((v) => v.carrier_code !== undefined || v.carrier_name !== undefined, {
    message: 'validation.required',
    path: ['carrier_code'],
  });
export type ShipPackageInput = z.infer<typeof ShipPackageInput>;

export const ExceptionInput = z.object({
  id,
  reason: z.enum(EXCEPTION_REASONS),
  note: multilineText().trim().max(500).default(''),
});
export type ExceptionInput = z.input<typeof ExceptionInput>;

/** How the operator resolves an exception: print it again, or refund (part of) it. */
export const ResolveExceptionInput = z.discriminatedUnion('resolution', [
  z.object({ id, resolution: z.literal('reprint') }),
  z.object({
    id,
    resolution: z.literal('refund'),
    amount_minor: z.number().int().positive().max(10_000_000_000),
  }),
]);
export type ResolveExceptionInput = z.infer<typeof ResolveExceptionInput>;

export const RefundInput = z.object({
  id,
  amount_minor: z.number().int().positive().max(10_000_000_000),
  reason: multilineText().trim().max(200).default(''),
});
export type RefundInput = z.input<typeof RefundInput>;

/** A batch-ship file's size limit (5,000 rows of xlsx are well under a megabyte): the server's, checked by the console before sending. */
export const SHIP_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const ShipImportResult = z.object({ job_id: z.string() });
export type ShipImportResult = z.infer<typeof ShipImportResult>;

/** A batch-ship file's row refused when it was read: its row number, PO number as written, why. */
export const ShipImportRefusedRow = z.object({
  row: z.number().int(),
  number: z.string(),
  reason: z.string(),
});
export type ShipImportRefusedRow = z.infer<typeof ShipImportRefusedRow>;

/** `data` of ship-import's 422: the refused rows and the job shipping the good ones, if any. */
export const ShipImportBadRows = z.object({
  rows: z.array(ShipImportRefusedRow),
  job_id: z.string().nullable(),
});
export type ShipImportBadRows = z.infer<typeof ShipImportBadRows>;

/** The ship-import job's result: packages shipped, and those the desk refused with their rows. */
export const ShipImportReport = z.object({
  shipped: z.number().int(),
  failed: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      rows: z.array(z.number().int()),
      tracking_no: z.string(),
      reason: z.string(),
    }),
  ),
});
export type ShipImportReport = z.infer<typeof ShipImportReport>;
