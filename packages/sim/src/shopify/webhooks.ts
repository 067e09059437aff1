import { createHmac, randomUUID } from 'node:crypto';
import type { OrderPace } from '../http.ts';
import { financialStatus, fulfillmentStatus, ORDER_GID, shopOrders } from './orders.ts';
import type { ShopifyStore, WebhookSubscription } from './store.ts';

/** The topics the simulator delivers or accepts (GraphQL enum ↔ header form). */
export const WEBHOOK_TOPICS: Record<string, string> = {
  ORDERS_CREATE: 'orders/create',
  ORDERS_UPDATED: 'orders/updated',
  PRODUCTS_UPDATE: 'products/update',
  APP_UNINSTALLED: 'app/uninstalled',
};

export type Deliver = (url: string, init: RequestInit) => Promise<{ status: number }>;

/** base64 HMAC-SHA256 of the raw body with the app secret (reference 2.6). */
export function webhookHmac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

/**
 * Shopify's webhook deliveries for the subscriptions `webhookSubscriptionCreate` made: on each
 * `deliver()` (a timer calls it), every order created or changed since the last look is POSTed
 * as `orders/create` or `orders/updated` to the shop's subscribers, signed as Shopify signs
 * (reference 2.6). What a shop held when it first subscribed is not delivered again.
 */
export class ShopifyWebhooks {
  /** Per shop: order slot → its `updatedAt` as last delivered. */
  private readonly seen = new Map<string, Map<number, number>>();

  constructor(
    private readonly opts: {
      store: ShopifyStore;
      secret: string;
      apiVersion: string;
      now: () => Date;
      pace?: OrderPace;
      deliver?: Deliver;
    },
  ) {}

  subscribe(shop: string, topic: string, uri: string): WebhookSubscription {
    const created = this.opts.store.addSubscription(shop, { topic, uri });
    this.snapshot(shop);
    return created;
  }

  private orders(shop: string) {
    return shopOrders(this.opts.store, shop, this.opts.now(), { pace: this.opts.pace });
  }

  private snapshot(shop: string): Map<number, number> {
    let known = this.seen.get(shop);
    if (!known) {
      known = new Map(this.orders(shop).map((o) => [o.slot, o.updatedAt.getTime()]));
      this.seen.set(shop, known);
    }
    return known;
  }

  /** Delivers what changed since the last call; answers how many requests were sent. */
  async deliver(): Promise<number> {
    let sent = 0;
    for (const shop of this.opts.store.subscribedShops()) {
      const known = this.snapshot(shop);
      const subs = this.opts.store.subscriptions(shop);
      for (const o of this.orders(shop)) {
        const at = o.updatedAt.getTime();
        const before = known.get(o.slot);
        if (before === at) continue;
        known.set(o.slot, at);
        const topic = before === undefined ? 'orders/create' : 'orders/updated';
        const payload = {
          id: o.slot,
          admin_graphql_api_id: `${ORDER_GID}${o.slot}`,
          name: `#${1000 + o.slot}`,
          created_at: o.order.createdAt.toISOString(),
          updated_at: o.updatedAt.toISOString(),
          financial_status: financialStatus(o).toLowerCase(),
          fulfillment_status: fulfillmentStatus(o).toLowerCase(),
          currency: 'USD',
        };
        for (const sub of subs.filter((s) => WEBHOOK_TOPICS[s.topic] === topic)) {
          await this.post(shop, topic, sub.uri, payload);
          sent += 1;
        }
      }
    }
    return sent;
  }

  private async post(shop: string, topic: string, uri: string, payload: unknown): Promise<void> {
    const body = JSON.stringify(payload);
    const send = this.opts.deliver ?? ((url, init) => fetch(url, init));
    // A subscriber that is down misses this delivery; the app's polling is its fallback.
    await send(uri, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': webhookHmac(body, this.opts.secret),
        'x-shopify-shop-domain': shop,
        'x-shopify-api-version': this.opts.apiVersion,
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-event-id': randomUUID(),
        'x-shopify-triggered-at': this.opts.now().toISOString(),
      },
      body,
    }).catch(() => undefined);
  }
}
