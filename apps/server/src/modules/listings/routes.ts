import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AmazonStoreGroup,
  BatchUpdateContentInput,
  BatchUpdateInput,
  CategoryDetailQuery,
  CategoryQuery,
  ItemSaveInput,
  Listing,
  ListingBatchStarted,
  ListingCategoryDetail,
  ListingCategoryList,
  ListingDefaults,
  ListingDownloadInput,
  ListingIdInput,
  ListingIdsInput,
  ListingImagesTranslateInput,
  ImageJobStarted,
  MainImageCompliantResult,
  ListingInfo,
  ListingInfoQuery,
  ListingRowList,
  StepAllInput,
  UpdateStep1Input,
  UpdateStep2Input,
  UpdateStep3Input,
  UpdateStep4Input,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { streamZip } from '../../http/zip.ts';
import { listCategories, showCategory } from './categories.ts';
import { copyListing } from './copy.ts';
import { listingImageEntries, listingsWorkbook } from './export.ts';
import { getDefaults, getInfo, getMarket } from './info.ts';
import { batchUpdate, batchUpdateContent, startBatches } from './lifecycle.ts';
import { makeMainImageCompliant } from './main-image.ts';
import { startImagesTranslate } from './image-translate.ts';
import { createTranslator } from '../../integrations/translator/index.ts';
import { registerMultistationRoutes } from './multistation-routes.ts';
import {
  registerListingTable,
  type ListingRouteKit,
  type MarketplaceListingRoutes,
} from './marketplace-routes.ts';
import { SHOPEE_LISTING_ROUTES } from './shopee-routes.ts';
import { SHOPIFY_LISTING_ROUTES } from './shopify-routes.ts';
import { listByIds } from './show.ts';
import { TEMU_LISTING_ROUTES } from './temu-routes.ts';
import { saveItem, updateStep1, updateStep2, updateStep3, updateStep4 } from './steps.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Amazon listings (issue 6, spec 7 "Amazon listings"): the shared listing routes kept to Amazon
 * stores, plus the four-step editor, copies, batch edits, downloads and multi-station copy.
 */
export const AMAZON_LISTING_ROUTES: MarketplaceListingRoutes = {
  marketplace: 'amazon',
  name: 'Amazon',
  base: '/api/publish',
  page: '/goods/collectyun',
  tags: ['publish'],
  downAction: 'down',
  deleteOne: 'down',
  stores: {
    summary: "The actor's Amazon stores (on, authorized) per region",
    response: z.array(AmazonStoreGroup),
    list: getMarket,
  },
  stepAll: StepAllInput,
  extra: registerAmazonRoutes,
};

/** Every marketplace's listing routes, from one table. */
export function registerListingRoutes(app: App, deps: AppDeps): void {
  registerListingTable(app, deps, [
    AMAZON_LISTING_ROUTES,
    SHOPIFY_LISTING_ROUTES,
    TEMU_LISTING_ROUTES,
    SHOPEE_LISTING_ROUTES,
  ]);
}

function registerAmazonRoutes(app: App, kit: ListingRouteKit, deps: AppDeps): void {
  const { base, tags, can, lctx, own } = kit;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = (input: { id: number }) => [input.id];
  const many = (input: { ids: number[] }) => input.ids;
  registerMultistationRoutes(app, deps);

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

  // Editing
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
    own(one, updateStep1),
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
    own(one, updateStep2),
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
    own(one, updateStep3),
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
    own(one, updateStep4),
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
    own(one, saveItem),
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
    own(one, (ctx, input) => copyListing(ctx, input.id)),
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
    own(many, batchUpdate),
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
    own(many, batchUpdateContent),
  );

  route(
    app,
    {
      method: 'POST',
      url: `${base}/main-image/compliant`,
      tags,
      summary:
        "Replace the listing's main image with a compliant one: the designed product rendered on pure white at 1,600 px, or the photo's background removed",
      body: ListingIdInput,
      response: MainImageCompliantResult,
      ...can('update'),
    },
    own(one, (ctx, input) => makeMainImageCompliant(ctx, input.id)),
  );
  route(
    app,
    {
      method: 'POST',
      url: `${base}/batch-main-image`,
      tags,
      summary:
        'Make the main image of many listings compliant, as a batch with per-listing results',
      body: ListingIdsInput,
      response: ListingBatchStarted,
      ...can('update'),
    },
    own(many, (ctx, input) => startBatches(ctx, 'main-image', input.ids)),
  );
  const translator = createTranslator(deps.config);
  route(
    app,
    {
      method: 'POST',
      url: `${base}/images/translate`,
      tags,
      summary:
        "Queue the translation of the text in every image of a listing into the target site's language; images with text are replaced by their translated copies. Poll the job; 503 without a translator",
      body: ListingImagesTranslateInput,
      response: ImageJobStarted,
      ...can('update'),
    },
    own(
      (input: ListingImagesTranslateInput) => [input.id],
      (ctx, input) => startImagesTranslate({ ...ctx, translator }, input),
    ),
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
