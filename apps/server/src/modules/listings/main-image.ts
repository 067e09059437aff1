import { eq } from 'drizzle-orm';
import type { MainImageCompliantResult } from '@app/shared';
import { listings } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { whiteMainImage } from '../design/index.ts';
import { backgroundMask, cutOut, onWhiteSquare, WHITE_MAIN_PX } from '../image-tools/index.ts';
import { readImageSource, storeDerivedImage } from '../uploads/index.ts';
import type { ListingCtx } from './context.ts';
import { findListing } from './rows.ts';

/** A white main image made from a photo: its plain background cut away, centred on white. */
async function whiteFromPhoto(ctx: ListingCtx, url: string): Promise<string> {
  const source = await readImageSource(ctx, { url });
  const mask = await backgroundMask(source.bytes);
  const png = await onWhiteSquare(await cutOut(source.bytes, mask), mask.width, mask.height);
  const stem = source.name.replace(/\.[^.]+$/, '');
  const file = await storeDerivedImage(
    ctx,
    { ext: 'png', data: png, width: WHITE_MAIN_PX, height: WHITE_MAIN_PX },
    `${stem}_main.png`,
    source.placement,
  );
  return file.url;
}

/**
 * Replaces the listing's main image with a compliant one (pure white background, WHITE_MAIN_PX
 * square): a designed product is rendered again on white from its design, at the colour and
 * side its current main image shows; any other main image has its background removed.
 */
export async function makeMainImageCompliant(
  ctx: ListingCtx,
  id: number,
): Promise<MainImageCompliantResult> {
  const { row } = await findListing(ctx, id);
  const main = row.images[0];
  let url: string | null = null;
  let method: MainImageCompliantResult['method'] = 'design';
  if (row.goodsId !== null) {
    url = await whiteMainImage(ctx, ctx, row.goodsId, main).catch((error: unknown) => {
      // The product may have been deleted since; the photo route still works.
      if (error instanceof NotFoundError) return null;
      throw error;
    });
  }
  if (url === null) {
    if (!main) throw new ValidationError({ 'images.0': 'listings.main_image_none' });
    url = await whiteFromPhoto(ctx, main);
    method = 'photo';
  }
  const images = [url, ...row.images.slice(1).filter((u) => u !== url)];
  await withTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(listings).where(eq(listings.id, id)).for('update');
    if (!before) throw new NotFoundError('listings.not_found');
    const changed = before.status === 'published' || before.status === 'publishing';
    const [after] = await tx.db
      .update(listings)
      .set({ images, updatedAt: new Date(), ...(changed ? { changed: true } : {}) })
      .where(eq(listings.id, id))
      .returning();
    await recordAudit(tx, { object: 'listing', id, before, after: after! });
  });
  return { url, images, method };
}
