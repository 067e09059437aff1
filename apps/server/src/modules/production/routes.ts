import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ExceptionInput,
  Factory,
  permOf,
  ProductionBatchResult,
  ProductionIdsInput,
  ProductionOrderDetail,
  ProductionPage,
  ProductionQuery,
  RefundInput,
  ResolveExceptionInput,
  ShipPackageInput,
  IdInput,
  IdQuery,
  IdsQuery,
  SHIP_IMPORT_MAX_BYTES,
  ShipImportResult,
} from '@app/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import { trackingDeps } from '../../integrations/tracking/index.ts';
import { ConflictError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { idempotencyHeader, idempotent } from '../finance/index.ts';
import { kickShipmentPushes } from '../orders/index.ts';
import {
  acceptOrders,
  markProduced,
  raiseException,
  refundOrder,
  resolveException,
} from './actions.ts';
import { listFactories } from './factories.ts';
import { orderById } from './orders.ts';
import { listProduction, productionInfo } from './read.ts';
import { pickListXlsx, printFileEntries } from './print.ts';
import { shipPackage } from './ship.ts';
import { startShipImport } from './ship-import.ts';
import { ValidationError } from '../../errors.ts';
import { streamZip } from '../../http/zip.ts';
import { pollParcels } from './tracking.ts';

const PAGE = '/sys/production';
/** The operator's permissions on the production desk (`sys:production:<action>`). */
export const PRODUCTION_PERMS = {
  list: permOf(PAGE, 'list'),
  info: permOf(PAGE, 'info'),
  accept: permOf(PAGE, 'accept'),
  print: permOf(PAGE, 'print'),
  produce: permOf(PAGE, 'produce'),
  ship: permOf(PAGE, 'ship'),
  exception: permOf(PAGE, 'exception'),
  refund: permOf(PAGE, 'refund'),
} as const;

const can = (perm: string): { access: Access } => ({ access: { auth: 'admin', perm } });
const tags = ['sys/production'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Downloads the console opens as links, which cannot send the token in a header. */
const download = (perm: string) => ({ ...can(perm), tokenInQuery: true });

/** `/api/sys/production/*`: the operator's production desk over every seller's purchase orders. */
export function registerProductionRoutes(app: App, deps: AppDeps): void {
  const tracking = trackingDeps(deps.config);
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/production/page',
      tags,
      summary: 'The production queue: purchase orders by status, seller, store, factory, date, SKU',
      querystring: ProductionQuery,
      response: ProductionPage,
      ...can(PRODUCTION_PERMS.list),
    },
    (ctx, input) => listProduction(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/production/info',
      tags,
      summary: 'One purchase order with lines, packages and tracking, log and marketplace orders',
      querystring: IdQuery,
      response: ProductionOrderDetail,
      ...can(PRODUCTION_PERMS.info),
    },
    (ctx, input) => productionInfo(ctx, input.id),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/production/factories',
      tags,
      summary: 'The factories and warehouses purchase orders are produced at',
      response: z.array(Factory),
      ...can(PRODUCTION_PERMS.list),
    },
    (ctx) => listFactories(ctx),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sys/production/pick-list',
    {
      schema: {
        tags,
        summary: 'The pick list of the chosen purchase orders (`?ids=1,2`) as xlsx',
        querystring: IdsQuery,
        produces: [XLSX],
      },
      config: download(PRODUCTION_PERMS.print),
    },
    async (request, reply) => {
      const body = await pickListXlsx(request.ctx, request.query.ids);
      return reply
        .type(XLSX)
        .header('content-disposition', 'attachment; filename="pick-list.xlsx"')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  r.get(
    '/api/sys/production/print-files',
    {
      schema: {
        tags,
        summary:
          'A zip of the print files of the chosen purchase orders, `<PO number>/<line>-<SKU>.<ext>`',
        querystring: IdsQuery,
        produces: ['application/zip'],
      },
      config: download(PRODUCTION_PERMS.print),
    },
    async (request, reply) => {
      const entries = await printFileEntries(request.ctx, deps.storage, request.query.ids);
      return streamZip(reply, 'print-files.zip', entries);
    },
  );
  // Encapsulated, so multipart bodies (one file, 5 MB) are parsed for this route only.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: SHIP_IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
    });
    route(
      scope,
      {
        method: 'POST',
        url: '/api/sys/production/ship-import',
        tags,
        summary:
          'Batch ship from an xlsx or csv (multipart `file`: PO number, carrier, tracking number, optional SKU and quantity) as a job; 422 names bad rows and keeps the good ones',
        consumes: ['multipart/form-data'],
        response: ShipImportResult,
        ...can(PRODUCTION_PERMS.ship),
      },
      async (ctx, _input, request) => {
        if (!request.isMultipart())
          throw new ValidationError({ file: 'common.multipart_file_field' });
        const part = await request.file();
        if (!part || part.fieldname !== 'file')
          throw new ValidationError({ file: 'common.file_required' });
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if (error instanceof scope.multipartErrors.RequestFileTooLargeError) {
            throw new ValidationError({
              file: {
                key: 'uploads.file_too_large',
                params: { mb: SHIP_IMPORT_MAX_BYTES / 1024 / 1024 },
              },
            });
          }
          throw error;
        }
        return startShipImport(ctx, deps.jobs, { bytes, filename: part.filename ?? '' });
      },
    );
  });
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/production/accept',
      tags,
      summary: 'Accept paid purchase orders into production; a result per id',
      body: ProductionIdsInput,
      response: ProductionBatchResult,
      ...can(PRODUCTION_PERMS.accept),
    },
    (ctx, input) => acceptOrders(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/production/produced',
      tags,
      summary: 'Mark purchase orders in production as produced; a result per id',
      body: ProductionIdsInput,
      response: ProductionBatchResult,
      ...can(PRODUCTION_PERMS.produce),
    },
    (ctx, input) => markProduced(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/production/ship',
      tags,
      summary:
        'Ship a package (carrier, tracking number, items); its tracking goes to the linked marketplace orders',
      body: ShipPackageInput,
      response: ProductionOrderDetail,
      ...can(PRODUCTION_PERMS.ship),
    },
    async (ctx, input) => {
      await shipPackage(ctx, input);
      // The tracking it handed to the marketplace orders goes out now, not at the minute sweep.
      await kickShipmentPushes(deps.jobs);
      return productionInfo(ctx, input.id);
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/production/track',
      tags,
      summary: "Ask the carrier about the order's open parcels now (the poll does it every minute)",
      body: IdInput,
      response: ProductionOrderDetail,
      ...can(PRODUCTION_PERMS.info),
    },
    async (ctx, input) => {
      await orderById(ctx, input.id);
      if (!tracking) throw new ConflictError('production.tracking_not_configured');
      await pollParcels({ db: ctx.db, log: ctx.log, ...tracking }, null, {
        purchaseOrderId: input.id,
      });
      return productionInfo(ctx, input.id);
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/production/exception',
      tags,
      summary: 'Flag a purchase order as an exception (lost, returned, damaged, stuck)',
      body: ExceptionInput,
      response: ProductionOrderDetail,
      ...can(PRODUCTION_PERMS.exception),
    },
    async (ctx, input) => {
      await raiseException(ctx, input);
      return productionInfo(ctx, input.id);
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/production/resolve',
      tags,
      summary: 'Resolve an exception: reprint (back to production) or refund an amount',
      headers: idempotencyHeader,
      body: ResolveExceptionInput,
      response: ProductionOrderDetail,
      ...can(PRODUCTION_PERMS.exception),
    },
    async (ctx, input, request) => {
      const { sellerId } = await orderById(ctx, input.id);
      await idempotent(request, (tx) => resolveException(tx, input), { sellerId });
      return productionInfo(ctx, input.id);
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/production/refund',
      tags,
      summary: "Refund part or all of a purchase order to the seller's balance (once per key)",
      headers: idempotencyHeader,
      body: RefundInput,
      response: ProductionOrderDetail,
      ...can(PRODUCTION_PERMS.refund),
    },
    async (ctx, input, request) => {
      const { sellerId } = await orderById(ctx, input.id);
      await idempotent(request, (tx) => refundOrder(tx, input), { sellerId });
      return productionInfo(ctx, input.id);
    },
  );
}
