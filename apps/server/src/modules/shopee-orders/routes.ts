import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderMarket,
  permOf,
  ShopeeAddNoteInput,
  ShopeeFirstMileBindInput,
  ShopeeFirstMileChannel,
  ShopeeFirstMileChannelsQuery,
  ShopeeFirstMileResult,
  ShopeeFirstMileUnbindInput,
  ShopeeGetLabelQuery,
  ShopeeInitLogisticsInput,
  ShopeeLogisticsPage,
  ShopeeLogisticsQuery,
  ShopeeLogisticsSynchroInput,
  ShopeeLogisticsSynchroResult,
  ShopeeOrder,
  ShopeeOrderIdInput,
  ShopeeOrderIndexQuery,
  ShopeeOrderPage,
  ShopeePack,
  ShopeePackCreateInput,
  ShopeePackListQuery,
  ShopeePackPage,
  ShopeePackStore,
  ShopeePackStoreQuery,
  ShopeePackUpdateInput,
  ShopeePurchaseInput,
  ShopeePurchaseResult,
  ShopeeShippingParameter,
  ShopeeSynchroInput,
  ShopeeSynchroResult,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import type { MarketCtx } from '../markets/service.ts';
import { listChannels, synchroChannels } from './logistics.ts';
import {
  addNote,
  firstMileBind,
  firstMileChannels,
  firstMileUnbind,
  getLabel,
  indexShopeeOrders,
  initLogistics,
  purchaseShopeeOrders,
  shippingParameter,
  shopeeStores,
  synchroShopeeOrders,
} from './orders.ts';
import { createPack, listPackStores, listPacks, updatePack } from './packs.ts';

const PAGE = '/newOrder/shopee';
const can = (action: string): { access: Access } => ({
  access: { auth: 'user', perm: permOf(PAGE, action) },
});
const tags = ['shopee-orders'];

/** Shopee orders, logistics channels and packs (spec 7 "Shopee", issue 7). */
export function registerShopeeOrderRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const box = storeSecretBox(deps.config);
  const market = (request: FastifyRequest): MarketCtx => ({
    ...request.ctx,
    connectors: deps.connectors,
    box,
  });

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/index',
      tags,
      summary:
        "The seller's Shopee orders with paging, filters and the Shopee side (package, logistics, label, first mile, note)",
      body: ShopeeOrderIndexQuery,
      response: ShopeeOrderPage,
      ...can('list'),
    },
    (ctx, input) => indexShopeeOrders(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/get-store-list',
      tags,
      summary: "The actor's Shopee stores, for filters and dialogs (beyond the spec)",
      body: z.object({}),
      response: z.array(OrderMarket),
      ...can('list'),
    },
    (ctx) => shopeeStores(ctx),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/synchro',
      tags,
      summary:
        "Queue the orders module's sync for one Shopee store or every switched-on one; progress at /api/jobs/:id",
      body: ShopeeSynchroInput,
      response: ShopeeSynchroResult,
      ...can('update'),
    },
    (ctx, input) => synchroShopeeOrders(ctx, deps.jobs, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/add-note',
      tags,
      summary: "Set the order's note on Shopee (v2.order.set_note) and here; logged",
      body: ShopeeAddNoteInput,
      response: ShopeeOrder,
      ...can('update'),
    },
    (_ctx, input, request) => addNote(market(request), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/shipping-parameter',
      tags,
      summary:
        'What arranging the shipment takes (v2.logistics.get_shipping_parameter): methods, pickup addresses and time slots (beyond the spec)',
      body: ShopeeOrderIdInput,
      response: ShopeeShippingParameter,
      ...can('logistics'),
    },
    (_ctx, input, request) => shippingParameter(market(request), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/init-logistics',
      tags,
      summary:
        'Arrange the shipment (v2.logistics.ship_order: pickup, dropoff or own carrier); saves the tracking number, desk status 30',
      body: ShopeeInitLogisticsInput,
      response: ShopeeOrder,
      ...can('logistics'),
    },
    (_ctx, input, request) => initLogistics(market(request), input),
  );

  r.get(
    '/api/shopee/order/get-label',
    {
      schema: {
        tags,
        summary:
          'Create, wait for and download the shipping document (create/get_result/download_shipping_document) as a PDF',
        querystring: ShopeeGetLabelQuery,
        produces: ['application/pdf'],
      },
      config: can('logistics'),
    },
    async (request, reply) => {
      const { filename, pdf } = await getLabel(market(request), request.query);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/first-mile-channels',
      tags,
      summary:
        "A Shopee store's first-mile channels (v2.first_mile.get_channel_list, beyond the spec)",
      body: ShopeeFirstMileChannelsQuery,
      response: z.array(ShopeeFirstMileChannel),
      ...can('logistics'),
    },
    (_ctx, input, request) => firstMileChannels(market(request), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/first-mile-bind',
      tags,
      summary:
        'Bind orders of one store to a first-mile tracking number (generated when none is given); one result per order',
      body: ShopeeFirstMileBindInput,
      response: ShopeeFirstMileResult,
      ...can('logistics'),
    },
    (_ctx, input, request) => firstMileBind(market(request), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/first-mile-unbind',
      tags,
      summary: 'Unbind orders from their first-mile tracking numbers; one result per order',
      body: ShopeeFirstMileUnbindInput,
      response: ShopeeFirstMileResult,
      ...can('logistics'),
    },
    (_ctx, input, request) => firstMileUnbind(market(request), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/order/purchase',
      tags,
      summary:
        "Buy the orders' goods from the platform: the order desk's add-cart, one result per item",
      body: ShopeePurchaseInput,
      response: ShopeePurchaseResult,
      ...can('update'),
    },
    (ctx, input) => purchaseShopeeOrders(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/logistics/index',
      tags,
      summary: "Cached logistics channels of the seller's Shopee stores, 100 per page (spec 9)",
      body: ShopeeLogisticsQuery,
      response: ShopeeLogisticsPage,
      ...can('list'),
    },
    (ctx, input) => listChannels(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/logistics/synchro',
      tags,
      summary: "Refresh a store's channels from v2.logistics.get_channel_list",
      body: ShopeeLogisticsSynchroInput,
      response: ShopeeLogisticsSynchroResult,
      ...can('logistics'),
    },
    (_ctx, input, request) => synchroChannels(market(request), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/pack/index',
      tags,
      summary: "The seller's packs, newest first (beyond the spec)",
      body: ShopeePackListQuery,
      response: ShopeePackPage,
      ...can('list'),
    },
    (ctx, input) => listPacks(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/shopee/pack/get-store',
      tags,
      summary: 'The first-mile warehouses packs are sent to, optionally of one region',
      querystring: ShopeePackStoreQuery,
      response: z.array(ShopeePackStore),
      ...can('list'),
    },
    (ctx, input) => listPackStores(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/pack/create',
      tags,
      summary:
        'A pack of Shopee orders: shopee_order_pack_store_id, tracking_no, note, iamges (up to 9 of your uploads), order_ids',
      body: ShopeePackCreateInput,
      response: ShopeePack,
      ...can('pack'),
    },
    (ctx, input) => createPack(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/shopee/pack/update',
      tags,
      summary: 'Change a pack: the same fields, its orders replaced by order_ids',
      body: ShopeePackUpdateInput,
      response: ShopeePack,
      ...can('pack'),
    },
    (ctx, input) => updatePack(ctx, input),
  );
}
