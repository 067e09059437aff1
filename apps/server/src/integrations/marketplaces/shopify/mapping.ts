import type {
  CategoryAttribute,
  ListingInput,
  ListingIssue,
  MarketOrder,
  Money,
  RemoteListingState,
} from '../connector.ts';
import { timesQuantity } from '../connector.ts';

/** Shopify's taxonomy category ids; any other `categoryId` is taken as a free-text product type. */
const TAXONOMY_GID = 'gid://shopify/TaxonomyCategory/';

/** The option Shopify gives a product without variations. */
const DEFAULT_OPTION = { name: 'Title', value: 'Default Title' };

export interface UserError {
  code?: string | null;
  field?: string[] | null;
  message: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function descriptionHtml(listing: ListingInput): string {
  const paragraphs = listing.description
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  const bullets = listing.bulletPoints.length
    ? [`<ul>${listing.bulletPoints.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>`]
    : [];
  return [...paragraphs, ...bullets].join('');
}

const imageFile = (url: string) => ({ originalSource: url, contentType: 'IMAGE' });

/** `color` → `Color`: an option name as a shop shows it. */
const optionName = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/**
 * ListingInput → ProductSetInput (reference 2.4), published as ACTIVE unless the listing's
 * `status` attribute says DRAFT. The product it updates goes in productSet's `identifier`.
 */
export function toProductSetInput(
  listing: ListingInput,
  locationId: string | null,
): Record<string, unknown> {
  const given = listing.variants?.length
    ? listing.variants
    : [
        {
          sku: listing.sku,
          price: listing.price,
          quantity: listing.quantity,
          options: { [DEFAULT_OPTION.name]: DEFAULT_OPTION.value },
          imageUrls: [],
          barcode: undefined,
        },
      ];
  // Our variation keys are lower case (`color`); Shopify shows option names as given.
  const variants = given.map((v) => ({
    ...v,
    options: Object.fromEntries(Object.entries(v.options).map(([k, o]) => [optionName(k), o])),
  }));
  // In the order of the listing's variation theme (`COLOR/SIZE`): stored options lose theirs.
  const theme = String(listing.attributes.variation_theme ?? '')
    .toLowerCase()
    .split('/');
  const rank = (name: string) => {
    const at = theme.indexOf(name.toLowerCase());
    return at < 0 ? theme.length : at;
  };
  const optionNames = [...new Set(variants.flatMap((v) => Object.keys(v.options)))].sort(
    (a, b) => rank(a) - rank(b),
  );
  const input: Record<string, unknown> = {
    title: listing.title,
    descriptionHtml: descriptionHtml(listing),
    vendor: listing.brand,
    status: listing.attributes.status === 'DRAFT' ? 'DRAFT' : 'ACTIVE',
    // Tags are one comma-separated text in the editor, a list for Shopify.
    tags: [...new Set(listing.keywords.flatMap((k) => k.split(',')).map((t) => t.trim()))].filter(
      Boolean,
    ),
    productOptions: optionNames.map((name, i) => ({
      name,
      position: i + 1,
      values: [...new Set(variants.map((v) => v.options[name]).filter(Boolean))].map((value) => ({
        name: value,
      })),
    })),
    variants: variants.map((v) => ({
      optionValues: optionNames.map((optionName) => ({ optionName, name: v.options[optionName] })),
      sku: v.sku,
      price: v.price.amount,
      ...(v.barcode ? { barcode: v.barcode } : {}),
      ...(v.imageUrls[0] ? { file: imageFile(v.imageUrls[0]) } : {}),
      inventoryItem: {
        sku: v.sku,
        tracked: true,
        ...(listing.weightGrams
          ? { measurement: { weight: { unit: 'GRAMS', value: listing.weightGrams } } }
          : {}),
      },
      ...(locationId
        ? { inventoryQuantities: [{ locationId, name: 'available', quantity: v.quantity }] }
        : {}),
    })),
    // Shopify attaches a variant's image only when the product's files list it too.
    files: [
      ...new Set([...listing.imageUrls, ...variants.flatMap((v) => v.imageUrls.slice(0, 1))]),
    ].map(imageFile),
  };
  if (listing.categoryId.startsWith(TAXONOMY_GID)) input.category = listing.categoryId;
  else if (listing.categoryId) input.productType = listing.categoryId;
  return input;
}

export function toIssues(userErrors: UserError[]): ListingIssue[] {
  return userErrors.map((e) => ({
    code: e.code ?? 'INVALID',
    message: e.message,
    severity: 'error',
    fields: e.field?.length ? [e.field.join('.')] : [],
  }));
}

/** "input.title: Title can't be blank; …" — userErrors as one message that keeps the fields. */
export function describeUserErrors(userErrors: UserError[]): string {
  return userErrors
    .map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message))
    .join('; ');
}

const PRODUCT_STATES: Record<string, RemoteListingState['status']> = {
  ACTIVE: 'live',
  DRAFT: 'pending',
  ARCHIVED: 'inactive',
};

export function toListingState(product: { id: string; status: string } | null): RemoteListingState {
  if (!product) return { remoteId: null, status: 'not_found', issues: [] };
  return { remoteId: product.id, status: PRODUCT_STATES[product.status] ?? 'pending', issues: [] };
}

interface ChoiceListAttribute {
  id?: string;
  name?: string;
  values?: { nodes: Array<{ name: string }> };
}

/**
 * Taxonomy attributes never block a listing on Shopify, so none is required; choice lists become
 * enums, measurements numbers, and bare `TaxonomyAttribute` nodes (no name) are skipped.
 */
export function toCategoryAttributes(nodes: ChoiceListAttribute[]): CategoryAttribute[] {
  return nodes
    .filter((n): n is ChoiceListAttribute & { name: string } => typeof n.name === 'string')
    .map((n) =>
      n.values
        ? {
            name: n.name,
            label: n.name,
            required: false,
            type: 'enum' as const,
            options: n.values.nodes.map((v) => v.name),
          }
        : { name: n.name, label: n.name, required: false, type: 'number' as const },
    );
}

interface MoneyBag {
  shopMoney: { amount: string; currencyCode: string };
}

export interface OrderNode {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  totalPriceSet: MoneyBag;
  shippingAddress: {
    name: string | null;
    phone: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    provinceCode: string | null;
    zip: string | null;
    countryCodeV2: string | null;
  } | null;
  lineItems: {
    /** Absent in older fixtures; present when more lines wait (ORDER_LINE_ITEMS reads them). */
    pageInfo?: { hasNextPage: boolean; endCursor: string | null };
    nodes: Array<{
      id: string;
      sku: string | null;
      title: string;
      quantity: number;
      unfulfilledQuantity: number;
      originalUnitPriceSet: MoneyBag;
    }>;
  };
}

const money = (bag: MoneyBag): Money => ({
  amount: bag.shopMoney.amount,
  currency: bag.shopMoney.currencyCode,
});

/**
 * displayFulfillmentStatus → spec status (brief + reference 2.5). RESTOCKED means every item went
 * back to stock, so nothing will ship. The other open states (OPEN, IN_PROGRESS, ON_HOLD,
 * SCHEDULED, PENDING_FULFILLMENT, REQUEST_DECLINED) still await shipping.
 */
const FULFILLMENT_STATES: Record<string, MarketOrder['status']> = {
  FULFILLED: 'shipped',
  PARTIALLY_FULFILLED: 'partially_shipped',
  RESTOCKED: 'canceled',
};

export function toMarketOrder(node: OrderNode): MarketOrder {
  const a = node.shippingAddress;
  return {
    remoteId: node.id,
    number: node.name,
    status: node.cancelledAt
      ? 'canceled'
      : (FULFILLMENT_STATES[node.displayFulfillmentStatus] ?? 'unshipped'),
    // Everything `status` reads, so the sync can tell a marketplace move from an unchanged order.
    remoteStatus: [
      node.displayFinancialStatus,
      node.displayFulfillmentStatus,
      node.cancelledAt ? 'CANCELLED' : '',
    ]
      .filter(Boolean)
      .join('/'),
    purchasedAt: new Date(node.createdAt),
    updatedAt: new Date(node.updatedAt),
    total: money(node.totalPriceSet),
    fulfillmentChannel: 'MFN',
    address: a
      ? {
          name: a.name ?? '',
          phone: a.phone ?? '',
          line1: a.address1 ?? '',
          line2: a.address2 ?? '',
          city: a.city ?? '',
          state: a.provinceCode ?? '',
          postalCode: a.zip ?? '',
          countryCode: a.countryCodeV2 ?? '',
        }
      : null,
    items: node.lineItems.nodes.map((line) => ({
      remoteItemId: line.id,
      sku: line.sku ?? '',
      title: line.title,
      quantity: line.quantity,
      quantityShipped: line.quantity - line.unfulfilledQuantity,
      lineTotal: timesQuantity(money(line.originalUnitPriceSet), line.quantity),
    })),
  };
}
