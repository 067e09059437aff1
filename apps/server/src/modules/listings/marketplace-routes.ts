import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ComplianceReport,
  CreateListingsInput,
  CreateListingsResult,
  Listing,
  ListingBatch,
  ListingBatchQuery,
  ListingBatchStarted,
  ListingIdInput,
  ListingIdQuery,
  ListingIdsInput,
  ListingIndexQuery,
  ListingList,
  ListingPage,
  permOf,
  StepAllResult,
} from '@app/shared';
import { ownBaseUrl } from '../../config.ts';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import { checkListing } from './compliance.ts';
import type { ListingCtx } from './context.ts';
import { createListings } from './create.ts';
import { getBatch, publishOne, startBatches } from './lifecycle.ts';
import { listListings } from './list.ts';
import { assertListingsOf, showAllOf, type ListingMarketplace } from './marketplace.ts';
import { showListing } from './show.ts';
import type { StepPatch } from './step-checks.ts';
import { saveStepAll } from './steps.ts';

/** What a marketplace's own routes get from the table: its base path, permissions and context. */
export interface ListingRouteKit {
  base: string;
  tags: string[];
  can(action: string): { access: Access };
  lctx(request: FastifyRequest): ListingCtx;
  /** A handler that answers 404 unless every id is one of the actor's listings of this marketplace. */
  own<I, O>(
    ids: (input: I) => number[],
    run: (ctx: ListingCtx, input: I) => Promise<O>,
  ): (ctx: unknown, input: I, request: FastifyRequest) => Promise<O>;
}

type StepAllShape = { list: Array<{ id: number } & StepPatch> };

/** One marketplace's row of the table. */
export interface MarketplaceListingRoutes {
  marketplace: ListingMarketplace;
  /** Shown in the API document's summaries. */
  name: string;
  /** `/api/publish`, `/api/shopify/publish`... */
  base: string;
  /** The cloud-warehouse page whose permissions guard the routes (`/goods/collectyun`...). */
  page: string;
  tags: string[];
  /** The action taking down needs: Amazon's page has its own `down`, the others use `publish`. */
  downAction: 'down' | 'publish';
  /** What `delete` (one id) does: take down (Amazon, Shopify, Temu) or delete (Shopee). */
  deleteOne: 'down' | 'delete';
  /** `get-market`: the stores the editor and the filter offer. */
  stores: { summary: string; response: z.ZodType; list(ctx: ListingCtx): Promise<unknown> };
  /** `update/step-all`: the parts of a listing this marketplace's editor saves. */
  stepAll: z.ZodType<StepAllShape>;
  /** The routes only this marketplace has. */
  extra?(app: App, kit: ListingRouteKit, deps: AppDeps): void;
}

const one = (input: { id: number }) => [input.id];
const many = (input: { ids: number[] }) => input.ids;

/**
 * Registers the listing routes every marketplace shares, once per row of `table`: lists, reads,
 * the compliance report, "Publish to..." drafts, the batch editor and the lifecycle jobs, each
 * kept to the row's marketplace (another marketplace's listing id is a 404, its store a 422 on
 * `market_id`). Then each row's own routes.
 */
export function registerListingTable(
  app: App,
  deps: AppDeps,
  table: readonly MarketplaceListingRoutes[],
): void {
  const box = storeSecretBox(deps.config);
  const lctx = (request: FastifyRequest): ListingCtx => ({
    ...request.ctx,
    connectors: deps.connectors,
    box,
    storage: deps.storage,
    jobs: deps.jobs,
    publicUrl: ownBaseUrl(deps.config),
  });
  for (const row of table) registerRow(app, deps, row, lctx);
}

function registerRow(
  app: App,
  deps: AppDeps,
  row: MarketplaceListingRoutes,
  lctx: ListingRouteKit['lctx'],
): void {
  const { marketplace, name, base, tags } = row;
  const can = (action: string): { access: Access } => ({
    access: { auth: 'user', perm: permOf(row.page, action) },
  });
  const own: ListingRouteKit['own'] = (ids, run) => async (_ctx, input, request) => {
    const ctx = lctx(request);
    await assertListingsOf(ctx, ids(input), marketplace);
    return run(ctx, input);
  };
  const kit: ListingRouteKit = { base, tags, can, lctx, own };
  const lifecycle = (kind: 'publish' | 'down' | 'delete') =>
    own(many, (ctx, input: { ids: number[] }) => startBatches(ctx, kind, input.ids));

  route(
    app,
    {
      method: 'GET',
      url: `${base}/index`,
      tags,
      summary: `Page the ${name} listings with filters; counts per status for the tabs`,
      querystring: ListingIndexQuery,
      response: ListingPage,
      ...can('list'),
    },
    (_ctx, input, request) => listListings(lctx(request), input, marketplace),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/show`,
      tags,
      summary: `One ${name} listing with its items, for the editor`,
      querystring: ListingIdQuery,
      response: Listing,
      ...can('info'),
    },
    own(one, (ctx, input) => showListing(ctx, input.id)),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/show-all`,
      tags,
      summary: `Full ${name} listings by id, for the batch editor (other ids left out)`,
      body: ListingIdsInput,
      response: ListingList,
      ...can('info'),
    },
    (_ctx, input, request) => showAllOf(lctx(request), input.ids, marketplace),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-market`,
      tags,
      summary: row.stores.summary,
      querystring: z.object({}),
      response: row.stores.response,
      ...can('list'),
    },
    (_ctx, _input, request) => row.stores.list(lctx(request)),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/check`,
      tags,
      summary: 'The compliance report computed before publishing',
      querystring: ListingIdQuery,
      response: ComplianceReport,
      ...can('info'),
    },
    own(one, (ctx, input) => checkListing(ctx, input.id)),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/batch`,
      tags,
      summary: 'A lifecycle batch with its per-listing results',
      querystring: ListingBatchQuery,
      response: ListingBatch,
      ...can('list'),
    },
    (_ctx, input, request) => getBatch(lctx(request), input.id),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/create`,
      tags,
      summary: `Draft listings for one ${name} store from finished products ("Publish to..."), prefilled`,
      body: CreateListingsInput,
      response: CreateListingsResult,
      ...can('update'),
    },
    (_ctx, input, request) => createListings(lctx(request), input, marketplace),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/update/step-all`,
      tags,
      summary: `Save the editor's parts of several ${name} listings; one result per listing`,
      body: row.stepAll,
      response: StepAllResult,
      ...can('update'),
    },
    (_ctx, input, request) => saveStepAll(lctx(request), input, marketplace),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/publish`,
      tags,
      summary: 'Publish one listing; 409 with the compliance report while it has errors',
      body: ListingIdInput,
      response: ListingBatchStarted,
      ...can('publish'),
    },
    own(one, (ctx, input) => publishOne(ctx, input.id)),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-publish`,
      tags,
      summary: `Publish listings as a batch job paced by ${name}'s rate limits; results per listing`,
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('publish'),
    },
    lifecycle('publish'),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/delete`,
      tags,
      summary:
        row.deleteOne === 'down'
          ? `Take one listing down from ${name}`
          : `Delete one listing (taken off ${name} first when it was sent)`,
      body: ListingIdInput,
      response: ListingBatchStarted,
      ...can(row.deleteOne === 'down' ? row.downAction : 'delete'),
    },
    own(one, (ctx, input) => startBatches(ctx, row.deleteOne, [input.id])),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-down`,
      tags,
      summary: `Take listings down from ${name}`,
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can(row.downAction),
    },
    lifecycle('down'),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-delete`,
      tags,
      summary: `Delete listings (taken off ${name} first when they were sent)`,
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('delete'),
    },
    lifecycle('delete'),
  );
  row.extra?.(app, kit, deps);
}
