import { eq } from 'drizzle-orm';
import type { FinishedImageInput } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { parentProductImages } from '../../db/schema.ts';
import { ValidationError, type FieldMessages } from '../../errors.ts';
import type { ObjectStorage } from '../../integrations/object-storage.ts';
import { foreignUrls } from '../uploads/index.ts';

/**
 * Refuses (422 `images.N`) any image a seller may not put on a product: one that is neither
 * already on it (`current`), nor a picture of its parent product, nor otherwise the seller's
 * to use (its uploads, its design outputs, the platform's pictures). Without this a product
 * could carry another seller's file, which the image zip would then serve.
 */
export async function assertUsableImages(
  ctx: Ctx,
  images: FinishedImageInput[],
  parentId: number,
  current: string[],
  storage?: Pick<ObjectStorage, 'url'>,
): Promise<void> {
  const known = new Set(current);
  let unknown = images.map((i) => i.url).filter((url) => !known.has(url));
  if (unknown.length === 0) return;
  const parent = await ctx.db
    .select({ url: parentProductImages.url })
    .from(parentProductImages)
    .where(eq(parentProductImages.productId, parentId));
  for (const { url } of parent) known.add(url);
  unknown = unknown.filter((url) => !known.has(url));
  if (unknown.length === 0) return;
  const foreign = await foreignUrls(ctx, unknown, storage);
  const fields: FieldMessages = {};
  images.forEach((image, i) => {
    if (foreign.has(image.url)) fields[`images.${i}`] = 'goods.foreign_image';
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}
