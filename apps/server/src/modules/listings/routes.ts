import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AmazonStoreGroup,
  BatchUpdateContentInput,
  BatchUpdateInput,
  CategoryDetailQuery,
  CategoryQuery,
  ComplianceReport,
  CreateListingsInput,
  CreateListingsResult,
  ItemSaveInput,
  Listing,
  ListingBatch,
  ListingBatchQuery,
  ListingBatchStarted,
  ListingCategoryDetail,
  ListingCategoryList,
  ListingDefaults,
  ListingDownloadInput,
  ListingIdInput,
  ListingIdQuery,
  ListingIdsInput,
  ListingIndexQuery,
  ListingInfo,
  ListingInfoQuery,
  ListingList,
  ListingPage,
  ListingRowList,
  permOf,
  StepAllInput,
  StepAllResult,
  UpdateStep1Input,
  UpdateStep2Input,
  UpdateStep3Input,
  UpdateStep4Input,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { streamZip } from '../../http/zip.ts';
import { storeSecretBox } from '../../integrations/secret-box.ts';
import { listCategories, showCategory } from './categories.ts';
import { checkListing } from './compliance.ts';
import type { ListingCtx } from './context.ts';
import { listingImageEntries, listingsWorkbook } from './export.ts';
import { registerMultistationRoutes } from './multistation-routes.ts';
import { registerShopifyListingRoutes } from './shopify-routes.ts';
import { assertListingsOf } from './marketplace.ts';
import {
  batchUpdate,
  batchUpdateContent,
  getBatch,
  publishOne,
  startBatches,
} from './lifecycle.ts';
import { copyListing } from './copy.ts';
import { createListings } from './create.ts';
import { getDefaults, getInfo, getMarket } from './info.ts';
import { listListings } from './list.ts';
import { listByIds, showAll, showListing } from './show.ts';
import {
  saveItem,
  saveStepAll,
  updateStep1,
  updateStep2,
  updateStep3,
  updateStep4,
} from './steps.ts';

const PAGE = '/goods/collectyun';
const can = (action: string): { access: Access } => ({
  access: { auth: 'user', perm: permOf(PAGE, action) },
});
const tags = ['publish'];
const base = '/api/publish';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Amazon listings (issue 6, spec 7 "Amazon listings"): thin routes over the services. */
export function registerListingRoutes(app: App, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const box = storeSecretBox(deps.config);
  const lctx = (request: FastifyRequest): ListingCtx => ({
    ...request.ctx,
    connectors: deps.connectors,
    box,
    storage: deps.storage,
    jobs: deps.jobs,
    publicUrl: deps.config.PUBLIC_URL,
  });

  const noQuery = z.object({});
  /** The Amazon routes act on Amazon listings only: any other listing id is a 404. */
  const amazonOnly =
    <I, O>(ids: (input: I) => number[], run: (ctx: ListingCtx, input: I) => Promise<O>) =>
    async (_ctx: unknown, input: I, request: FastifyRequest) => {
      const ctx = lctx(request);
      await assertListingsOf(ctx, ids(input), 'amazon');
      return run(ctx, input);
    };
  const one = (input: { id: number }) => [input.id];
  const many = (input: { ids: number[] }) => input.ids;
  registerMultistationRoutes(app, deps);
  registerShopifyListingRoutes(app, deps);

  // Lists and reads
  route(
    app,
    {
      method: 'GET',
      url: `${base}/index`,
      tags,
      summary: 'Page the listings with filters; counts per status for the tabs',
      querystring: ListingIndexQuery,
      response: ListingPage,
      ...can('list'),
    },
    (_ctx, input, request) => listListings(lctx(request), input, 'amazon'),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/show`,
      tags,
      summary: 'One listing with its items, for the editor',
      querystring: ListingIdQuery,
      response: Listing,
      ...can('info'),
    },
    amazonOnly(one, (ctx, input) => showListing(ctx, input.id)),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/show-all`,
      tags,
      summary: 'Full listings by id, for the batch editor (foreign ids left out)',
      body: ListingIdsInput,
      response: ListingList,
      ...can('info'),
    },
    (_ctx, input, request) => showAll(lctx(request), input.ids),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/get-list-by-ids`,
      tags,
      summary: 'List rows by id (foreign ids left out)',
      body: ListingIdsInput,
      response: ListingRowList,
      ...can('list'),
    },
    (_ctx, input, request) => listByIds(lctx(request), input.ids),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-market`,
      tags,
      summary: "The actor's Amazon stores (on, authorized) per region",
      querystring: noQuery,
      response: z.array(AmazonStoreGroup),
      ...can('list'),
    },
    (_ctx, _input, request) => getMarket(lctx(request)),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-info`,
      tags,
      summary: 'Editor bootstrap for a store: site, currency, conditions, variation themes, limits',
      querystring: ListingInfoQuery,
      response: ListingInfo,
      ...can('info'),
    },
    (_ctx, input, request) => getInfo(lctx(request), input),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-category-by-market`,
      tags,
      summary: "The store site's product types",
      querystring: CategoryQuery,
      response: ListingCategoryList,
      ...can('info'),
    },
    (_ctx, input, request) => listCategories(lctx(request), input),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-category-by-market-new`,
      tags,
      summary: "The store site's product types, searched by `keyword`",
      querystring: CategoryQuery,
      response: ListingCategoryList,
      ...can('info'),
    },
    (_ctx, input, request) => listCategories(lctx(request), input),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-category-en-by-id`,
      tags,
      summary: 'A product type with the attributes step 2 asks for',
      querystring: CategoryDetailQuery,
      response: ListingCategoryDetail,
      ...can('info'),
    },
    (_ctx, input, request) => showCategory(lctx(request), input),
  );
  route(
    app,
    {
      method: 'GET',
      url: `${base}/get-defaultSet-by-market`,
      tags,
      summary: "The seller's last-used step 1 values for the store",
      querystring: ListingInfoQuery,
      response: ListingDefaults,
      ...can('info'),
    },
    (_ctx, input, request) => getDefaults(lctx(request), input),
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
    amazonOnly(one, (ctx, input) => checkListing(ctx, input.id)),
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

  // Editing
  route(
    app,
    {
      method: 'POST',
      url: `${base}/create`,
      tags,
      summary: 'Draft listings for one Amazon store from finished products, prefilled',
      body: CreateListingsInput,
      response: CreateListingsResult,
      ...can('update'),
    },
    (_ctx, input, request) => createListings(lctx(request), input),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/update/step1`,
      tags,
      summary: 'Save step 1 (basics)',
      body: UpdateStep1Input,
      response: Listing,
      ...can('update'),
    },
    amazonOnly(one, updateStep1),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/update/step2`,
      tags,
      summary: 'Save step 2 (product type and attributes, checked against its definition)',
      body: UpdateStep2Input,
      response: Listing,
      ...can('update'),
    },
    amazonOnly(one, updateStep2),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/update/step3`,
      tags,
      summary: 'Save step 3 (variations and items)',
      body: UpdateStep3Input,
      response: Listing,
      ...can('update'),
    },
    amazonOnly(one, updateStep3),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/update/step4`,
      tags,
      summary: 'Save step 4 (title, description, keywords, bullet points)',
      body: UpdateStep4Input,
      response: Listing,
      ...can('update'),
    },
    amazonOnly(one, updateStep4),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/update/step-all`,
      tags,
      summary: 'Save steps of several listings; one result per listing',
      body: StepAllInput,
      response: StepAllResult,
      ...can('update'),
    },
    (_ctx, input, request) => saveStepAll(lctx(request), input, 'amazon'),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/update/amazin-item-save`,
      tags,
      summary: 'Save one item of a listing',
      body: ItemSaveInput,
      response: Listing,
      ...can('update'),
    },
    amazonOnly(one, saveItem),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/copy`,
      tags,
      summary: 'Duplicate a listing as a draft with new SKUs',
      body: ListingIdInput,
      response: Listing,
      ...can('update'),
    },
    amazonOnly(one, (ctx, input) => copyListing(ctx, input.id)),
  );

  // Lifecycle (jobs; progress at /api/jobs/:id, results at publish/batch)
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
    amazonOnly(one, (ctx, input) => publishOne(ctx, input.id)),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-publish`,
      tags,
      summary: 'Publish listings as a batch job; failing items are reported per item',
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('publish'),
    },
    amazonOnly(many, (ctx, input) => startBatches(ctx, 'publish', input.ids)),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/delete`,
      tags,
      summary: 'Take one listing down from Amazon',
      body: ListingIdInput,
      response: ListingBatchStarted,
      ...can('down'),
    },
    amazonOnly(one, (ctx, input) => startBatches(ctx, 'down', [input.id])),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-down`,
      tags,
      summary: 'Take listings down from Amazon',
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('down'),
    },
    amazonOnly(many, (ctx, input) => startBatches(ctx, 'down', input.ids)),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-delete`,
      tags,
      summary: 'Delete listings (taken down from Amazon first when live)',
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('delete'),
    },
    amazonOnly(many, (ctx, input) => startBatches(ctx, 'delete', input.ids)),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-update`,
      tags,
      summary: 'Set step 1 values, stock or prices on many listings',
      body: BatchUpdateInput,
      response: ListingBatchStarted,
      ...can('update'),
    },
    amazonOnly(many, batchUpdate),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-update-content`,
      tags,
      summary: 'Fill step 4 texts of many listings from templates',
      body: BatchUpdateContentInput,
      response: ListingBatchStarted,
      ...can('update'),
    },
    amazonOnly(many, batchUpdateContent),
  );

  // Downloads
  r.post(
    `${base}/download/data`,
    {
      schema: {
        tags,
        summary: 'The selected listings as an Amazon flat-file-like xlsx',
        body: ListingDownloadInput,
        produces: [XLSX],
      },
      config: can('export'),
    },
    async (request, reply) => {
      const bytes = await listingsWorkbook(request.ctx, request.body.ids);
      return reply
        .type(XLSX)
        .header('content-disposition', 'attachment; filename="amazon-listings.xlsx"')
        .send(bytes);
    },
  );
  r.post(
    `${base}/download/zipper`,
    {
      schema: {
        tags,
        summary: "A zip of the selected listings' images, a folder per listing",
        body: ListingDownloadInput,
        produces: ['application/zip'],
      },
      config: can('export'),
    },
    async (request, reply) =>
      streamZip(
        reply,
        'amazon-listing-images.zip',
        await listingImageEntries(request.ctx, deps.storage, request.body.ids),
      ),
  );
}
