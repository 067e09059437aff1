import { z } from 'zod';
import { IdsInput, text } from './common.ts';
import { UploadedFile } from './files.ts';

const id = z.number().int().positive();
const url = text().trim().min(1).max(2000);
const language = text()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'validation.invalid_input');
const eitherSource = {
  message: 'validation.either_required',
  path: ['file_id'],
};

/** Colour distance (CIE76 ΔE in Lab) up to which a pixel still counts as background. */
export const BACKGROUND_TOLERANCE_DEFAULT = 12;

/** `/api/common/remove-background`: one of the seller's images (`file_id`) or an image URL of this server. */
export const RemoveBackgroundInput = z
  .object({
    file_id: id.optional(),
    url: url.optional(),
    /** `white`: flattened on pure white (JPEG); `transparent`: a PNG with the background cut away. */
    background: z.enum(['white', 'transparent']).default('white'),
    tolerance: z.number().int().min(1).max(100).default(BACKGROUND_TOLERANCE_DEFAULT),
  })
  .refine((v) => (v.file_id === undefined) !== (v.url === undefined), eitherSource);
export type RemoveBackgroundInput = z.infer<typeof RemoveBackgroundInput>;

/** The stored result; `background_share` is the part of the picture removed (0..1). */
export const RemoveBackgroundResult = z.object({
  file: UploadedFile,
  background_share: z.number(),
  millis: z.number().int(),
});
export type RemoveBackgroundResult = z.infer<typeof RemoveBackgroundResult>;

/** `/api/common/image-translate`: the text found in an image, translated and drawn back on it. */
export const ImageTranslateInput = z
  .object({
    file_id: id.optional(),
    url: url.optional(),
    /** The language of the text in the picture (OCR reads Latin script). */
    source: language.default('en'),
    target: language,
  })
  .refine((v) => (v.file_id === undefined) !== (v.url === undefined), eitherSource);
export type ImageTranslateInput = z.infer<typeof ImageTranslateInput>;

export const ImageTextBox = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageTextBox = z.infer<typeof ImageTextBox>;

export const ImageTranslateResult = z.object({
  before_url: z.string(),
  after_url: z.string(),
  file: UploadedFile,
  /** Each piece of text found, what it became, and where; unchanged pieces are left as drawn. */
  segments: z.array(
    z.object({ text: z.string(), translated: z.string(), box: ImageTextBox, changed: z.boolean() }),
  ),
});
export type ImageTranslateResult = z.infer<typeof ImageTranslateResult>;

/** A batch over a listing's images: each translated for the target site's language. */
export const ListingImagesTranslateInput = z.object({
  id,
  target: language,
  source: language.default('en'),
});
export type ListingImagesTranslateInput = z.infer<typeof ListingImagesTranslateInput>;
export const ImageJobStarted = z.object({ job_id: z.string(), total: z.number().int() });
export type ImageJobStarted = z.infer<typeof ImageJobStarted>;

/** `/api/publish/main-image/compliant`: the listing's main image replaced by a compliant one. */
export const MainImageCompliantResult = z.object({
  url: z.string(),
  images: z.array(z.string()),
  /** `design`: rendered from the design on white; `photo`: the photo with its background removed. */
  method: z.enum(['design', 'photo']),
});
export type MainImageCompliantResult = z.infer<typeof MainImageCompliantResult>;

/** `GET /api/common/get-mobile-prefix`: calling codes with the region's names. */
export const MobilePrefix = z.object({
  country: z.string(),
  code: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
});
export type MobilePrefix = z.infer<typeof MobilePrefix>;
export const MobilePrefixList = z.array(MobilePrefix);

/**
 * Picture zip: the images of finished products or of a listing batch's listings, at chosen
 * sizes (`original`, or the longest side in pixels) and with chosen names, as one zip.
 */
export const PICTURE_ZIP_SIZES = ['original', '1000', '1600', '2000'] as const;
export type PictureZipSize = (typeof PICTURE_ZIP_SIZES)[number];
export const PICTURE_ZIP_NAMINGS = ['sku_index', 'title_index'] as const;
export type PictureZipNaming = (typeof PICTURE_ZIP_NAMINGS)[number];
export const PICTURE_ZIP_MAX_ITEMS = 100;
/** Images in one zip, over every item and size. */
export const PICTURE_ZIP_MAX_IMAGES = 500;
const pictureZipOptions = {
  sizes: z
    .array(z.enum(PICTURE_ZIP_SIZES))
    .min(1, 'validation.choose_one_or_more')
    .max(PICTURE_ZIP_SIZES.length),
  naming: z.enum(PICTURE_ZIP_NAMINGS),
};
export const PictureZipInput = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('goods'),
    ids: IdsInput.shape.ids.max(PICTURE_ZIP_MAX_ITEMS),
    ...pictureZipOptions,
  }),
  z.object({ source: z.literal('batch'), batch_id: id, ...pictureZipOptions }),
]);
export type PictureZipInput = z.infer<typeof PictureZipInput>;

export const PictureZipStarted = z.object({
  job_id: z.string(),
  /** Images the zip will hold (over every size). */
  images: z.number().int(),
});
export type PictureZipStarted = z.infer<typeof PictureZipStarted>;

/** `result` of a finished picture-zip job: `url` downloads it with the owner's session only. */
export const PictureZipResult = z.object({
  url: z.string(),
  file_name: z.string(),
  images: z.number().int(),
  /** Images left out because their file is gone from storage. */
  missing: z.number().int(),
  bytes: z.number().int(),
});
export type PictureZipResult = z.infer<typeof PictureZipResult>;

/** A recent listing batch to zip the images of. */
export const PictureZipBatch = z.object({
  id: z.number().int(),
  kind: z.string(),
  store_alias: z.string(),
  listings: z.number().int(),
  created_at: z.number().int(),
});
export type PictureZipBatch = z.infer<typeof PictureZipBatch>;
export const PictureZipBatchList = z.array(PictureZipBatch);
