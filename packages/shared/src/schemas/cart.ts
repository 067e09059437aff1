import { z } from 'zod';
import { PAID_VIA, PURCHASE_ORDER_STATUSES } from './finance.ts';
import { multilineText, pageResultOf, queryInt, text } from './common.ts';

/** Largest quantity of one cart line; cartInc stops there. */
export const CART_LINE_QUANTITY_MAX = 9999;

const id = z.number().int().positive();
const minor = z.number().int();
const unix = z.number().int();
const quantity = z.number().int().min(1).max(CART_LINE_QUANTITY_MAX);

/**
 * Why a line cannot be checked out: the platform does not make it (no parent SKU), the
 * parent product or SKU is off sale, or there is less stock than the quantity.
 */
export const CART_PROBLEMS = ['not_fulfillable', 'off_sale', 'short_stock'] as const;
export type CartProblem = (typeof CART_PROBLEMS)[number];

/**
 * A cart line priced now: `unit_price_minor` is the platform's price for making and shipping
 * one piece, the parent SKU's cost, not the seller's own selling price.
 */
export const CartLine = z.object({
  id: z.number().int(),
  sku_id: z.number().int(),
  product_id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  sku_code: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  selected: z.boolean(),
  unit_price_minor: minor,
  line_total_minor: minor,
  weight_g: z.number().int(),
  stock: z.number().int(),
  problem: z.enum(CART_PROBLEMS).nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

/** Every cartList and cart mutation answers the whole cart; totals cover selected lines without a problem. */
export const CartView = z.object({
  items: z.array(CartLine),
  count: z.number().int(),
  selected_count: z.number().int(),
  selected_quantity: z.number().int(),
  subtotal_minor: minor,
});
export type CartView = z.infer<typeof CartView>;

export const CartAddInput = z.object({ sku_id: id, quantity: quantity.default(1) });
export type CartAddInput = z.infer<typeof CartAddInput>;
/** cartInc, cartDec: one more or one fewer (never below 1). */
export const CartLineInput = z.object({ id });
export type CartLineInput = z.infer<typeof CartLineInput>;
export const EditCartNumInput = z.object({ id, quantity });
export type EditCartNumInput = z.infer<typeof EditCartNumInput>;
/** editCartPurchase: switch the line to another SKU of the same product; merges with a line that has it. */
export const EditCartPurchaseInput = z.object({ id, sku_id: id });
export type EditCartPurchaseInput = z.infer<typeof EditCartPurchaseInput>;
export const CartSelectInput = z.object({ id, selected: z.boolean() });
export type CartSelectInput = z.infer<typeof CartSelectInput>;
export const CartSelectAllInput = z.object({ selected: z.boolean() });
export type CartSelectAllInput = z.infer<typeof CartSelectAllInput>;
/** cartDel: the given lines; delCart takes `{}` and empties the cart. */
export const CartDeleteInput = z.object({ ids: z.array(id).min(1).max(1000) });
export type CartDeleteInput = z.infer<typeof CartDeleteInput>;

/** cartAttr: the SKUs a line can switch to (editCartPurchase). */
export const CartAttrOption = z.object({
  sku_id: z.number().int(),
  sku_code: z.string(),
  color: z.string(),
  size: z.string(),
  unit_price_minor: minor,
  stock: z.number().int(),
  problem: z.enum(CART_PROBLEMS).nullable(),
});
export type CartAttrOption = z.infer<typeof CartAttrOption>;

// ---------------------------------------------------------------------------------------------
// Countries and addresses

/**
 * A destination with its platform shipping rate: `first_minor` covers the first
 * `first_weight_g` grams, each started `additional_weight_g` beyond costs `additional_minor`.
 */
export const Country = z.object({
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  phone_prefix: z.string(),
  first_weight_g: z.number().int(),
  first_minor: minor,
  additional_weight_g: z.number().int(),
  additional_minor: minor,
});
export type Country = z.infer<typeof Country>;

/** address_new: the regions (provinces, states) of a country, empty when it has none listed. */
export const RegionQuery = z.object({ country_code: text().length(2).toUpperCase() });
export type RegionQuery = z.infer<typeof RegionQuery>;
export const Region = z.object({ code: z.string(), name: z.string(), name_en: z.string() });
export type Region = z.infer<typeof Region>;

const line = (max: number) => text().trim().max(max);

export const AddressInput = z.object({
  name: line(100).min(1),
  phone: text()
    .trim()
    .regex(/^\+?[\d\s()-]{5,30}$/, 'validation.phone'),
  country_code: text().length(2).toUpperCase(),
  province: line(100).default(''),
  city: line(100).min(1),
  district: line(100).default(''),
  address1: line(200).min(1),
  address2: line(200).default(''),
  postcode: line(20).default(''),
  is_default: z.boolean().default(false),
});
export type AddressInput = z.input<typeof AddressInput>;
export const AddressEditInput = AddressInput.extend({ id });
export type AddressEditInput = z.input<typeof AddressEditInput>;

export const Address = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  country_code: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address1: z.string(),
  address2: z.string(),
  postcode: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof Address>;

/** At most this many saved addresses per seller. */
export const ADDRESS_MAX = 50;

// ---------------------------------------------------------------------------------------------
// Settlement and order submission

/** Without `address_id` the default address is used; no address means no shipping yet. */
export const SettlementInput = z.object({ address_id: id.optional() });
export type SettlementInput = z.infer<typeof SettlementInput>;

export const Settlement = z.object({
  items: z.array(CartLine),
  address: Address.nullable(),
  quantity: z.number().int(),
  weight_g: z.number().int(),
  goods_minor: minor,
  shipping_minor: minor,
  discount_percent: z.number().int(),
  discount_minor: minor,
  total_minor: minor,
  level_name: z.string(),
  level_name_en: z.string(),
  balance_minor: minor,
  /** Lines selected but not payable now (their `problem` says why); they stay in the cart. */
  excluded: z.array(CartLine),
});
export type Settlement = z.infer<typeof Settlement>;

/**
 * What the seller saw at settlement. The server prices again; any difference (price, stock,
 * availability, shipping, discount, total) answers 409 with `data.changes` and creates nothing.
 */
export const OrderSubmitInput = z.object({
  address_id: id,
  items: z
    .array(z.object({ sku_id: id, quantity, unit_price_minor: z.number().int().min(0) }))
    .min(1)
    .max(200),
  total_minor: z.number().int().min(0),
  /** The settlement's shipping and discount; when sent, a difference is named in the 409. */
  shipping_minor: z.number().int().min(0).optional(),
  discount_minor: z.number().int().min(0).optional(),
  remark: multilineText().trim().max(500).default(''),
});
export type OrderSubmitInput = z.input<typeof OrderSubmitInput>;

export const ORDER_CHANGE_FIELDS = [
  'price',
  'stock',
  'unavailable',
  'missing',
  'shipping',
  'discount',
  'total',
] as const;

/** One difference between the submitted settlement and now, in `data.changes` of the 409. */
export const OrderChange = z.object({
  field: z.enum(ORDER_CHANGE_FIELDS),
  sku_id: z.number().int().nullable(),
  sku_code: z.string().nullable(),
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
});
export type OrderChange = z.infer<typeof OrderChange>;

// ---------------------------------------------------------------------------------------------
// Purchase orders

export const PurchaseOrderItem = z.object({
  sku_id: z.number().int(),
  product_id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  sku_code: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  unit_price_minor: minor,
  line_total_minor: minor,
  weight_g: z.number().int(),
});
export type PurchaseOrderItem = z.infer<typeof PurchaseOrderItem>;

/** The address as it was when the order was submitted. */
export const PurchaseOrderAddress = Address.omit({ id: true, is_default: true });

export const PurchaseOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  amount_minor: minor,
  goods_minor: minor,
  shipping_minor: minor,
  discount_minor: minor,
  refunded_minor: minor,
  quantity: z.number().int(),
  items: z.array(PurchaseOrderItem),
  address: PurchaseOrderAddress.nullable(),
  remark: z.string(),
  paid_via: z.enum(PAID_VIA).nullable(),
  paid_at: unix.nullable(),
  cancelled_at: unix.nullable(),
  created_at: unix,
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

/**
 * Why a marketplace order served by the submitted cart lines was not moved to purchased (40):
 * its status no longer allows it (cancelled, shipped or on hold meanwhile), another purchase
 * order has it already, or it is gone.
 */
export const PURCHASE_LINK_SKIPS = ['status', 'purchased', 'missing'] as const;
export type PurchaseLinkSkip = (typeof PURCHASE_LINK_SKIPS)[number];

/**
 * The new purchase order, plus, when its lines were added from marketplace orders, those
 * orders: the ones now purchased (40) with this order linked, and the ones left as they were
 * with the reason.
 */
export const OrderSubmitResult = PurchaseOrder.extend({
  linked_orders: z.array(z.object({ id: z.number().int(), number: z.string() })).optional(),
  skipped_orders: z
    .array(
      z.object({
        id: z.number().int(),
        number: z.string().nullable(),
        reason_code: z.enum(PURCHASE_LINK_SKIPS),
        reason: z.string(),
      }),
    )
    .optional(),
});
export type OrderSubmitResult = z.infer<typeof OrderSubmitResult>;
export const PurchaseOrderPage = pageResultOf(PurchaseOrder);
export type PurchaseOrderPage = z.infer<typeof PurchaseOrderPage>;

export const PurchaseOrderQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(20),
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
  /** Order number or SKU code, partial. */
  keyword: text().trim().max(100).optional(),
});
export type PurchaseOrderQuery = z.infer<typeof PurchaseOrderQuery>;

/** Cancelling an unpaid order releases its stock; a paid one is refunded where it was paid from. */
export const CancelPurchaseOrderInput = z.object({
  id,
  reason: multilineText().trim().max(200).default(''),
});
export type CancelPurchaseOrderInput = z.input<typeof CancelPurchaseOrderInput>;

// ---------------------------------------------------------------------------------------------
// Platform bill

export const BillQuery = z.object({
  year: queryInt(z.number().int().min(2000).max(2100)),
});
export type BillQuery = z.infer<typeof BillQuery>;

/** One calendar month (Asia/Shanghai) of the ledger; `month` is `YYYY-MM`. */
export const BillMonth = z.object({
  month: z.string(),
  opening_minor: minor,
  recharge_minor: minor,
  payment_minor: minor,
  refund_minor: minor,
  level_purchase_minor: minor,
  freeze_minor: minor,
  unfreeze_minor: minor,
  deduction_minor: minor,
  closing_minor: minor,
  entries: z.number().int(),
});
export type BillMonth = z.infer<typeof BillMonth>;

/** finance/bill/export and finance/export: a CSV file (UTF-8 with BOM, for Excel). */
export const BillExportQuery = z.object({ month: text().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });
export type BillExportQuery = z.infer<typeof BillExportQuery>;
