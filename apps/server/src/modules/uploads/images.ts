import sharp, { type FormatEnum, type Metadata } from 'sharp';
import { ValidationError } from '../../errors.ts';
import type { ImageExt } from '../../integrations/object-storage.ts';

/** Decoding is bounded so a small file declaring huge dimensions cannot exhaust memory. */
export const MAX_PIXELS = 40_000_000;
export const THUMB_SIZE = 400;

const SHARP_FORMAT: Record<ImageExt, keyof FormatEnum> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
};

/** The image type the leading bytes prove, whatever the file name or declared type claims. */
export function sniffImage(bytes: Buffer): ImageExt | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    bytes
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export interface ProcessedImage {
  ext: ImageExt;
  data: Buffer;
  width: number;
  height: number;
  thumb: Buffer;
}

const unreadable = () => new ValidationError({ file: 'uploads.image_unreadable' });

/**
 * Re-encodes an upload in its own format (auto-rotated; sharp drops EXIF and other metadata
 * unless asked to keep it) and renders a webp thumbnail that fits in THUMB_SIZE square.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const ext = sniffImage(bytes);
  if (!ext) throw new ValidationError({ file: 'uploads.unsupported_type' });
  const animated = ext === 'gif' || ext === 'webp';
  const open = (all: boolean) =>
    sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: all });

  let meta: Metadata;
  try {
    // Only the header is read here; without the limit the size check below can name the reason.
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw unreadable();
  }
  if (meta.format !== SHARP_FORMAT[ext]) throw unreadable();
  const pages = animated ? (meta.pages ?? 1) : 1;
  if (meta.width * meta.height * pages > MAX_PIXELS) {
    throw new ValidationError({
      file: {
        key: 'uploads.image_too_many_pixels',
        params: { megapixels: MAX_PIXELS / 1_000_000 },
      },
    });
  }

  try {
    const { data, info } = await open(animated)
      .rotate()
      .toFormat(SHARP_FORMAT[ext], ext === 'jpg' ? { quality: 85 } : {})
      .toBuffer({ resolveWithObject: true });
    const thumb = await open(false)
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const height = pages > 1 ? info.height / pages : info.height;
    return { ext, data, width: info.width, height, thumb };
  } catch {
    throw unreadable();
  }
}

export interface ResizeTarget {
  width: number;
  height: number;
  fit: 'cover' | 'contain' | 'fill' | 'inside' | 'outside';
}

/**
 * Resizes a stored image to `target` in its own format (animation kept), then runs it through
 * `processImage` so a resized copy is checked and thumbnailed like any upload.
 */
export async function resizeImage(bytes: Buffer, target: ResizeTarget): Promise<ProcessedImage> {
  const ext = sniffImage(bytes);
  if (!ext) throw new ValidationError({ file: 'uploads.unsupported_type' });
  let resized: Buffer;
  try {
    resized = await sharp(bytes, {
      limitInputPixels: MAX_PIXELS,
      failOn: 'error',
      animated: ext === 'gif' || ext === 'webp',
    })
      .rotate()
      .resize(target.width, target.height, {
        fit: target.fit,
        // Letterboxing (`contain`) pads with transparency where the format has it.
        background: { r: 255, g: 255, b: 255, alpha: ext === 'jpg' ? 1 : 0 },
      })
      .toFormat(SHARP_FORMAT[ext], ext === 'jpg' ? { quality: 90 } : {})
      .toBuffer();
  } catch {
    throw unreadable();
  }
  return processImage(resized);
}
