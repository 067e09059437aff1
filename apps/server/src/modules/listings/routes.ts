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
import {
  batchUpdate,
  batchUpdateContent,
  getBatch,
  publishOne,
  startBatches,
} from './lifecycle.ts';
import {
  copyListing,
  createListings,
  getDefaults,
  getInfo,
  getMarket,
  listByIds,
  listListings,
  saveItem,
  saveStepAll,
  showAll,
  showListing,
  updateStep1,
  updateStep2,
  updateStep3,
  updateStep4,
} from './service.ts';

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

  const get = <Q extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    action: string,
    querystring: Q,
    response: R,
    handler: (ctx: ListingCtx, q: z.infer<Q>) => Promise<z.infer<R>>,
  ) =>
    // The plain instance: generic schemas defeat the type provider's reply check; the
    // handler's own signature ties the answer to `response`.
    route(
      app,
      {
        method: 'GET',
        url: `${base}/${path}`,
        tags,
        summary,
        querystring,
        response,
        ...can(action),
      },
      (_ctx, input, request) => handler(lctx(request), input as z.infer<Q>),
    );
  const post = <B extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    action: string,
    body: B,
    response: R,
    handler: (ctx: ListingCtx, b: z.infer<B>) => Promise<z.infer<R>>,
  ) =>
    route(
      app,
      { method: 'POST', url: `${base}/${path}`, tags, summary, body, response, ...can(action) },
      (_ctx, input, request) => handler(lctx(request), input as z.infer<B>),
    );

  const noQuery = z.object({});
  registerMultistationRoutes(app, deps);

  // Lists and reads
  get(
    'index',
    'Page the listings with filters; counts per status for the tabs',
    'list',
    ListingIndexQuery,
    ListingPage,
    listListings,
  );
  get(
    'show',
    'One listing with its items, for the editor',
    'info',
    ListingIdQuery,
    Listing,
    (ctx, q) => showListing(ctx, q.id),
  );
  post(
    'show-all',
    'Full listings by id, for the batch editor (foreign ids left out)',
    'info',
    ListingIdsInput,
    ListingList,
    (ctx, b) => showAll(ctx, b.ids),
  );
  post(
    'get-list-by-ids',
    'List rows by id (foreign ids left out)',
    'list',
    ListingIdsInput,
    ListingRowList,
    (ctx, b) => listByIds(ctx, b.ids),
  );
  get(
    'get-market',
    "The actor's Amazon stores (on, authorized) per region",
    'list',
    noQuery,
    z.array(AmazonStoreGroup),
    (ctx) => getMarket(ctx),
  );
  get(
    'get-info',
    'Editor bootstrap for a store: site, currency, conditions, variation themes, limits',
    'info',
    ListingInfoQuery,
    ListingInfo,
    getInfo,
  );
  get(
    'get-category-by-market',
    "The store site's product types",
    'info',
    CategoryQuery,
    ListingCategoryList,
    listCategories,
  );
  get(
    'get-category-by-market-new',
    "The store site's product types, searched by `keyword`",
    'info',
    CategoryQuery,
    ListingCategoryList,
    listCategories,
  );
  get(
    'get-category-en-by-id',
    'A product type with the attributes step 2 asks for',
    'info',
    CategoryDetailQuery,
    ListingCategoryDetail,
    showCategory,
  );
  get(
    'get-defaultSet-by-market',
    "The seller's last-used step 1 values for the store",
    'info',
    ListingInfoQuery,
    ListingDefaults,
    getDefaults,
  );
  get(
    'check',
    'The compliance report computed before publishing',
    'info',
    ListingIdQuery,
    ComplianceReport,
    (ctx, q) => checkListing(ctx, q.id),
  );
  get(
    'batch',
    'A lifecycle batch with its per-listing results',
    'list',
    ListingBatchQuery,
    ListingBatch,
    (ctx, q) => getBatch(ctx, q.id),
  );

  // Editing
  post(
    'create',
    'Draft listings for one Amazon store from finished products, prefilled',
    'update',
    CreateListingsInput,
    CreateListingsResult,
    createListings,
  );
  post('update/step1', 'Save step 1 (basics)', 'update', UpdateStep1Input, Listing, updateStep1);
  post(
    'update/step2',
    'Save step 2 (product type and attributes, checked against its definition)',
    'update',
    UpdateStep2Input,
    Listing,
    updateStep2,
  );
  post(
    'update/step3',
    'Save step 3 (variations and items)',
    'update',
    UpdateStep3Input,
    Listing,
    updateStep3,
  );
  post(
    'update/step4',
    'Save step 4 (title, description, keywords, bullet points)',
    'update',
    UpdateStep4Input,
    Listing,
    updateStep4,
  );
  post(
    'update/step-all',
    'Save steps of several listings; one result per listing',
    'update',
    StepAllInput,
    StepAllResult,
    saveStepAll,
  );
  post(
    'update/amazin-item-save',
    'Save one item of a listing',
    'update',
    ItemSaveInput,
    Listing,
    saveItem,
  );
  post(
    'copy',
    'Duplicate a listing as a draft with new SKUs',
    'update',
    ListingIdInput,
    Listing,
    (ctx, b) => copyListing(ctx, b.id),
  );

  // Lifecycle (jobs; progress at /api/jobs/:id, results at publish/batch)
  post(
    'publish',
    'Publish one listing; 409 with the compliance report while it has errors',
    'publish',
    ListingIdInput,
    ListingBatchStarted,
    (ctx, b) => publishOne(ctx, b.id),
  );
  post(
    'batch-publish',
    'Publish listings as a batch job; failing items are reported per item',
    'publish',
    ListingIdsInput,
    ListingBatchStarted,
    (ctx, b) => startBatches(ctx, 'publish', b.ids),
  );
  post(
    'delete',
    'Take one listing down from Amazon',
    'down',
    ListingIdInput,
    ListingBatchStarted,
    (ctx, b) => startBatches(ctx, 'down', [b.id]),
  );
  post(
    'batch-down',
    'Take listings down from Amazon',
    'down',
    ListingIdsInput,
    ListingBatchStarted,
    (ctx, b) => startBatches(ctx, 'down', b.ids),
  );
  post(
    'batch-delete',
    'Delete listings (taken down from Amazon first when live)',
    'delete',
    ListingIdsInput,
    ListingBatchStarted,
    (ctx, b) => startBatches(ctx, 'delete', b.ids),
  );
  post(
    'batch-update',
    'Set step 1 values, stock or prices on many listings',
    'update',
    BatchUpdateInput,
    ListingBatchStarted,
    batchUpdate,
  );
  post(
    'batch-update-content',
    'Fill step 4 texts of many listings from templates',
    'update',
    BatchUpdateContentInput,
    ListingBatchStarted,
    batchUpdateContent,
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
