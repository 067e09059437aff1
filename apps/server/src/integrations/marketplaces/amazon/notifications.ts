import { MarketplaceError, type StoreSession } from '../connector.ts';
import type { SpApiClient } from './client.ts';

/** What the app subscribes a seller to (Notifications API v1), with each one's payload version. */
export const NOTIFICATION_TYPES = {
  ORDER_CHANGE: '1.0',
  LISTINGS_ITEM_STATUS_CHANGE: '1.0',
} as const;

const DESTINATIONS = '/notifications/v1/destinations';
const DESTINATION_NAME = 'seller-hub';

interface Destination {
  destinationId: string;
  resource?: { sqs?: { arn?: string } };
}

/** The app's destination for the queue (grantless): the one already made, else a new one. */
async function destinationFor(client: SpApiClient, region: string, arn: string): Promise<string> {
  const list = await client.callGrantless<{ payload?: Destination[] }>(region, 'getDestinations', {
    method: 'GET',
    path: DESTINATIONS,
  });
  const found = list.payload?.find((d) => d.resource?.sqs?.arn === arn);
  if (found) return found.destinationId;
  const created = await client.callGrantless<{ payload: Destination }>(
    region,
    'createDestination',
    {
      method: 'POST',
      path: DESTINATIONS,
      body: { name: DESTINATION_NAME, resourceSpecification: { sqs: { arn } } },
    },
  );
  return created.payload.destinationId;
}

/**
 * Subscribes the seller to order and listing-status notifications sent to the SQS queue `arn`.
 * A subscription the seller already has (409, an earlier authorization) stays as it is.
 */
export async function subscribeNotifications(
  client: SpApiClient,
  session: StoreSession,
  arn: string,
): Promise<void> {
  const region = session.auth.extra.region ?? session.site.region;
  const destinationId = await destinationFor(client, region, arn);
  for (const [type, payloadVersion] of Object.entries(NOTIFICATION_TYPES)) {
    try {
      await client.call(session, 'createSubscription', {
        method: 'POST',
        path: `/notifications/v1/subscriptions/${type}`,
        body: { payloadVersion, destinationId },
      });
    } catch (error) {
      if (!(error instanceof MarketplaceError && error.httpStatus === 409)) throw error;
    }
  }
}

/** What a notification asks of us, in our terms; null for what we do not act on. */
export type AmazonEvent =
  | { kind: 'order'; sellerId: string; marketplaceId: string | null; orderId: string }
  | {
      kind: 'listing';
      sellerId: string;
      marketplaceId: string | null;
      sku: string;
      /**
       * Still on Amazon (BUYABLE or DISCOVERABLE: a parent or an item out of stock is only
       * discoverable); no status is a listing deleted or suppressed.
       */
      live: boolean;
    };

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * One SQS message body as Amazon sends it (OrderChangeNotification.json,
 * ListingsItemStatusChangeNotification.json). Amazon's own examples spell the envelope both
 * `NotificationType` and `notificationType`, so both are read.
 */
export function readAmazonNotification(body: string): AmazonEvent | null {
  let message: Json;
  try {
    message = record(JSON.parse(body));
  } catch {
    return null;
  }
  const type = text(message.NotificationType) ?? text(message.notificationType);
  const payload = record(message.Payload ?? message.payload);
  if (type === 'ORDER_CHANGE') {
    const change = record(payload.OrderChangeNotification);
    const sellerId = text(change.SellerId);
    const orderId = text(change.AmazonOrderId);
    if (!sellerId || !orderId) return null;
    const marketplaceId = text(record(change.Summary).MarketplaceId);
    return { kind: 'order', sellerId, marketplaceId, orderId };
  }
  if (type === 'LISTINGS_ITEM_STATUS_CHANGE') {
    const sellerId = text(payload.SellerId);
    const sku = text(payload.Sku);
    if (!sellerId || !sku) return null;
    const status = Array.isArray(payload.Status) ? payload.Status : [];
    return {
      kind: 'listing',
      sellerId,
      marketplaceId: text(payload.MarketplaceId),
      sku,
      live: status.includes('BUYABLE') || status.includes('DISCOVERABLE'),
    };
  }
  return null;
}
