import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommonExport,
  DeleteExportTemplateInput,
  EmptyData,
  ExportDownloadQuery,
  ExportTemplate,
  IMPORT_MAX_BYTES,
  JobStarted,
  LANGUAGES,
  OrderExportInput,
  permOf,
  RemarkImportResult,
  SaveExportTemplateInput,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { ValidationError } from '../../errors.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import {
  commonExport,
  deleteExportTemplate,
  exportFile,
  saveExportTemplate,
  startOrderExport,
} from './export.ts';
import { importRemarks, importTemplate, startOrderImport } from './import.ts';

const ORDERS_PAGE = '/newOrder';
const FBA_PAGE = '/newOrder/FBAorder';
const can = (action: string, page = ORDERS_PAGE): { access: Access } => ({
  access: { auth: 'user', perm: permOf(page, action) },
});
const tags = ['orders'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The one file part (`file`) of a multipart request, buffered within the import size limit. */
async function readFilePart(
  scope: FastifyInstance,
  request: FastifyRequest,
): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) {
    throw new ValidationError({ file: 'common.multipart_file_field' });
  }
  const part = await request.file();
  if (!part || part.fieldname !== 'file')
    throw new ValidationError({ file: 'common.file_required' });
  try {
    return { bytes: await part.toBuffer(), filename: part.filename ?? '' };
  } catch (error) {
    if (error instanceof scope.multipartErrors.RequestFileTooLargeError) {
      throw new ValidationError({
        file: { key: 'uploads.file_too_large', params: { mb: IMPORT_MAX_BYTES / 1024 / 1024 } },
      });
    }
    throw error;
  }
}

/** Order export (xlsx jobs, templates) and import (orders and memos) of issue 7. */
export function registerOrderTransferRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(
    r,
    {
      method: 'GET',
      url: '/api/cw-order/get-common-export',
      tags,
      summary:
        "The export's column catalogue (zh and en labels, default on/off) and the seller's saved export templates",
      response: CommonExport,
      ...can('export'),
    },
    (ctx) => commonExport(ctx),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/export-template-save',
      tags,
      summary:
        'Save an export template (columns in order, one row per order or item); with `id` it replaces that template; 409 for a name in use',
      body: SaveExportTemplateInput,
      response: ExportTemplate,
      ...can('export'),
    },
    (ctx, input) => saveExportTemplate(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/export-template-delete',
      tags,
      summary: 'Delete an export template',
      body: DeleteExportTemplateInput,
      response: EmptyData,
      ...can('export'),
    },
    (ctx, input) => deleteExportTemplate(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/orders-export',
      tags,
      summary:
        'Queue an xlsx export of the orders of the desk filter (or of `ids` within it); progress at /api/jobs/:id, whose result has the download url',
      body: OrderExportInput,
      response: JobStarted,
      ...can('export'),
    },
    (ctx, input) => startOrderExport(ctx, deps.jobs, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/order/export',
      tags,
      summary: "The FBA order export: orders-export with Amazon's AFN orders fixed",
      body: OrderExportInput,
      response: JobStarted,
      ...can('export', FBA_PAGE),
    },
    (ctx, input) => startOrderExport(ctx, deps.jobs, input, { fba: true }),
  );

  r.get(
    '/api/cw-order/export-download',
    {
      schema: {
        tags,
        summary:
          "The xlsx of a finished export job of the actor's seller (404 for anyone else's; 409 while it runs)",
        querystring: ExportDownloadQuery,
        produces: [XLSX_TYPE],
      },
      config: {
        access: {
          auth: 'user',
          perm: { or: [permOf('/newOrder', 'export'), permOf('/newOrder/FBAorder', 'export')] },
        },
        tokenInQuery: true,
      },
    },
    async (request, reply) => {
      const file = await exportFile(request.ctx, deps.storage, request.query.job);
      return reply
        .type(XLSX_TYPE)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(file.name))
        .send(file.body);
    },
  );

  r.get(
    '/api/cw-order/import-template',
    {
      schema: {
        tags,
        summary: 'The order import template (xlsx): one row per item, the columns the import reads',
        // Default: the asker's language (a plain link sends the browser's, so the web names it).
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        produces: [XLSX_TYPE],
      },
      config: { ...can('import'), tokenInQuery: true },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? request.ctx.lang;
      return reply
        .type(XLSX_TYPE)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          attachment(lang === 'zh-CN' ? '订单导入模板.xlsx' : 'order-import-template.xlsx'),
        )
        .send(await importTemplate(lang));
    },
  );

  // Encapsulated, so multipart bodies (up to the import limit) are parsed for these routes only.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    route(
      scope,
      {
        method: 'POST',
        url: '/api/cw-order/upload-import',
        tags,
        summary:
          "Import orders from an xlsx or csv (multipart field `file`, the import template's columns) as a job; its result lists imported orders, duplicates and every bad row",
        consumes: ['multipart/form-data'],
        response: JobStarted,
        ...can('import'),
      },
      async (ctx, _input, request) =>
        startOrderImport(ctx, deps, await readFilePart(scope, request)),
    );
    route(
      scope,
      {
        method: 'POST',
        url: '/api/cw-order/remark-import',
        tags,
        summary:
          'Set memos from an xlsx or csv of order_number and memo (optional store); one result per row, each written and logged as save-order-memo does',
        consumes: ['multipart/form-data'],
        response: RemarkImportResult,
        ...can('memo'),
      },
      async (ctx, _input, request) => importRemarks(ctx, await readFilePart(scope, request)),
    );
  });
}
