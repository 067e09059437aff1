import { z } from 'zod';
import { IdInput, IdsInput, queryInt, text } from './common.ts';
import { UploadedFile } from './files.ts';

const GIB = 1024 ** 3;
/** Storage every seller has before buying more (`/api/image/space/dilatation`). */
export const STORAGE_QUOTA_DEFAULT_BYTES = GIB;
/** One dilatation step; a call buys 1 to STORAGE_DILATATION_MAX_STEPS steps. */
export const STORAGE_QUOTA_STEP_BYTES = GIB;
export const STORAGE_DILATATION_MAX_STEPS = 100;

export const MEDIA_PAGE_MAX = 100;
export const MEDIA_NAME_MAX = 100;
export const FOLDER_NAME_MAX = 50;
/** Upper bound of a resize target on either side; the upload limit is 40 megapixels anyway. */
export const RESIZE_MAX_SIDE = 6000;

const id = z.number().int().positive();
/** A folder reference in a body: a positive id, or null for the top level. */
const folderRef = id.nullable();
const folderName = text().trim().min(1, 'validation.required').max(FOLDER_NAME_MAX);

export const StorageSpace = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type StorageSpace = z.infer<typeof StorageSpace>;

export const DilatationInput = z.object({
  steps: z.number().int().min(1).max(STORAGE_DILATATION_MAX_STEPS),
});
export type DilatationInput = z.infer<typeof DilatationInput>;

/** An image category or a material folder: the spec's id, name, pid. */
export interface MediaFolderNode {
  id: number;
  name: string;
  pid: number | null;
  children: MediaFolderNode[];
}
export const MediaFolderNode: z.ZodType<MediaFolderNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    pid: z.number().int().nullable(),
    children: z.array(MediaFolderNode),
  }),
);
export const MediaFolderTree = z.array(MediaFolderNode);
export type MediaFolderTree = z.infer<typeof MediaFolderTree>;

export const MediaFolder = z.object({
  id: z.number().int(),
  name: z.string(),
  pid: z.number().int().nullable(),
});
export type MediaFolder = z.infer<typeof MediaFolder>;

/**
 * Which folder a list shows: absent = every file of the seller, `0` = the top level only
 * (files in no folder), an id = that folder only (not its subfolders).
 */
const folderFilter = queryInt(z.number().int().min(0)).optional();

const listQuery = {
  keyword: text().trim().max(MEDIA_NAME_MAX).optional(),
  page: queryInt(z.number().int().min(1).max(10_000)).default(1),
  size: queryInt(z.number().int().min(1).max(MEDIA_PAGE_MAX)).default(20),
};

const pagination = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});

/** Newest first; `keyword` matches the original file name. */
export const ImageListQuery = z.object({ category_id: folderFilter, ...listQuery });
export type ImageListQuery = z.infer<typeof ImageListQuery>;

export const ImageItem = UploadedFile.extend({
  category_id: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type ImageItem = z.infer<typeof ImageItem>;
export const ImagePage = z.object({ list: z.array(ImageItem), pagination });
export type ImagePage = z.infer<typeof ImagePage>;

/** Multipart fields sent before the `file` part of `/api/common/upload-single`. */
/** Multipart form fields are text, like a query string. */
const uploadFolder = queryInt(z.number().int().positive()).optional();
export const ImageUploadFields = z.object({ category_id: uploadFolder });
export type ImageUploadFields = z.infer<typeof ImageUploadFields>;

export const ImageMoveInput = IdsInput.extend({ category_id: folderRef });
export type ImageMoveInput = z.infer<typeof ImageMoveInput>;

export const ImageCategoryCreateInput = z.object({
  name: folderName,
  pid: folderRef.optional(),
});
export type ImageCategoryCreateInput = z.infer<typeof ImageCategoryCreateInput>;

/** `pid` absent keeps the parent; null moves the category to the top level. */
export const ImageCategoryUpdateInput = IdInput.extend({
  name: folderName,
  pid: folderRef.optional(),
});
export type ImageCategoryUpdateInput = z.infer<typeof ImageCategoryUpdateInput>;

/** One result per requested id: a failed item never undoes the others. */
export const MediaBatchItem = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** Set when `ok` is false: 'not_found' or a short reason. */
  reason: z.string().nullable(),
});
export type MediaBatchItem = z.infer<typeof MediaBatchItem>;
export const MediaBatchResult = z.object({ results: z.array(MediaBatchItem) });
export type MediaBatchResult = z.infer<typeof MediaBatchResult>;

export const MaterialListQuery = z.object({ dir_id: folderFilter, ...listQuery });
export type MaterialListQuery = z.infer<typeof MaterialListQuery>;

export const MaterialItem = UploadedFile.extend({
  dir_id: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type MaterialItem = z.infer<typeof MaterialItem>;
export const MaterialPage = z.object({ list: z.array(MaterialItem), pagination });
export type MaterialPage = z.infer<typeof MaterialPage>;

/** Without `id` creates a folder; with it renames and, when `pid` is given, moves that folder. */
export const MaterialDirStoreInput = z.object({
  id: id.optional(),
  name: folderName,
  pid: folderRef.optional(),
});
export type MaterialDirStoreInput = z.infer<typeof MaterialDirStoreInput>;

/** A folder holding files or subfolders is refused (409) unless `force` deletes all of it. */
export const MaterialDirDestroyInput = IdInput.extend({ force: z.boolean().default(false) });
export type MaterialDirDestroyInput = z.infer<typeof MaterialDirDestroyInput>;

export const MaterialDirDestroyResult = z.object({
  folders: z.number().int(),
  files: z.number().int(),
});
export type MaterialDirDestroyResult = z.infer<typeof MaterialDirDestroyResult>;

/** Multipart fields sent before the `file` part of `/api/material/upload-single`. */
export const MaterialUploadFields = z.object({ dir_id: uploadFolder });
export type MaterialUploadFields = z.infer<typeof MaterialUploadFields>;

export const MaterialEditInput = IdInput.extend({
  name: text().trim().min(1, 'validation.required').max(MEDIA_NAME_MAX),
});
export type MaterialEditInput = z.infer<typeof MaterialEditInput>;

export const MaterialMoveInput = IdsInput.extend({ dir_id: folderRef });
export type MaterialMoveInput = z.infer<typeof MaterialMoveInput>;

export const RESIZE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
const size = z.number().int().min(1).max(RESIZE_MAX_SIDE);
const fit = z.enum(RESIZE_FITS).default('cover');

/** The source is one of the seller's files (`file_id`) or an image URL of this server (`url`). */
export const ImageResizeInput = z
  .object({
    file_id: id.optional(),
    url: text().trim().min(1).max(2000).optional(),
    width: size,
    height: size,
    fit,
  })
  .refine((v) => (v.file_id === undefined) !== (v.url === undefined), {
    message: 'validation.either_required',
    path: ['file_id'],
  });
export type ImageResizeInput = z.infer<typeof ImageResizeInput>;

export const ModifyImagesSizeInput = IdsInput.extend({
  ids: IdsInput.shape.ids.max(100),
  width: size,
  height: size,
  fit,
});
export type ModifyImagesSizeInput = z.infer<typeof ModifyImagesSizeInput>;

export const ModifyImagesSizeItem = MediaBatchItem.extend({ file: UploadedFile.nullable() });
export const ModifyImagesSizeResult = z.object({ results: z.array(ModifyImagesSizeItem) });
export type ModifyImagesSizeResult = z.infer<typeof ModifyImagesSizeResult>;

/** POST form of download-images: the seller's file ids, or URLs of the seller's files. */
export const DownloadImagesInput = z
  .object({
    ids: IdsInput.shape.ids.max(200).optional(),
    urls: z.array(text().trim().min(1).max(2000)).min(1).max(200).optional(),
  })
  .refine((v) => v.ids !== undefined || v.urls !== undefined, {
    message: 'validation.either_required',
    path: ['ids'],
  });
export type DownloadImagesInput = z.infer<typeof DownloadImagesInput>;
