import { generateOrders, type SimOrder } from '../http.ts';
import { invalidInput, notFound } from './errors.ts';
import {
  decodeToken,
  encodeToken,
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

/** Reference 1.1 / 1.10: the static sandbox answer for `CreatedAfter=TEST_CASE_200`. */
const SANDBOX_ORDERS = {
  payload: {
    Orders: [
      {
        AmazonOrderId: '902-1845936-5435065',
        PurchaseDate: '2025-01-19T03:58:30Z',
        LastUpdateDate: '2025-01-19T03:58:32Z',
        OrderStatus: 'Unshipped',
        FulfillmentChannel: 'MFN',
        SalesChannel: 'Amazon.com',
        OrderTotal: { CurrencyCode: 'USD', Amount: '11.01' },
        NumberOfItemsShipped: 0,
        NumberOfItemsUnshipped: 1,
        MarketplaceId: 'ATVPDKIKX0DER',
        OrderType: 'StandardOrder',
        IsPrime: false,
        IsBusinessOrder: false,
      },
    ],
    CreatedBefore: '2025-01-20T00:00:00Z',
  },
};

interface OrderView {
  json: Record<string, unknown>;
  items: Array<Record<string, unknown>>;
  address: Record<string, unknown> | null;
  sim: SimOrder;
  marketplaceId: string;
  updatedAt: Date;
}

interface PageState {
  m: string[];
  field: 'PurchaseDate' | 'LastUpdateDate';
  after: string;
  before: string;
  statuses: string[];
  channels: string[];
  offset: number;
  max: number;
}

function dateParam(query: URLSearchParams, name: string): Date | null {
  const raw = query.get(name);
  if (raw === null) return null;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw invalidInput(`Invalid '${name}': ${raw}`);
  return date;
}

export function orderRoutes({ store, orderItemsPageSize, pace }: RouteDeps): SpRoute[] {
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
  // second because a sync reads the same orders again for their items and addresses (one
  // computation per call made a store of a thousand orders cost seconds a call).
  const recent = new Map<string, { key: string; views: OrderView[] }>();

  function ordersOf(account: string, marketplaceId: string, now: Date): OrderView[] {
    const shop = `${account}:${marketplaceId}`;
    const key = `${Math.floor(now.getTime() / 1000)}:${store.revision}`;
    const hit = recent.get(shop);
    if (hit?.key === key) return hit.views;
    const views = computeOrders(account, marketplaceId, now);
    recent.set(shop, { key, views });
    return views;
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

  function view(
    account: string,
    marketplaceId: string,
    site: SimMarketplace,
    sim: SimOrder,
    confirmed: Record<string, AmazonShipmentRecord>,
  ): OrderView {
    const id = orderIdOf(`${account}:${marketplaceId}:${sim.createdAt.getTime()}`);
    const shipment = confirmed[id];
    const items = sim.lines.map((line) => {
      const itemId = orderItemIdOf(id, line.sku);
      const shipped =
        sim.status === 'shipped'
          ? line.quantity
          : Math.min(line.quantity, shipment?.items[itemId] ?? 0);
      return {
        ASIN: asinFor(account, line.sku),
        OrderItemId: itemId,
        SellerSKU: line.sku,
        Title: line.title,
        QuantityOrdered: line.quantity,
        QuantityShipped: shipped,
        // ItemPrice is the line total: unit price × quantity (ordersV0.json OrderItem.ItemPrice).
        ItemPrice: {
          CurrencyCode: site.currency,
          Amount: decimalOf(line.unitMinor * line.quantity, site.currency),
        },
        ItemTax: { CurrencyCode: site.currency, Amount: decimalOf(0, site.currency) },
      };
    });
    const ordered = items.reduce((n, i) => n + i.QuantityOrdered, 0);
    const shipped = items.reduce((n, i) => n + i.QuantityShipped, 0);
    let status = {
      pending: 'Pending',
      unshipped: 'Unshipped',
      shipped: 'Shipped',
      canceled: 'Canceled',
    }[sim.status];
    let updatedAt = sim.updatedAt;
    if (sim.status === 'unshipped' && shipment) {
      status = shipped >= ordered ? 'Shipped' : 'PartiallyShipped';
      updatedAt = new Date(shipment.at);
    }
    const total = sim.lines.reduce((n, l) => n + l.unitMinor * l.quantity, 0);
    const pending = status === 'Pending';
    const json: Record<string, unknown> = {
      AmazonOrderId: id,
      PurchaseDate: isoSeconds(sim.createdAt),
      LastUpdateDate: isoSeconds(updatedAt),
      OrderStatus: status,
      FulfillmentChannel: sim.marketplaceFulfilled ? 'AFN' : 'MFN',
      SalesChannel: site.salesChannel,
      // Amazon leaves the total and the address out until the order is paid.
      ...(pending
        ? {}
        : { OrderTotal: { CurrencyCode: site.currency, Amount: decimalOf(total, site.currency) } }),
      NumberOfItemsShipped: shipped,
      NumberOfItemsUnshipped: status === 'Canceled' ? 0 : ordered - shipped,
      PaymentMethod: 'Other',
      MarketplaceId: marketplaceId,
      ShipmentServiceLevelCategory: 'Standard',
      OrderType: 'StandardOrder',
      EarliestShipDate: isoSeconds(new Date(sim.createdAt.getTime() + DAY)),
      LatestShipDate: isoSeconds(new Date(sim.createdAt.getTime() + 3 * DAY)),
      IsPrime: sim.marketplaceFulfilled,
      IsBusinessOrder: false,
      ...(pending
        ? {}
        : {
            ShippingAddress: {
              City: sim.address.city,
              StateOrRegion: sim.address.state,
              PostalCode: sim.address.postalCode,
              CountryCode: sim.address.countryCode,
            },
          }),
    };
    const address = pending
      ? null
      : {
          Name: sim.address.name,
          AddressLine1: sim.address.line1,
          City: sim.address.city,
          StateOrRegion: sim.address.state,
          PostalCode: sim.address.postalCode,
          CountryCode: sim.address.countryCode,
          Phone: sim.address.phone,
          AddressType: 'Residential',
        };
    return { json, items, address, sim, marketplaceId, updatedAt };
  }

  const asinFor = (account: string, sku: string) =>
    store.state.listings[account]?.[sku]?.asin ?? `B0DEMO${orderItemIdOf(account, sku).slice(-4)}`;

  function findOrder(account: string, orderId: string, now: Date): OrderView {
    for (const marketplaceId of Object.keys(MARKETPLACES)) {
      const hit = ordersOf(account, marketplaceId, now).find(
        (o) => o.json.AmazonOrderId === orderId,
      );
      if (hit) return hit;
    }
    throw notFound(`Order ${orderId} not found.`);
  }

  const orderPath = (suffix: string) =>
    new RegExp(`^/orders/v0/orders/(\\d{3}-\\d{7}-\\d{7})${suffix}$`);

  function firstPage(req: SpRequest, marketplaceIds: string[]): PageState {
    const createdAfter = dateParam(req.query, 'CreatedAfter');
    const updatedAfter = dateParam(req.query, 'LastUpdatedAfter');
    if (!createdAfter === !updatedAfter) {
      throw invalidInput('Exactly one of CreatedAfter or LastUpdatedAfter must be specified.');
    }
    const before =
      dateParam(req.query, createdAfter ? 'CreatedBefore' : 'LastUpdatedBefore') ?? req.now;
    const max = Number(req.query.get('MaxResultsPerPage') ?? 100);
    if (!Number.isInteger(max) || max < 1 || max > 100) {
      throw invalidInput('MaxResultsPerPage must be an integer between 1 and 100.');
    }
    const csv = (name: string) => (req.query.get(name) ?? '').split(',').filter(Boolean);
    return {
      m: marketplaceIds,
      field: createdAfter ? 'PurchaseDate' : 'LastUpdateDate',
      after: (createdAfter ?? updatedAfter)!.toISOString(),
      before: before.toISOString(),
      statuses: csv('OrderStatuses'),
      channels: csv('FulfillmentChannels'),
      offset: 0,
      max,
    };
  }

  return [
    {
      operation: 'getOrders',
      method: 'GET',
      pattern: /^\/orders\/v0\/orders$/,
      rate: 0.0167,
      handle(req) {
        if (req.query.get('CreatedAfter') === 'TEST_CASE_200')
          return { status: 200, body: SANDBOX_ORDERS };
        const marketplaceIds = (req.query.get('MarketplaceIds') ?? '').split(',').filter(Boolean);
        if (marketplaceIds.length === 0)
          throw invalidInput("Missing required parameter 'MarketplaceIds'.");
        if (marketplaceIds.length > 50)
          throw invalidInput('MarketplaceIds accepts at most 50 values.');
        const unknown = marketplaceIds.find((id) => !MARKETPLACES[id]);
        if (unknown) throw invalidInput(`Invalid MarketplaceId: ${unknown}`);
        const token = req.query.get('NextToken');
        const page = token
          ? decodeToken<PageState>(token, 'NextToken')
          : firstPage(req, marketplaceIds);
        const after = new Date(page.after);
        const before = new Date(page.before);
        const all = page.m
          .flatMap((id) => ordersOf(req.account, id, before))
          .filter((o) => {
            const at = page.field === 'PurchaseDate' ? o.sim.createdAt : o.updatedAt;
            return at >= after && at <= before;
          })
          .filter(
            (o) => !page.statuses.length || page.statuses.includes(o.json.OrderStatus as string),
          )
          .filter(
            (o) =>
              !page.channels.length || page.channels.includes(o.json.FulfillmentChannel as string),
          )
          .sort(
            (a, b) =>
              String(a.json[page.field]).localeCompare(String(b.json[page.field])) ||
              String(a.json.AmazonOrderId).localeCompare(String(b.json.AmazonOrderId)),
          );
        const slice = all.slice(page.offset, page.offset + page.max);
        const more = page.offset + page.max < all.length;
        return {
          status: 200,
          body: {
            payload: {
              Orders: slice.map((o) => o.json),
              ...(more
                ? { NextToken: encodeToken({ ...page, offset: page.offset + page.max }) }
                : {}),
              [page.field === 'PurchaseDate' ? 'CreatedBefore' : 'LastUpdatedBefore']:
                isoSeconds(before),
            },
          },
        };
      },
    },
    {
      operation: 'getOrder',
      method: 'GET',
      pattern: orderPath(''),
      rate: 0.5,
      handle(req) {
        return {
          status: 200,
          body: { payload: findOrder(req.account, req.params[0]!, req.now).json },
        };
      },
    },
    {
      operation: 'getOrderItems',
      method: 'GET',
      pattern: orderPath('/orderItems'),
      rate: 0.5,
      handle(req) {
        const order = findOrder(req.account, req.params[0]!, req.now);
        const token = req.query.get('NextToken');
        const offset = token ? decodeToken<{ offset: number }>(token, 'NextToken').offset : 0;
        const slice = order.items.slice(offset, offset + orderItemsPageSize);
        const next = offset + orderItemsPageSize < order.items.length;
        return {
          status: 200,
          body: {
            payload: {
              AmazonOrderId: order.json.AmazonOrderId,
              OrderItems: slice,
              ...(next ? { NextToken: encodeToken({ offset: offset + orderItemsPageSize }) } : {}),
            },
          },
        };
      },
    },
    {
      operation: 'getOrderAddress',
      method: 'GET',
      pattern: orderPath('/address'),
      rate: 0.5,
      handle(req) {
        const order = findOrder(req.account, req.params[0]!, req.now);
        return {
          status: 200,
          body: {
            payload: {
              AmazonOrderId: order.json.AmazonOrderId,
              ...(order.address ? { ShippingAddress: order.address } : {}),
            },
          },
        };
      },
    },
    {
      operation: 'confirmShipment',
      method: 'POST',
      pattern: orderPath('/shipmentConfirmation'),
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
        if (order.json.FulfillmentChannel === 'AFN') {
          throw invalidInput('Orders fulfilled by Amazon cannot be confirmed by the seller.');
        }
        const shipments = (store.state.shipments[req.account] ??= {});
        const orderId = order.json.AmazonOrderId as string;
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
        if (!['Unshipped', 'PartiallyShipped'].includes(order.json.OrderStatus as string)) {
          throw invalidInput(
            `Order ${orderId} is ${String(order.json.OrderStatus)} and cannot be confirmed.`,
          );
        }
        const items = { ...record.items };
        const packed: Record<string, number> = {};
        for (const line of lines as Array<{ orderItemId?: unknown; quantity?: unknown }>) {
          const item = order.items.find((i) => i.OrderItemId === line.orderItemId);
          if (!item) throw invalidInput(`Unknown orderItemId: ${String(line.orderItemId)}`);
          const quantity = Number(line.quantity);
          const id = item.OrderItemId as string;
          if (
            !Number.isInteger(quantity) ||
            quantity < 1 ||
            (items[id] ?? 0) + quantity > (item.QuantityOrdered as number)
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

const titleOf = (l: StoredListing) => String(l.attributes.item_name?.[0]?.value ?? l.sku);

function priceOf(l: StoredListing, currency: string): number | null {
  const offer = l.attributes.purchasable_offer?.[0] as
    { our_price?: Array<{ schedule?: Array<{ value_with_tax?: unknown }> }> } | undefined;
  return minorOf(offer?.our_price?.[0]?.schedule?.[0]?.value_with_tax, currency);
}
