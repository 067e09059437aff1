import { z } from 'zod';
import { CartLine } from './cart.ts';
import { queryInt, text } from './common.ts';
import {
  FBA_BOX_LABEL_PAGES,
  FBA_LABEL_SHEETS,
  FbaAddressInput,
  FbaBoxInput,
  FbaPlan,
  FbaTrackingInput,
} from './fba.ts';
import { PURCHASE_ORDER_STATUSES } from './finance.ts';

/**
 * POD to FBA in one flow (issue 21): the seller buys finished products for an Amazon store's FBA
 * stock, the platform produces them, the operator packs them into boxes, the inbound plan is
 * made of those boxes, the factory prints the labels and ships with tracking.
 */

const id = z.number().int().positive();
const minor = z.number().int();

/** Where a POD-to-FBA order stands, from the seller's purchase to Amazon closing the shipments. */
export const FBA_POD_STAGES = ['producing', 'packed', 'planned', 'shipped', 'closed'] as const;
export type FbaPodStage = (typeof FBA_POD_STAGES)[number];

export const FbaPodProductsInput = z.object({
  market_id: id,
  keyword: text().trim().max(100).optional(),
});
export type FbaPodProductsInput = z.infer<typeof FbaPodProductsInput>;

/** A finished SKU the seller may send, with its FNSKU in the store when Amazon has given one. */
export const FbaPodProduct = z.object({
  sku_id: z.number().int(),
  sku_code: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  color: z.string(),
  size: z.string(),
  fnsku: z.string().nullable(),
});
export type FbaPodProduct = z.infer<typeof FbaPodProduct>;

const podItems = z
  .array(z.object({ sku_id: id, quantity: z.number().int().min(1).max(10_000) }))
  .min(1)
  .max(50)
  .refine((items) => new Set(items.map((i) => i.sku_id)).size === items.length, {
    message: 'validation.duplicate',
  });

export const FbaPodQuoteInput = z.object({ market_id: id, items: podItems });
export type FbaPodQuoteInput = z.infer<typeof FbaPodQuoteInput>;

/** What the order would cost now, as checkout prices it (shipping to the store's country). */
export const FbaPodQuote = z.object({
  items: z.array(CartLine.omit({ id: true, selected: true })),
  quantity: z.number().int(),
  weight_g: z.number().int(),
  goods_minor: minor,
  shipping_minor: minor,
  discount_percent: z.number(),
  discount_minor: minor,
  total_minor: minor,
  balance_minor: minor,
});
export type FbaPodQuote = z.infer<typeof FbaPodQuote>;

/** The purchase: the quoted total (a change since answers 409) and the boss's pay password. */
export const FbaPodSubmitInput = FbaPodQuoteInput.extend({
  total_minor: z.number().int().positive(),
  pay_password: z.string().min(1).max(64),
});
export type FbaPodSubmitInput = z.infer<typeof FbaPodSubmitInput>;

export const FbaPodBox = z.object({
  length: z.number(),
  width: z.number(),
  height: z.number(),
  dimension_unit: z.enum(['CM', 'IN']),
  weight: z.number(),
  weight_unit: z.enum(['KG', 'LB']),
  count: z.number().int(),
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
});

export const FbaPodOrder = z.object({
  id: z.number().int(),
  stage: z.enum(FBA_POD_STAGES),
  purchase_order_id: z.number().int(),
  purchase_order_number: z.string(),
  purchase_order_status: z.enum(PURCHASE_ORDER_STATUSES),
  amount_minor: minor,
  market_id: z.number().int(),
  store_name: z.string(),
  items: z.array(
    z.object({
      sku_id: z.number().int(),
      sku: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      fnsku: z.string().nullable(),
    }),
  ),
  boxes: z.array(FbaPodBox),
  packed_at: z.number().int().nullable(),
  plan_id: z.number().int().nullable(),
  plan_number: z.string().nullable(),
  /** Amazon's status of each shipment of the plan. */
  shipment_statuses: z.array(z.string()),
  created_at: z.number().int(),
});
export type FbaPodOrder = z.infer<typeof FbaPodOrder>;

export const FbaPodListInput = z.object({
  market_id: id.optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
});
export type FbaPodListInput = z.input<typeof FbaPodListInput>;

export const FbaPodPage = z.object({
  list: z.array(FbaPodOrder),
  pagination: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
});
export type FbaPodPage = z.infer<typeof FbaPodPage>;

/** The desk: which of the shown purchase orders go to FBA, and how far each is. */
export const FbaPodMark = z.object({
  purchase_order_id: z.number().int(),
  stage: z.enum(FBA_POD_STAGES),
});
export type FbaPodMark = z.infer<typeof FbaPodMark>;

/** The desk's view of one FBA-bound purchase order: the order, and its plan once made. */
export const FbaPodDesk = z.object({ order: FbaPodOrder, plan: FbaPlan.nullable() });
export type FbaPodDesk = z.infer<typeof FbaPodDesk>;

/**
 * The operator packs (purchase order `id`): the boxes as the wizard takes them, the SKUs the
 * order's, and where they leave from; the inbound plan is then made of them.
 */
export const FbaPodPackInput = z.object({
  id,
  source_address: FbaAddressInput,
  boxes: z.array(FbaBoxInput).min(1).max(200),
});
export type FbaPodPackInput = z.infer<typeof FbaPodPackInput>;

/** Ships one shipment of the plan: a tracking number per box, at Amazon and on the desk. */
export const FbaPodShipInput = FbaTrackingInput;
export type FbaPodShipInput = z.infer<typeof FbaPodShipInput>;

export const FbaPodBoxLabelQuery = z.object({
  id: queryInt(id),
  shipment_id: text().trim().min(1).max(64),
  page_type: z.enum(FBA_BOX_LABEL_PAGES).default('PackageLabel_Letter_2'),
});
export type FbaPodBoxLabelQuery = z.input<typeof FbaPodBoxLabelQuery>;

export const FbaPodProductLabelQuery = z.object({
  id: queryInt(id),
  sheet: z.enum(FBA_LABEL_SHEETS).default('a4_24'),
});
export type FbaPodProductLabelQuery = z.input<typeof FbaPodProductLabelQuery>;
