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
  SaveBatchLogisticsInput,
  SaveLogisticsInput,
  SaveOrderAddressInput,
  SaveOrderMemoInput,
  SetOrderHoldInput,
  SplitOrderInput,
  SplitOrderResult,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Ctx } from '../../context.ts';
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
        'The FBA order list: the same filters with fulfillment_channel fixed to AFN (spec 9)',
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

  const action = <I extends z.ZodType, O extends z.ZodType>(
    path: string,
    perm: string,
    summary: string,
    body: I,
    response: O,
    run: (ctx: Ctx, input: z.output<I>) => Promise<z.output<O>>,
  ) =>
    // The plain instance: zod still validates the body; `run`'s signature types the handler.
    route(
      app,
      { method: 'POST', url: `/api/cw-order/${path}`, tags, summary, body, response, ...can(perm) },
      (ctx, input) => run(ctx, input as z.output<I>),
    );

  action(
    'save-order-address',
    'update',
    "Change the buyer's address",
    SaveOrderAddressInput,
    Order,
    saveAddress,
  );
  action('save-order-memo', 'memo', "Set the seller's memo", SaveOrderMemoInput, Order, saveMemo);
  action(
    'set-order-hold',
    'hold',
    'Put on hold, or lift the hold back to the previous status',
    SetOrderHoldInput,
    Order,
    setHold,
  );
  action(
    'cancel',
    'cancel',
    'Cancel the order; a purchased one (40) cancels its platform purchase order, which refunds it',
    CancelOrderInput,
    Order,
    (ctx, input) => cancelOrder(ctx, provider, input),
  );
  action(
    'cancel-order-item',
    'cancel',
    'Cancel one item; its line total leaves the order total',
    CancelOrderItemInput,
    Order,
    cancelItem,
  );
  action(
    'split-order',
    'split',
    'Move item quantities into a new order; totals stay exact',
    SplitOrderInput,
    SplitOrderResult,
    splitOrder,
  );
  action(
    'copy-order',
    'copy',
    'A new order with the same buyer and items',
    OrderIdInput,
    Order,
    copyOrder,
  );
  action(
    'edit-num',
    'update',
    "Change an item's quantity; its line total scales",
    EditOrderNumInput,
    Order,
    editNum,
  );
  action(
    'save-logistics',
    'logistics',
    'Set the logistics channel and tracking number (status 30)',
    SaveLogisticsInput,
    Order,
    saveLogistics,
  );
  action(
    'save-batch-logistics',
    'logistics',
    'Set logistics on several orders; one result each, a failure never undoes the others',
    SaveBatchLogisticsInput,
    OrderBatchResult,
    saveBatchLogistics,
  );
  action(
    'show-order-log',
    'info',
    "The order's history, oldest first",
    OrderIdInput,
    z.array(OrderLog),
    showOrderLog,
  );
  action(
    'show-orders',
    'list',
    'Several orders by id with their items and allowed actions (the batch screens); an unseen id is a 404',
    OrderIdsInput,
    z.array(Order),
    showOrders,
  );
  action(
    'get-market-list',
    'list',
    'The stores the orders can be filtered by',
    z.object({}),
    z.array(OrderMarket),
    (ctx) => marketList(ctx),
  );
  action(
    'get-cart-num',
    'list',
    "How many lines the seller's platform cart has",
    z.object({}),
    CartNum,
    (ctx) => cartNum(ctx),
  );
  action(
    'add-cart',
    'update',
    "Put the orders' items into the platform cart by SKU code; reports the items not found",
    OrderAddCartInput,
    OrderAddCartResult,
    addOrdersToCart,
  );
}
