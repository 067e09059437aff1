import type { FastifyRequest } from 'fastify';
import { sendPdf } from '../../http/pdf.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FbaBoxLabelQuery,
  FbaBoxesInput,
  FbaContentConfirmInput,
  FbaContentInput,
  FbaCreateInput,
  FbaKuaidi,
  FbaKuaidiInput,
  FbaListQuery,
  FbaPackingInput,
  FbaPlacementInput,
  FbaPlan,
  FbaPlanPage,
  FbaProductLabelQuery,
  FbaTrackingInput,
  FbaTransportInput,
  IdInput,
  OrderMarket,
  permOf,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import { createTrackingProvider } from '../../integrations/tracking/index.ts';
import type { MarketCtx } from '../markets/service.ts';
import { confirmContent, editBoxes, previewContent } from './edit.ts';
import { planTracking } from './kuaidi.ts';
import { registerFbaPodRoutes } from './pod-routes.ts';
import { boxLabels, productLabels } from './labels.ts';
import { fbaDetail, fbaStores, listFba } from './service.ts';
import { cancelPlan, syncPlan } from './sync.ts';
import {
  confirmPlacement,
  confirmTransport,
  createPlan,
  setPacking,
  setTracking,
} from './wizard.ts';

const PAGE = '/newOrder/FBAshipments';
const can = (action: string): { access: Access } => ({
  access: { auth: 'user', perm: permOf(PAGE, action) },
});
const tags = ['fba'];

/**
 * FBA inbound shipments (spec /api/fba/*, issue 21): the list and detail, the wizard's steps
 * (each calls Amazon and polls its operations to the end before answering), sync, cancel and
 * the labels.
 */
export function registerFbaRoutes(app: App, deps: AppDeps): void {
  registerFbaPodRoutes(app, deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const box = storeSecretBox(deps.config);
  const tracking = createTrackingProvider(deps.config);
  const market = (request: FastifyRequest): MarketCtx => ({
    ...request.ctx,
    connectors: deps.connectors,
    box,
  });
  const detailAfter =
    <T extends { id: number }>(work: (ctx: MarketCtx, input: T) => Promise<unknown>) =>
    async (_ctx: unknown, input: T, request: FastifyRequest) => {
      await work(market(request), input);
      return fbaDetail(request.ctx, input.id);
    };

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/list',
      tags,
      summary:
        'FBA inbound plans with their shipments; filters market_id, shipment_id (FBA…), order_number, status, start_time, end_time',
      body: FbaListQuery,
      response: FbaPlanPage,
      ...can('list'),
    },
    (ctx, input) => listFba(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/stores',
      tags,
      summary: "The actor's Amazon stores, for filters and the wizard (beyond the spec)",
      body: z.object({}),
      response: z.array(OrderMarket),
      ...can('list'),
    },
    (ctx) => fbaStores(ctx),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/detail',
      tags,
      summary:
        'One FBA plan: items, boxes, what Amazon offers at its step, shipments and their history',
      body: IdInput,
      response: FbaPlan,
      ...can('info'),
    },
    (ctx, input) => fbaDetail(ctx, input.id),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/create',
      tags,
      summary: 'Wizard step 1: create the inbound plan at Amazon and fetch its packing options',
      body: FbaCreateInput,
      response: FbaPlan,
      ...can('add'),
    },
    async (ctx, input, request) => fbaDetail(ctx, await createPlan(market(request), input)),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/packing',
      tags,
      summary:
        'Wizard step 2: confirm a packing option, send the boxes (size, weight, contents), fetch placement options',
      body: FbaPackingInput,
      response: FbaPlan,
      ...can('add'),
    },
    detailAfter(setPacking),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/placement',
      tags,
      summary:
        'Wizard step 3: confirm a placement option (Amazon makes the shipments), fetch transportation options',
      body: FbaPlacementInput,
      response: FbaPlan,
      ...can('add'),
    },
    detailAfter(confirmPlacement),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/transport',
      tags,
      summary:
        "Wizard step 4: a carrier per shipment (Amazon's partner, or the seller's own with the earliest delivery window)",
      body: FbaTransportInput,
      response: FbaPlan,
      ...can('add'),
    },
    detailAfter(confirmTransport),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/tracking',
      tags,
      summary: "Tracking numbers of an own-carrier shipment's boxes (beyond the spec)",
      body: FbaTrackingInput,
      response: FbaPlan,
      ...can('update'),
    },
    detailAfter(setTracking),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/boxes',
      tags,
      summary:
        'Edit the boxes before a placement is confirmed (packing information again, new placement options); Amazon refuses it after',
      body: FbaBoxesInput,
      response: FbaPlan,
      ...can('update'),
    },
    detailAfter(editBoxes),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/content-preview',
      tags,
      summary:
        "Edit a shipment's boxes and quantities once its carrier is confirmed: Amazon prices the change (content update preview)",
      body: FbaContentInput,
      response: FbaPlan,
      ...can('update'),
    },
    detailAfter(previewContent),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/content-confirm',
      tags,
      summary: "Confirm the shipment's priced content update at Amazon",
      body: FbaContentConfirmInput,
      response: FbaPlan,
      ...can('update'),
    },
    detailAfter(confirmContent),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/sync-shipment',
      tags,
      summary: "Read the plan's shipments back from Amazon (status, boxes, tracking)",
      body: IdInput,
      response: FbaPlan,
      ...can('sync'),
    },
    detailAfter((ctx, input) => syncPlan(ctx, input.id)),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/cancel',
      tags,
      summary: 'Cancel the plan at Amazon (refused once a shipment has left)',
      body: IdInput,
      response: FbaPlan,
      ...can('cancel'),
    },
    detailAfter((ctx, input) => cancelPlan(ctx, input.id)),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/fba/kuaidi',
      tags,
      summary:
        "The carrier's events for the tracking numbers of a plan's shipments (or of one), from the tracking provider (Kuaidi100)",
      body: FbaKuaidiInput,
      response: FbaKuaidi,
      ...can('info'),
    },
    (ctx, input) => planTracking(ctx, tracking, input),
  );

  r.get(
    '/api/fba/box-label',
    {
      schema: {
        tags,
        summary: "A shipment's box labels as Amazon makes them (v0 getLabels), as a PDF",
        querystring: FbaBoxLabelQuery,
        produces: ['application/pdf'],
      },
      config: can('label'),
    },
    async (request, reply) => {
      const { filename, pdf } = await boxLabels(market(request), request.query);
      return sendPdf(reply, filename, pdf);
    },
  );

  r.get(
    '/api/fba/product-label',
    {
      schema: {
        tags,
        summary:
          'FNSKU labels (Code 128, title, condition), one per unit: Letter 30-up, A4 24/27/40-up or thermal 50×25 mm',
        querystring: FbaProductLabelQuery,
        produces: ['application/pdf'],
      },
      config: can('label'),
    },
    async (request, reply) => {
      const { filename, pdf } = await productLabels(market(request), request.query);
      return sendPdf(reply, filename, pdf);
    },
  );
}
