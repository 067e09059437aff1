import {
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
  EDITOR_PERM,
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
import { route } from '../../http/route.ts';
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
const can = (perm: PermRequirement): { access: Access } => ({ access: { auth: 'user', perm } });

/** Text and pricing templates, exchange rates and forbidden words: shared by every marketplace. */
export function registerTemplateRoutes(app: App): void {
  for (const kind of TEXT_TEMPLATE_KINDS) {
    const base = `/api/template/${kind}`;
    const tags = ['template'];
    route(
      app,
      {
        method: 'GET',
        url: `${base}/index`,
        tags,
        summary: `Page the ${kind} templates, newest first; the keyword matches name or content`,
        querystring: TextTemplateQuery,
        response: TextTemplatePage,
        ...can(template('list')),
      },
      (ctx, input) => listTextTemplates(ctx, kind, input),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/create`,
        tags,
        summary: `Create a ${kind} template`,
        body: TextTemplateInput,
        response: TextTemplate,
        ...can(template('add')),
      },
      (ctx, input) => createTextTemplate(ctx, kind, input),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/update`,
        tags,
        summary: `Edit a ${kind} template`,
        body: TextTemplateUpdateInput,
        response: TextTemplate,
        ...can(template('update')),
      },
      (ctx, input) => updateTextTemplate(ctx, kind, input),
    );
    route(
      app,
      {
        method: 'POST',
        url: `${base}/delete`,
        tags,
        summary: `Delete ${kind} templates; one result per id`,
        body: IdsInput,
        response: MediaBatchResult,
        ...can(template('delete')),
      },
      (ctx, input) => deleteTextTemplates(ctx, kind, input),
    );
  }

  const pricingTags = ['pricingTemplate'];
  route(
    app,
    {
      method: 'GET',
      url: '/api/pricingTemplate/list',
      tags: pricingTags,
      summary: 'Page the pricing templates, newest first',
      querystring: PricingTemplateQuery,
      response: PricingTemplatePage,
      ...can(pricing('list')),
    },
    (ctx, input) => listPricingTemplates(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/pricingTemplate/store',
      tags: pricingTags,
      summary: 'Create a pricing template, or edit it with `id`',
      body: PricingTemplateInput,
      response: PricingTemplate,
      ...can({ or: [pricing('add'), pricing('update')] }),
    },
    (ctx, input) => storePricingTemplate(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/pricingTemplate/destory',
      tags: pricingTags,
      summary: 'Delete pricing templates; one result per id',
      body: IdsInput,
      response: MediaBatchResult,
      ...can(pricing('delete')),
    },
    (ctx, input) => deletePricingTemplates(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/pricingTemplate/get-plan-sale',
      tags: pricingTags,
      summary:
        'The selling price on a site for a cost in fen, by a saved or an unsaved template, with each step',
      body: PlanSaleInput,
      response: PlanSale,
      ...can({ or: [EDITOR_PERM, pricing('list')] }),
    },
    (ctx, input) => planSale(ctx, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/common/get-exchange-rate',
      tags: ['common'],
      summary: 'The rate from one currency to another, or every stored rate into CNY',
      querystring: ExchangeRateQuery,
      response: ExchangeRates,
      access: { auth: 'any' },
    },
    (ctx, input) => getExchangeRates(ctx, input),
  );

  const forbidTags = ['forbid'];
  route(
    app,
    {
      method: 'POST',
      url: '/api/forbid/word/check',
      tags: forbidTags,
      summary:
        "Every platform or seller forbidden word in a listing's texts, with field and position; exempt brands are not flagged",
      body: ForbidCheckInput,
      response: ForbidCheckResult,
      ...can(EDITOR_PERM),
    },
    (ctx, input) => checkForbiddenWords(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/forbid/word/verify',
      tags: forbidTags,
      summary: 'Whether the texts may be published: ok without any forbidden word, plus the hits',
      body: ForbidCheckInput,
      response: ForbidVerifyResult,
      ...can(EDITOR_PERM),
    },
    (ctx, input) => verifyForbiddenWords(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/forbid/word/index',
      tags: forbidTags,
      summary: "Page the seller's own forbidden words (beyond the spec)",
      querystring: ForbidWordQuery,
      response: ForbidWordPage,
      ...can(template('list')),
    },
    (ctx, input) => listSellerWords(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/forbid/word/store',
      tags: forbidTags,
      summary: 'Add a seller forbidden word, or edit it with `id` (beyond the spec)',
      body: ForbidWordInput,
      response: ForbidWord,
      ...can({ or: [template('add'), template('update')] }),
    },
    (ctx, input) => storeSellerWord(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/forbid/word/delete',
      tags: forbidTags,
      summary: 'Delete seller forbidden words; one result per id (beyond the spec)',
      body: IdsInput,
      response: MediaBatchResult,
      ...can(template('delete')),
    },
    (ctx, input) => deleteSellerWords(ctx, input),
  );
}
