import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AutoBuySettings, IdQuery, permOf, SaveAutoBuyInput } from '@app/shared';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { payPasswordCheck } from '../finance/index.ts';
import { getAutoBuy, saveAutoBuy } from './settings.ts';

const STORES_PAGE = '/market/index';
const tags = ['markets'];

export function registerAutoBuyRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checkPayPassword = payPasswordCheck(app);

  route(
    r,
    {
      method: 'GET',
      url: '/api/market/auto-buy',
      tags,
      summary:
        "A store's auto-buy: on/off (off by default), the daily cap and today's spending in CNY fen (Beijing day), the address policy, and who switched it on when",
      querystring: IdQuery,
      response: AutoBuySettings,
      access: { auth: 'user', perm: permOf(STORES_PAGE, 'list') },
    },
    (ctx, input) => getAutoBuy(ctx, input.id),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/auto-buy',
      tags,
      summary:
        "Saves a store's auto-buy. Saving it on needs the boss's `pay_password`: the authorisation of the purchase orders it then creates and pays from the balance without one",
      body: SaveAutoBuyInput,
      response: AutoBuySettings,
      // The balance is the boss's: staff never switch automatic debits on, whatever their groups.
      access: { auth: 'user', perm: permOf(STORES_PAGE, 'update'), boss: true },
    },
    async (ctx, input, request) => {
      if (input.enabled) await checkPayPassword(request, input.pay_password!);
      return saveAutoBuy(ctx, input);
    },
  );
}
