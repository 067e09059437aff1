import { and, eq } from 'drizzle-orm';
import { stores } from '../../db/schema.ts';
import { readAmazonNotification } from '../../integrations/marketplaces/amazon/notifications.ts';
import type { MessageQueue } from '../../integrations/sqs.ts';
import { noteRemoteListingStatus } from '../listings/index.ts';
import { siteOf } from '../markets/service.ts';
import { queueOrderSync } from '../orders/index.ts';
import type { WebhookCtx } from './context.ts';

/**
 * One SP-API notification from the app's queue: ORDER_CHANGE syncs that one order at once
 * (getOrder), LISTINGS_ITEM_STATUS_CHANGE moves the listing of that SKU. It acts on every store
 * of ours for the selling partner on the notification's marketplace (a seller may have added
 * the same Amazon account twice). Answers whether it was something we act on.
 */
export async function receiveAmazonNotification(ctx: WebhookCtx, body: string): Promise<boolean> {
  const event = readAmazonNotification(body);
  if (!event) return false;
  const rows = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.marketplace, 'amazon'), eq(stores.account, event.sellerId)));
  const onSite = rows.filter(
    (store) => !event.marketplaceId || siteOf(store.marketSiteId).remoteId === event.marketplaceId,
  );
  for (const store of onSite) {
    if (event.kind === 'order') {
      if (store.authStatus !== 'active') continue;
      await queueOrderSync(ctx.jobs, {
        storeId: store.id,
        sellerId: store.sellerId,
        remoteId: event.orderId,
      });
    } else {
      await noteRemoteListingStatus(ctx.db, {
        storeId: store.id,
        sku: event.sku,
        live: event.live,
      });
    }
  }
  return true;
}

/** SQS's longest wait: one request a queue every 20 s while nothing happens. */
const WAIT_SECONDS = 20;
const RETRY_AFTER_MS = 5_000;

/**
 * Reads the queue once (one long poll) and handles what came: each message is deleted once
 * handled, so one a crash interrupts comes back after its visibility timeout. A message we do
 * not act on is deleted too; one whose handling failed is left for the next receive.
 */
export async function pollAmazonNotifications(
  ctx: WebhookCtx,
  queue: MessageQueue,
  waitSeconds = WAIT_SECONDS,
  signal?: AbortSignal,
): Promise<number> {
  const messages = await queue.receive({ waitSeconds, max: 10, signal });
  for (const message of messages) {
    try {
      const known = await receiveAmazonNotification(ctx, message.body);
      if (!known) ctx.log.info({ messageId: message.id }, 'Amazon notification not acted on');
      await queue.remove(message.receipt);
    } catch (error) {
      ctx.log.warn({ err: error, messageId: message.id }, 'Amazon notification not handled');
    }
  }
  return messages.length;
}

/**
 * The notification reader of this process: long polls until stopped. Polling of the order
 * list stays on as the fallback for whatever the queue misses; a queue that fails is tried
 * again a few seconds later.
 */
export function startAmazonNotifications(
  ctx: WebhookCtx,
  queue: MessageQueue,
): { stop(): Promise<void> } {
  let running = true;
  // Stopping ends the long poll in flight: the server's own simulator serves it in demos, and
  // closing the HTTP server waits for every request in flight.
  const stopping = new AbortController();
  const loop = (async () => {
    while (running) {
      try {
        await pollAmazonNotifications(ctx, queue, WAIT_SECONDS, stopping.signal);
      } catch (error) {
        if (!running) break;
        ctx.log.warn({ err: error }, 'Amazon notification queue unreachable; retrying');
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      }
    }
  })();
  return {
    async stop() {
      running = false;
      stopping.abort();
      await loop;
    },
  };
}
