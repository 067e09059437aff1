import { fromMinor, toMinor, type MarketSiteInfo } from '@app/shared';
import {
  MarketplaceError,
  type CategoryAttribute,
  type IssueSeverity,
  type ListingInput,
  type ListingIssue,
  type ListingVariant,
  type MarketOrder,
  type MarketOrderDetails,
  type Money,
  type OrderAddress,
} from '../connector.ts';
import type {
  ProductTypeSchema,
  SpAddress,
  SpIssue,
  SpMoney,
  SpOrder,
  SpOrderItem,
} from './types.ts';

export type AttributeValues = Array<Record<string, unknown>>;
export type Attributes = Record<string, AttributeValues>;

/** Where a PUT sits in a variation family (reference 1.8; parentage per the product type schema). */
export type ListingRole =
  | { kind: 'single' }
  | { kind: 'parent'; theme: string }
  | { kind: 'child'; parentSku: string; theme: string; variant: ListingVariant };

/** Attributes the connector fills from `ListingInput`; the rest are the seller's to give. */
const BUILT_ATTRIBUTES = new Set([
  'item_name',
  'brand',
  'bullet_point',
  'product_description',
  'generic_keyword',
  'condition_type',
  'list_price',
  'purchasable_offer',
  'fulfillment_availability',
  'main_product_image_locator',
  ...Array.from({ length: 8 }, (_, i) => `other_product_image_locator_${i + 1}`),
  'parentage_level',
  'child_parent_sku_relationship',
  'variation_theme',
  'externally_assigned_product_identifier',
  'supplier_declared_has_product_identifier_exemption',
]);

/** `en-US` → `en_US`, the form of `language_tag`. */
export const languageTag = (site: MarketSiteInfo) => site.language.replace('-', '_');

/** Option name → attribute name: `Color` → `color`. */
export const attributeNameOf = (option: string) =>
  option
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');

/** `COLOR/SIZE` from the variants' option names, in their order. */
export function variationThemeOf(variants: ListingVariant[]): string {
  const names = [...new Set(variants.flatMap((v) => Object.keys(v.options)))];
  return names.map((n) => attributeNameOf(n).toUpperCase()).join('/');
}

/**
 * The offer's price as the JSON number the schema declares. The decimal string is parsed once
 * for the wire only; JSON writes the shortest form that reads back to the same number, so
 * "19.99" is sent as 19.99.
 */
function priceNumber(price: Money): number {
  if (!/^\d+(\.\d+)?$/.test(price.amount)) {
    throw new MarketplaceError(
      'amazon',
      'validation',
      'InvalidPrice',
      `Invalid price ${price.amount}`,
    );
  }
  return Number(price.amount);
}

function identifierOf(barcode: string): string {
  if (barcode.length === 12) return 'upc';
  if (barcode.length === 14) return 'gtin';
  return 'ean';
}

/** A seller-given attribute in the `[{value, marketplace_id}]` convention. */
function wrap(value: unknown, marketplaceId: string): AttributeValues {
  const entries = Array.isArray(value) ? value : [value];
  return entries.map((entry) =>
    entry !== null && typeof entry === 'object'
      ? { marketplace_id: marketplaceId, ...(entry as Record<string, unknown>) }
      : { value: entry, marketplace_id: marketplaceId },
  );
}

/** The `attributes` of a putListingsItem body for one SKU of the listing (reference 1.8). */
export function listingAttributes(
  listing: ListingInput,
  site: MarketSiteInfo,
  role: ListingRole,
): Attributes {
  const marketplace_id = site.remoteId;
  const language_tag = languageTag(site);
  const text = (value: string) => [{ value, language_tag, marketplace_id }];
  const variant = role.kind === 'child' ? role.variant : null;
  const title =
    variant && Object.keys(variant.options).length
      ? `${listing.title} (${Object.values(variant.options).join(', ')})`
      : listing.title;
  const attributes: Attributes = {};
  for (const [name, value] of Object.entries(listing.attributes)) {
    if (value !== undefined && value !== null) attributes[name] = wrap(value, marketplace_id);
  }
  Object.assign(attributes, {
    item_name: text(title),
    brand: text(listing.brand),
    product_description: text(listing.description),
    bullet_point: listing.bulletPoints.map((b) => ({ value: b, language_tag, marketplace_id })),
    condition_type: attributes.condition_type ?? [{ value: 'new_new', marketplace_id }],
  });
  if (listing.keywords.length) attributes.generic_keyword = text(listing.keywords.join(' '));
  if (role.kind === 'parent') {
    attributes.parentage_level = [{ value: 'parent', marketplace_id }];
    attributes.variation_theme = [{ name: role.theme }];
    return attributes;
  }
  if (role.kind === 'child') {
    attributes.parentage_level = [{ value: 'child', marketplace_id }];
    attributes.child_parent_sku_relationship = [
      { child_relationship_type: 'variation', parent_sku: role.parentSku, marketplace_id },
    ];
    attributes.variation_theme = [{ name: role.theme }];
    for (const [option, value] of Object.entries(role.variant.options)) {
      attributes[attributeNameOf(option)] = text(value);
    }
  }
  const price = variant?.price ?? listing.price;
  const quantity = variant?.quantity ?? listing.quantity;
  const images = variant?.imageUrls.length ? variant.imageUrls : listing.imageUrls;
  const barcode = variant ? variant.barcode : undefined;
  const amount = priceNumber(price);
  attributes.list_price = [{ currency: price.currency, value: amount, marketplace_id }];
  attributes.purchasable_offer = [
    {
      currency: price.currency,
      audience: 'ALL',
      our_price: [{ schedule: [{ value_with_tax: amount }] }],
      marketplace_id,
    },
  ];
  attributes.fulfillment_availability = [{ fulfillment_channel_code: 'DEFAULT', quantity }];
  if (images[0])
    attributes.main_product_image_locator = [{ media_location: images[0], marketplace_id }];
  images.slice(1, 9).forEach((url, i) => {
    attributes[`other_product_image_locator_${i + 1}`] = [{ media_location: url, marketplace_id }];
  });
  if (barcode) {
    attributes.externally_assigned_product_identifier = [
      { type: identifierOf(barcode), value: barcode, marketplace_id },
    ];
  } else if (!attributes.externally_assigned_product_identifier) {
    // Print-on-demand products carry no GTIN; sellers use a GTIN exemption for their brand.
    attributes.supplier_declared_has_product_identifier_exemption = [
      { value: true, marketplace_id },
    ];
  }
  return attributes;
}

const SEVERITY: Record<SpIssue['severity'], IssueSeverity> = {
  ERROR: 'error',
  WARNING: 'warning',
  INFO: 'info',
};

/** An SP-API `Issue`; `sku` prefixes the message when the issue belongs to a variation child. */
export function issueOf(issue: SpIssue, sku?: string): ListingIssue {
  return {
    code: issue.code,
    message: sku ? `${sku}: ${issue.message}` : issue.message,
    severity: SEVERITY[issue.severity] ?? 'error',
    fields: issue.attributeNames ?? [],
  };
}

/** Orders 2026-01-01 `FulfillmentStatus` to spec 3's order status. */
export function orderStatusOf(status: string): MarketOrder['status'] {
  switch (status) {
    case 'PENDING':
    case 'PENDING_AVAILABILITY':
      return 'unconfirmed';
    case 'UNSHIPPED':
      return 'unshipped';
    case 'PARTIALLY_SHIPPED':
      return 'partially_shipped';
    case 'SHIPPED':
      return 'shipped';
    case 'CANCELLED':
    case 'UNFULFILLABLE':
      return 'canceled';
    default:
      throw new MarketplaceError(
        'amazon',
        'protocol',
        'UnknownOrderStatus',
        `Unknown fulfillmentStatus ${status}`,
      );
  }
}

const money = (value: SpMoney | undefined, currency: string): Money =>
  value ? { amount: value.amount, currency: value.currencyCode } : { amount: '0', currency };

/**
 * An app without the PII role gets the address without name, street and phone: the order is
 * kept with what came (city, region, postal code, country), and the gaps stay empty.
 */
function addressOf(address: SpAddress): OrderAddress {
  return {
    name: address.name ?? '',
    phone: address.phone ?? '',
    line1: address.addressLine1 ?? '',
    line2: [address.addressLine2, address.addressLine3].filter(Boolean).join(', '),
    city: address.city ?? '',
    state: address.stateOrRegion ?? '',
    postalCode: address.postalCode ?? '',
    countryCode: address.countryCode ?? '',
  };
}

/** A line's total: Amazon's item proceeds when sent, else the unit price × quantity. */
function lineTotalOf(item: SpOrderItem, currency: string): Money {
  if (item.proceeds?.proceedsTotal) return money(item.proceeds.proceedsTotal, currency);
  const unit = item.product.price?.unitPrice;
  if (!unit) return { amount: '0', currency };
  const minor = toMinor(unit.amount, unit.currencyCode) * item.quantityOrdered;
  return { amount: fromMinor(minor, unit.currencyCode), currency: unit.currencyCode };
}

/** An order's items and delivery address (getOrder with RECIPIENT, FULFILLMENT, PROCEEDS). */
export function orderDetailsOf(order: SpOrder, currency: string): MarketOrderDetails {
  const address = order.recipient?.deliveryAddress;
  return {
    address: address ? addressOf(address) : null,
    items: order.orderItems.map((item) => ({
      remoteItemId: item.orderItemId,
      sku: item.product.sellerSku ?? item.product.asin ?? item.orderItemId,
      title: item.product.title ?? '',
      quantity: item.quantityOrdered,
      quantityShipped: item.fulfillment?.quantityFulfilled ?? 0,
      lineTotal: lineTotalOf(item, currency),
    })),
  };
}

/**
 * An Orders 2026-01-01 order. `headerOnly` leaves items and address to `fetchOrderDetails`,
 * as the order desk's first read does.
 */
export function orderOf(order: SpOrder, site: MarketSiteInfo, headerOnly: boolean): MarketOrder {
  const status = order.fulfillment?.fulfillmentStatus;
  if (!status) {
    throw new MarketplaceError(
      'amazon',
      'protocol',
      'no_fulfillment',
      `Order ${order.orderId} came without its fulfillment data`,
    );
  }
  const total = order.proceeds?.grandTotal;
  const currency = total?.currencyCode ?? site.currency;
  return {
    remoteId: order.orderId,
    status: orderStatusOf(status),
    remoteStatus: status,
    purchasedAt: new Date(order.createdTime),
    updatedAt: new Date(order.lastUpdatedTime),
    total: money(total, site.currency),
    fulfillmentChannel: order.fulfillment?.fulfilledBy === 'AMAZON' ? 'AFN' : 'MFN',
    ...(headerOnly
      ? { address: null, items: [], itemsPending: true }
      : orderDetailsOf(order, currency)),
  };
}

/**
 * The attributes a seller must supply for a product type: the schema's required properties,
 * including those its conditional rules require, less the ones built from `ListingInput`.
 */
export function categoryAttributesOf(schema: ProductTypeSchema): CategoryAttribute[] {
  const names = new Set([
    ...(schema.required ?? []),
    ...(schema.allOf ?? []).flatMap((rule) => [
      ...(rule.then?.required ?? []),
      ...(rule.else?.required ?? []),
    ]),
  ]);
  return [...names]
    .filter((name) => !BUILT_ATTRIBUTES.has(name))
    .map((name) => {
      const property = schema.properties?.[name];
      const value = property?.items?.properties?.value;
      const base = { name, label: property?.title ?? value?.title ?? name, required: true };
      if (value?.enum?.length) {
        // A code Amazon names none for is shown as the code.
        const optionNames = value.enum.map((code, i) => value.enumNames?.[i] ?? code);
        return { ...base, type: 'enum' as const, options: value.enum, optionNames };
      }
      if (value?.type === 'number' || value?.type === 'integer')
        return { ...base, type: 'number' as const };
      if (value?.type === 'boolean') return { ...base, type: 'boolean' as const };
      return { ...base, type: 'string' as const };
    });
}
