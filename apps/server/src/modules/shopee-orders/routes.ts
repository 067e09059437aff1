import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
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
import { ok } from '../../http/envelope.ts';
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

  r.post(
    '/api/shopee/order/index',
    {
      schema: {
        tags,
        summary:
          "The seller's Shopee orders with paging, filters and the Shopee side (package, logistics, label, first mile, note)",
        body: ShopeeOrderIndexQuery,
        response: { 200: envelopeOf(ShopeeOrderPage) },
      },
      config: can('list'),
    },
    async (request) => ok(await indexShopeeOrders(request.ctx, request.body)),
  );

  r.post(
    '/api/shopee/order/get-store-list',
    {
      schema: {
        tags,
        summary: "The actor's Shopee stores, for filters and dialogs (beyond the spec)",
        body: z.object({}),
        response: { 200: envelopeOf(z.array(OrderMarket)) },
      },
      config: can('list'),
    },
    async (request) => ok(await shopeeStores(request.ctx)),
  );

  r.post(
    '/api/shopee/order/synchro',
    {
      schema: {
        tags,
        summary:
          "Queue the orders module's sync for one Shopee store or every switched-on one; progress at /api/jobs/:id",
        body: ShopeeSynchroInput,
        response: { 200: envelopeOf(ShopeeSynchroResult) },
      },
      config: can('update'),
    },
    async (request) => ok(await synchroShopeeOrders(request.ctx, deps.jobs, request.body)),
  );

  r.post(
    '/api/shopee/order/add-note',
    {
      schema: {
        tags,
        summary: "Set the order's note on Shopee (v2.order.set_note) and here; logged",
        body: ShopeeAddNoteInput,
        response: { 200: envelopeOf(ShopeeOrder) },
      },
      config: can('update'),
    },
    async (request) => ok(await addNote(market(request), request.body)),
  );

  r.post(
    '/api/shopee/order/shipping-parameter',
    {
      schema: {
        tags,
        summary:
          'What arranging the shipment takes (v2.logistics.get_shipping_parameter): methods, pickup addresses and time slots (beyond the spec)',
        body: ShopeeOrderIdInput,
        response: { 200: envelopeOf(ShopeeShippingParameter) },
      },
      config: can('logistics'),
    },
    async (request) => ok(await shippingParameter(market(request), request.body)),
  );

  r.post(
    '/api/shopee/order/init-logistics',
    {
      schema: {
        tags,
        summary:
          'Arrange the shipment (v2.logistics.ship_order: pickup, dropoff or own carrier); saves the tracking number, desk status 30',
        body: ShopeeInitLogisticsInput,
        response: { 200: envelopeOf(ShopeeOrder) },
      },
      config: can('logistics'),
    },
    async (request) => ok(await initLogistics(market(request), request.body)),
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

  r.post(
    '/api/shopee/order/first-mile-channels',
    {
      schema: {
        tags,
        summary:
          "A Shopee store's first-mile channels (v2.first_mile.get_channel_list, beyond the spec)",
        body: ShopeeFirstMileChannelsQuery,
        response: { 200: envelopeOf(z.array(ShopeeFirstMileChannel)) },
      },
      config: can('logistics'),
    },
    async (request) => ok(await firstMileChannels(market(request), request.body)),
  );

  r.post(
    '/api/shopee/order/first-mile-bind',
    {
      schema: {
        tags,
        summary:
          'Bind orders of one store to a first-mile tracking number (generated when none is given); one result per order',
        body: ShopeeFirstMileBindInput,
        response: { 200: envelopeOf(ShopeeFirstMileResult) },
      },
      config: can('logistics'),
    },
    async (request) => ok(await firstMileBind(market(request), request.body)),
  );

  r.post(
    '/api/shopee/order/first-mile-unbind',
    {
      schema: {
        tags,
        summary: 'Unbind orders from their first-mile tracking numbers; one result per order',
        body: ShopeeFirstMileUnbindInput,
        response: { 200: envelopeOf(ShopeeFirstMileResult) },
      },
      config: can('logistics'),
    },
    async (request) => ok(await firstMileUnbind(market(request), request.body)),
  );

  r.post(
    '/api/shopee/order/purchase',
    {
      schema: {
        tags,
        summary:
          "Buy the orders' goods from the platform: the order desk's add-cart, one result per item",
        body: ShopeePurchaseInput,
        response: { 200: envelopeOf(ShopeePurchaseResult) },
      },
      config: can('update'),
    },
    async (request) => ok(await purchaseShopeeOrders(request.ctx, request.body)),
  );

  r.post(
    '/api/shopee/logistics/index',
    {
      schema: {
        tags,
        summary: "Cached logistics channels of the seller's Shopee stores, 100 per page (spec 9)",
        body: ShopeeLogisticsQuery,
        response: { 200: envelopeOf(ShopeeLogisticsPage) },
      },
      config: can('list'),
    },
    async (request) => ok(await listChannels(request.ctx, request.body)),
  );

  r.post(
    '/api/shopee/logistics/synchro',
    {
      schema: {
        tags,
        summary: "Refresh a store's channels from v2.logistics.get_channel_list",
        body: ShopeeLogisticsSynchroInput,
        response: { 200: envelopeOf(ShopeeLogisticsSynchroResult) },
      },
      config: can('logistics'),
    },
    async (request) => ok(await synchroChannels(market(request), request.body)),
  );

  r.post(
    '/api/shopee/pack/index',
    {
      schema: {
        tags,
        summary: "The seller's packs, newest first (beyond the spec)",
        body: ShopeePackListQuery,
        response: { 200: envelopeOf(ShopeePackPage) },
      },
      config: can('list'),
    },
    async (request) => ok(await listPacks(request.ctx, request.body)),
  );

  r.get(
    '/api/shopee/pack/get-store',
    {
      schema: {
        tags,
        summary: 'The first-mile warehouses packs are sent to, optionally of one region',
        querystring: ShopeePackStoreQuery,
        response: { 200: envelopeOf(z.array(ShopeePackStore)) },
      },
      config: can('list'),
    },
    async (request) => ok(await listPackStores(request.ctx, request.query)),
  );

  r.post(
    '/api/shopee/pack/create',
    {
      schema: {
        tags,
        summary:
          'A pack of Shopee orders: shopee_order_pack_store_id, tracking_no, note, iamges (up to 9 of your uploads), order_ids',
        body: ShopeePackCreateInput,
        response: { 200: envelopeOf(ShopeePack) },
      },
      config: can('pack'),
    },
    async (request) => ok(await createPack(request.ctx, request.body)),
  );

  r.post(
    '/api/shopee/pack/update',
    {
      schema: {
        tags,
        summary: 'Change a pack: the same fields, its orders replaced by order_ids',
        body: ShopeePackUpdateInput,
        response: { 200: envelopeOf(ShopeePack) },
      },
      config: can('pack'),
    },
    async (request) => ok(await updatePack(request.ctx, request.body)),
  );
}
