import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderBatchResult,
  permOf,
  SaveBatchLogisticsInput,
  TemuPoShippingServiceList,
  TemuPoStoreList,
  TemuPoWarehouseList,
  TemuShippingServicesInput,
  TemuStoreQuery,
  TemuSubAccountAuthorizationInput,
  TemuSubUserList,
  TemuSupplierList,
  TemuSupplierQuery,
  TemuSupplierStoreInput,
  TemuWarehouseAddressQuery,
  TemuWarehouseWithAddress,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import type { MarketCtx } from '../markets/service.ts';
import { kickShipmentPushes } from '../orders/index.ts';
import {
  authorizeSubAccounts,
  bindSupplier,
  listShippingServices,
  listSubUsers,
  listSuppliers,
  listTemuStores,
  listWarehouses,
  saveTemuLogistics,
  unlinkSupplier,
  warehouseAddress,
} from './service.ts';

/** The Temu cloud warehouse's purchase-order permission (spec names no page of its own). */
const PO = permOf('/goods/temuyun', 'po');
const po: { access: Access } = { access: { auth: 'user', perm: PO } };
const tags = ['temu-po'];
const BASE = '/api/temu/po';

/** Temu purchase orders (spec 7 "Temu listings and purchase orders", issue 20). */
export function registerTemuPoRoutes(app: App, deps: AppDeps): void {
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
      method: 'GET',
      url: `${BASE}/getSuppliersList`,
      tags,
      summary:
        "The platform's suppliers (its factories), each with the actor's Temu stores bound to it",
      querystring: TemuSupplierQuery,
      response: TemuSupplierList,
      ...po,
    },
    (ctx, input) => listSuppliers(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: `${BASE}/getTemuStoreList`,
      tags,
      summary: "The actor's Temu stores with the suppliers bound to each",
      response: TemuPoStoreList,
      ...po,
    },
    (ctx) => listTemuStores(ctx),
  );
  route(
    r,
    {
      method: 'POST',
      url: `${BASE}/bindSupplierStoreRelation`,
      tags,
      summary: 'Bind a supplier to a Temu store (409 when bound already)',
      body: TemuSupplierStoreInput,
      response: z.null(),
      ...po,
    },
    async (ctx, input) => {
      await bindSupplier(ctx, input);
      return null;
    },
  );
  route(
    r,
    {
      method: 'POST',
      url: `${BASE}/unlinkSupplierStoreRelation`,
      tags,
      summary: 'Unlink a supplier from a Temu store (404 when not bound)',
      body: TemuSupplierStoreInput,
      response: z.null(),
      ...po,
    },
    async (ctx, input) => {
      await unlinkSupplier(ctx, input);
      return null;
    },
  );
  route(
    r,
    {
      method: 'GET',
      url: `${BASE}/getSubUserListByPid`,
      tags,
      summary: "The seller's sub-accounts (staff) and whether each may work the Temu store",
      querystring: TemuStoreQuery,
      response: TemuSubUserList,
      ...po,
    },
    (ctx, input) => listSubUsers(ctx, input.store_id),
  );
  route(
    r,
    {
      method: 'POST',
      url: `${BASE}/subAccountAuthorizationSubmit`,
      tags,
      summary:
        "Set which sub-accounts may work the Temu store (replaces the store's list, as the store list's staff assignment does)",
      body: TemuSubAccountAuthorizationInput,
      response: TemuSubUserList,
      // Staff management is the boss's: a staff member never widens anyone's store scope.
      access: { auth: 'user', perm: PO, boss: true },
    },
    (ctx, input) => authorizeSubAccounts(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: `${BASE}/getWareHouse`,
      tags,
      summary: "The store's Temu warehouses (bg.logistics.warehouse.list.get)",
      querystring: TemuStoreQuery,
      response: TemuPoWarehouseList,
      ...po,
    },
    (_ctx, input, request) => listWarehouses(market(request), input.store_id),
  );
  route(
    r,
    {
      method: 'GET',
      url: `${BASE}/get-warehouse-address`,
      tags,
      summary: "One of the store's Temu warehouses with its address",
      querystring: TemuWarehouseAddressQuery,
      response: TemuWarehouseWithAddress,
      ...po,
    },
    (_ctx, input, request) => warehouseAddress(market(request), input),
  );
  route(
    r,
    {
      method: 'POST',
      url: `${BASE}/getShippingServices`,
      tags,
      summary:
        "The shipping services Temu offers for the store's orders from a warehouse (bg.logistics.shippingservices.get)",
      body: TemuShippingServicesInput,
      response: TemuPoShippingServiceList,
      ...po,
    },
    (_ctx, input, request) => listShippingServices(market(request), input),
  );
  route(
    r,
    {
      method: 'POST',
      url: `${BASE}/batchSaveLogistics`,
      tags,
      summary:
        'Set logistics on several Temu orders (the order desk batch); Temu is told by the shipment push',
      body: SaveBatchLogisticsInput,
      response: OrderBatchResult,
      ...po,
    },
    async (ctx, input) => {
      const result = await saveTemuLogistics(ctx, input);
      await kickShipmentPushes(deps.jobs);
      return result;
    },
  );
}
