import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type BatchUpdateContentInput,
  type BatchUpdateInput,
  checkGtin,
  type ComplianceReport,
  DEFAULT_LANGUAGE,
  fromMinor,
  isLanguage,
  type ListingBatch,
  type ListingBatchKind,
  type ListingBatchStarted,
  type ListingIssue,
  type Marketplace,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import {
  finishedProducts,
  finishedSkus,
  listingBatchItems,
  listingBatches,
  listingItems,
  listings,
  stores,
} from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { recordAudit } from '../audit/index.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import {
  MarketplaceError,
  type ListingInput,
  type MarketplaceConnector,
  type StoreSession,
} from '../../integrations/marketplaces/connector.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { ownedBy, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { renderText } from '../../i18n/render-text.ts';
import { storeSessionFor, type StoreRow } from '../markets/service.ts';
import { markCodesPublished, releaseCodes, takeFreeCode } from '../upc/index.ts';
import {
  complianceReport,
  complianceTools,
  needsNoCode,
  type ComplianceTools,
} from './compliance.ts';
import { sellerCtx, type ListingCtx, type ListingDeps } from './context.ts';
import { makeMainImageCompliant } from './main-image.ts';
import { findListing, itemSummary, visibleListings, type LoadedListing } from './rows.ts';
import { pricingRule, sitePrice, textsFromTemplates } from './pricing.ts';

/** One job kind for every lifecycle batch; the `listings.` prefix guards the store's deletion. */
export const LISTINGS_BATCH = 'listings.batch';
/**
 * Longest run pg-boss expects: 10,000 listings at Amazon's 5 a second take 35 minutes. A
 * batch whose worker died is not waiting for this: the job runner resumes it within seconds.
 */
const BATCH_EXPIRE_SECONDS = 2 * 60 * 60;
const REPORT_EVERY_MS = 250;
/** Listings of one batch in flight at once. */
const CONCURRENCY = 4;

export interface BatchPayload {
  batchId: number;
  storeId: number;
}

type ItemOutcome = {
  state: 'done' | 'failed';
  error: string | null;
  issues: ListingIssue[];
  report: ComplianceReport | null;
};

const done = (issues: ListingIssue[] = []): ItemOutcome => ({
  state: 'done',
  error: null,
  issues,
  report: null,
});
const failed = (
  error: string,
  extra: Partial<Pick<ItemOutcome, 'issues' | 'report'>> = {},
): ItemOutcome => ({
  state: 'failed',
  error,
  issues: extra.issues ?? [],
  report: extra.report ?? null,
});

// ---------------------------------------------------------------------------------------------
// Starting batches

/**
 * One batch (and one job) per store of the chosen listings; an id that is not the actor's is
 * a 404 for the whole call. `publish` marks the listings `publishing` at once.
 */
export async function startBatches(
  ctx: ListingCtx,
  kind: ListingBatchKind,
  ids: number[],
  params: Record<string, unknown> = {},
): Promise<ListingBatchStarted> {
  const unique = [...new Set(ids)];
  // Only what the grouping needs: a batch of thousands never loads its listings here.
  const found = await ctx.db
    .select({ id: listings.id, storeId: listings.storeId })
    .from(listings)
    .where(and(inArray(listings.id, unique), visibleListings(ctx)));
  if (found.length !== unique.length) throw new NotFoundError('listings.not_found');
  const storeOf = new Map(found.map((l) => [l.id, l.storeId]));
  const byStore = new Map<number, number[]>();
  for (const id of unique) {
    const storeId = storeOf.get(id)!;
    const list = byStore.get(storeId);
    if (list) list.push(id);
    else byStore.set(storeId, [id]);
  }
  const sellerId = sellerIdOf(ctx);
  const batches: ListingBatchStarted['batches'] = [];
  for (const [storeId, listingIds] of byStore) {
    const batchId = await withTransaction(ctx, async (tx) => {
      const [batch] = await tx.db
        .insert(listingBatches)
        .values({
          sellerId,
          storeId,
          kind,
          // The job has no config: image URLs are made absolute with the request's.
          // The starter's language: findings and failure texts are written in it.
          params: {
            ...params,
            lang: ctx.lang,
            ...(ctx.publicUrl ? { publicUrl: ctx.publicUrl } : {}),
          },
        })
        .returning({ id: listingBatches.id });
      await tx.db
        .insert(listingBatchItems)
        .values(
          listingIds.map((listingId, orderNum) => ({ batchId: batch!.id, listingId, orderNum })),
        );
      if (kind === 'publish') {
        for (const id of listingIds) await setListing(tx, id, { status: 'publishing' });
      }
      return batch!.id;
    });
    const jobId = await queueBatch(ctx.jobs, sellerId, { batchId, storeId }, listingIds.length);
    await ctx.db.update(listingBatches).set({ jobId }).where(eq(listingBatches.id, batchId));
    batches.push({
      batch_id: batchId,
      job_id: jobId,
      market_id: storeId,
      total: listingIds.length,
    });
  }
  const first = batches[0]!;
  return {
    batch_id: first.batch_id,
    job_id: first.job_id,
    total: batches.reduce((n, b) => n + b.total, 0),
    batches,
  };
}

function queueBatch(
  runner: Pick<JobRunner, 'enqueue'>,
  sellerId: number,
  payload: BatchPayload,
  total: number,
): Promise<string> {
  return runner.enqueue({ kind: LISTINGS_BATCH, sellerId, payload, total });
}

/** `publish`: the compliance report first (409 with it while it has errors), then a batch. */
export async function publishOne(ctx: ListingCtx, id: number): Promise<ListingBatchStarted> {
  const listing = await findListing(ctx, id);
  const store = await storeOf(ctx, listing.row.storeId);
  // The same refusals as the job's, before anything is queued.
  storeSessionFor(ctx, store, { forWrite: true });
  const report = await complianceReport(ctx, listing, await complianceTools(ctx, store));
  if (!report.ok) {
    throw new ConflictError(
      'listings.compliance_errors',
      {},
      {
        reason: 'compliance',
        report,
      },
    );
  }
  return startBatches(ctx, 'publish', [id]);
}

export const batchUpdate = (ctx: ListingCtx, input: BatchUpdateInput) =>
  startBatches(ctx, 'update', input.ids, { set: input.set });
export const batchUpdateContent = (ctx: ListingCtx, input: BatchUpdateContentInput) =>
  startBatches(ctx, 'update-content', input.ids, { templates: input.templates });

async function storeOf(ctx: Ctx, storeId: number): Promise<StoreRow> {
  const [store] = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), ownedBy(ctx, stores.sellerId)))
    .limit(1);
  if (!store) throw new NotFoundError('listings.store_not_found');
  return store;
}

// ---------------------------------------------------------------------------------------------
// Reading batches

export async function getBatch(ctx: Ctx, id: number): Promise<ListingBatch> {
  const [batch] = await ctx.db
    .select()
    .from(listingBatches)
    .where(and(eq(listingBatches.id, id), ownedBy(ctx, listingBatches.sellerId)))
    .limit(1);
  if (!batch) throw new NotFoundError('listings.batch_not_found');
  const items = await ctx.db
    .select()
    .from(listingBatchItems)
    .where(eq(listingBatchItems.batchId, id))
    .orderBy(asc(listingBatchItems.orderNum));
  return {
    id: batch.id,
    kind: batch.kind,
    job_id: batch.jobId,
    status: batch.finishedAt ? 'finished' : 'running',
    total: items.length,
    done: items.filter((i) => i.state !== 'pending').length,
    failed: items.filter((i) => i.state === 'failed').length,
    items: items.map((i) => ({
      listing_id: i.listingId,
      state: i.state,
      error: i.error,
      issues: i.issues,
      report: i.report,
    })),
    created_at: unixSeconds(batch.createdAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Marketplace payload

const absolute = (deps: ListingDeps, url: string) =>
  deps.publicUrl && url.startsWith('/') ? `${deps.publicUrl.replace(/\/$/, '')}${url}` : url;

const identifier = (code: string) => ({
  type: checkGtin(code).ok && code.length === 12 ? 'upc' : 'ean',
  value: code,
});

/** The listing in the connector's marketplace-neutral form. */
export function listingInputOf(
  deps: ListingDeps,
  { row, items }: LoadedListing,
  marketplace: Marketplace,
): ListingInput {
  const images = row.images.map((u) => absolute(deps, u));
  const money = (minor: number) => ({
    amount: fromMinor(minor, row.currency),
    currency: row.currency,
  });
  // Temu and Shopee have no condition attribute: sent, it would come back as unknown.
  const attributes: Record<string, unknown> =
    marketplace === 'temu' || marketplace === 'shopee'
      ? { ...row.attributes }
      : { ...row.attributes, condition_type: row.condition };
  const description = [row.describe, row.customDescribe]
    .filter((t) => t.trim() !== '')
    .join('\n\n');
  const base = {
    title: row.title,
    description,
    bulletPoints: row.bulletPoints.filter((b) => b.trim() !== ''),
    keywords: row.keywords.trim() ? [row.keywords.trim()] : [],
    brand: row.brand,
    categoryId: row.productType,
    imageUrls: images,
    remoteId: row.remoteId,
  };
  if (!row.isVariation) {
    const item = items[0]!;
    // A single item's options are plain attributes (color, size) unless step 2 set them.
    for (const [name, value] of Object.entries(item.variation)) {
      if (attributes[name] === undefined && value.trim() !== '') attributes[name] = value;
    }
    if (item.productId)
      attributes.externally_assigned_product_identifier = identifier(item.productId);
    return {
      ...base,
      sku: item.sku,
      attributes,
      price: money(item.priceMinor),
      quantity: item.quantity,
    };
  }
  if (row.variationTheme) attributes.variation_theme = row.variationTheme;
  return {
    ...base,
    sku: row.parentSku,
    attributes,
    price: money(items[0]?.priceMinor ?? 0),
    quantity: items.reduce((n, i) => n + i.quantity, 0),
    variants: items.map((i) => ({
      sku: i.sku,
      price: money(i.priceMinor),
      quantity: i.quantity,
      options: i.variation,
      imageUrls: i.image ? [absolute(deps, i.image)] : [],
      ...(i.productId ? { barcode: i.productId } : {}),
    })),
  };
}

const reportIssues = (report: ComplianceReport): ListingIssue[] =>
  report.findings
    .filter((f) => f.severity === 'error')
    .map((f) => ({ code: f.rule, message: f.message, severity: 'error', fields: [f.field] }));

const issueText = (issues: ListingIssue[]) =>
  issues
    .filter((i) => i.severity === 'error')
    .map((i) => i.message)
    .slice(0, 3)
    .join('; ') || 'The marketplace refused the listing';

// ---------------------------------------------------------------------------------------------
// Running batches

interface Runtime {
  ctx: ListingCtx;
  store: StoreRow;
  params: Record<string, unknown>;
  /** Opened on first need: updates never reach the marketplace. */
  session: () => { connector: MarketplaceConnector; session: StoreSession };
  tools: () => Promise<ComplianceTools>;
  /**
   * When the batch started, in a run resumed after its worker died: a listing still pending
   * may have been created on the marketplace by then without its id being recorded.
   */
  resumedSince: Date | null;
}

/** Every write of a listing's row by the lifecycle (publish states, batch updates) is audited. */
/** Writes a listing's row with its audit entry. */
export async function setListing(
  ctx: Ctx,
  id: number,
  values: Partial<typeof listings.$inferInsert>,
) {
  await withTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(listings).where(eq(listings.id, id)).for('update');
    if (!before) return;
    const [after] = await tx.db
      .update(listings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(listings.id, id))
      .returning();
    await recordAudit(tx, { object: 'listing', id, before, after: after! });
  });
}

async function publishItem(rt: Runtime, listingId: number): Promise<ItemOutcome> {
  const { ctx } = rt;
  let listing = await findListing(ctx, listingId);
  const tools = await rt.tools();
  const report = await complianceReport(ctx, listing, tools);
  if (!report.ok) {
    const issues = reportIssues(report);
    await setListing(ctx, listingId, { status: 'failed', issues });
    return failed(`The compliance report has ${report.errors} error(s)`, { issues, report });
  }
  const { connector, session } = rt.session();
  // Items without a UPC/EAN take one of the seller's free codes, each its own; republishing
  // keeps it. Temu, Shopee and GTIN-exempt brands take items without one: none is spent there.
  const marketplace = rt.store.marketplace;
  const takesCodes = !needsNoCode(tools, listing.row.brand);
  const needing = takesCodes ? listing.items.filter((i) => i.productId === '') : [];
  if (needing.length) {
    const sellerId = listing.row.sellerId;
    const ok = await withTransaction(ctx, async (tx) => {
      for (const item of needing) {
        const code = await takeFreeCode(tx.db, sellerId, { listingId, ref: item.sku });
        if (!code) return false;
        await tx.db
          .update(listingItems)
          .set({ productId: code.code })
          .where(eq(listingItems.id, item.id));
      }
      return true;
    });
    // Shopify takes variants without a barcode; Amazon needs one.
    if (!ok && marketplace === 'amazon') {
      // The same rule as the compliance check's, so the screens offer the same ways out.
      const issues: ListingIssue[] = [
        {
          code: 'missing_product_id',
          message: renderText(ctx.lang, 'compliance.product_id_pool_empty'),
          severity: 'error',
          fields: ['items'],
        },
      ];
      await setListing(ctx, listingId, { status: 'failed', issues });
      return failed(issueText(issues), { issues });
    }
    listing = await findListing(ctx, listingId);
  }
  try {
    const input = listingInputOf(ctx, listing, marketplace);
    const result = await connector.publish(
      session,
      rt.resumedSince && !input.remoteId ? { ...input, createdSince: rt.resumedSince } : input,
    );
    if (result.status === 'invalid') {
      await setListing(ctx, listingId, { status: 'failed', issues: result.issues });
      return failed(issueText(result.issues), { issues: result.issues });
    }
    await setListing(ctx, listingId, {
      status: 'published',
      changed: false,
      remoteId: result.remoteId,
      issues: result.issues,
      publishedAt: new Date(),
    });
    await markCodesPublished(ctx.db, listing.row.sellerId, listingId);
    return done(result.issues);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const issues: ListingIssue[] = [
      { code: error.code, message: error.message, severity: 'error', fields: [] },
    ];
    await setListing(ctx, listingId, { status: 'failed', issues });
    return failed(error.message, { issues });
  }
}

const ON_MARKETPLACE = new Set(['published', 'publishing', 'failed', 'taken_down']);

async function takeDownItem(rt: Runtime, listingId: number): Promise<ItemOutcome> {
  const { row } = await findListing(rt.ctx, listingId);
  if (row.status === 'draft') return failed('The listing was never published');
  const { connector, session } = rt.session();
  await connector.takeDown(session, { sku: row.parentSku, remoteId: row.remoteId });
  await setListing(rt.ctx, listingId, { status: 'taken_down', changed: false });
  return done();
}

async function deleteItem(rt: Runtime, listingId: number): Promise<ItemOutcome> {
  const { row } = await findListing(rt.ctx, listingId);
  if (ON_MARKETPLACE.has(row.status) && (row.remoteId || row.status !== 'failed')) {
    const { connector, session } = rt.session();
    const ref = { sku: row.parentSku, remoteId: row.remoteId };
    try {
      await (connector.deleteListing
        ? connector.deleteListing(session, ref)
        : connector.takeDown(session, ref));
    } catch (error) {
      // Already gone there (a repeat after a lost answer, or deleted in the seller centre).
      if (!(error instanceof MarketplaceError && error.kind === 'not_found')) throw error;
    }
  }
  await withTransaction(rt.ctx, async (tx) => {
    await tx.db.delete(listings).where(eq(listings.id, listingId));
    await recordAudit(tx, { object: 'listing', id: listingId, before: row, after: null });
    await releaseCodes(tx.db, row.sellerId, listingId);
  });
  return done();
}

async function updateItem(rt: Runtime, listingId: number): Promise<ItemOutcome> {
  const { ctx } = rt;
  const { row, items } = await findListing(ctx, listingId);
  const set = (rt.params.set ?? {}) as BatchUpdateInput['set'];
  const values: Partial<typeof listings.$inferInsert> = {};
  if (set.brand !== undefined) values.brand = set.brand;
  if (set.manufacturer !== undefined) values.manufacturer = set.manufacturer;
  if (set.condition !== undefined) values.condition = set.condition;
  if (set.condition_note !== undefined) values.conditionNote = set.condition_note;
  if (set.handling_time !== undefined) values.handlingTime = set.handling_time;
  const prices = new Map<number, number>();
  if (set.pricing_template_id !== undefined) {
    const rule = await pricingRule(ctx, set.pricing_template_id);
    const skuIds = items.flatMap((i) => (i.finishedSkuId ? [i.finishedSkuId] : []));
    const costs = skuIds.length
      ? await ctx.db
          .select({ id: finishedSkus.id, costMinor: finishedSkus.costMinor })
          .from(finishedSkus)
          .where(inArray(finishedSkus.id, skuIds))
      : [];
    const cost = new Map(costs.map((c) => [c.id, c.costMinor]));
    for (const item of items) {
      const c = item.finishedSkuId ? cost.get(item.finishedSkuId) : undefined;
      if (c !== undefined) prices.set(item.id, await sitePrice(ctx, rule, c, row.currency));
    }
  }
  await withTransaction(ctx, async (tx) => {
    for (const item of items) {
      const next: Partial<typeof listingItems.$inferInsert> = {};
      if (set.quantity !== undefined) next.quantity = set.quantity;
      if (prices.has(item.id)) next.priceMinor = prices.get(item.id)!;
      if (Object.keys(next).length) {
        await tx.db.update(listingItems).set(next).where(eq(listingItems.id, item.id));
      }
    }
    const summary = itemSummary(
      row.parentSku,
      items.map((i) => ({ sku: i.sku, priceMinor: prices.get(i.id) ?? i.priceMinor })),
    );
    await setListing(tx, listingId, {
      ...values,
      ...summary,
      ...(row.status === 'published' ? { changed: true } : {}),
    });
  });
  return done();
}

async function updateContentItem(rt: Runtime, listingId: number): Promise<ItemOutcome> {
  const { ctx } = rt;
  const { row, items } = await findListing(ctx, listingId);
  let title = row.title;
  if (row.goodsId) {
    const [product] = await ctx.db
      .select({ title: finishedProducts.title })
      .from(finishedProducts)
      .where(eq(finishedProducts.id, row.goodsId))
      .limit(1);
    if (product) title = product.title;
  }
  const first = items[0];
  const texts = await textsFromTemplates(
    ctx,
    (rt.params.templates ?? {}) as BatchUpdateContentInput['templates'],
    {
      title,
      brand: row.brand,
      color: first?.variation.color,
      size: first?.variation.size,
      sku: row.parentSku,
      price: first ? fromMinor(first.priceMinor, row.currency) : undefined,
    },
  );
  await setListing(ctx, listingId, {
    ...(texts.title !== undefined ? { title: texts.title } : {}),
    ...(texts.bullets !== undefined ? { bulletPoints: texts.bullets } : {}),
    ...(texts.keywords !== undefined ? { keywords: texts.keywords } : {}),
    ...(texts.describe !== undefined ? { describe: texts.describe } : {}),
    ...(row.status === 'published' ? { changed: true } : {}),
  });
  return done();
}

const RUNNERS: Record<ListingBatchKind, (rt: Runtime, listingId: number) => Promise<ItemOutcome>> =
  {
    publish: publishItem,
    down: takeDownItem,
    delete: deleteItem,
    update: updateItem,
    'update-content': updateContentItem,
    'main-image': (rt, id) => makeMainImageCompliant(rt.ctx, id).then(() => done()),
  };

function messageOf(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof AppError) return error.message;
  log.error({ err: error }, 'listing batch item failed');
  return 'Unexpected error';
}

/**
 * Runs a batch's pending items in order, each on its own: a failing one is recorded and the
 * next goes on. An item's result is written as soon as it is known, so when the job runner
 * resumes the job after a crash, the run picks up exactly the items not yet done. A run whose
 * job was handed to another worker (`signal`) stops at the next item.
 */
export async function runBatch(
  deps: ListingDeps,
  job: Pick<JobContext, 'jobId' | 'payload' | 'log' | 'progress'> &
    Partial<Pick<JobContext, 'signal' | 'attempt'>>,
  opts: { maxItems?: number } = {},
): Promise<{ done: number; failed: number; superseded?: boolean }> {
  const { batchId } = job.payload as BatchPayload;
  const [batch] = await deps.db
    .select()
    .from(listingBatches)
    .where(eq(listingBatches.id, batchId))
    .limit(1);
  if (!batch || batch.finishedAt) return { done: 0, failed: 0 };
  const publicUrl = deps.publicUrl ?? (batch.params.publicUrl as string | undefined);
  const lang = isLanguage(batch.params.lang) ? batch.params.lang : DEFAULT_LANGUAGE;
  const ctx = sellerCtx({ ...deps, publicUrl }, batch.sellerId, job.log, lang);
  // The items' states only: results (issues, compliance reports) stay in the database.
  const all = await deps.db
    .select({
      id: listingBatchItems.id,
      listingId: listingBatchItems.listingId,
      state: listingBatchItems.state,
    })
    .from(listingBatchItems)
    .where(eq(listingBatchItems.batchId, batchId))
    .orderBy(asc(listingBatchItems.orderNum));
  let finished = all.filter((i) => i.state !== 'pending').length;
  let failures = all.filter((i) => i.state === 'failed').length;
  await job.progress(finished, all.length);

  const [store] = await deps.db.select().from(stores).where(eq(stores.id, batch.storeId)).limit(1);
  let opened: ReturnType<Runtime['session']> | null = null;
  let tools: Promise<ComplianceTools> | null = null;
  const rt: Runtime | null = store
    ? {
        ctx,
        store,
        params: batch.params,
        session: () => (opened ??= storeSessionFor(deps, store, { forWrite: true })),
        tools: () => (tools ??= complianceTools(ctx, store)),
        resumedSince: (job.attempt ?? 0) > 0 ? batch.createdAt : null,
      }
    : null;

  const pending = all.filter((i) => i.state === 'pending');
  const limit = Math.min(pending.length, opts.maxItems ?? pending.length);
  let next = 0;
  // Progress costs a query; a few per second are plenty.
  let lastReport = 0;
  const superseded = () => job.signal?.aborted === true;
  // A few listings at a time hide the marketplace's and the database's latency; the
  // connector's limiter still paces requests to the marketplace's quota.
  // An item is claimed only after the last await before it: a worker that saw items left
  // and then awaited may find that the others took them meanwhile.
  const worker = async () => {
    while (!superseded()) {
      if (next >= limit) return;
      const item = pending[next++]!;
      let outcome: ItemOutcome;
      try {
        outcome = rt ? await RUNNERS[batch.kind](rt, item.listingId) : failed('Store not found');
      } catch (error) {
        outcome = failed(messageOf(error, job.log));
        if (batch.kind === 'publish') {
          await setListing(ctx, item.listingId, { status: 'failed' }).catch(() => {});
        }
      }
      await deps.db
        .update(listingBatchItems)
        .set({ ...outcome, updatedAt: new Date() })
        .where(and(eq(listingBatchItems.id, item.id), eq(listingBatchItems.state, 'pending')));
      finished++;
      if (outcome.state === 'failed') failures++;
      if (Date.now() - lastReport >= REPORT_EVERY_MS || finished === all.length) {
        lastReport = Date.now();
        await job.progress(finished, all.length, {
          key: 'jobs.progress.listings',
          params: { done: finished, total: all.length },
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, limit) }, worker));
  if (superseded()) return { done: finished - failures, failed: failures, superseded: true };
  if (finished === all.length) {
    await deps.db
      .update(listingBatches)
      .set({ finishedAt: new Date() })
      .where(eq(listingBatches.id, batchId));
  }
  return { done: finished - failures, failed: failures };
}

/** The batch runner: resumable, since a run does only the items still pending. */
export function registerListingJobs(runner: JobRunner, deps: ListingDeps): void {
  runner.define(LISTINGS_BATCH, (job) => runBatch(deps, job), {
    resumable: true,
    expireInSeconds: BATCH_EXPIRE_SECONDS,
  });
}
