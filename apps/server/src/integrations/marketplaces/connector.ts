import {
  fromMinor,
  MARKETPLACE_NAMES,
  toMinor,
  type Language,
  type Marketplace,
  type MarketSiteInfo,
} from '@app/shared';
import { AppError } from '../../errors.ts';

/**
 * What a store's authorization holds. Stored encrypted (`secret-box.ts`); only connectors read it.
 * `account` is the marketplace's id of the seller: Amazon selling_partner_id, Shopify shop
 * domain, Shopee shop_id, Temu mallId.
 */
export interface StoreAuth {
  account: string;
  accessToken: string | null;
  /** Unix seconds; null when the token does not expire (Shopify offline tokens). */
  accessTokenExpiresAt: number | null;
  refreshToken: string | null;
  /** Marketplace-specific extras, e.g. Temu's regionId or Shopify's granted scopes. */
  extra: Record<string, string>;
}

/** A money amount exactly as the marketplace sent it: a decimal string in the site currency. */
export interface Money {
  amount: string;
  currency: string;
}

export type IssueSeverity = 'error' | 'warning' | 'info';

/** A problem the marketplace reports about a listing, tied to a field when it names one. */
export interface ListingIssue {
  code: string;
  message: string;
  severity: IssueSeverity;
  /** Attribute or field names as the marketplace gives them. */
  fields: string[];
}

export interface ListingVariant {
  sku: string;
  price: Money;
  quantity: number;
  /** Option name → value, e.g. `{ Color: 'Black', Size: 'M' }`. */
  options: Record<string, string>;
  imageUrls: string[];
  /** GTIN (UPC/EAN) when the listing has one. */
  barcode?: string;
}

/** One listing in marketplace-neutral form; each connector maps it to its own payload. */
export interface ListingInput {
  /** The parent SKU (or the only SKU when there are no variants). */
  sku: string;
  title: string;
  description: string;
  bulletPoints: string[];
  keywords: string[];
  brand: string;
  /** Amazon product type, Shopify product type, Shopee category_id, Temu catId. */
  categoryId: string;
  /** Category attributes keyed by the marketplace's attribute name or id. */
  attributes: Record<string, unknown>;
  imageUrls: string[];
  price: Money;
  quantity: number;
  weightGrams?: number;
  /** Present when the listing has variations; otherwise `sku`/`price`/`quantity` describe the item. */
  variants?: ListingVariant[];
  /** The remote id from an earlier publish, so republishing updates instead of duplicating. */
  remoteId?: string | null;
  /**
   * Set when an earlier attempt may have created the listing since then without recording its
   * id (a batch resumed after its worker was killed): a connector whose create call has no
   * idempotency key looks the SKU up first and updates what it finds.
   */
  createdSince?: Date;
}

export type PublishStatus = 'accepted' | 'live' | 'invalid';

export interface PublishResult {
  status: PublishStatus;
  /** ASIN, Shopify product gid, Shopee item_id, Temu goodsId; null while not known yet. */
  remoteId: string | null;
  issues: ListingIssue[];
}

export interface RemoteListingState {
  remoteId: string | null;
  status: 'live' | 'pending' | 'inactive' | 'not_found';
  issues: ListingIssue[];
}

export interface MarketCategory {
  id: string;
  name: string;
  parentId: string | null;
  leaf: boolean;
}

export interface CategoryAttribute {
  name: string;
  label: string;
  required: boolean;
  type: 'string' | 'number' | 'boolean' | 'enum';
  /** The codes a listing sends. */
  options?: string[];
  /** What the reader sees for each of `options`, same order; absent when the marketplace names none. */
  optionNames?: string[];
}

export interface OrderAddress {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

export interface MarketOrderItem {
  remoteItemId: string;
  sku: string;
  title: string;
  quantity: number;
  quantityShipped: number;
  /**
   * What the line costs before tax: unit price × quantity. Amazon sends line totals and the
   * others unit prices; multiplying a decimal string is exact, dividing one is not.
   */
  lineTotal: Money;
}

/** `amount × quantity` on the decimal string itself, keeping its decimals (no float rounding). */
export function timesQuantity(money: Money, quantity: number): Money {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(money.amount.trim());
  if (!match) throw new Error(`not a decimal amount: ${money.amount}`);
  const [, sign, whole, fraction = ''] = match;
  const digits = (BigInt(whole! + fraction) * BigInt(quantity))
    .toString()
    .padStart(fraction.length + 1, '0');
  const amount = fraction
    ? `${digits.slice(0, -fraction.length)}.${digits.slice(-fraction.length)}`
    : digits;
  return { amount: `${sign}${amount}`, currency: money.currency };
}

/**
 * The sum of amounts a marketplace sends as JSON numbers (Amazon's `CurrencyAmount`, Shopee's
 * fees), each read to the currency's minor unit first, so float noise never adds up.
 */
export function sumAmounts(amounts: number[], currency: string): Money {
  const minor = amounts.reduce((sum, amount) => {
    if (!Number.isFinite(amount)) throw new Error(`not an amount: ${amount}`);
    return sum + toMinor(amount.toFixed(6), currency);
  }, 0);
  return { amount: fromMinor(minor, currency), currency };
}

/** An order in marketplace-neutral form. `status` uses spec 3's order status values. */
export interface MarketOrder {
  remoteId: string;
  /**
   * The number seller and buyer know the order by, when it is not the id: Shopify's `#1001`
   * (its id is a `gid://` URI). Without it the id is the number.
   */
  number?: string;
  status: 'unconfirmed' | 'unshipped' | 'shipped' | 'partially_shipped' | 'canceled';
  /** The marketplace's own status text, kept for the order log. */
  remoteStatus: string;
  purchasedAt: Date;
  updatedAt: Date;
  total: Money;
  /** AFN = fulfilled by the marketplace (FBA), MFN = by the seller. */
  fulfillmentChannel: 'AFN' | 'MFN';
  address: OrderAddress | null;
  items: MarketOrderItem[];
  /**
   * True on a header read with `headersOnly`: `items` is empty and `address` is what the order
   * list shows; `fetchOrderDetails` brings the rest.
   */
  itemsPending?: boolean;
}

/** What a header-only order read leaves out. */
export interface MarketOrderDetails {
  items: MarketOrderItem[];
  address: OrderAddress | null;
}

export interface OrderPageQuery {
  /** Orders changed at or after this time. */
  updatedAfter: Date;
  /** The cursor a previous page returned. */
  cursor?: string | null;
  /** Only the order list itself, for connectors with `fetchOrderDetails`; the others ignore it. */
  headersOnly?: boolean;
}

export interface OrderPage {
  orders: MarketOrder[];
  nextCursor: string | null;
}

/**
 * A store as a connector sees it: the site and the current authorization. Connectors call
 * `saveAuth` after refreshing a token, so the new token is stored before it is used.
 */
export interface StoreSession {
  site: MarketSiteInfo;
  /** The store's mode where the marketplace has several (Temu's `TEMU_MODES`); null otherwise. */
  mode?: string | null;
  auth: StoreAuth;
  saveAuth(auth: StoreAuth): Promise<void>;
  /** The authorization as stored now (another process may have refreshed it). */
  reloadAuth(): Promise<StoreAuth>;
}

export interface AuthorizeUrlInput {
  site: MarketSiteInfo;
  /** The store's mode where the marketplace has several (Temu); its consent page may differ. */
  mode?: string;
  /** Opaque CSRF value the callback must carry back. */
  state: string;
  redirectUri: string;
  /** Shopify: the shop domain the seller typed. */
  shop?: string;
}

export interface CompleteAuthorizationInput {
  site: MarketSiteInfo;
  /** Every query parameter of the callback request, as received. */
  query: Record<string, string>;
  redirectUri: string;
}

/** One package of a shipment as every connector receives it. */
export interface ShipmentPackage {
  /**
   * Our stable id of the package (a positive number, as Amazon's packageReferenceId must be):
   * the same on every retry, so the marketplace, or the look-up before create, tells a repeat.
   */
  reference: string;
  /** The carrier as our logistics channel names it (`UPS`, `Yanwen`...); each connector maps it. */
  carrier: string;
  trackingNumber: string;
  /** A carrier page for the number, when one is known. */
  trackingUrl?: string;
  shippedAt: Date;
  /** What the package holds, by the marketplace's line id and SKU. */
  items: Array<{ remoteItemId: string; sku: string; quantity: number }>;
}

/** What the marketplace recorded for one package. */
export interface ShipmentConfirmation {
  reference: string;
  /** The marketplace's id of the fulfilment or package, when it names one (Shopify, Shopee). */
  remoteId: string | null;
}

/**
 * One marketplace. Every method speaks the marketplace's real protocol against a base URL from
 * config (the simulator in `packages/sim` by default) and throws only `MarketplaceError`.
 */
export interface MarketplaceConnector {
  readonly marketplace: Marketplace;
  /** True when pointed at the local simulator; stores authorized through it are "sandbox". */
  readonly sandbox: boolean;
  /** Where to send the seller's browser to consent. */
  authorizeUrl(input: AuthorizeUrlInput): string;
  /** Verifies the callback (state is checked by the caller; HMAC here) and exchanges the code. */
  completeAuthorization(input: CompleteAuthorizationInput): Promise<StoreAuth>;
  /**
   * Temu's manual mode: the access token the seller pasted from Seller Center, checked with the
   * marketplace and read as an authorization. Absent where a marketplace has no such mode.
   */
  authorizeWithToken?(site: MarketSiteInfo, accessToken: string): Promise<StoreAuth>;
  /** A cheap authenticated call: resolves when the authorization works, throws `auth` otherwise. */
  checkAuthorization(session: StoreSession): Promise<void>;
  /** Names and labels come in `lang` where the marketplace localizes them (Amazon does). */
  listCategories(
    session: StoreSession,
    parentId: string | null,
    lang?: Language,
  ): Promise<MarketCategory[]>;
  categoryAttributes(
    session: StoreSession,
    categoryId: string,
    lang?: Language,
  ): Promise<CategoryAttribute[]>;
  /** Creates or replaces the listing; idempotent for the same SKU / remoteId. */
  publish(session: StoreSession, listing: ListingInput): Promise<PublishResult>;
  listingState(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<RemoteListingState>;
  /** Takes the listing off sale (delete on Amazon and Temu, archive on Shopify, unlist on Shopee). */
  takeDown(session: StoreSession, ref: { sku: string; remoteId: string | null }): Promise<void>;
  /**
   * Removes the listing from the marketplace for good (Shopee `delete_item`, Temu
   * `temu.local.goods.delete`), so a later synchronisation does not bring it back. Where a
   * marketplace has none (or its take-down already deletes, as Amazon's does), deleting a
   * listing takes it down.
   */
  deleteListing?(
    session: StoreSession,
    ref: { sku: string; remoteId: string | null },
  ): Promise<void>;
  fetchOrders(session: StoreSession, query: OrderPageQuery): Promise<OrderPage>;
  /**
   * Marketplaces whose order list is cheaper without items and address (Amazon: getOrder at
   * 0.5 a second) have this, so a sync can show the orders at once and fill them in.
   */
  fetchOrderDetails?(session: StoreSession, remoteId: string): Promise<MarketOrderDetails>;
  /**
   * The marketplace's fees on one order (commission, service, transaction, fulfilment) as a
   * positive amount in the order's currency, or null while it reports none yet (Amazon posts an
   * order's financial events up to two days after it ships). Marketplaces that report no fees
   * to the app (Shopify outside Shopify Payments, Temu) do not have it.
   */
  fetchOrderFees?(session: StoreSession, remoteId: string): Promise<Money | null>;
  /**
   * The marketplace statuses (`remoteStatus`) at which an order's fees are final, when that is
   * later than shipping: Shopee settles the escrow when the order is COMPLETED. Without it,
   * every shipped order's fees are asked for.
   */
  readonly feesFinalStatuses?: readonly string[];
  /** One order by its remote id, as `fetchOrders` maps it; null when the marketplace has none. */
  fetchOrder?(session: StoreSession, remoteId: string): Promise<MarketOrder | null>;
  /**
   * Asks the marketplace to send the store's order and listing events to `callbackUrl`
   * (Shopify webhooks). Marketplaces without push events, or where it is configured
   * elsewhere, do not have it; polling covers them.
   */
  subscribeEvents?(session: StoreSession, callbackUrl: string): Promise<void>;
  /**
   * Tells the marketplace these packages these packages of the order left with their tracking (the order
   * then reads shipped or partially shipped). Idempotent per package `reference`: a repeat
   * after a lost answer or a crash confirms nothing twice and answers the same.
   */
  confirmShipment(
    session: StoreSession,
    order: { remoteId: string },
    packages: ShipmentPackage[],
  ): Promise<ShipmentConfirmation[]>;
}

/**
 * `auth`: the seller must authorize again; `rate_limit`: still throttled after retries;
 * `validation`: the marketplace refused the input; `not_found`; `unavailable`: 5xx or network
 * after retries; `protocol`: an answer we could not read.
 */
export type MarketplaceErrorKind =
  'auth' | 'rate_limit' | 'validation' | 'not_found' | 'unavailable' | 'protocol';

/**
 * Every connector failure, with the marketplace's own code and message. Answers HTTP 502; the
 * key names the kind, the marketplace's own words stay a parameter (`reason`).
 */
export class MarketplaceError extends AppError {
  constructor(
    readonly marketplace: Marketplace,
    readonly kind: MarketplaceErrorKind,
    /** The marketplace's error code (`InvalidInput`, `error_auth`, `3000001`...). */
    readonly code: string,
    /** What the marketplace said (or what we could not read in its answer). */
    readonly reason: string,
    readonly httpStatus: number | null = null,
  ) {
    super(
      502,
      `marketplace.${kind}`,
      { marketplace, name: MARKETPLACE_NAMES[marketplace], reason },
      { marketplace, kind, code },
    );
  }
}
