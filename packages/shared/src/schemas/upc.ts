import { z } from 'zod';
import { pageResultOf, queryInt, text } from './common.ts';

/**
 * UPC / EAN codes of a seller's pool and the SKU generator (issue 6). A code is `free`, `used`
 * by a listing (which listing, since when, whether it was ever sent to a marketplace) or
 * `void`. Codes are unique per seller as GTIN-13, so a UPC-A and the same EAN-13 are one code.
 */
export const UPC_STATES = ['free', 'used', 'void'] as const;
export type UpcState = (typeof UPC_STATES)[number];
export const UPC_KINDS = ['upc', 'ean'] as const;
export type UpcKind = (typeof UPC_KINDS)[number];
export const UPC_SOURCES = ['import', 'generated'] as const;
export type UpcSource = (typeof UPC_SOURCES)[number];

const unix = z.number().int();

export const UpcCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(UPC_KINDS),
  state: z.enum(UPC_STATES),
  source: z.enum(UPC_SOURCES),
  /** The listing holding a used code. */
  listing_id: z.number().int().nullable(),
  /** What the listing calls itself (its SKU), for the seller's eyes. */
  used_ref: z.string().nullable(),
  used_at: unix.nullable(),
  /** When the listing holding it was first sent to a marketplace; null: never published. */
  published_at: unix.nullable(),
  /** When the listing holding it was deleted; the code stays used until the seller frees it. */
  listing_gone_at: unix.nullable(),
  created_at: unix,
});
export type UpcCode = z.infer<typeof UpcCode>;

export const UpcQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(200)).default(20),
  state: z.enum(UPC_STATES).optional(),
  kind: z.enum(UPC_KINDS).optional(),
  /** Digits contained in the code. */
  keyword: text().trim().max(20).optional(),
});
export type UpcQuery = z.infer<typeof UpcQuery>;

export const UpcCounts = z.object({
  free: z.number().int(),
  used: z.number().int(),
  void: z.number().int(),
  total: z.number().int(),
});
export type UpcCounts = z.infer<typeof UpcCounts>;

/** One page of codes, with the seller's counts per state (over the whole pool, no filter). */
export const UpcPage = pageResultOf(UpcCode).extend({ counts: UpcCounts });
export type UpcPage = z.infer<typeof UpcPage>;

/** Up to this many codes per file; more is a 422 on `file`. */
export const UPC_IMPORT_MAX_ROWS = 100_000;
/** A pasted list is for small imports; files take the rest. */
export const UPC_PASTE_MAX = 5_000;
/** Per-row results listed in the answer; counts always cover every row. */
export const UPC_IMPORT_ROWS_SHOWN = 2_000;

/** The JSON form of `/api/upc/import`: a pasted list, one code per entry. */
export const UpcPasteInput = z.object({
  codes: z
    .array(text().max(64))
    .min(1, 'validation.choose_one_or_more')
    .max(UPC_PASTE_MAX, `At most ${UPC_PASTE_MAX} codes at once; upload a file for more`),
});
export type UpcPasteInput = z.infer<typeof UpcPasteInput>;

export const UPC_ROW_RESULTS = [
  'imported',
  'duplicate',
  'bad_check_digit',
  'wrong_length',
  'not_digits',
] as const;
export type UpcRowResult = (typeof UPC_ROW_RESULTS)[number];

export const UpcImportRow = z.object({
  /** 1-based line of the file (or entry of the pasted list), header included. */
  row: z.number().int(),
  code: z.string(),
  result: z.enum(UPC_ROW_RESULTS),
});
export type UpcImportRow = z.infer<typeof UpcImportRow>;

/**
 * `counts` covers every row. `rows` lists every row when there are at most
 * `UPC_IMPORT_ROWS_SHOWN`; beyond that only the rows that were not imported, up to that many
 * (`rows_truncated` says some were left out). A code twice in one file is `duplicate` the
 * second time.
 */
export const UpcImportResult = z.object({
  total: z.number().int(),
  counts: z.object({
    imported: z.number().int(),
    duplicate: z.number().int(),
    bad_check_digit: z.number().int(),
    wrong_length: z.number().int(),
    not_digits: z.number().int(),
  }),
  rows: z.array(UpcImportRow),
  rows_truncated: z.boolean(),
});
export type UpcImportResult = z.infer<typeof UpcImportResult>;

/**
 * `free`: back to the pool: void codes, and used codes whose listing was deleted or never
 * sent to a marketplace. `void`: free codes out of use. `delete`: free or void codes removed.
 * A code that does not qualify is refused with a reason; the others go ahead.
 */
export const UPC_RESET_ACTIONS = ['free', 'void', 'delete'] as const;
export type UpcResetAction = (typeof UPC_RESET_ACTIONS)[number];
export const UpcResetInput = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'validation.choose_one_or_more').max(1000),
  action: z.enum(UPC_RESET_ACTIONS),
});
export type UpcResetInput = z.infer<typeof UpcResetInput>;

export const UPC_RESET_REFUSALS = ['not_found', 'already_free', 'published', 'in_use'] as const;
export type UpcResetRefusal = (typeof UPC_RESET_REFUSALS)[number];
export const UpcResetResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      reason: z.enum(UPC_RESET_REFUSALS).nullable(),
    }),
  ),
});
export type UpcResetResult = z.infer<typeof UpcResetResult>;

/** `/api/common/generate/upc` previews the next free codes; taking one happens at publish. */
export const GenerateUpcInput = z.object({
  count: queryInt(z.number().int().min(1).max(100)).default(1),
  kind: z.enum(UPC_KINDS).optional(),
});
export type GenerateUpcInput = z.infer<typeof GenerateUpcInput>;
export const GenerateUpcResult = z.object({
  codes: z.array(z.object({ id: z.number().int(), code: z.string(), kind: z.enum(UPC_KINDS) })),
  /** Free codes in the pool (of `kind` when given). */
  available: z.number().int(),
});
export type GenerateUpcResult = z.infer<typeof GenerateUpcResult>;

/**
 * Codes from the seller's GS1 company prefix: prefix + item reference (counting up from
 * `start`, skipping codes already in the pool) + check digit, 12 digits for UPC-A (whose
 * company prefixes are the EAN ones without the leading 0) or 13 for EAN-13.
 */
export const GenerateMyUpcInput = z.object({
  prefix: z
    .string()
    .trim()
    .regex(/^\d{6,11}$/, 'validation.gs1_prefix'),
  kind: z.enum(UPC_KINDS).default('ean'),
  count: z.number().int().min(1).max(10_000),
  start: z.number().int().min(0).default(0),
});
export type GenerateMyUpcInput = z.infer<typeof GenerateMyUpcInput>;
export const GenerateMyUpcResult = z.object({
  codes: z.array(z.string()),
  /** Item references skipped because the code was already in the pool. */
  skipped: z.number().int(),
});
export type GenerateMyUpcResult = z.infer<typeof GenerateMyUpcResult>;

export const SKU_DATE_FORMATS = ['YYYYMMDD', 'YYMMDD', 'none'] as const;
export type SkuDateFormat = (typeof SKU_DATE_FORMATS)[number];
export const SKU_SEPARATORS = ['', '-', '_'] as const;

/**
 * A seller's SKU pattern: prefix, date (Beijing calendar day), sequence zero-padded to
 * `seq_width`, joined by `separator`. With a date the sequence restarts at 1 each day.
 */
export const SkuRuleInput = z.object({
  prefix: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9]*$/, 'validation.letters_digits'),
  date_format: z.enum(SKU_DATE_FORMATS),
  seq_width: z.number().int().min(1).max(10),
  separator: z.enum(SKU_SEPARATORS),
});
export type SkuRuleInput = z.infer<typeof SkuRuleInput>;
/** The saved rule and where its sequence stands; `previewSkus` turns it into the next SKUs. */
export const SkuRule = SkuRuleInput.extend({
  /** Today's Beijing calendar day, YYYYMMDD. */
  today: z.string(),
  /** The date part the stored sequence belongs to; another date part starts again at 1. */
  seq_date: z.string(),
  /** The stored next sequence number. */
  seq: z.number().int(),
});
export type SkuRule = z.infer<typeof SkuRule>;
export type SkuSequence = Pick<SkuRule, 'today' | 'seq_date' | 'seq'>;

export const DEFAULT_SKU_RULE: SkuRuleInput = {
  prefix: 'SKU',
  date_format: 'YYMMDD',
  seq_width: 4,
  separator: '-',
};

export const GenerateSkuInput = z.object({
  count: z.number().int().min(1).max(500).default(1),
});
export type GenerateSkuInput = z.infer<typeof GenerateSkuInput>;
export const GenerateSkuResult = z.object({ skus: z.array(z.string()) });
export type GenerateSkuResult = z.infer<typeof GenerateSkuResult>;

/** The date part of a SKU for a Beijing calendar day given as `YYYYMMDD`. */
export function skuDatePart(format: SkuDateFormat, yyyymmdd: string): string {
  if (format === 'none') return '';
  return format === 'YYMMDD' ? yyyymmdd.slice(2) : yyyymmdd;
}

/** One SKU of a rule; the server and the rule form's preview both write SKUs with this. */
export function formatSku(rule: SkuRuleInput, datePart: string, seq: number): string {
  const parts = [rule.prefix, datePart, String(seq).padStart(rule.seq_width, '0')].filter(
    (p) => p !== '',
  );
  return parts.join(rule.separator);
}

/** The sequence number the next SKU of `rule` gets today. */
export function nextSkuSeq(rule: SkuRuleInput, state: SkuSequence): number {
  return skuDatePart(rule.date_format, state.today) === state.seq_date ? state.seq : 1;
}

/**
 * The next `count` SKUs of `rule` as the generator would write them, before it skips any
 * already taken: the rule form's live preview.
 */
export function previewSkus(rule: SkuRuleInput, state: SkuSequence, count: number): string[] {
  const datePart = skuDatePart(rule.date_format, state.today);
  const first = nextSkuSeq(rule, state);
  return Array.from({ length: count }, (_, i) => formatSku(rule, datePart, first + i));
}
