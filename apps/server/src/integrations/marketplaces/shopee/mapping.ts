import { SHOPEE_ITEM_KEYS } from '@app/shared';
import {
  MarketplaceError,
  type CategoryAttribute,
  type ListingInput,
  type ListingIssue,
  type ListingVariant,
  type MarketCategory,
  type MarketOrder,
  type Money,
  sumAmounts,
  timesQuantity,
} from '../connector.ts';

/** Reference 3.7's order statuses; TO_CONFIRM_RECEIVE is Shopee's "delivered, not confirmed" step. */
const ORDER_STATUS: Record<string, MarketOrder['status']> = {
  UNPAID: 'unconfirmed',
  READY_TO_SHIP: 'unshipped',
  PROCESSED: 'unshipped',
  INVOICE_PENDING: 'unshipped',
  SHIPPED: 'shipped',
  TO_CONFIRM_RECEIVE: 'shipped',
  COMPLETED: 'shipped',
  IN_CANCEL: 'canceled',
  CANCELLED: 'canceled',
};

export interface ShopeeOrderDetail {
  order_sn: string;
  order_status: string;
  currency: string;
  region?: string;
  create_time: number;
  update_time: number;
  total_amount?: number;
  recipient_address?: {
    name?: string;
    phone?: string;
    town?: string;
    district?: string;
    city?: string;
    state?: string;
    region?: string;
    zipcode?: string;
    full_address?: string;
  };
  item_list?: Array<{
    item_id: number;
    item_name: string;
    item_sku?: string;
    model_id: number;
    model_sku?: string;
    model_quantity_purchased: number;
    model_original_price?: number;
    model_discounted_price?: number;
  }>;
}

/**
 * The fees of v2.payment.get_escrow_detail's `order_income` the seller bears: Shopee's
 * commission, its service fee (programmes the shop joined), the transaction (payment) fee, and
 * the affiliate commission of orders that came through Shopee's affiliate programme.
 */
const ESCROW_FEES = [
  'commission_fee',
  'service_fee',
  'seller_transaction_fee',
  'order_ams_commission_fee',
] as const;

export type ShopeeOrderIncome = Partial<Record<(typeof ESCROW_FEES)[number], number>> & {
  escrow_amount?: number;
};

/** The order's fees as one positive amount; null when Shopee sent no income breakdown. */
export function escrowFeesOf(
  income: ShopeeOrderIncome | undefined,
  currency: string,
): Money | null {
  if (!income) return null;
  // Shopee sends fees as positive deductions; some regions' answers carry them signed.
  const amounts = ESCROW_FEES.map((field) => Math.abs(income[field] ?? 0));
  return sumAmounts(amounts, currency);
}

/** Shopee sends amounts as JSON numbers; they leave the connector as decimal strings. */
export const decimal = (value: number | undefined) => String(value ?? 0);

export function mapOrder(order: ShopeeOrderDetail): MarketOrder {
  // An unknown new status must not stop the sync; the raw status stays in remoteStatus.
  const status = ORDER_STATUS[order.order_status] ?? 'unconfirmed';
  const a = order.recipient_address;
  const money = (amount: number | undefined) => ({
    amount: decimal(amount),
    currency: order.currency,
  });
  return {
    remoteId: order.order_sn,
    status,
    remoteStatus: order.order_status,
    purchasedAt: new Date(order.create_time * 1000),
    updatedAt: new Date(order.update_time * 1000),
    total: money(order.total_amount),
    // Shopee-fulfilled orders are not told apart in the reference's fields.
    fulfillmentChannel: 'MFN',
    address: a
      ? {
          name: a.name ?? '',
          phone: a.phone ?? '',
          line1: a.full_address ?? '',
          line2: [a.district, a.town].filter(Boolean).join(', '),
          city: a.city ?? '',
          state: a.state ?? '',
          postalCode: a.zipcode ?? '',
          countryCode: a.region ?? order.region ?? '',
        }
      : null,
    items: (order.item_list ?? []).map((i) => ({
      remoteItemId: `${i.item_id}:${i.model_id}`,
      sku: i.model_sku || i.item_sku || '',
      title: i.item_name,
      quantity: i.model_quantity_purchased,
      quantityShipped: status === 'shipped' ? i.model_quantity_purchased : 0,
      lineTotal: timesQuantity(
        money(i.model_discounted_price ?? i.model_original_price),
        i.model_quantity_purchased,
      ),
    })),
  };
}

export interface ShopeeCategory {
  category_id: number;
  parent_category_id: number;
  original_category_name: string;
  display_category_name?: string;
  has_children: boolean;
}

export const mapCategory = (c: ShopeeCategory): MarketCategory => ({
  id: String(c.category_id),
  name: c.display_category_name || c.original_category_name,
  parentId: c.parent_category_id === 0 ? null : String(c.parent_category_id),
  leaf: !c.has_children,
});

export interface ShopeeAttribute {
  attribute_id: number;
  mandatory: boolean;
  name: string;
  attribute_value_list?: Array<{ value_id: number; name: string; value_unit?: string }>;
}

/** Attributes with listed values are enums; the reference does not pin input_type's codes. */
export const mapAttribute = (a: ShopeeAttribute): CategoryAttribute => {
  const options = (a.attribute_value_list ?? []).map((v) => v.name);
  return {
    name: String(a.attribute_id),
    label: a.name,
    required: a.mandatory,
    type: options.length > 0 ? 'enum' : 'string',
    ...(options.length > 0 ? { options } : {}),
  };
};

/**
 * The item fields the editor keeps in `attributes` (weight in kg, package sizes in cm, days to
 * ship) as add_item names them; `logistics` is read by the connector.
 */
function itemFields(attributes: Record<string, unknown>): Record<string, unknown> {
  const n = (key: string) => (typeof attributes[key] === 'number' ? attributes[key] : undefined);
  const [length, width, height] = [n('package_length'), n('package_width'), n('package_height')];
  return {
    ...(n('weight') !== undefined ? { weight: n('weight') } : {}),
    ...(length && width && height
      ? { dimension: { package_length: length, package_width: width, package_height: height } }
      : {}),
    ...(n('days_to_ship') !== undefined ? { days_to_ship: n('days_to_ship') } : {}),
  };
}

/** add_item fields a listing may set through `attributes` besides category attributes. */
const ITEM_FIELDS = ['dimension', 'logistic_info', 'pre_order', 'condition', 'days_to_ship'];

interface ItemPayloadInput {
  imageIds: string[];
  logisticInfo: unknown[];
  tree: ShopeeAttribute[];
}

/**
 * The add_item / update_item body (reference 3.6). Attributes are keyed by attribute id or name;
 * values match a listed value by name or id, else go as the seller's own text.
 */
export function itemPayload(
  listing: ListingInput,
  input: ItemPayloadInput,
): { payload: Record<string, unknown>; issues: ListingIssue[] } {
  const issues: ListingIssue[] = [];
  const attributeList: unknown[] = [];
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(listing.attributes)) {
    if ((SHOPEE_ITEM_KEYS as readonly string[]).includes(key)) continue;
    const attribute = input.tree.find(
      (a) => String(a.attribute_id) === key || a.name.toLowerCase() === key.toLowerCase(),
    );
    if (attribute) {
      const values = (Array.isArray(value) ? value : [value]).map((v) => {
        const known = attribute.attribute_value_list?.find(
          (o) =>
            String(o.value_id) === String(v) || o.name.toLowerCase() === String(v).toLowerCase(),
        );
        return known
          ? { value_id: known.value_id }
          : { value_id: 0, original_value_name: String(v) };
      });
      attributeList.push({ attribute_id: attribute.attribute_id, attribute_value_list: values });
    } else if (ITEM_FIELDS.includes(key)) {
      extra[key] = value;
    } else {
      issues.push({
        code: 'unknown_attribute',
        message: `Category ${listing.categoryId} has no attribute ${key}; it was not sent.`,
        severity: 'warning',
        fields: [key],
      });
    }
  }
  const bullets = listing.bulletPoints.map((b) => `- ${b}`).join('\n');
  const payload: Record<string, unknown> = {
    item_name: listing.title,
    description: bullets ? `${listing.description}\n\n${bullets}` : listing.description,
    original_price: Number(listing.price.amount),
    ...(listing.weightGrams ? { weight: listing.weightGrams / 1000 } : {}),
    ...itemFields(listing.attributes),
    category_id: Number(listing.categoryId),
    image: { image_id_list: input.imageIds },
    logistic_info: input.logisticInfo,
    attribute_list: attributeList,
    brand: { brand_id: 0, original_brand_name: listing.brand || 'NoBrand' },
    item_sku: listing.sku,
    condition: 'NEW',
    item_status: 'NORMAL',
    ...extra,
  };
  return { payload, issues };
}

export interface TierPlan {
  tiers: Array<{ name: string; options: string[] }>;
  /** tier_index of each variant, in `variants` order. */
  indexes: number[][];
}

/** Up to two option names become Shopee's tier variations, options in first-seen order. */
export function planTiers(variants: ListingVariant[]): TierPlan {
  const names = Object.keys(variants[0]?.options ?? {});
  if (names.length === 0 || names.length > 2) {
    throw new MarketplaceError(
      'shopee',
      'validation',
      'tier_variation',
      'Shopee variations need one or two option names (tier_variation).',
    );
  }
  const tiers = names.map((name) => ({
    name,
    options: [...new Set(variants.map((v) => v.options[name] ?? ''))],
  }));
  const indexes = variants.map((v) => tiers.map((t) => t.options.indexOf(v.options[t.name] ?? '')));
  return { tiers, indexes };
}

export const modelEntry = (variant: ListingVariant, tierIndex: number[]) => ({
  tier_index: tierIndex,
  model_sku: variant.sku,
  original_price: Number(variant.price.amount),
  seller_stock: [{ stock: variant.quantity }],
});

/** `invalid field ItemName: ...` names the add_item field; issues use its snake_case key. */
export function issueOf(error: MarketplaceError): ListingIssue {
  const field = /invalid field (\w+)/.exec(error.message)?.[1];
  return {
    code: error.code,
    message: error.message,
    severity: 'error',
    fields: field ? [field.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase()] : [],
  };
}
