import { randomUUID } from 'node:crypto';
import { invalidInput, notFound, SpApiError } from './errors.ts';
import { listingStatusOf } from './listings.ts';
import type { OrderBook, OrderView } from './orders.ts';
import { objectBody, type SpRoute } from './routes.ts';
import type { SimQueues } from './sqs.ts';
import { isoSeconds, type StateStore } from './state.ts';

/** The notification types the simulator sends, with the payload version each is sent in. */
const PAYLOAD_VERSIONS: Record<string, string> = {
  ORDER_CHANGE: '1.0',
  LISTINGS_ITEM_STATUS_CHANGE: '1.0',
};
const SQS_ARN = /^arn:aws:sqs:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,80}$/;
/** Notifications API v1 usage plan: 1 request a second, burst 5. */
const RATE = 1;

const conflict = (message: string) => new SpApiError(409, 'Conflict', message);

/** Notifications API v1: destinations (grantless) and the seller's subscriptions. */
export function notificationRoutes(store: StateStore, watch: AmazonNotifications): SpRoute[] {
  const destinations = () => store.state.destinations;
  return [
    {
      operation: 'createDestination',
      method: 'POST',
      pattern: /^\/notifications\/v1\/destinations$/,
      rate: RATE,
      grantless: true,
      handle(req) {
        const body = objectBody(req.body);
        const arn = (body.resourceSpecification as { sqs?: { arn?: unknown } } | undefined)?.sqs
          ?.arn;
        if (typeof body.name !== 'string' || !body.name) invalidInputOf('name');
        if (typeof arn !== 'string' || !SQS_ARN.test(arn)) invalidInputOf('sqs.arn');
        if (Object.values(destinations()).some((d) => d.arn === arn)) {
          throw conflict(`A destination for ${String(arn)} already exists.`);
        }
        const destination = {
          destinationId: randomUUID(),
          name: body.name as string,
          arn: arn as string,
        };
        destinations()[destination.destinationId] = destination;
        store.save();
        return { status: 200, body: { payload: shown(destination) } };
      },
    },
    {
      operation: 'getDestinations',
      method: 'GET',
      pattern: /^\/notifications\/v1\/destinations$/,
      rate: RATE,
      grantless: true,
      handle() {
        return { status: 200, body: { payload: Object.values(destinations()).map(shown) } };
      },
    },
    {
      operation: 'createSubscription',
      method: 'POST',
      pattern: /^\/notifications\/v1\/subscriptions\/([A-Z_]+)$/,
      rate: RATE,
      handle(req) {
        const type = req.params[0]!;
        const version = PAYLOAD_VERSIONS[type];
        if (!version) throw invalidInput(`Invalid notificationType: ${type}`);
        const body = objectBody(req.body);
        if (body.payloadVersion !== version) invalidInputOf('payloadVersion');
        if (typeof body.destinationId !== 'string' || !destinations()[body.destinationId]) {
          throw invalidInput('The destinationId is not valid.');
        }
        const mine = (store.state.subscriptions[req.account] ??= {});
        if (mine[type]) throw conflict(`A subscription for ${type} already exists.`);
        const subscription = {
          subscriptionId: randomUUID(),
          destinationId: body.destinationId,
          payloadVersion: version,
        };
        mine[type] = subscription;
        store.save();
        watch.baseline(req.account, req.now);
        return { status: 200, body: { payload: subscription } };
      },
    },
    {
      operation: 'getSubscription',
      method: 'GET',
      pattern: /^\/notifications\/v1\/subscriptions\/([A-Z_]+)$/,
      rate: RATE,
      handle(req) {
        const subscription = store.state.subscriptions[req.account]?.[req.params[0]!];
        if (!subscription) throw notFound('The subscription was not found.');
        return { status: 200, body: { payload: subscription } };
      },
    },
  ];
}

function invalidInputOf(field: string): never {
  throw invalidInput(`Missing or invalid '${field}'.`);
}

const shown = (d: { destinationId: string; name: string; arn: string }) => ({
  name: d.name,
  destinationId: d.destinationId,
  resource: { sqs: { arn: d.arn } },
});

const ORDER_STATUS: Record<string, string> = {
  PENDING: 'Pending',
  UNSHIPPED: 'Unshipped',
  PARTIALLY_SHIPPED: 'PartiallyShipped',
  SHIPPED: 'Shipped',
  CANCELLED: 'Canceled',
};

/**
 * The notifications Amazon sends to a subscribed seller's destination, as the SQS messages of
 * its schemas (OrderChangeNotification.json, ListingsItemStatusChangeNotification.json): on each
 * `deliver()` (a timer calls it), every order of the seller's marketplaces created or changed
 * since the last look, and every listing whose status changed or that went away. What a seller
 * held when it subscribed is not sent.
 */
export class AmazonNotifications {
  /** `account:marketplaceId` → orderId → lastUpdated ms as last sent. */
  private readonly orders = new Map<string, Map<string, number>>();
  /** account → sku → status as last sent. */
  private readonly listings = new Map<string, Map<string, string>>();

  constructor(
    private readonly deps: {
      store: StateStore;
      book: OrderBook;
      queues: SimQueues;
      appId: string;
      now: () => Date;
    },
  ) {}

  /** sku → what a listing notification names (marketplace, ASIN, status), for comparison. */
  private listingStatuses(account: string): Map<string, string> {
    const all = this.deps.store.state.listings[account] ?? {};
    return new Map(
      Object.values(all).map((l) => [
        l.sku,
        JSON.stringify([l.marketplaceId, l.asin, l.createdDate, listingStatusOf(l)]),
      ]),
    );
  }

  private orderTimes(shop: string, now: Date): Map<string, number> {
    const [account, marketplaceId] = shop.split(':') as [string, string];
    return new Map(
      this.deps.book
        .ordersOf(account, marketplaceId, now)
        .map((o) => [o.orderId, o.updatedAt.getTime()]),
    );
  }

  /** What the seller holds now, so a new subscription starts from here. */
  baseline(account: string, now: Date): void {
    this.listings.set(account, this.listingStatuses(account));
    for (const shop of this.deps.book.shops().filter((s) => s.startsWith(`${account}:`))) {
      this.orders.set(shop, this.orderTimes(shop, now));
    }
  }

  /** Queues what changed since the last call; answers how many messages were sent. */
  deliver(): number {
    const now = this.deps.now();
    let sent = 0;
    for (const [account, types] of Object.entries(this.deps.store.state.subscriptions)) {
      const orderSub = types.ORDER_CHANGE;
      if (orderSub) {
        for (const shop of this.deps.book.shops().filter((s) => s.startsWith(`${account}:`))) {
          const known = this.orders.get(shop);
          const times = this.orderTimes(shop, now);
          this.orders.set(shop, times);
          // A marketplace first read after the subscription starts from what it holds.
          if (!known) continue;
          const [, marketplaceId] = shop.split(':') as [string, string];
          for (const order of this.deps.book.ordersOf(account, marketplaceId, now)) {
            if (known.get(order.orderId) === order.updatedAt.getTime()) continue;
            this.send(orderSub, 'ORDER_CHANGE', now, orderPayload(account, order));
            sent += 1;
          }
        }
      }
      const listingSub = types.LISTINGS_ITEM_STATUS_CHANGE;
      if (listingSub) {
        const known = this.listings.get(account);
        const current = this.listingStatuses(account);
        this.listings.set(account, current);
        // After a restart the subscription is remembered, what was sent is not: start from here.
        if (!known) continue;
        for (const sku of new Set([...known.keys(), ...current.keys()])) {
          const held = current.get(sku);
          if (known.get(sku) === held) continue;
          // A deleted listing is reported with no status, under what it was.
          const [marketplaceId, asin, createdDate, status] = JSON.parse(
            held ?? known.get(sku)!,
          ) as [string, string, string, string[]];
          this.send(listingSub, 'LISTINGS_ITEM_STATUS_CHANGE', now, {
            SellerId: account,
            MarketplaceId: marketplaceId,
            Asin: asin,
            Sku: sku,
            CreatedDate: createdDate,
            Status: held ? status : [],
          });
          sent += 1;
        }
      }
    }
    return sent;
  }

  private send(
    subscription: { subscriptionId: string; destinationId: string; payloadVersion: string },
    type: string,
    now: Date,
    payload: Record<string, unknown>,
  ): void {
    const destination = this.deps.store.state.destinations[subscription.destinationId];
    if (!destination) return;
    const at = now.toISOString();
    const message = {
      NotificationVersion: '1.0',
      NotificationType: type,
      PayloadVersion: subscription.payloadVersion,
      EventTime: at,
      Payload: type === 'ORDER_CHANGE' ? { OrderChangeNotification: payload } : payload,
      NotificationMetadata: {
        ApplicationId: this.deps.appId,
        SubscriptionId: subscription.subscriptionId,
        PublishTime: at,
        NotificationId: randomUUID(),
      },
    };
    this.deps.queues.send(destination.arn, JSON.stringify(message));
  }
}

function orderPayload(account: string, order: OrderView): Record<string, unknown> {
  const shipped = order.items.reduce((n, i) => n + i.shipped, 0);
  const ordered = order.items.reduce((n, i) => n + i.quantity, 0);
  const status = ORDER_STATUS[order.status] ?? 'Unshipped';
  return {
    NotificationLevel: 'OrderLevel',
    SellerId: account,
    AmazonOrderId: order.orderId,
    OrderChangeType: 'OrderStatusChange',
    OrderChangeTrigger: {
      TimeOfOrderChange: isoSeconds(order.updatedAt),
      ChangeReason: 'Order status changed',
    },
    Summary: {
      MarketplaceId: order.marketplaceId,
      OrderStatus: status,
      PurchaseDate: isoSeconds(order.sim.createdAt),
      DestinationPostalCode: order.sim.address.postalCode,
      FulfillmentType: order.sim.marketplaceFulfilled ? 'AFN' : 'MFN',
      OrderType: 'StandardOrder',
      NumberOfItemsShipped: shipped,
      NumberOfItemsUnshipped: order.status === 'CANCELLED' ? 0 : ordered - shipped,
      OrderItems: order.items.map((i) => ({
        OrderItemId: i.orderItemId,
        SellerSKU: i.sku,
        OrderItemStatus: status,
        Quantity: i.quantity,
        QuantityShipped: i.shipped,
      })),
    },
  };
}
