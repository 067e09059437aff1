import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InventoryCategory,
  InventoryExportInput,
  InventoryFactory,
  InventoryPage,
  InventoryQuery,
  InventorySyncInput,
  InventorySyncResult,
  permOf,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import type { MarketCtx } from '../markets/service.ts';
import { inventoryWorkbook } from './export.ts';
import {
  inventoryCategories,
  inventoryFactories,
  listInventory,
  syncFbaInventory,
} from './service.ts';

const PAGE = '/newOrder/inventoryCheck';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const can = (action: string): { access: Access } => ({
  access: { auth: 'user', perm: permOf(PAGE, action) },
});
const tags = ['inventory'];

/**
 * Inventory (spec /api/inventory/*, issue 21): stock per SKU at Amazon (FBA), at the factory and
 * in each store's listings, with days of cover and replenishment; its filters; the xlsx export.
 */
export function registerInventoryRoutes(app: App, deps: AppDeps): void {
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
      url: '/api/inventory/index',
      tags,
      summary:
        'Stock per SKU (FBA, factory, listings) with days of cover, low-stock flags and replenishment; filters keyword, market_id, category_id, low_stock',
      body: InventoryQuery,
      response: InventoryPage,
      ...can('list'),
    },
    (ctx, input) => listInventory(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/inventory/sync',
      tags,
      summary:
        "Reads FBA stock from Amazon's FBA Inventory API for the actor's Amazon stores (beyond the spec)",
      body: InventorySyncInput,
      response: InventorySyncResult,
      ...can('list'),
    },
    (_ctx, input, request) => syncFbaInventory(market(request), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/inventory/factories',
      tags,
      summary: "The platform's factories, with the blanks on hand for the actor's SKUs",
      body: z.object({}),
      response: z.array(InventoryFactory),
      ...can('list'),
    },
    (ctx) => inventoryFactories(ctx),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/inventory/getAllCategories',
      tags,
      summary: "The categories of the actor's stocked SKUs, for the filter",
      body: z.object({}),
      response: z.array(InventoryCategory),
      ...can('list'),
    },
    (ctx) => inventoryCategories(ctx),
  );

  r.post(
    '/api/inventory/export',
    {
      schema: {
        tags,
        summary: 'The inventory list with its filters, every page, as xlsx',
        body: InventoryExportInput,
        produces: [XLSX],
      },
      config: can('export'),
    },
    async (request, reply) => {
      const bytes = await inventoryWorkbook(request.ctx, request.body);
      return reply
        .type(XLSX)
        .header('content-disposition', 'attachment; filename="inventory.xlsx"')
        .send(bytes);
    },
  );
}
