import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CategoryQuery,
  CreateListingsInput,
  CreateListingsResult,
  ComplianceReport,
  Listing,
  ListingBatch,
  ListingBatchQuery,
  ListingBatchStarted,
  ListingCategoryList,
  ListingIdInput,
  ListingIdQuery,
  ListingIdsInput,
  ListingIndexQuery,
  ListingList,
  ListingPage,
  permOf,
  ShopifyStepAllInput,
  ShopifyStoreList,
  StepAllResult,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import { checkListing } from './compliance.ts';
import type { ListingCtx } from './context.ts';
import { createListings } from './create.ts';
import { getBatch, publishOne, startBatches } from './lifecycle.ts';
import { listListings } from './list.ts';
import { assertListingsOf } from './marketplace.ts';
import { showListing } from './show.ts';
import { shopifyCategories, shopifyStores, showAllShopify } from './shopify.ts';
import { saveStepAll } from './steps.ts';

const PAGE = '/goods/shopifyyun';
const can = (action: string): { access: Access } => ({
  access: { auth: 'user', perm: permOf(PAGE, action) },
});
const tags = ['shopify-publish'];
const base = '/api/shopify/publish';

/**
 * Shopify listings (spec 7 "Shopify listings", issue 20): thin routes over the listing services
 * every marketplace shares, kept to Shopify stores. A listing id of another marketplace is a
 * 404, a store of another marketplace a 422 on `market_id`. Taking down (archiving on Shopify)
 * needs the publish permission; deleting the delete permission.
 */
export function registerShopifyListingRoutes(app: App, deps: AppDeps): void {
  const box = storeSecretBox(deps.config);
  const lctx = (request: FastifyRequest): ListingCtx => ({
    ...request.ctx,
    connectors: deps.connectors,
    box,
    storage: deps.storage,
    jobs: deps.jobs,
    publicUrl: deps.config.PUBLIC_URL,
  });
  /** The lifecycle over ids that must all be the actor's Shopify listings. */
  const lifecycle =
    (kind: 'publish' | 'down' | 'delete') => async (ctx: ListingCtx, ids: number[]) => {
      await assertListingsOf(ctx, ids, 'shopify');
      return startBatches(ctx, kind, ids);
    };

  route(
    app,
    {
      method: 'GET',
      url: `${base}/index`,
      tags,
      summary: 'Page the Shopify listings with filters; counts per status for the tabs',
      querystring: ListingIndexQuery,
      response: ListingPage,
      ...can('list'),
    },
    (_ctx, input, request) => listListings(lctx(request), input, 'shopify'),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/show`,
      tags,
      summary: 'One Shopify listing with its variants, for the editor',
      querystring: ListingIdQuery,
      response: Listing,
      ...can('info'),
    },
    async (_ctx, input, request) => {
      const ctx = lctx(request);
      await assertListingsOf(ctx, [input.id], 'shopify');
      return showListing(ctx, input.id);
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/show-all`,
      tags,
      summary: 'Full Shopify listings by id, for the batch editor (other ids left out)',
      body: ListingIdsInput,
      response: ListingList,
      ...can('info'),
    },
    (_ctx, input, request) => showAllShopify(lctx(request), input.ids),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-market`,
      tags,
      summary: "The actor's Shopify stores (on, authorized)",
      querystring: z.object({}),
      response: ShopifyStoreList,
      ...can('list'),
    },
    (_ctx, _input, request) => shopifyStores(lctx(request)),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-category`,
      tags,
      summary: "One level of Shopify's product taxonomy, as the store's shop serves it",
      querystring: CategoryQuery,
      response: ListingCategoryList,
      ...can('info'),
    },
    (_ctx, input, request) => shopifyCategories(lctx(request), input),
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
    async (_ctx, input, request) => {
      const ctx = lctx(request);
      await assertListingsOf(ctx, [input.id], 'shopify');
      return checkListing(ctx, input.id);
    },
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
      summary: 'Draft listings for one Shopify store from finished products ("Publish to...")',
      body: CreateListingsInput,
      response: CreateListingsResult,
      ...can('update'),
    },
    (_ctx, input, request) => createListings(lctx(request), input, 'shopify'),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/update/step-all`,
      tags,
      summary: 'Save the Shopify step, variants and texts of several listings; one result each',
      body: ShopifyStepAllInput,
      response: StepAllResult,
      ...can('update'),
    },
    (_ctx, input, request) => saveStepAll(lctx(request), input, 'shopify'),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/publish`,
      tags,
      summary: 'Publish one listing with productSet; 409 with the compliance report on errors',
      body: ListingIdInput,
      response: ListingBatchStarted,
      ...can('publish'),
    },
    async (_ctx, input, request) => {
      const ctx = lctx(request);
      await assertListingsOf(ctx, [input.id], 'shopify');
      return publishOne(ctx, input.id);
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-publish`,
      tags,
      summary: 'Publish listings as a batch job paced by the shop’s cost bucket',
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('publish'),
    },
    (_ctx, input, request) => lifecycle('publish')(lctx(request), input.ids),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/delete`,
      tags,
      summary: 'Take one listing down (the Shopify product is archived)',
      body: ListingIdInput,
      response: ListingBatchStarted,
      ...can('publish'),
    },
    (_ctx, input, request) => lifecycle('down')(lctx(request), [input.id]),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-down`,
      tags,
      summary: 'Take listings down (their Shopify products are archived)',
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('publish'),
    },
    (_ctx, input, request) => lifecycle('down')(lctx(request), input.ids),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-delete`,
      tags,
      summary: 'Delete listings (archived on Shopify first when they were sent)',
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('delete'),
    },
    (_ctx, input, request) => lifecycle('delete')(lctx(request), input.ids),
  );
}
