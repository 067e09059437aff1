import path from 'node:path';
import type { PictureZipNaming, PictureZipSize } from '@app/shared';

/** Characters no common file system takes in a name, and control characters. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]/gu;
/** Names Windows refuses whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_STEM = 80;

/**
 * A file name stem every unzip tool writes as it is: unsafe characters and runs of spaces become
 * one `_`, no leading or trailing dots or underscores, at most 80 characters (whole code points,
 * so a Chinese title is cut between characters), `fallback` when nothing is left.
 */
export function safeStem(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  const cut = [...cleaned]
    .slice(0, MAX_STEM)
    .join('')
    .replace(/[._]+$/, '');
  if (cut === '') return fallback;
  return RESERVED.test(cut) ? `_${cut}` : cut;
}

/** The folder of a size when several are chosen: `original`, `1000px`... */
export const sizeFolder = (size: PictureZipSize): string =>
  size === 'original' ? 'original' : `${size}px`;

/**
 * `<SKU or title>_<n>.<ext>` (n from 1 per item), under the size's folder when the zip holds
 * several sizes. Repeated names (two items with one title) are told apart by the zip writer.
 */
export function entryName(
  item: { id: number; title: string; sku: string },
  index: number,
  key: string,
  opts: { naming: PictureZipNaming; size: PictureZipSize; folders: boolean },
): string {
  const text = opts.naming === 'sku_index' ? item.sku || item.title : item.title || item.sku;
  const name = `${safeStem(text, `item-${item.id}`)}_${index + 1}${path.extname(key)}`;
  return opts.folders ? `${sizeFolder(opts.size)}/${name}` : name;
}
