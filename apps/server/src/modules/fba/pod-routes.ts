import type { FastifyRequest } from 'fastify';
import { sendPdf } from '../../http/pdf.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FbaPodBoxLabelQuery,
  FbaPodDesk,
  FbaPodListInput,
  FbaPodMark,
  FbaPodOrder,
  FbaPodPackInput,
  FbaPodPage,
  FbaPodProduct,
  FbaPodProductLabelQuery,
  FbaPodProductsInput,
  FbaPodQuote,
  FbaPodQuoteInput,
  FbaPodShipInput,
  FbaPodSubmitInput,
  IdInput,
  IdQuery,
  IdsQuery,
  permOf,
  type PermRequirement,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import { idempotencyHeader, idempotent, payPasswordCheck } from '../finance/index.ts';
import type { MarketCtx } from '../markets/service.ts';
import {
  makePlan,
  packPod,
  podBoxLabels,
  podDesk,
  podMarks,
  podProductLabels,
  shipPod,
} from './pod-desk.ts';
import { podList, podProducts, podQuote, podSubmit } from './pod.ts';

const PAGE = '/newOrder/FBAshipments';
const DESK = '/sys/production';
const PAY = permOf('/my/accountPay', 'pay');
const seller = (perm: PermRequirement): { access: Access } => ({ access: { auth: 'user', perm } });
const operator = (action: string): { access: Access } => ({
  access: { auth: 'admin', perm: permOf(DESK, action) },
});
const tags = ['fba'];
const deskTags = ['sys/production'];

/**
 * POD to FBA (issue 21): the seller's purchase from the FBA shipments page (`/api/fba/pod-*`)
 * and the production desk's packing, plan, labels and shipping (`/api/sys/production/fba-*`).
 */
export function registerFbaPodRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const box = storeSecretBox(deps.config);
  const checkPayPassword = payPasswordCheck(app);
  const market = (request: FastifyRequest): MarketCtx => ({
    ...request.ctx,
    connectors: deps.connectors,
    box,
  });

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/pod-products',
      tags,
      summary:
        "POD to FBA: the seller's finished SKUs for a store, with the FNSKU Amazon gave each",
      body: FbaPodProductsInput,
      response: z.array(FbaPodProduct),
      ...seller(permOf(PAGE, 'add')),
    },
    (ctx, input) => podProducts(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/pod-quote',
      tags,
      summary: 'POD to FBA: what producing these SKUs for the store costs now, and the balance',
      body: FbaPodQuoteInput,
      response: FbaPodQuote,
      ...seller(permOf(PAGE, 'add')),
    },
    (ctx, input) => podQuote(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/pod-submit',
      tags,
      summary:
        'POD to FBA: buy the products (a purchase order paid from the balance with the pay password) for production and FBA; once per Idempotency-Key',
      headers: idempotencyHeader,
      body: FbaPodSubmitInput,
      response: FbaPodOrder,
      ...seller({ and: [permOf(PAGE, 'add'), PAY] }),
    },
    async (_ctx, input, request) => {
      await checkPayPassword(request, input.pay_password);
      return idempotent(request, (ctx) =>
        podSubmit(ctx, {
          market_id: input.market_id,
          items: input.items,
          total_minor: input.total_minor,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/pod-list',
      tags,
      summary: "POD to FBA: the seller's orders, from production to Amazon closing the shipments",
      body: FbaPodListInput,
      response: FbaPodPage,
      ...seller(permOf(PAGE, 'list')),
    },
    (ctx, input) => podList(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/sys/production/fba-marks',
      tags: deskTags,
      summary: 'Which of these purchase orders (`?ids=1,2`) go to FBA, and their stage',
      querystring: IdsQuery,
      response: z.array(FbaPodMark),
      ...operator('list'),
    },
    (_ctx, input, request) => podMarks(market(request), input.ids),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/sys/production/fba-info',
      tags: deskTags,
      summary: "An FBA-bound purchase order's SKUs with FNSKU, boxes, and its inbound plan",
      querystring: IdQuery,
      response: FbaPodDesk,
      ...operator('info'),
    },
    (_ctx, input, request) => podDesk(market(request), input.id),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/sys/production/fba-pack',
      tags: deskTags,
      summary:
        'Pack an FBA-bound purchase order into boxes (contents, size, weight; where they leave from) and make the inbound plan of them',
      body: FbaPodPackInput,
      response: FbaPodDesk,
      ...operator('ship'),
    },
    async (_ctx, input, request) => {
      await packPod(market(request), input);
      return podDesk(market(request), input.id);
    },
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/sys/production/fba-plan',
      tags: deskTags,
      summary: "Resume making a packed order's inbound plan after Amazon refused a step",
      body: IdInput,
      response: FbaPodDesk,
      ...operator('ship'),
    },
    async (_ctx, input, request) => {
      await makePlan(market(request), input.id);
      return podDesk(market(request), input.id);
    },
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/sys/production/fba-ship',
      tags: deskTags,
      summary:
        "Ship one of the plan's shipments: a tracking number per box to Amazon, each box a package on the desk",
      body: FbaPodShipInput,
      response: FbaPodDesk,
      ...operator('ship'),
    },
    async (_ctx, input, request) => {
      await shipPod(market(request), input);
      return podDesk(market(request), input.id);
    },
  );
  r.get(
    '/api/sys/production/fba-box-label',
    {
      schema: {
        tags: deskTags,
        summary: "An FBA-bound purchase order's box labels for one shipment, as Amazon makes them",
        querystring: FbaPodBoxLabelQuery,
        produces: ['application/pdf'],
      },
      config: operator('print'),
    },
    async (request, reply) => {
      const { filename, pdf } = await podBoxLabels(market(request), request.query);
      return sendPdf(reply, filename, pdf);
    },
  );
  r.get(
    '/api/sys/production/fba-product-label',
    {
      schema: {
        tags: deskTags,
        summary: "An FBA-bound purchase order's FNSKU labels, one per unit, on the chosen sheet",
        querystring: FbaPodProductLabelQuery,
        produces: ['application/pdf'],
      },
      config: operator('print'),
    },
    async (request, reply) => {
      const { filename, pdf } = await podProductLabels(market(request), request.query);
      return sendPdf(reply, filename, pdf);
    },
  );
}
