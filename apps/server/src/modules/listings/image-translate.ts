import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { LANGUAGES, type ImageJobStarted, type ListingImagesTranslateInput } from '@app/shared';
import { listings } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import type { Translator } from '../../integrations/translator/index.ts';
import { TranslatorError } from '../../integrations/translator/index.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { recordAudit } from '../audit/index.ts';
import { translateImage } from '../image-tools/index.ts';
import { sellerCtx, type ListingCtx, type ListingDeps } from './context.ts';
import { findListing } from './rows.ts';

export const LISTINGS_IMAGES_TRANSLATE = 'listings.images-translate';

const Payload = z.object({
  listingId: z.number().int(),
  source: z.string(),
  target: z.string(),
  lang: z.enum(LANGUAGES).optional(),
});

export interface ImageTranslateOutcome {
  before: string;
  after: string;
  changed: boolean;
  error: string | null;
}

/** Queues the translation of every image of the listing; 404 for another seller's listing. */
export async function startImagesTranslate(
  ctx: ListingCtx & { translator: Translator | null },
  input: ListingImagesTranslateInput,
): Promise<ImageJobStarted> {
  if (!ctx.translator) throw new TranslatorError('listings.no_translator', 'unavailable');
  const { row } = await findListing(ctx, input.id);
  const total = row.images.length;
  const jobId = await ctx.jobs.enqueue({
    kind: LISTINGS_IMAGES_TRANSLATE,
    sellerId: sellerIdOf(ctx),
    payload: { listingId: row.id, source: input.source, target: input.target, lang: ctx.lang },
    total,
  });
  return { job_id: jobId, total };
}

/**
 * The job: each image read, translated and drawn again (one OCR at a time); images whose text
 * changed are replaced in the listing, in place, once all are done. A failing image is
 * reported and kept as it was.
 */
export async function runImagesTranslate(
  deps: ListingDeps & { translator: Translator | null },
  job: Pick<JobContext, 'sellerId' | 'payload' | 'progress' | 'log'>,
): Promise<{ images: ImageTranslateOutcome[] }> {
  const payload = Payload.parse(job.payload);
  const ctx = sellerCtx(deps, job.sellerId ?? -1, job.log, payload.lang);
  const { row } = await findListing(ctx, payload.listingId);
  const outcomes: ImageTranslateOutcome[] = [];
  await job.progress(0, row.images.length);
  for (const url of row.images) {
    try {
      const result = await translateImage(
        { ...ctx, translator: deps.translator },
        { url, source: payload.source, target: payload.target },
      );
      const changed = result.segments.some((s) => s.changed);
      outcomes.push({ before: url, after: changed ? result.after_url : url, changed, error: null });
    } catch (error) {
      job.log.warn({ err: error, url }, 'image translation failed');
      outcomes.push({
        before: url,
        after: url,
        changed: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    await job.progress(outcomes.length, row.images.length, {
      key: 'jobs.progress.images_translated',
      params: { done: outcomes.length, total: row.images.length },
    });
  }
  const replaced = new Map(outcomes.filter((o) => o.changed).map((o) => [o.before, o.after]));
  if (replaced.size > 0) {
    await withTransaction(ctx, async (tx) => {
      const [before] = await tx.db
        .select()
        .from(listings)
        .where(eq(listings.id, row.id))
        .for('update');
      if (!before) return;
      const changed = before.status === 'published' || before.status === 'publishing';
      const [after] = await tx.db
        .update(listings)
        .set({
          images: before.images.map((u) => replaced.get(u) ?? u),
          updatedAt: new Date(),
          ...(changed ? { changed: true } : {}),
        })
        .where(eq(listings.id, row.id))
        .returning();
      await recordAudit(tx, { object: 'listing', id: row.id, before, after: after! });
    });
  }
  return { images: outcomes };
}
