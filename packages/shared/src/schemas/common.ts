import { z } from 'zod';

/** The message of a text field holding a control character (the web maps it to its own). */
export const CONTROL_CHARACTER_MESSAGE = 'validation.control_chars';

// PostgreSQL refuses NUL in text (a 500 before this check); the other C0 controls and DEL are
// never typed by a person, only injected, and break exports, labels and marketplace payloads.
// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** Text on one line (names, titles, codes, keywords): every request string field starts here. */
export const text = () => z.string().regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE);

/** Text over several lines (descriptions, remarks, notes): tabs and line breaks allowed. */
export const multilineText = () => z.string().regex(MULTI_LINE, CONTROL_CHARACTER_MESSAGE);

/**
 * An integer in a query string, which is text by nature: plain decimal digits only ("1e3",
 * "0x10", " 1", "01" are refused, never coerced), or a number where the same schema reads a
 * JSON body; then checked by `n`. JSON bodies elsewhere take numbers only (`z.number()`).
 */
export const queryInt = (n: z.ZodNumber = z.number().int()) =>
  z
    .union([z.number(), z.string().regex(/^-?(0|[1-9]\d{0,15})$/, 'validation.whole_number')])
    .transform(Number)
    .pipe(n);

/** The last second of year 9999: larger Unix times overflow PostgreSQL's timestamps. */
export const UNIX_SECONDS_MAX = 253_402_300_799;

/** Paging: `page` from 1, `size` or `limit` for the page length. */
export const PageQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).optional(),
  limit: queryInt(z.number().int().min(1).max(200)).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const IdInput = z.object({ id: z.number().int().positive() });
export type IdInput = z.infer<typeof IdInput>;
/** `?id=` of a GET route. */
export const IdQuery = z.object({ id: queryInt(z.number().int().positive()) });
export type IdQuery = z.infer<typeof IdQuery>;

export const IdsInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
});
export type IdsInput = z.infer<typeof IdsInput>;

export function pageResultOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pagination: z.object({
      page: z.number().int(),
      size: z.number().int(),
      total: z.number().int(),
    }),
  });
}
