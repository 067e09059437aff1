import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlRefundInput,
  EditOrderCustomsInput,
  FinishedSkuOption,
  FinishedSkuSearchQuery,
  LabelCheckInput,
  LabelReadiness,
  OrderCustoms,
  OrderCustomsQuery,
  OrderRefund,
  permOf,
  PrintLabelInput,
  RelationDeleteInput,
  RelationDeleteResult,
  RelationListQuery,
  RelationPage,
  RelationSaveInput,
  SkuRelation,
  UnmatchedSku,
  UnmatchedSkuQuery,
  UpdateLogisticsInput,
  UpdateLogisticsResult,
} from '@app/shared';
import type { App } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { idempotencyHeader, idempotent } from '../finance/index.ts';
import { editOrderCustoms, getOrderCustoms } from './customs.ts';
import { labelReadiness, printLabels } from './labels.ts';
import { refundOrder } from './refund.ts';
import {
  deleteRelations,
  listRelations,
  saveRelation,
  searchFinishedSkus,
  unmatchedSkus,
} from './relations.ts';
import { updateLogistics } from './update-logistics.ts';

const ORDERS_PAGE = '/newOrder';
const RELATION_PAGE = '/newOrder/relation';
const can = (action: string, page = ORDERS_PAGE): { access: Access } => ({
  access: { auth: 'user', perm: permOf(page, action) },
});
const tags = ['orders'];

/** Order documents (issue 7): customs, labels, SKU relations, buyer refunds, bulk logistics. */
export function registerOrderDocumentRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Customs
  route(
    r,
    {
      method: 'GET',
      url: '/api/cw-order/get-order-customs',
      tags,
      summary:
        "Each active item's customs declaration: saved values, else defaults from the matched finished product",
      querystring: OrderCustomsQuery,
      response: OrderCustoms,
      ...can('info'),
    },
    (ctx, input) => getOrderCustoms(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/edit-order-customs',
      tags,
      summary:
        'Save the customs declaration of items (422 naming items.N.field); written to the order log',
      body: EditOrderCustomsInput,
      response: OrderCustoms,
      ...can('update'),
    },
    (ctx, input) => editOrderCustoms(ctx, input),
  );

  // Shipping labels
  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/label-check',
      tags,
      summary: 'Whether each order can get a label (tracking number, address, status)',
      body: LabelCheckInput,
      response: z.array(LabelReadiness),
      ...can('logistics'),
    },
    (ctx, input) => labelReadiness(ctx, input),
  );
  r.post(
    '/api/cw-order/print-label',
    {
      schema: {
        tags,
        summary:
          'A PDF with one 100 x 150 mm label per order (Code 128 tracking barcode); 409 listing the orders that are not ready unless skip_missing',
        body: PrintLabelInput,
        produces: ['application/pdf'],
      },
      config: can('logistics'),
    },
    async (request, reply) => {
      const { pdf, skipped } = await printLabels(request.ctx, request.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="labels.pdf"')
        .header('cache-control', 'no-store')
        .header('x-skipped-orders', skipped.join(','))
        .send(Buffer.from(pdf));
    },
  );

  // SKU relations
  route(
    r,
    {
      method: 'GET',
      url: '/api/cw-order/relation-list',
      tags,
      summary: "The seller's marketplace SKU → finished SKU relations, newest first",
      querystring: RelationListQuery,
      response: RelationPage,
      ...can('list', RELATION_PAGE),
    },
    (ctx, input) => listRelations(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/cw-order/relation-unmatched',
      tags,
      summary:
        'SKUs of open orders matching no finished SKU code and no relation, with order counts',
      querystring: UnmatchedSkuQuery,
      response: z.array(UnmatchedSku),
      ...can('list', RELATION_PAGE),
    },
    (ctx, input) => unmatchedSkus(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/cw-order/relation-sku-search',
      tags,
      summary: "The seller's finished SKUs by code or product title, to relate to",
      querystring: FinishedSkuSearchQuery,
      response: z.array(FinishedSkuOption),
      ...can('list', RELATION_PAGE),
    },
    (ctx, input) => searchFinishedSkus(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/relation-save',
      tags,
      summary:
        "Relate a marketplace SKU to one of the seller's finished SKUs (saving it again re-points it)",
      body: RelationSaveInput,
      response: SkuRelation,
      ...can('add', RELATION_PAGE),
    },
    (ctx, input) => saveRelation(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/relation-delete',
      tags,
      summary: 'Delete relations; one result per id',
      body: RelationDeleteInput,
      response: RelationDeleteResult,
      ...can('delete', RELATION_PAGE),
    },
    (ctx, input) => deleteRelations(ctx, input),
  );

  // Refund
  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/al-refund',
      tags,
      summary:
        "Refund the order's buyer in full and cancel it (Idempotency-Key); a second refund is a 409",
      headers: idempotencyHeader,
      body: AlRefundInput,
      response: OrderRefund,
      ...can('refund'),
    },
    (_ctx, input, request) => idempotent(request, (ctx) => refundOrder(ctx, input)),
  );

  // Bulk logistics
  route(
    r,
    {
      method: 'POST',
      url: '/api/cw-order/update-logistics',
      tags,
      summary:
        'Set logistics from rows (order number, channel code, tracking number); one result per row',
      body: UpdateLogisticsInput,
      response: UpdateLogisticsResult,
      ...can('logistics'),
    },
    (ctx, input) => updateLogistics(ctx, input),
  );
}
