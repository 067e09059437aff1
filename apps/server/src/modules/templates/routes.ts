import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  ExchangeRateQuery,
  ExchangeRates,
  ForbidCheckInput,
  ForbidCheckResult,
  ForbidVerifyResult,
  ForbidWord,
  ForbidWordInput,
  ForbidWordPage,
  ForbidWordQuery,
  IdsInput,
  MediaBatchResult,
  permOf,
  PlanSale,
  PlanSaleInput,
  PricingTemplate,
  PricingTemplateInput,
  PricingTemplatePage,
  PricingTemplateQuery,
  TEXT_TEMPLATE_KINDS,
  TextTemplate,
  TextTemplateInput,
  TextTemplatePage,
  TextTemplateQuery,
  TextTemplateUpdateInput,
  type PermRequirement,
} from '@app/shared';
import type { App } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { getExchangeRates } from './exchange-rates.ts';
import {
  checkForbiddenWords,
  deleteSellerWords,
  listSellerWords,
  storeSellerWord,
  verifyForbiddenWords,
} from './forbid-service.ts';
import {
  deletePricingTemplates,
  listPricingTemplates,
  planSale,
  storePricingTemplate,
} from './pricing-templates.ts';
import {
  createTextTemplate,
  deleteTextTemplates,
  listTextTemplates,
  updateTextTemplate,
} from './text-templates.ts';

const template = (action: string) => permOf('/goods/template', action);
const pricing = (action: string) => permOf('/goods/priceTemplate', action);
const can = (perm?: PermRequirement): { access: Access } => ({ access: { auth: 'user', perm } });

/** Text and pricing templates, exchange rates and forbidden words: shared by every marketplace. */
export function registerTemplateRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of TEXT_TEMPLATE_KINDS) {
    const base = `/api/template/${kind}`;
    const tags = ['template'];
    r.get(
      `${base}/index`,
      {
        schema: {
          tags,
          summary: `Page the ${kind} templates, newest first; the keyword matches name or content`,
          querystring: TextTemplateQuery,
          response: { 200: envelopeOf(TextTemplatePage) },
        },
        config: can(template('list')),
      },
      async (request) => ok(await listTextTemplates(request.ctx, kind, request.query)),
    );
    r.post(
      `${base}/create`,
      {
        schema: {
          tags,
          summary: `Create a ${kind} template`,
          body: TextTemplateInput,
          response: { 200: envelopeOf(TextTemplate) },
        },
        config: can(template('add')),
      },
      async (request) => ok(await createTextTemplate(request.ctx, kind, request.body)),
    );
    r.post(
      `${base}/update`,
      {
        schema: {
          tags,
          summary: `Edit a ${kind} template`,
          body: TextTemplateUpdateInput,
          response: { 200: envelopeOf(TextTemplate) },
        },
        config: can(template('update')),
      },
      async (request) => ok(await updateTextTemplate(request.ctx, kind, request.body)),
    );
    r.post(
      `${base}/delete`,
      {
        schema: {
          tags,
          summary: `Delete ${kind} templates; one result per id`,
          body: IdsInput,
          response: { 200: envelopeOf(MediaBatchResult) },
        },
        config: can(template('delete')),
      },
      async (request) => ok(await deleteTextTemplates(request.ctx, kind, request.body)),
    );
  }

  const pricingTags = ['pricingTemplate'];
  r.get(
    '/api/pricingTemplate/list',
    {
      schema: {
        tags: pricingTags,
        summary: 'Page the pricing templates, newest first',
        querystring: PricingTemplateQuery,
        response: { 200: envelopeOf(PricingTemplatePage) },
      },
      config: can(pricing('list')),
    },
    async (request) => ok(await listPricingTemplates(request.ctx, request.query)),
  );
  r.post(
    '/api/pricingTemplate/store',
    {
      schema: {
        tags: pricingTags,
        summary: 'Create a pricing template, or edit it with `id`',
        body: PricingTemplateInput,
        response: { 200: envelopeOf(PricingTemplate) },
      },
      config: can({ or: [pricing('add'), pricing('update')] }),
    },
    async (request) => ok(await storePricingTemplate(request.ctx, request.body)),
  );
  r.post(
    '/api/pricingTemplate/destory',
    {
      schema: {
        tags: pricingTags,
        summary: 'Delete pricing templates; one result per id',
        body: IdsInput,
        response: { 200: envelopeOf(MediaBatchResult) },
      },
      config: can(pricing('delete')),
    },
    async (request) => ok(await deletePricingTemplates(request.ctx, request.body)),
  );
  r.post(
    '/api/pricingTemplate/get-plan-sale',
    {
      schema: {
        tags: pricingTags,
        summary:
          'The selling price on a site for a cost in fen, by a saved or an unsaved template, with each step',
        body: PlanSaleInput,
        response: { 200: envelopeOf(PlanSale) },
      },
      config: can(),
    },
    async (request) => ok(await planSale(request.ctx, request.body)),
  );

  r.get(
    '/api/common/get-exchange-rate',
    {
      schema: {
        tags: ['common'],
        summary: 'The rate from one currency to another, or every stored rate into CNY',
        querystring: ExchangeRateQuery,
        response: { 200: envelopeOf(ExchangeRates) },
      },
      config: { access: { auth: 'any' } },
    },
    async (request) => ok(await getExchangeRates(request.ctx, request.query)),
  );

  const forbidTags = ['forbid'];
  r.post(
    '/api/forbid/word/check',
    {
      schema: {
        tags: forbidTags,
        summary:
          "Every platform or seller forbidden word in a listing's texts, with field and position; exempt brands are not flagged",
        body: ForbidCheckInput,
        response: { 200: envelopeOf(ForbidCheckResult) },
      },
      config: can(),
    },
    async (request) => ok(await checkForbiddenWords(request.ctx, request.body)),
  );
  r.post(
    '/api/forbid/word/verify',
    {
      schema: {
        tags: forbidTags,
        summary: 'Whether the texts may be published: ok without any forbidden word, plus the hits',
        body: ForbidCheckInput,
        response: { 200: envelopeOf(ForbidVerifyResult) },
      },
      config: can(),
    },
    async (request) => ok(await verifyForbiddenWords(request.ctx, request.body)),
  );
  r.get(
    '/api/forbid/word/index',
    {
      schema: {
        tags: forbidTags,
        summary: "Page the seller's own forbidden words (beyond the spec)",
        querystring: ForbidWordQuery,
        response: { 200: envelopeOf(ForbidWordPage) },
      },
      config: can(template('list')),
    },
    async (request) => ok(await listSellerWords(request.ctx, request.query)),
  );
  r.post(
    '/api/forbid/word/store',
    {
      schema: {
        tags: forbidTags,
        summary: 'Add a seller forbidden word, or edit it with `id` (beyond the spec)',
        body: ForbidWordInput,
        response: { 200: envelopeOf(ForbidWord) },
      },
      config: can({ or: [template('add'), template('update')] }),
    },
    async (request) => ok(await storeSellerWord(request.ctx, request.body)),
  );
  r.post(
    '/api/forbid/word/delete',
    {
      schema: {
        tags: forbidTags,
        summary: 'Delete seller forbidden words; one result per id (beyond the spec)',
        body: IdsInput,
        response: { 200: envelopeOf(MediaBatchResult) },
      },
      config: can(template('delete')),
    },
    async (request) => ok(await deleteSellerWords(request.ctx, request.body)),
  );
}
