import type { FastifyRequest } from 'fastify';
import {
  MultistationCreateInput,
  MultistationCreateResult,
  MultistationPriceInput,
  MultistationPrices,
  MultistationShow1,
  MultistationShow3,
  MultistationSourceInput,
  MultistationTargets,
  MultistationTargetsInput,
  MultistationTextCheck,
  MultistationTextsInput,
  permOf,
  TranslateInput,
  TranslateResult,
} from '@app/shared';
import { ownBaseUrl } from '../../config.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import { createTranslator } from '../../integrations/translator/index.ts';
import {
  checkTargets,
  checkTexts,
  createCopies,
  planPrices,
  showTargets,
  translatedTexts,
  translateForEditor,
  type MultistationCtx,
} from './multistation.ts';

const can = (action: string): { access: Access } => ({
  access: { auth: 'user', perm: permOf('/goods/collectyun', action) },
});
const tags = ['publish'];
const base = '/api/publish/multistation';

/** Multi-station copy (`/api/publish/multistation/*`) and the editor's `/api/common/translate`. */
export function registerMultistationRoutes(app: App, deps: AppDeps): void {
  const box = storeSecretBox(deps.config);
  const translator = createTranslator(deps.config);
  const mctx = (request: FastifyRequest): MultistationCtx => ({
    ...request.ctx,
    connectors: deps.connectors,
    box,
    storage: deps.storage,
    jobs: deps.jobs,
    publicUrl: ownBaseUrl(deps.config),
    translator,
  });

  route(
    app,
    {
      method: 'POST',
      url: `${base}/show1`,
      tags,
      summary:
        'The source listing and the Amazon stores of its region it can be copied to (already-copied ones marked)',
      body: MultistationSourceInput,
      response: MultistationShow1,
      ...can('info'),
    },
    (_ctx, input, request) => showTargets(mctx(request), input.id),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/step1`,
      tags,
      summary:
        'Check the chosen target stores: same region, on and authorized, not the source’s own (422 per store)',
      body: MultistationTargetsInput,
      response: MultistationTargets,
      ...can('info'),
    },
    (_ctx, input, request) => checkTargets(mctx(request), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/step2`,
      tags,
      summary:
        'Prices per target in its currency: the pricing template on the SKU cost, or the source price converted',
      body: MultistationPriceInput,
      response: MultistationPrices,
      ...can('info'),
    },
    (_ctx, input, request) => planPrices(mctx(request), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/show3`,
      tags,
      summary:
        'Texts per target, translated where the site language differs, with forbidden-word hits; 503 when the translator fails',
      body: MultistationTargetsInput,
      response: MultistationShow3,
      ...can('info'),
    },
    (_ctx, input, request) => translatedTexts(mctx(request), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/step3`,
      tags,
      summary: 'Check edited texts per target for forbidden words',
      body: MultistationTextsInput,
      response: MultistationTextCheck,
      ...can('info'),
    },
    (_ctx, input, request) => checkTexts(mctx(request), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/step4`,
      tags,
      summary:
        'Create one draft per target (a store already holding a draft copy gets it rewritten; 409 once that copy is live)',
      body: MultistationCreateInput,
      response: MultistationCreateResult,
      ...can('update'),
    },
    (_ctx, input, request) => createCopies(mctx(request), input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/common/translate',
      tags: ['common'],
      summary:
        'Machine-translate texts for the editor through the configured translator; 503 when it is unavailable or out of quota',
      body: TranslateInput,
      response: TranslateResult,
      access: { auth: 'user' },
    },
    (_ctx, input, request) => translateForEditor(mctx(request), input),
  );
}
