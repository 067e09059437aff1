import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { ValidationError } from '../errors.ts';

/** What a zip (an xlsx is one) may grow to when inflated; past any of them it is refused unread. */
export interface ZipBounds {
  /** All entries together, inflated. */
  maxBytes: number;
  maxEntries: number;
  /** Inflated : packed, over the whole file, checked once past `RATIO_FLOOR` inflated bytes. */
  maxRatio: number;
}

/** Bounds for spreadsheets people export from Excel, Google Sheets or this product. */
export const SPREADSHEET_BOUNDS: ZipBounds = {
  maxBytes: 512 * 1024 * 1024,
  maxEntries: 1000,
  maxRatio: 100,
};

/** Below this the ratio says nothing: a small, repetitive sheet packs very well. */
const RATIO_FLOOR = 1024 * 1024;
/** Bytes handed to the inflater at once; it never holds more than one chunk of output. */
const STEP = 4 * 1024;

/**
 * Inflates every entry of a zip of `packedSize` bytes, read as `chunks`, without keeping any of
 * it, counting what each really inflates to, since the sizes a zip declares can lie. A zip bomb
 * is refused after at most `maxBytes` of inflating and one chunk of memory, before a parser sees
 * it (issue 16: a 1 MB xlsx grew RSS by 503 MB inside the spreadsheet parser). Bytes that are
 * not a zip pass: the parser that follows refuses those with its own message.
 */
export async function assertZipWithinBounds(
  chunks: AsyncIterable<Uint8Array>,
  packedSize: number,
  bounds: ZipBounds,
): Promise<void> {
  let total = 0;
  let entries = 0;
  // fflate may catch a throw from a callback and report it again in its own words, so the
  // verdict is kept here rather than read from whatever error comes out.
  let refused = false;
  const refuse = (): never => {
    refused = true;
    throw new Error('zip out of bounds');
  };
  const unzip = new Unzip((file: UnzipFile) => {
    entries += 1;
    if (entries > bounds.maxEntries) refuse();
    // Entry sizes are often only in a trailing descriptor (Excel and exceljs write them so),
    // so the ratio is taken over the whole file.
    file.ondata = (error, chunk) => {
      if (error || refused) throw error ?? new Error('zip out of bounds');
      total += chunk.length;
      if (total > bounds.maxBytes) refuse();
      if (total > RATIO_FLOOR && total / packedSize > bounds.maxRatio) refuse();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  let damaged = false;
  for await (const bytes of chunks) {
    if (refused || damaged) break;
    try {
      for (let at = 0; at < bytes.length && !refused; at += STEP) {
        unzip.push(bytes.subarray(at, Math.min(at + STEP, bytes.length)));
      }
    } catch {
      // A damaged zip is left to the parser, which refuses it as unreadable.
      damaged = true;
    }
  }
  if (!refused && !damaged) {
    try {
      unzip.push(new Uint8Array(0), true);
    } catch {
      // As above: damaged, the parser says so.
    }
  }
  if (refused) {
    throw new ValidationError({
      file: {
        key: 'uploads.archive_too_large',
        params: {
          mb: bounds.maxBytes / 1024 / 1024,
          entries: bounds.maxEntries,
          ratio: bounds.maxRatio,
        },
      },
    });
  }
}
