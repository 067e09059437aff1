import { and, eq } from 'drizzle-orm';
import { stores } from '../../db/schema.ts';
import type { ShopifyConnector } from '../../integrations/marketplaces/shopify/connector.ts';
import { queueOrderSync } from '../orders/index.ts';
import { noteRemoteListingStatus } from '../listings/index.ts';
import { ORDER_GID, orderGids, type WebhookCtx } from './context.ts';
import { answerDataRequest, redactBuyers } from './privacy.ts';

export interface ShopifyDelivery {
  topic: string;
  shop: string;
  hmac: string | undefined;
  rawBody: Buffer;
}

const PRODUCT_GID = 'gid://shopify/Product/';

type Payload = Record<string, unknown>;
const gidOf = (body: Payload, prefix: string) =>
  typeof body.admin_graphql_api_id === 'string'
    ? body.admin_graphql_api_id
    : `${prefix}${String(body.id)}`;

/**
 * One Shopify webhook (reference 2.6). Unsigned or wrongly signed deliveries answer
 * `unauthorized` (HTTP 401) and change nothing; signed ones act on every store of ours for that
 * shop: an order created or updated is synced on its own at once, a product's status moves its
 * listing, an uninstall marks the store revoked, and the privacy topics find or erase the
 * buyers' data. Work that calls Shopify goes to a job, so Shopify gets its 200 in time.
 */
export async function receiveShopifyWebhook(
  ctx: WebhookCtx,
  delivery: ShopifyDelivery,
): Promise<'ok' | 'unauthorized'> {
  const connector = ctx.connectors.shopify as ShopifyConnector | undefined;
  if (!connector?.verifyWebhook(delivery.rawBody, delivery.hmac)) return 'unauthorized';
  let body: Payload;
  try {
    body = JSON.parse(delivery.rawBody.toString('utf8')) as Payload;
  } catch {
    ctx.log.warn({ topic: delivery.topic }, 'Shopify webhook without a JSON body ignored');
    return 'ok';
  }
  const shopStores = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.marketplace, 'shopify'), eq(stores.account, delivery.shop)));
  for (const store of shopStores) {
    switch (delivery.topic) {
      case 'orders/create':
      case 'orders/updated':
        if (store.authStatus === 'active') {
          await queueOrderSync(ctx.jobs, {
            storeId: store.id,
            sellerId: store.sellerId,
            remoteId: gidOf(body, ORDER_GID),
          });
        }
        break;
      case 'products/update':
        await noteRemoteListingStatus(ctx.db, {
          storeId: store.id,
          remoteId: gidOf(body, PRODUCT_GID),
          live: String(body.status).toLowerCase() === 'active',
        });
        break;
      case 'app/uninstalled':
        await ctx.db
          .update(stores)
          .set({ authStatus: 'revoked', updatedAt: new Date() })
          .where(eq(stores.id, store.id));
        break;
      case 'customers/data_request':
        await answerDataRequest(ctx, store, body);
        break;
      case 'customers/redact':
        await redactBuyers(ctx, store, orderGids(body.orders_to_redact));
        break;
      case 'shop/redact':
        await redactBuyers(ctx, store, null);
        break;
      default:
        ctx.log.info({ topic: delivery.topic }, 'Shopify webhook topic not handled');
    }
  }
  return 'ok';
}
