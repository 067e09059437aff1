import { and, eq, inArray } from 'drizzle-orm';
import type {
  IdsInput,
  MaterialDirDestroyInput,
  MaterialDirDestroyResult,
  MaterialDirStoreInput,
  MaterialEditInput,
  MaterialItem,
  MaterialListQuery,
  MaterialMoveInput,
  MaterialPage,
  MaterialUploadFields,
  MediaBatchResult,
  MediaFolder,
  MediaFolderTree,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { files, materialDirs } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { ZipEntry } from '../../http/zip.ts';
import { ownedBy } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import {
  createFolder,
  folderTree,
  requireFolder,
  subtreeIds,
  updateFolder,
} from '../uploads/index.ts';
import {
  deleteFiles,
  deleteObjects,
  displayName,
  listFiles,
  moveFiles,
  requireOwnedFiles,
  toUploadedFile,
  uploadFile,
  zipEntriesOf,
  type FileRow,
  type UploadCtx,
  type UploadInput,
} from '../uploads/service.ts';

function toMaterialItem(ctx: UploadCtx, row: FileRow): MaterialItem {
  return {
    ...toUploadedFile(ctx.storage, row),
    dir_id: row.folderId,
    createTime: unixSeconds(row.createdAt),
  };
}

export async function materialDirTree(ctx: Ctx): Promise<MediaFolderTree> {
  return folderTree(ctx, materialDirs);
}

export async function storeMaterialDir(
  ctx: Ctx,
  input: MaterialDirStoreInput,
): Promise<MediaFolder> {
  return input.id === undefined
    ? createFolder(ctx, materialDirs, input)
    : updateFolder(ctx, materialDirs, { ...input, id: input.id });
}

export async function listMaterials(ctx: UploadCtx, q: MaterialListQuery): Promise<MaterialPage> {
  const { rows, total } = await listFiles(ctx, 'material', { ...q, folderId: q.dir_id });
  return {
    list: rows.map((r) => toMaterialItem(ctx, r)),
    pagination: { page: q.page, size: q.size, total },
  };
}

/** PNG uploads keep their alpha channel: `processImage` re-encodes each format as itself. */
export async function uploadMaterial(
  ctx: UploadCtx,
  input: UploadInput,
  fields: MaterialUploadFields,
): Promise<MaterialItem> {
  const folderId = await requireFolder(ctx, materialDirs, fields.dir_id);
  return toMaterialItem(ctx, await uploadFile(ctx, input, { purpose: 'material', folderId }));
}

export async function editMaterial(
  ctx: UploadCtx,
  input: MaterialEditInput,
): Promise<MaterialItem> {
  const [row] = await ctx.db
    .update(files)
    .set({ originalName: displayName(input.name) })
    .where(and(eq(files.id, input.id), eq(files.purpose, 'material'), ownedBy(ctx, files.sellerId)))
    .returning();
  if (!row) throw new NotFoundError('materials.not_found');
  return toMaterialItem(ctx, row);
}

export async function destroyMaterials(ctx: UploadCtx, input: IdsInput): Promise<MediaBatchResult> {
  return deleteFiles(ctx, input.ids, 'material');
}

export async function moveMaterials(ctx: Ctx, input: MaterialMoveInput): Promise<MediaBatchResult> {
  const folderId = await requireFolder(ctx, materialDirs, input.dir_id);
  return moveFiles(ctx, input.ids, { purpose: 'material', folderId });
}

/**
 * Deletes a folder. One holding files or subfolders is refused (409, with the counts) unless
 * `force` is set, which deletes the whole subtree with its files; objects go after the commit.
 */
export async function destroyMaterialDir(
  ctx: UploadCtx,
  input: MaterialDirDestroyInput,
): Promise<MaterialDirDestroyResult> {
  const { removed, folders } = await withTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .select()
      .from(materialDirs)
      .where(ownedBy(tx, materialDirs.sellerId))
      .for('update');
    if (!rows.some((r) => r.id === input.id)) throw new NotFoundError('materials.folder_not_found');
    const subtree = subtreeIds(rows, input.id);
    const inside = and(
      ownedBy(tx, files.sellerId),
      eq(files.purpose, 'material'),
      inArray(files.folderId, subtree),
    );
    const contents = await tx.db.select().from(files).where(inside);
    if (!input.force && (subtree.length > 1 || contents.length > 0)) {
      throw new ConflictError(
        'materials.folder_not_empty',
        { folders: subtree.length - 1, files: contents.length },
        { folders: subtree.length - 1, files: contents.length },
      );
    }
    await tx.db.delete(files).where(inside);
    await tx.db
      .delete(materialDirs)
      .where(and(inArray(materialDirs.id, subtree), ownedBy(tx, materialDirs.sellerId)));
    return { removed: contents, folders: subtree.length };
  });
  await deleteObjects(ctx, removed);
  return { folders, files: removed.length };
}

/** The originals of the seller's materials, for a zip; 404 when any id is not theirs. */
export async function materialZipEntries(ctx: UploadCtx, input: IdsInput): Promise<ZipEntry[]> {
  return zipEntriesOf(ctx, await requireOwnedFiles(ctx, input.ids, 'material'));
}
