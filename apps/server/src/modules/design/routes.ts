import {
  checkPerm,
  DesignSaveInput,
  DesignSaveResult,
  IdQuery,
  permOf,
  SavedDesign,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { ForbiddenError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { loadPerms } from '../menus/index.ts';
import { saveDesign, showDesign } from './service.ts';

/** The design tool makes and edits the seller's finished goods, so it shares their permissions. */
const mine = (action: string) => permOf('/goods/collect', action);
const tags = ['design'];

export function registerDesignRoutes(app: App, deps: AppDeps): void {
  route(
    app,
    {
      method: 'POST',
      url: '/api/design/save',
      tags,
      summary:
        'Save a design as a new finished product (or update an own one) and queue its mockups and print files',
      body: DesignSaveInput,
      response: DesignSaveResult,
      access: { auth: 'user', perm: { or: [mine('add'), mine('update')] } },
    },
    async (ctx, input) => {
      // Creating needs `add`, changing a saved product `update`; the route admits either.
      const needed = mine(input.finished_product_id === undefined ? 'add' : 'update');
      if (!checkPerm(await loadPerms(ctx), needed)) throw new ForbiddenError();
      return saveDesign(ctx, deps, input);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/design/show',
      tags,
      summary: 'A saved design with its mockups and print files, to reopen in the editor',
      querystring: IdQuery,
      response: SavedDesign,
      access: { auth: 'user', perm: { or: [mine('add'), mine('update')] } },
    },
    (ctx, input) => showDesign(ctx, input),
  );
}
