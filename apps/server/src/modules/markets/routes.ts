import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AmazonStoreGroup,
  AuthApp,
  AuthorizationUrl,
  AuthorizationUrlInput,
  EmptyData,
  envelopeOf,
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
  UpdateAliasInput,
  UpdateMarketInfoInput,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import { deleteExemptBrands, listExemptBrands, storeExemptBrand } from './exempt-brands.ts';
import { completeAuthorization, createAuthorizationUrl } from './oauth.ts';
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
});

export function registerMarketRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Fails at start-up on a malformed STORE_SECRET_KEY rather than at the first authorization.
  storeSecretBox(deps.config);
  const origin = (request: FastifyRequest) =>
    deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  const storesPage = deps.config.ROUTER_MODE === 'hash' ? `/#${STORES_PAGE}` : STORES_PAGE;

  r.get(
    '/api/market/index',
    {
      schema: {
        tags,
        summary:
          "Page the seller's stores, newest first (staff see only their assigned stores); page 1 and size 20 when sent as 'undefined'",
        querystring: MarketIndexQuery,
        response: { 200: envelopeOf(StorePage) },
      },
      config: can('list'),
    },
    async (request) => ok(await listStores(request.ctx, request.query)),
  );

  for (const path of ['/api/market/site', '/api/market/get-sites-list']) {
    r.get(
      path,
      {
        schema: {
          tags,
          summary: 'The marketplace sites, all or of one marketplace',
          querystring: SitesQuery,
          response: { 200: envelopeOf(z.array(MarketSite)) },
        },
        config: can('list'),
      },
      async (request) => ok(listSites(request.query)),
    );
  }

  r.get(
    '/api/market/amazon',
    {
      schema: {
        tags,
        summary:
          'The Amazon stores a listing can go to (switched on, authorization active), per region',
        response: { 200: envelopeOf(z.array(AmazonStoreGroup)) },
      },
      config: {
        access: {
          auth: 'user',
          perm: { or: [perm('list'), permOf('/goods/collectyun', 'list')] },
        },
      },
    },
    async (request) => ok(await listAmazonStores(request.ctx)),
  );

  r.get(
    '/api/market/get-auth-apps-list',
    {
      schema: {
        tags,
        summary:
          'The marketplaces a store can be authorized on, with their sites; `sandbox` when on the simulator. A marketplace this server has no connector for is left out',
        response: { 200: envelopeOf(z.array(AuthApp)) },
      },
      config: can('add'),
    },
    async () => ok(listAuthApps(deps.connectors)),
  );

  r.post(
    '/api/market/get-authorization-url',
    {
      schema: {
        tags,
        summary:
          "The marketplace's consent link for a new store, or for re-authorizing `store_id`; Shopify needs `shop`",
        body: AuthorizationUrlInput,
        response: { 200: envelopeOf(AuthorizationUrl) },
      },
      config: can('add'),
    },
    async (request) =>
      ok(await createAuthorizationUrl(marketCtx(request, deps), request.body, origin(request))),
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

  r.post(
    '/api/market/update-market-info-submit',
    {
      schema: {
        tags,
        summary: "Edit a store's alias and tax number",
        body: UpdateMarketInfoInput,
        response: { 200: envelopeOf(Store) },
      },
      config: can('update'),
    },
    async (request) => ok(await updateMarketInfo(request.ctx, request.body)),
  );

  r.post(
    '/api/market/modify-status',
    {
      schema: {
        tags,
        summary: 'Switch a store on (1) or off (0); an off store is never synced or published to',
        body: ModifyStatusInput,
        response: { 200: envelopeOf(Store) },
      },
      config: can('status'),
    },
    async (request) => ok(await modifyStatus(request.ctx, request.body)),
  );

  r.post(
    '/api/market/modify-alias',
    {
      schema: {
        tags,
        summary: 'Rename a store',
        body: ModifyAliasInput,
        response: { 200: envelopeOf(Store) },
      },
      config: can('update'),
    },
    async (request) => ok(await modifyAlias(request.ctx, request.body)),
  );

  r.post(
    '/api/market/updateAlias',
    {
      schema: {
        tags,
        summary: 'Rename several stores; one result per store',
        body: UpdateAliasInput,
        response: { 200: envelopeOf(MediaBatchResult) },
      },
      config: can('update'),
    },
    async (request) => ok(await updateAliases(request.ctx, request.body)),
  );

  r.post(
    '/api/market/status',
    {
      schema: {
        tags,
        summary:
          "Ask the marketplace whether the store's authorization works; records active, expired or revoked",
        body: IdInput,
        response: { 200: envelopeOf(StoreAuthCheck) },
      },
      config: can('list'),
    },
    async (request) => ok(await checkStoreAuth(marketCtx(request, deps), request.body)),
  );

  r.post(
    '/api/market/delMarket',
    {
      schema: {
        tags,
        summary: 'Delete a store; 409 while listings are being published to it',
        body: IdInput,
        response: { 200: envelopeOf(EmptyData) },
      },
      config: can('delete'),
    },
    async (request) => ok(await deleteStore(request.ctx, request.body)),
  );

  r.post(
    '/api/market/set-staff',
    {
      schema: {
        tags,
        summary: "Set which staff may see and use a store (replaces the store's list)",
        body: SetStaffInput,
        response: { 200: envelopeOf(Store) },
      },
      config: can('staff'),
    },
    async (request) => ok(await setStaff(request.ctx, request.body)),
  );

  r.get(
    '/api/market/get-staff-list',
    {
      schema: {
        tags,
        summary: "The seller's active staff users, for assigning stores",
        response: { 200: envelopeOf(z.array(StaffOption)) },
      },
      config: can('staff'),
    },
    async (request) => ok(await listStaff(request.ctx)),
  );

  r.get(
    '/api/market/exemption/index',
    {
      schema: {
        tags,
        summary:
          'Page the exempt brands, newest first; `store_id` shows what applies to that store (its brands and the all-store ones)',
        querystring: ExemptBrandQuery,
        response: { 200: envelopeOf(ExemptBrandPage) },
      },
      config: can('exempt'),
    },
    async (request) => ok(await listExemptBrands(request.ctx, request.query)),
  );

  r.post(
    '/api/market/exemption/store',
    {
      schema: {
        tags,
        summary:
          'Add an exempt brand (for one store, or all with `store_id: null`), or edit it with `id`',
        body: ExemptBrandInput,
        response: { 200: envelopeOf(ExemptBrand) },
      },
      config: can('exempt'),
    },
    async (request) => ok(await storeExemptBrand(request.ctx, request.body)),
  );

  r.post(
    '/api/market/exemption/delete',
    {
      schema: {
        tags,
        summary: 'Delete exempt brands; one result per id',
        body: IdsInput,
        response: { 200: envelopeOf(MediaBatchResult) },
      },
      config: can('exempt'),
    },
    async (request) => ok(await deleteExemptBrands(request.ctx, request.body)),
  );
}
