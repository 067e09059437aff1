import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
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
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const box = storeSecretBox(deps.config);
  const translator = createTranslator(deps.config);
  const mctx = (request: FastifyRequest): MultistationCtx => ({
    ...request.ctx,
    connectors: deps.connectors,
    box,
    storage: deps.storage,
    jobs: deps.jobs,
    publicUrl: deps.config.PUBLIC_URL,
    translator,
  });

  r.post(
    `${base}/show1`,
    {
      schema: {
        tags,
        summary:
          'The source listing and the Amazon stores of its region it can be copied to (already-copied ones marked)',
        body: MultistationSourceInput,
        response: { 200: envelopeOf(MultistationShow1) },
      },
      config: can('info'),
    },
    async (request) => ok(await showTargets(mctx(request), request.body.id)),
  );
  r.post(
    `${base}/step1`,
    {
      schema: {
        tags,
        summary:
          'Check the chosen target stores: same region, on and authorized, not the source’s own (422 per store)',
        body: MultistationTargetsInput,
        response: { 200: envelopeOf(MultistationTargets) },
      },
      config: can('info'),
    },
    async (request) => ok(await checkTargets(mctx(request), request.body)),
  );
  r.post(
    `${base}/step2`,
    {
      schema: {
        tags,
        summary:
          'Prices per target in its currency: the pricing template on the SKU cost, or the source price converted',
        body: MultistationPriceInput,
        response: { 200: envelopeOf(MultistationPrices) },
      },
      config: can('info'),
    },
    async (request) => ok(await planPrices(mctx(request), request.body)),
  );
  r.post(
    `${base}/show3`,
    {
      schema: {
        tags,
        summary:
          'Texts per target, translated where the site language differs, with forbidden-word hits; 503 when the translator fails',
        body: MultistationTargetsInput,
        response: { 200: envelopeOf(MultistationShow3) },
      },
      config: can('info'),
    },
    async (request) => ok(await translatedTexts(mctx(request), request.body)),
  );
  r.post(
    `${base}/step3`,
    {
      schema: {
        tags,
        summary: 'Check edited texts per target for forbidden words',
        body: MultistationTextsInput,
        response: { 200: envelopeOf(MultistationTextCheck) },
      },
      config: can('info'),
    },
    async (request) => ok(await checkTexts(mctx(request), request.body)),
  );
  r.post(
    `${base}/step4`,
    {
      schema: {
        tags,
        summary:
          'Create one draft per target (a store already holding a draft copy gets it rewritten; 409 once that copy is live)',
        body: MultistationCreateInput,
        response: { 200: envelopeOf(MultistationCreateResult) },
      },
      config: can('update'),
    },
    async (request) => ok(await createCopies(mctx(request), request.body)),
  );

  r.post(
    '/api/common/translate',
    {
      schema: {
        tags: ['common'],
        summary:
          'Machine-translate texts for the editor through the configured translator; 503 when it is unavailable or out of quota',
        body: TranslateInput,
        response: { 200: envelopeOf(TranslateResult) },
      },
      config: { access: { auth: 'user' } },
    },
    async (request) => ok(await translateForEditor(mctx(request), request.body)),
  );
}
