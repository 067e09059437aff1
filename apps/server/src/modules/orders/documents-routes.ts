import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlRefundInput,
  EditOrderCustomsInput,
  envelopeOf,
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
import { ok } from '../../http/envelope.ts';
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
  r.get(
    '/api/cw-order/get-order-customs',
    {
      schema: {
        tags,
        summary:
          "Each active item's customs declaration: saved values, else defaults from the matched finished product",
        querystring: OrderCustomsQuery,
        response: { 200: envelopeOf(OrderCustoms) },
      },
      config: can('info'),
    },
    async (request) => ok(await getOrderCustoms(request.ctx, request.query)),
  );
  r.post(
    '/api/cw-order/edit-order-customs',
    {
      schema: {
        tags,
        summary:
          'Save the customs declaration of items (422 naming items.N.field); written to the order log',
        body: EditOrderCustomsInput,
        response: { 200: envelopeOf(OrderCustoms) },
      },
      config: can('update'),
    },
    async (request) => ok(await editOrderCustoms(request.ctx, request.body)),
  );

  // Shipping labels
  r.post(
    '/api/cw-order/label-check',
    {
      schema: {
        tags,
        summary: 'Whether each order can get a label (tracking number, address, status)',
        body: LabelCheckInput,
        response: { 200: envelopeOf(z.array(LabelReadiness)) },
      },
      config: can('logistics'),
    },
    async (request) => ok(await labelReadiness(request.ctx, request.body)),
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
  r.get(
    '/api/cw-order/relation-list',
    {
      schema: {
        tags,
        summary: "The seller's marketplace SKU → finished SKU relations, newest first",
        querystring: RelationListQuery,
        response: { 200: envelopeOf(RelationPage) },
      },
      config: can('list', RELATION_PAGE),
    },
    async (request) => ok(await listRelations(request.ctx, request.query)),
  );
  r.get(
    '/api/cw-order/relation-unmatched',
    {
      schema: {
        tags,
        summary:
          'SKUs of open orders matching no finished SKU code and no relation, with order counts',
        querystring: UnmatchedSkuQuery,
        response: { 200: envelopeOf(z.array(UnmatchedSku)) },
      },
      config: can('list', RELATION_PAGE),
    },
    async (request) => ok(await unmatchedSkus(request.ctx, request.query)),
  );
  r.get(
    '/api/cw-order/relation-sku-search',
    {
      schema: {
        tags,
        summary: "The seller's finished SKUs by code or product title, to relate to",
        querystring: FinishedSkuSearchQuery,
        response: { 200: envelopeOf(z.array(FinishedSkuOption)) },
      },
      config: can('list', RELATION_PAGE),
    },
    async (request) => ok(await searchFinishedSkus(request.ctx, request.query)),
  );
  r.post(
    '/api/cw-order/relation-save',
    {
      schema: {
        tags,
        summary:
          "Relate a marketplace SKU to one of the seller's finished SKUs (saving it again re-points it)",
        body: RelationSaveInput,
        response: { 200: envelopeOf(SkuRelation) },
      },
      config: can('add', RELATION_PAGE),
    },
    async (request) => ok(await saveRelation(request.ctx, request.body)),
  );
  r.post(
    '/api/cw-order/relation-delete',
    {
      schema: {
        tags,
        summary: 'Delete relations; one result per id',
        body: RelationDeleteInput,
        response: { 200: envelopeOf(RelationDeleteResult) },
      },
      config: can('delete', RELATION_PAGE),
    },
    async (request) => ok(await deleteRelations(request.ctx, request.body)),
  );

  // Refund
  r.post(
    '/api/cw-order/al-refund',
    {
      schema: {
        tags,
        summary:
          "Refund the order's buyer in full and cancel it (Idempotency-Key); a second refund is a 409",
        headers: idempotencyHeader,
        body: AlRefundInput,
        response: { 200: envelopeOf(OrderRefund) },
      },
      config: can('refund'),
    },
    async (request) => ok(await idempotent(request, (ctx) => refundOrder(ctx, request.body))),
  );

  // Bulk logistics
  r.post(
    '/api/cw-order/update-logistics',
    {
      schema: {
        tags,
        summary:
          'Set logistics from rows (order number, channel code, tracking number); one result per row',
        body: UpdateLogisticsInput,
        response: { 200: envelopeOf(UpdateLogisticsResult) },
      },
      config: can('logistics'),
    },
    async (request) => ok(await updateLogistics(request.ctx, request.body)),
  );
}
