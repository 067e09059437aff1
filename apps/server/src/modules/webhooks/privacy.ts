import { and, eq, inArray } from 'drizzle-orm';
import { MARKETPLACE_NAMES } from '@app/shared';
import { orders, purchaseOrders } from '../../db/schema.ts';
import { ofSeller } from '../../tenancy.ts';
import type { StoreRow } from '../markets/service.ts';
import { notify, notificationLinks } from '../notifications/index.ts';
import { orderGids, type WebhookCtx } from './context.ts';

type Payload = Record<string, unknown>;

const customerOf = (body: Payload) => {
  const customer = (body.customer ?? {}) as { email?: unknown; id?: unknown };
  return String(customer.email ?? customer.id ?? '?');
};

/**
 * `customers/data_request`: finds the orders of this store the buyer asked about and tells the
 * seller (bell and e-mail) which ones hold their name, phone and address, so the store owner
 * can be given them; "none" when we hold nothing of theirs.
 */
export async function answerDataRequest(
  ctx: WebhookCtx,
  store: StoreRow,
  body: Payload,
): Promise<void> {
  const wanted = orderGids(body.orders_requested);
  const found =
    wanted.length === 0
      ? []
      : await ctx.db
          .select({ number: orders.number })
          .from(orders)
          .where(and(eq(orders.storeId, store.id), inArray(orders.remoteId, wanted)));
  const params = {
    marketplace: MARKETPLACE_NAMES.shopify,
    shop: store.account,
    customer: customerOf(body),
    orders: found.map((o) => o.number).join(', '),
  };
  await notify(ctx, {
    sellerId: store.sellerId,
    kind: 'privacy_request',
    message: {
      key:
        found.length > 0 ? 'notifications.privacy_request' : 'notifications.privacy_request_none',
      params,
    },
    link: found.length > 0 ? notificationLinks.order(found[0]!.number) : '/newOrder',
  });
  ctx.log.info({ storeId: store.id, orders: found.length }, 'Shopify data request answered');
}

/**
 * `customers/redact` (those orders) and `shop/redact` (every order of the store, `null`):
 * erases the buyer's name, phone and address from our copies of the orders, and the copy each
 * purchase order bought for one of them took at checkout; the orders themselves, their lines
 * and money stay for the seller's books.
 */
export async function redactBuyers(
  ctx: WebhookCtx,
  store: StoreRow,
  remoteIds: string[] | null,
): Promise<number> {
  if (remoteIds !== null && remoteIds.length === 0) return 0;
  const erased = await ctx.db
    .update(orders)
    .set({ address: null })
    .where(
      and(
        eq(orders.storeId, store.id),
        remoteIds === null ? undefined : inArray(orders.remoteId, remoteIds),
      ),
    )
    .returning({ id: orders.id, purchaseOrderId: orders.purchaseOrderId });
  const bought = [...new Set(erased.map((o) => o.purchaseOrderId).filter((id) => id !== null))];
  if (bought.length > 0) {
    await ctx.db
      .update(purchaseOrders)
      .set({ address: null, updatedAt: new Date() })
      .where(
        and(ofSeller(purchaseOrders.sellerId, store.sellerId), inArray(purchaseOrders.id, bought)),
      );
  }
  ctx.log.info(
    { storeId: store.id, orders: erased.length, purchaseOrders: bought.length },
    'Shopify buyer data erased',
  );
  return erased.length;
}
