import { and, eq } from 'drizzle-orm';
import type {
  IdInput,
  IdsInput,
  ImageCategoryCreateInput,
  ImageCategoryUpdateInput,
  ImageItem,
  ImageListQuery,
  ImageMoveInput,
  ImagePage,
  MediaBatchResult,
  MediaFolder,
  MediaFolderTree,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { files, imageCategories } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { findOwned, ownedBy } from '../../tenancy.ts';
import { createFolder, folderTree, requireFolder, updateFolder } from '../uploads/index.ts';
import {
  deleteFiles,
  listFiles,
  moveFiles,
  toUploadedFile,
  type FileRow,
  type UploadCtx,
} from '../uploads/service.ts';
import { unixSeconds } from '../../time.ts';

function toImageItem(ctx: UploadCtx, row: FileRow): ImageItem {
  return {
    ...toUploadedFile(ctx.storage, row),
    category_id: row.folderId,
    createTime: unixSeconds(row.createdAt),
  };
}

export async function listImages(ctx: UploadCtx, q: ImageListQuery): Promise<ImagePage> {
  const { rows, total } = await listFiles(ctx, 'image', { ...q, folderId: q.category_id });
  return {
    list: rows.map((r) => toImageItem(ctx, r)),
    pagination: { page: q.page, size: q.size, total },
  };
}

export async function deleteImages(ctx: UploadCtx, input: IdsInput): Promise<MediaBatchResult> {
  return deleteFiles(ctx, input.ids, 'image');
}

export async function moveImages(ctx: Ctx, input: ImageMoveInput): Promise<MediaBatchResult> {
  const folderId = await requireFolder(ctx, imageCategories, input.category_id);
  return moveFiles(ctx, input.ids, { purpose: 'image', folderId });
}

export async function imageCategoryTree(ctx: Ctx): Promise<MediaFolderTree> {
  return folderTree(ctx, imageCategories);
}

export async function createImageCategory(
  ctx: Ctx,
  input: ImageCategoryCreateInput,
): Promise<MediaFolder> {
  return createFolder(ctx, imageCategories, input);
}

export async function updateImageCategory(
  ctx: Ctx,
  input: ImageCategoryUpdateInput,
): Promise<MediaFolder> {
  return updateFolder(ctx, imageCategories, input);
}

/**
 * Deleting a category never deletes images: its images move to the top level and its
 * subcategories move up to its parent, so nothing a seller uploaded disappears with a folder.
 */
export async function deleteImageCategory(ctx: Ctx, input: IdInput): Promise<null> {
  await withTransaction(ctx, async (tx) => {
    const category = await findOwned(tx, imageCategories, input.id, 'uploads.category_not_found');
    await tx.db
      .update(imageCategories)
      .set({ pid: category.pid })
      .where(and(eq(imageCategories.pid, category.id), ownedBy(tx, imageCategories.sellerId)));
    await tx.db
      .update(files)
      .set({ folderId: null })
      .where(
        and(
          eq(files.purpose, 'image'),
          eq(files.folderId, category.id),
          ownedBy(tx, files.sellerId),
        ),
      );
    await tx.db
      .delete(imageCategories)
      .where(and(eq(imageCategories.id, category.id), ownedBy(tx, imageCategories.sellerId)));
  });
  return null;
}
