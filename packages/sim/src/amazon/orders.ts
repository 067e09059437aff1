import { generateOrders, type SimOrder } from '../http.ts';
import { invalidInput, notFound, SpApiError } from './errors.ts';
import { financialEventsOf, FINANCE_ROLE } from './finances.ts';
import {
  decodeToken,
  encodeToken,
  marketplaceIdsOf,
  objectBody,
  type RouteDeps,
  type SpRequest,
  type SpRoute,
} from './routes.ts';
import { decimalOf, MARKETPLACES, minorOf, type SimMarketplace } from './sites.ts';
import {
  isoSeconds,
  orderIdOf,
  orderItemIdOf,
  type AmazonShipmentRecord,
  type StoredListing,
} from './state.ts';

const DAY = 86_400_000;
/** One order per two hours on average: 360 in the 30 days a shop keeps. */
const EVERY_MINUTES = 120;

const DEMO_CATALOGUE = [
  { sku: 'DEMO-TEE-BLK-M', title: 'Demo Cotton T-Shirt, Black, M', price: 1999 },
  { sku: 'DEMO-MUG-11OZ', title: 'Demo Ceramic Mug 11oz', price: 1299 },
  { sku: 'DEMO-TOTE-NAT', title: 'Demo Canvas Tote Bag', price: 1599 },
];

/**
 * The restricted role that lets an app read buyer names, street lines and phone numbers
 * (Orders 2026-01-01 returns them only to apps holding it; other apps get the order without).
 */
export const PII_ROLE = 'Direct-to-Consumer Shipping';

/** The `includedData` values of orders_2026-01-01.json. */
const DATASETS = new Set([
  'BUYER',
  'RECIPIENT',
  'PROCEEDS',
  'EXPENSE',
  'PROMOTION',
  'CANCELLATION',
  'FULFILLMENT',
  'PACKAGES',
  'TAX',
  'PAYMENT',
  'FULFILLMENT_ORDERS',
]);

const FULFILLMENT_STATUSES = new Set([
  'PENDING_AVAILABILITY',
  'PENDING',
  'UNSHIPPED',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'CANCELLED',
  'UNFULFILLABLE',
]);

export interface ViewItem {
  orderItemId: string;
  asin: string;
  sku: string;
  title: string;
  quantity: number;
  shipped: number;
  unitMinor: number;
}

export interface OrderView {
  orderId: string;
  status: string;
  items: ViewItem[];
  sim: SimOrder;
  site: SimMarketplace;
  marketplaceId: string;
  updatedAt: Date;
  shipment: AmazonShipmentRecord | undefined;
}

interface PageState {
  m: string[];
  field: 'created' | 'updated';
  after: string;
  before: string;
  statuses: string[];
  by: string[];
  offset: number;
}

function dateParam(query: URLSearchParams, name: string): Date | null {
  const raw = query.get(name);
  if (raw === null) return null;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw invalidInput(`Invalid '${name}': ${raw}`);
  return date;
}

const csv = (query: URLSearchParams, name: string) =>
  (query.get(name) ?? '').split(',').filter(Boolean);

function includedDataOf(query: URLSearchParams): Set<string> {
  const asked = csv(query, 'includedData');
  const unknown = asked.find((d) => !DATASETS.has(d));
  if (unknown) throw invalidInput(`Invalid includedData: ${unknown}`);
  return new Set(asked);
}

/** The orders of every seller and marketplace, computed from the clock and the state. */
export interface OrderBook {
  ordersOf(account: string, marketplaceId: string, now: Date): OrderView[];
  orderOf(
    account: string,
    marketplaceId: string,
    orderId: string,
    now: Date,
  ): OrderView | undefined;
  /** `account:marketplaceId` of every shop whose orders were read (a seller's marketplaces). */
  shops(): string[];
}

export function createOrderBook({ store, pace }: Pick<RouteDeps, 'store' | 'pace'>): OrderBook {
  function catalogueOf(account: string, marketplaceId: string, site: SimMarketplace) {
    const published = Object.values(store.state.listings[account] ?? {})
      .filter((l) => l.marketplaceId === marketplaceId)
      .map((l) => ({ sku: l.sku, title: titleOf(l), unitMinor: priceOf(l, site.currency) }))
      .filter((p): p is { sku: string; title: string; unitMinor: number } => p.unitMinor !== null);
    return published.length
      ? published
      : DEMO_CATALOGUE.map((d) => ({ sku: d.sku, title: d.title, unitMinor: d.price }));
  }

  // Orders are recomputed from the clock and the state; one shop's answer is kept for the
  // second because a sync reads the same orders again for their details (one computation per
  // call made a store of a thousand orders cost seconds a call), with its orders by id.
  const recent = new Map<
    string,
    { key: string; views: OrderView[]; byId: Map<string, OrderView> }
  >();

  function shopBook(account: string, marketplaceId: string, now: Date) {
    const shop = `${account}:${marketplaceId}`;
    const key = `${Math.floor(now.getTime() / 1000)}:${store.revision}`;
    const hit = recent.get(shop);
    if (hit?.key === key) return hit;
    const views = computeOrders(account, marketplaceId, now);
    const book = { key, views, byId: new Map(views.map((v) => [v.orderId, v])) };
    recent.set(shop, book);
    return book;
  }

  function computeOrders(account: string, marketplaceId: string, now: Date): OrderView[] {
    const site = MARKETPLACES[marketplaceId]!;
    const generated = generateOrders(
      {
        shopKey: `${account}:${marketplaceId}`,
        since: new Date(now.getTime() - 30 * DAY),
        everyMinutes: EVERY_MINUTES,
        catalogue: catalogueOf(account, marketplaceId, site),
        countryCode: site.country,
        pace,
      },
      now,
    );
    const confirmed = store.state.shipments[account] ?? {};
    return generated.map((sim) => view(account, marketplaceId, site, sim, confirmed));
  }

  /**
   * A generated order's ids, hashed once: every confirmation changes the state, so a shop's
   * views are built again for each, and hashing its every order's ids each time was most of it.
   * A generated order belongs to one shop, so its object names its ids.
   */
  const ids = new WeakMap<SimOrder, { orderId: string; itemIds: string[] }>();

  function idsOf(account: string, marketplaceId: string, sim: SimOrder) {
    let hit = ids.get(sim);
    if (!hit) {
      const orderId = orderIdOf(`${account}:${marketplaceId}:${sim.createdAt.getTime()}`);
      hit = { orderId, itemIds: sim.lines.map((line) => orderItemIdOf(orderId, line.sku)) };
      ids.set(sim, hit);
    }
    return hit;
  }

  function view(
    account: string,
    marketplaceId: string,
    site: SimMarketplace,
    sim: SimOrder,
    confirmed: Record<string, AmazonShipmentRecord>,
  ): OrderView {
    const { orderId, itemIds } = idsOf(account, marketplaceId, sim);
    const shipment = confirmed[orderId];
    const items = sim.lines.map((line, i) => {
      const orderItemId = itemIds[i]!;
      const shipped =
        sim.status === 'shipped'
          ? line.quantity
          : Math.min(line.quantity, shipment?.items[orderItemId] ?? 0);
      return {
        orderItemId,
        asin: asinFor(account, line.sku),
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        shipped,
        unitMinor: line.unitMinor,
      };
    });
    const ordered = items.reduce((n, i) => n + i.quantity, 0);
    const shipped = items.reduce((n, i) => n + i.shipped, 0);
    let status = {
      pending: 'PENDING',
      unshipped: 'UNSHIPPED',
      shipped: 'SHIPPED',
      canceled: 'CANCELLED',
    }[sim.status];
    let updatedAt = sim.updatedAt;
    if (sim.status === 'unshipped' && shipment) {
      status = shipped >= ordered ? 'SHIPPED' : 'PARTIALLY_SHIPPED';
      updatedAt = new Date(shipment.at);
    }
    return { orderId, status, items, sim, site, marketplaceId, updatedAt, shipment };
  }

  /** The demo ASINs of SKUs not listed, hashed once per seller and SKU. */
  const demoAsins = new Map<string, string>();
  function asinFor(account: string, sku: string): string {
    const listed = store.state.listings[account]?.[sku]?.asin;
    if (listed !== undefined) return listed;
    const key = `${account}\n${sku}`;
    let asin = demoAsins.get(key);
    if (asin === undefined) {
      asin = `B0DEMO${orderItemIdOf(account, sku).slice(-4)}`;
      demoAsins.set(key, asin);
    }
    return asin;
  }

  return {
    ordersOf: (account, marketplaceId, now) => shopBook(account, marketplaceId, now).views,
    orderOf: (account, marketplaceId, orderId, now) =>
      shopBook(account, marketplaceId, now).byId.get(orderId),
    shops: () => [...recent.keys()],
  };
}

export function orderRoutes(
  { store, roles }: RouteDeps,
  { ordersOf, orderOf }: OrderBook,
): SpRoute[] {
  const pii = roles.includes(PII_ROLE);
  const finance = roles.includes(FINANCE_ROLE);

  /**
   * An `Order` of orders_2026-01-01.json with the datasets asked for. Amazon leaves the money
   * and the address out until the order is paid (PENDING); the buyer's name, street and phone
   * come only to an app holding the PII role.
   */
  function render(o: OrderView, included: Set<string>): Record<string, unknown> {
    const { site, sim } = o;
    const money = (minor: number) => ({
      amount: decimalOf(minor, site.currency),
      currencyCode: site.currency,
    });
    const pending = o.status === 'PENDING';
    const amazon = sim.marketplaceFulfilled;
    const total = o.items.reduce((n, i) => n + i.unitMinor * i.quantity, 0);
    const address = sim.address;
    const order: Record<string, unknown> = {
      orderId: o.orderId,
      createdTime: isoSeconds(sim.createdAt),
      lastUpdatedTime: isoSeconds(o.updatedAt),
      ...(amazon ? { programs: ['PRIME'] } : {}),
      salesChannel: {
        channelName: 'AMAZON',
        marketplaceId: o.marketplaceId,
        marketplaceName: site.salesChannel,
      },
    };
    if (included.has('BUYER') && pii && !pending) {
      order.buyer = {
        buyerName: address.name,
        ...(amazon ? {} : { buyerEmail: `${o.orderId.replace(/-/g, '')}@marketplace.amazon.com` }),
      };
    }
    if (included.has('RECIPIENT') && !pending) {
      order.recipient = {
        deliveryAddress: {
          ...(pii ? { name: address.name, addressLine1: address.line1 } : {}),
          city: address.city,
          stateOrRegion: address.state,
          postalCode: address.postalCode,
          countryCode: address.countryCode,
          ...(pii ? { phone: address.phone } : {}),
          addressType: 'RESIDENTIAL',
        },
      };
    }
    if (included.has('PROCEEDS') && !pending) order.proceeds = { grandTotal: money(total) };
    if (included.has('FULFILLMENT')) {
      order.fulfillment = {
        fulfillmentStatus: o.status,
        fulfilledBy: amazon ? 'AMAZON' : 'MERCHANT',
        fulfillmentServiceLevel: 'STANDARD',
        shipByWindow: {
          earliestDateTime: isoSeconds(new Date(sim.createdAt.getTime() + DAY)),
          latestDateTime: isoSeconds(new Date(sim.createdAt.getTime() + 3 * DAY)),
        },
      };
    }
    order.orderItems = o.items.map((item) => ({
      orderItemId: item.orderItemId,
      quantityOrdered: item.quantity,
      product: {
        asin: item.asin,
        title: item.title,
        sellerSku: item.sku,
        condition: { conditionType: 'NEW' },
        price: { unitPrice: money(item.unitMinor) },
      },
      ...(included.has('PROCEEDS') && !pending
        ? { proceeds: { proceedsTotal: money(item.unitMinor * item.quantity) } }
        : {}),
      ...(included.has('FULFILLMENT')
        ? {
            fulfillment: {
              quantityFulfilled: item.shipped,
              quantityUnfulfilled: o.status === 'CANCELLED' ? 0 : item.quantity - item.shipped,
            },
          }
        : {}),
    }));
    // Packages exist only for orders the seller ships (the model's note on `packages`).
    const packages = Object.entries(o.shipment?.packages ?? {});
    if (included.has('PACKAGES') && !amazon && packages.length) {
      order.packages = packages.map(([reference, pkg]) => ({
        packageReferenceId: reference,
        packageStatus: { status: 'SHIPPED' },
        carrier: pkg.carrierCode === 'Other' ? (pkg.carrierName ?? 'Other') : pkg.carrierCode,
        shipTime: pkg.shipDate,
        trackingNumber: pkg.trackingNumber,
        packageItems: Object.entries(pkg.items).map(([orderItemId, quantity]) => ({
          orderItemId,
          quantity,
        })),
      }));
    }
    return order;
  }

  function findOrder(account: string, orderId: string, now: Date): OrderView {
    for (const marketplaceId of Object.keys(MARKETPLACES)) {
      const hit = orderOf(account, marketplaceId, orderId, now);
      if (hit) return hit;
    }
    throw notFound(`Order ${orderId} not found.`);
  }

  /** The first page's filters, checked as searchOrders documents them. */
  function firstPage(req: SpRequest): PageState {
    const q = req.query;
    const createdAfter = dateParam(q, 'createdAfter');
    const updatedAfter = dateParam(q, 'lastUpdatedAfter');
    if (!createdAfter === !updatedAfter) {
      throw invalidInput('Exactly one of createdAfter or lastUpdatedAfter must be specified.');
    }
    const beforeName = createdAfter ? 'createdBefore' : 'lastUpdatedBefore';
    const otherName = createdAfter ? 'lastUpdatedBefore' : 'createdBefore';
    if (q.has(otherName)) {
      throw invalidInput(
        `${otherName} cannot be combined with ${createdAfter ? 'createdAfter' : 'lastUpdatedAfter'}.`,
      );
    }
    const after = (createdAfter ?? updatedAfter)!;
    const before = dateParam(q, beforeName);
    if (before && (before < after || before.getTime() > req.now.getTime() - 2 * 60_000)) {
      throw invalidInput(
        `${beforeName} must be at or after the start and at least two minutes before now.`,
      );
    }
    const statuses = csv(q, 'fulfillmentStatuses');
    const badStatus = statuses.find((s) => !FULFILLMENT_STATUSES.has(s));
    if (badStatus) throw invalidInput(`Invalid fulfillmentStatuses: ${badStatus}`);
    const by = csv(q, 'fulfilledBy');
    const badBy = by.find((b) => b !== 'MERCHANT' && b !== 'AMAZON');
    if (badBy) throw invalidInput(`Invalid fulfilledBy: ${badBy}`);
    return {
      m: marketplaceIdsOf(q),
      field: createdAfter ? 'created' : 'updated',
      after: after.toISOString(),
      before: (before ?? req.now).toISOString(),
      statuses,
      by,
      offset: 0,
    };
  }

  const ORDER_PATH = /^\/orders\/2026-01-01\/orders\/(\d{3}-\d{7}-\d{7})$/;

  return [
    {
      operation: 'searchOrders',
      method: 'GET',
      pattern: /^\/orders\/2026-01-01\/orders$/,
      rate: 0.0056,
      handle(req) {
        const included = includedDataOf(req.query);
        const raw = req.query.get('maxResultsPerPage');
        const max = raw === null ? 100 : Number(raw);
        if (!Number.isInteger(max) || max < 1 || max > 100) {
          throw invalidInput('maxResultsPerPage must be an integer between 1 and 100.');
        }
        const token = req.query.get('paginationToken');
        const page = token ? decodeToken<PageState>(token, 'paginationToken') : firstPage(req);
        const after = new Date(page.after);
        const before = new Date(page.before);
        const at = (o: OrderView) => (page.field === 'created' ? o.sim.createdAt : o.updatedAt);
        const all = page.m
          .flatMap((id) => ordersOf(req.account, id, req.now))
          .filter((o) => at(o) >= after && at(o) <= before)
          .filter((o) => !page.statuses.length || page.statuses.includes(o.status))
          .filter(
            (o) =>
              !page.by.length ||
              page.by.includes(o.sim.marketplaceFulfilled ? 'AMAZON' : 'MERCHANT'),
          )
          .sort((a, b) => at(a).getTime() - at(b).getTime() || a.orderId.localeCompare(b.orderId));
        // maxResultsPerPage may change between pages (the model's Pagination note).
        const slice = all.slice(page.offset, page.offset + max);
        const more = page.offset + max < all.length;
        return {
          status: 200,
          body: {
            orders: slice.map((o) => render(o, included)),
            ...(more
              ? { pagination: { nextToken: encodeToken({ ...page, offset: page.offset + max }) } }
              : {}),
            [page.field === 'created' ? 'createdBefore' : 'lastUpdatedBefore']: isoSeconds(before),
          },
        };
      },
    },
    {
      operation: 'getOrder',
      method: 'GET',
      pattern: ORDER_PATH,
      rate: 0.5,
      handle(req) {
        const included = includedDataOf(req.query);
        const order = findOrder(req.account, req.params[0]!, req.now);
        return { status: 200, body: { order: render(order, included) } };
      },
    },
    {
      // Finances v0: the order's financial events (the simulator posts shipment events only).
      operation: 'listFinancialEventsByOrderId',
      method: 'GET',
      pattern: /^\/finances\/v0\/orders\/([^/]+)\/financialEvents$/,
      rate: 0.5,
      handle(req) {
        if (!finance) {
          throw new SpApiError(
            403,
            'Unauthorized',
            'Access to requested resource is denied.',
            `The application does not hold the ${FINANCE_ROLE} role.`,
          );
        }
        const raw = req.query.get('MaxResultsPerPage');
        const max = raw === null ? 100 : Number(raw);
        if (!Number.isInteger(max) || max < 1 || max > 100) {
          throw invalidInput('MaxResultsPerPage must be an integer between 1 and 100.');
        }
        // An order Amazon does not know answers no events, not an error.
        let order: OrderView | null = null;
        try {
          order = findOrder(req.account, req.params[0]!, req.now);
        } catch (error) {
          if (!(error instanceof SpApiError && error.status === 404)) throw error;
        }
        const events = order
          ? financialEventsOf(
              {
                orderId: order.orderId,
                site: order.site,
                marketplaceFulfilled: order.sim.marketplaceFulfilled,
                shippedAt: shippedAtOf(order),
                items: order.items,
              },
              req.now,
            )
          : { ShipmentEventList: [], RefundEventList: [] };
        return { status: 200, body: { payload: { FinancialEvents: events } } };
      },
    },
    {
      operation: 'confirmShipment',
      method: 'POST',
      pattern: /^\/orders\/v0\/orders\/(\d{3}-\d{7}-\d{7})\/shipmentConfirmation$/,
      rate: 2,
      handle(req) {
        const body = objectBody(req.body);
        const detail = body.packageDetail as Record<string, unknown> | undefined;
        if (typeof body.marketplaceId !== 'string')
          throw invalidInput("Missing required field 'marketplaceId'.");
        if (!detail || typeof detail !== 'object')
          throw invalidInput("Missing required field 'packageDetail'.");
        for (const field of ['packageReferenceId', 'carrierCode', 'trackingNumber', 'shipDate']) {
          if (typeof detail[field] !== 'string' || !detail[field]) {
            throw invalidInput(`Missing required field 'packageDetail.${field}'.`);
          }
        }
        const lines = detail.orderItems;
        if (!Array.isArray(lines) || lines.length === 0) {
          throw invalidInput("'packageDetail.orderItems' must not be empty.");
        }
        const order = findOrder(req.account, req.params[0]!, req.now);
        if (order.marketplaceId !== body.marketplaceId)
          throw invalidInput('marketplaceId does not match the order.');
        if (order.sim.marketplaceFulfilled) {
          throw invalidInput('Orders fulfilled by Amazon cannot be confirmed by the seller.');
        }
        const shipments = (store.state.shipments[req.account] ??= {});
        const orderId = order.orderId;
        const record = shipments[orderId] ?? { at: '', items: {} };
        const reference = detail.packageReferenceId as string;
        const seen = record.packages?.[reference];
        if (seen) {
          // The same package again (a retry after a lost answer) changes nothing; a different
          // package under a used reference is refused, as Amazon refuses a duplicate id.
          if (seen.trackingNumber === detail.trackingNumber) return { status: 204 };
          throw invalidInput(`packageReferenceId ${reference} is already used in this order.`);
        }
        if (!/^[1-9]\d*$/.test(reference))
          throw invalidInput('packageReferenceId must be a positive number.');
        const carrierCode = detail.carrierCode as string;
        if (carrierCode === 'Other' ? !detail.carrierName : !CARRIER_CODES.has(carrierCode)) {
          throw invalidInput(`Invalid carrierCode: ${carrierCode}.`);
        }
        if (!['UNSHIPPED', 'PARTIALLY_SHIPPED'].includes(order.status)) {
          throw invalidInput(`Order ${orderId} is ${order.status} and cannot be confirmed.`);
        }
        const items = { ...record.items };
        const packed: Record<string, number> = {};
        for (const line of lines as Array<{ orderItemId?: unknown; quantity?: unknown }>) {
          const item = order.items.find((i) => i.orderItemId === line.orderItemId);
          if (!item) throw invalidInput(`Unknown orderItemId: ${String(line.orderItemId)}`);
          const quantity = Number(line.quantity);
          const id = item.orderItemId;
          if (
            !Number.isInteger(quantity) ||
            quantity < 1 ||
            (items[id] ?? 0) + quantity > item.quantity
          ) {
            throw invalidInput(`Invalid quantity for orderItemId ${id}.`);
          }
          items[id] = (items[id] ?? 0) + quantity;
          packed[id] = (packed[id] ?? 0) + quantity;
        }
        const pkg = {
          carrierCode,
          carrierName: typeof detail.carrierName === 'string' ? detail.carrierName : null,
          trackingNumber: detail.trackingNumber as string,
          shipDate: detail.shipDate as string,
          items: packed,
        };
        shipments[orderId] = {
          at: req.now.toISOString(),
          items,
          packages: { ...record.packages, [reference]: pkg },
        };
        store.save();
        return { status: 204 };
      },
    },
  ];
}

/**
 * Carrier codes Amazon lists for merchant-fulfilled shipments (a sample of the `CarrierCode`
 * values Seller Central offers); any other carrier goes as `Other` with a `carrierName`.
 */
const CARRIER_CODES = new Set([
  'USPS',
  'UPS',
  'FedEx',
  'DHL',
  'DHL eCommerce',
  'China Post',
  'Yanwen',
  '4PX',
  'Yun Express',
  'SF Express',
  'Cainiao',
]);

/** When the order's shipped units left: the generated shipping, else the seller's last confirmation. */
function shippedAtOf(o: OrderView): Date | null {
  if (o.sim.status === 'shipped') return o.sim.updatedAt;
  return o.shipment?.at ? new Date(o.shipment.at) : null;
}

const titleOf = (l: StoredListing) => String(l.attributes.item_name?.[0]?.value ?? l.sku);

function priceOf(l: StoredListing, currency: string): number | null {
  const offer = l.attributes.purchasable_offer?.[0] as
    { our_price?: Array<{ schedule?: Array<{ value_with_tax?: unknown }> }> } | undefined;
  return minorOf(offer?.our_price?.[0]?.schedule?.[0]?.value_with_tax, currency);
}
