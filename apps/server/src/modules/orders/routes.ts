import { z } from 'zod';
import {
  CancelOrderInput,
  CancelOrderItemInput,
  CartNum,
  EditOrderNumInput,
  FbaOrderListQuery,
  LogisticsChannel,
  LogisticsChannelQuery,
  Order,
  OrderAddCartInput,
  OrderAddCartResult,
  OrderIdsInput,
  OrderBatchResult,
  OrderIdInput,
  OrderListQuery,
  OrderLog,
  OrderMarket,
  OrderPage,
  OrderSyncInput,
  OrderSyncResult,
  permOf,
  RetryShipmentPushInput,
  RetryShipmentPushResult,
  SaveBatchLogisticsInput,
  SaveLogisticsInput,
  SaveOrderAddressInput,
  SaveOrderMemoInput,
  SetOrderHoldInput,
  SplitOrderInput,
  SplitOrderResult,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { createPaymentProvider } from '../../integrations/payments/alipay.ts';
import {
  cancelItem,
  cancelOrder,
  cartNum,
  copyOrder,
  editNum,
  marketList,
  saveAddress,
  saveBatchLogistics,
  saveLogistics,
  saveMemo,
  setHold,
  showOrderLog,
  splitOrder,
} from './actions.ts';
import { addOrdersToCart } from './add-cart.ts';
import { listLogisticsChannels } from './logistics.ts';
import { showOrders } from './show.ts';
import { listOrders } from './list.ts';
import { requestStoreSyncs } from './sync-request.ts';
import { kickShipmentPushes, retryShipmentPushes } from './shipment-push.ts';

const ORDERS_PAGE = '/newOrder';
const FBA_PAGE = '/newOrder/FBAorder';
const can = (action: string, page = ORDERS_PAGE): { access: Access } => ({
  access: { auth: 'user', perm: permOf(page, action) },
});
const tags = ['orders'];

/** Marketplace orders (issue 7): routes are thin; rules live in the services beside them. */
export function registerOrderRoutes(app: App, deps: AppDeps): void {
  const provider = createPaymentProvider(deps.config);

  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/list',
      tags,
      summary:
        "Page the orders of the actor's stores with every filter of spec 3, status-tab counts and items",
      body: OrderListQuery,
      response: OrderPage,
      ...can('list'),
    },
    (ctx, input) => listOrders(ctx, input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/order/list',
      tags,
      summary:
        "The FBA order list: the same filters with Amazon's AFN orders fixed (fulfillment_channel AFN, source amazon; spec 9)",
      body: FbaOrderListQuery,
      response: OrderPage,
      ...can('list', FBA_PAGE),
    },
    (ctx, input) => listOrders(ctx, input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/synchro',
      tags,
      summary:
        'Queue an order sync of one store or of every switched-on, authorized store of the actor; progress at /api/jobs/:id',
      body: OrderSyncInput,
      response: OrderSyncResult,
      ...can('update'),
    },
    (ctx, input) => requestStoreSyncs(ctx, deps.jobs, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/cw-order/logistics-channels',
      tags,
      summary:
        "The platform's logistics channels with their tracking-number patterns; market_id narrows to that store's marketplace",
      querystring: LogisticsChannelQuery,
      response: z.array(LogisticsChannel),
      ...can('list'),
    },
    (ctx, input) => listLogisticsChannels(ctx, input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/save-order-address',
      tags,
      summary: "Change the buyer's address",
      body: SaveOrderAddressInput,
      response: Order,
      ...can('update'),
    },
    (ctx, input) => saveAddress(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/save-order-memo',
      tags,
      summary: "Set the seller's memo",
      body: SaveOrderMemoInput,
      response: Order,
      ...can('memo'),
    },
    (ctx, input) => saveMemo(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/set-order-hold',
      tags,
      summary: 'Put on hold, or lift the hold back to the previous status',
      body: SetOrderHoldInput,
      response: Order,
      ...can('hold'),
    },
    (ctx, input) => setHold(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/cancel',
      tags,
      summary:
        'Cancel the order; a purchased one (40) cancels its platform purchase order, which refunds it',
      body: CancelOrderInput,
      response: Order,
      ...can('cancel'),
    },
    (ctx, input) => cancelOrder(ctx, provider, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/cancel-order-item',
      tags,
      summary: 'Cancel one item; its line total leaves the order total',
      body: CancelOrderItemInput,
      response: Order,
      ...can('cancel'),
    },
    (ctx, input) => cancelItem(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/split-order',
      tags,
      summary: 'Move item quantities into a new order; totals stay exact',
      body: SplitOrderInput,
      response: SplitOrderResult,
      ...can('split'),
    },
    (ctx, input) => splitOrder(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/copy-order',
      tags,
      summary: 'A new order with the same buyer and items',
      body: OrderIdInput,
      response: Order,
      ...can('copy'),
    },
    (ctx, input) => copyOrder(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/edit-num',
      tags,
      summary: "Change an item's quantity; its line total scales",
      body: EditOrderNumInput,
      response: Order,
      ...can('update'),
    },
    (ctx, input) => editNum(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/save-logistics',
      tags,
      summary:
        'Set the logistics channel and tracking number (status 30) and queue its push to the marketplace',
      body: SaveLogisticsInput,
      response: Order,
      ...can('logistics'),
    },
    async (ctx, input) => {
      const order = await saveLogistics(ctx, input);
      await kickShipmentPushes(deps.jobs);
      return order;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/save-batch-logistics',
      tags,
      summary:
        'Set logistics on several orders; one result each, a failure never undoes the others',
      body: SaveBatchLogisticsInput,
      response: OrderBatchResult,
      ...can('logistics'),
    },
    async (ctx, input) => {
      const result = await saveBatchLogistics(ctx, input);
      await kickShipmentPushes(deps.jobs);
      return result;
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/retry-shipment-push',
      tags,
      summary:
        'Send the refused or failed tracking push of these orders to the marketplace again (409 when none has one)',
      body: RetryShipmentPushInput,
      response: RetryShipmentPushResult,
      ...can('logistics'),
    },
    (ctx, input) => retryShipmentPushes(ctx, deps.jobs, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/show-order-log',
      tags,
      summary: "The order's history, oldest first",
      body: OrderIdInput,
      response: z.array(OrderLog),
      ...can('info'),
    },
    (ctx, input) => showOrderLog(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/show-orders',
      tags,
      summary:
        'Several orders by id with their items and allowed actions (the batch screens); an unseen id is a 404',
      body: OrderIdsInput,
      response: z.array(Order),
      ...can('list'),
    },
    (ctx, input) => showOrders(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/get-market-list',
      tags,
      summary: 'The stores the orders can be filtered by',
      body: z.object({}),
      response: z.array(OrderMarket),
      ...can('list'),
    },
    (ctx) => marketList(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/get-cart-num',
      tags,
      summary: "How many lines the seller's platform cart has",
      body: z.object({}),
      response: CartNum,
      ...can('list'),
    },
    (ctx) => cartNum(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/cw-order/add-cart',
      tags,
      summary:
        "Put the orders' items into the platform cart by SKU code; reports the items not found",
      body: OrderAddCartInput,
      response: OrderAddCartResult,
      ...can('update'),
    },
    (ctx, input) => addOrdersToCart(ctx, input),
  );
}
