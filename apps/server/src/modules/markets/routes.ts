import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AmazonStoreGroup,
  AuthApp,
  AuthorizationUrl,
  AuthorizationUrlInput,
  AuthorizedStore,
  CompleteAuthorizationInput,
  EmptyData,
  ExemptBrand,
  ExemptBrandInput,
  ExemptBrandPage,
  ExemptBrandQuery,
  IdInput,
  IdsInput,
  MarketIndexQuery,
  MarketSite,
  MediaBatchResult,
  ModifyAliasInput,
  ModifyStatusInput,
  permOf,
  SetStaffInput,
  SitesQuery,
  StaffOption,
  Store,
  StoreAuthCheck,
  StorePage,
  StoreTokenInput,
  UpdateAliasInput,
  UpdateMarketInfoInput,
} from '@app/shared';
import { ownBaseUrl } from '../../config.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import { deleteExemptBrands, listExemptBrands, storeExemptBrand } from './exempt-brands.ts';
import {
  authorizeWithToken,
  completeAuthorization,
  completePendingAuthorization,
  createAuthorizationUrl,
} from './oauth.ts';
import {
  checkStoreAuth,
  deleteStore,
  listAmazonStores,
  listAuthApps,
  listSites,
  listStaff,
  listStores,
  modifyAlias,
  modifyStatus,
  setStaff,
  updateAliases,
  updateMarketInfo,
  type MarketCtx,
} from './service.ts';

const STORES_PAGE = '/market/index';
const perm = (action: string) => permOf(STORES_PAGE, action);
const can = (action: string): { access: Access } => ({
  access: { auth: 'user', perm: perm(action) },
});
const tags = ['markets'];

/** The request's context plus the connectors and the credentials box. */
export const marketCtx = (request: FastifyRequest, deps: AppDeps): MarketCtx => ({
  ...request.ctx,
  connectors: deps.connectors,
  box: storeSecretBox(deps.config),
  publicBase: ownBaseUrl(deps.config),
});

export function registerMarketRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Fails at start-up on a malformed STORE_SECRET_KEY rather than at the first authorization.
  storeSecretBox(deps.config);
  const origin = (request: FastifyRequest) =>
    deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  const storesPage = deps.config.ROUTER_MODE === 'hash' ? `/#${STORES_PAGE}` : STORES_PAGE;

  route(
    r,
    {
      method: 'GET',
      url: '/api/market/index',
      tags,
      summary:
        "Page the seller's stores, newest first (staff see only their assigned stores); page 1 and size 20 when sent as 'undefined'",
      querystring: MarketIndexQuery,
      response: StorePage,
      ...can('list'),
    },
    (ctx, input) => listStores(ctx, input),
  );

  for (const path of ['/api/market/site', '/api/market/get-sites-list']) {
    route(
      r,
      {
        method: 'GET',
        url: path,
        tags,
        summary: 'The marketplace sites, all or of one marketplace',
        querystring: SitesQuery,
        response: z.array(MarketSite),
        ...can('list'),
      },
      (_ctx, input) => listSites(input),
    );
  }

  route(
    r,
    {
      method: 'GET',
      url: '/api/market/amazon',
      tags,
      summary:
        'The Amazon stores a listing can go to (switched on, authorization active), per region',
      response: z.array(AmazonStoreGroup),
      access: {
        auth: 'user',
        perm: { or: [perm('list'), permOf('/goods/collectyun', 'list')] },
      },
    },
    (ctx) => listAmazonStores(ctx),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/market/get-auth-apps-list',
      tags,
      summary:
        'The marketplaces a store can be authorized on, with their sites; `sandbox` when on the simulator. A marketplace this server has no connector for is left out',
      response: z.array(AuthApp),
      ...can('add'),
    },
    () => listAuthApps(deps.connectors),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/get-authorization-url',
      tags,
      summary:
        "The marketplace's consent link for a new store, or for re-authorizing `store_id`; Shopify needs `shop`",
      body: AuthorizationUrlInput,
      response: AuthorizationUrl,
      ...can('add'),
    },
    (_ctx, input, request) =>
      createAuthorizationUrl(marketCtx(request, deps), input, origin(request)),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/complete-authorization',
      tags,
      summary:
        "Completes the caller's pending Temu authorization with the `code` Temu's callback brought (Temu sends no state, so the callback hands the code to the signed-in browser)",
      body: CompleteAuthorizationInput,
      response: AuthorizedStore,
      ...can('add'),
    },
    (_ctx, input, request) => completePendingAuthorization(marketCtx(request, deps), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/authorize-with-token',
      tags,
      summary:
        "Authorizes a Temu store with the access token Seller Center shows (Temu's manual mode); checked with Temu before it is saved",
      body: StoreTokenInput,
      response: AuthorizedStore,
      ...can('add'),
    },
    (_ctx, input, request) => authorizeWithToken(marketCtx(request, deps), input),
  );

  r.get(
    '/api/market/callback/:marketplace',
    {
      // Where the marketplace sends the seller's browser after consent, authenticated by the
      // single-use state. It answers redirects, never the envelope, so it stays out of the API
      // document.
      schema: {
        hide: true,
        params: z.object({ marketplace: z.string() }),
        querystring: z.record(z.string(), z.unknown()),
      },
      config: { access: { auth: 'public' } },
    },
    async (request, reply) => {
      const location = await completeAuthorization(
        marketCtx(request, deps),
        request.params.marketplace,
        request.query,
        storesPage,
      );
      return reply.redirect(location, 302);
    },
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/update-market-info-submit',
      tags,
      summary: "Edit a store's alias and tax number",
      body: UpdateMarketInfoInput,
      response: Store,
      ...can('update'),
    },
    (ctx, input) => updateMarketInfo(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/modify-status',
      tags,
      summary: 'Switch a store on (1) or off (0); an off store is never synced or published to',
      body: ModifyStatusInput,
      response: Store,
      ...can('status'),
    },
    (ctx, input) => modifyStatus(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/modify-alias',
      tags,
      summary: 'Rename a store',
      body: ModifyAliasInput,
      response: Store,
      ...can('update'),
    },
    (ctx, input) => modifyAlias(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/updateAlias',
      tags,
      summary: 'Rename several stores; one result per store',
      body: UpdateAliasInput,
      response: MediaBatchResult,
      ...can('update'),
    },
    (ctx, input) => updateAliases(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/status',
      tags,
      summary:
        "Ask the marketplace whether the store's authorization works; records active, expired or revoked",
      body: IdInput,
      response: StoreAuthCheck,
      ...can('list'),
    },
    (_ctx, input, request) => checkStoreAuth(marketCtx(request, deps), input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/delMarket',
      tags,
      summary: 'Delete a store; 409 while listings are being published to it',
      body: IdInput,
      response: EmptyData,
      ...can('delete'),
    },
    (ctx, input) => deleteStore(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/set-staff',
      tags,
      summary: "Set which staff may see and use a store (replaces the store's list)",
      body: SetStaffInput,
      response: Store,
      // Staff management is the boss's: a staff member never widens anyone's store scope.
      access: { auth: 'user', perm: perm('staff'), boss: true },
    },
    (ctx, input) => setStaff(ctx, input),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/market/get-staff-list',
      tags,
      summary: "The seller's active staff users, for assigning stores",
      response: z.array(StaffOption),
      ...can('staff'),
    },
    (ctx) => listStaff(ctx),
  );

  route(
    r,
    {
      method: 'GET',
      url: '/api/market/exemption/index',
      tags,
      summary:
        'Page the exempt brands, newest first; `store_id` shows what applies to that store (its brands and the all-store ones)',
      querystring: ExemptBrandQuery,
      response: ExemptBrandPage,
      ...can('exempt'),
    },
    (ctx, input) => listExemptBrands(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/exemption/store',
      tags,
      summary:
        'Add an exempt brand (for one store, or all with `store_id: null`), or edit it with `id`',
      body: ExemptBrandInput,
      response: ExemptBrand,
      ...can('exempt'),
    },
    (ctx, input) => storeExemptBrand(ctx, input),
  );

  route(
    r,
    {
      method: 'POST',
      url: '/api/market/exemption/delete',
      tags,
      summary: 'Delete exempt brands; one result per id',
      body: IdsInput,
      response: MediaBatchResult,
      ...can('exempt'),
    },
    (ctx, input) => deleteExemptBrands(ctx, input),
  );
}
