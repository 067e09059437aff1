import {
  checkPerm,
  DesignSaveInput,
  DesignSaveResult,
  envelopeOf,
  IdQuery,
  permOf,
  SavedDesign,
} from '@app/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../app.ts';
import { ForbiddenError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { loadPerms } from '../menus/perms.ts';
import { saveDesign, showDesign } from './service.ts';

/** The design tool makes and edits the seller's finished goods, so it shares their permissions. */
const mine = (action: string) => permOf('/goods/collect', action);
const tags = ['design'];

export function registerDesignRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/design/save',
    {
      schema: {
        tags,
        summary:
          'Save a design as a new finished product (or update an own one) and queue its mockups and print files',
        body: DesignSaveInput,
        response: { 200: envelopeOf(DesignSaveResult) },
      },
      config: { access: { auth: 'user', perm: { or: [mine('add'), mine('update')] } } },
    },
    async (request) => {
      // Creating needs `add`, changing a saved product `update`; the route admits either.
      const needed = mine(request.body.finished_product_id === undefined ? 'add' : 'update');
      if (!checkPerm(await loadPerms(request.ctx), needed)) throw new ForbiddenError();
      return ok(await saveDesign(request.ctx, deps, request.body));
    },
  );

  r.get(
    '/api/design/show',
    {
      schema: {
        tags,
        summary: 'A saved design with its mockups and print files, to reopen in the editor',
        querystring: IdQuery,
        response: { 200: envelopeOf(SavedDesign) },
      },
      config: { access: { auth: 'user', perm: { or: [mine('add'), mine('update')] } } },
    },
    async (request) => ok(await showDesign(request.ctx, request.query)),
  );
}
