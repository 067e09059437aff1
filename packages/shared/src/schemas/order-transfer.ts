import { z } from 'zod';
import { text } from './common.ts';
import { LANGUAGES } from '../language.ts';
import { OrderListQuery } from './order.ts';

const id = z.number().int().positive();

/** An export writes one row per order (item columns list every item) or one row per item. */
export const EXPORT_ROW_MODES = ['order', 'item'] as const;
export type ExportRowMode = (typeof EXPORT_ROW_MODES)[number];
export const EXPORT_MAX_COLUMNS = 60;
export const EXPORT_MAX_IDS = 10_000;

/** One column the export can write: order-level, or item-level (one value per item). */
export const ExportColumn = z.object({
  key: z.string(),
  level: z.enum(['order', 'item']),
  label_en: z.string(),
  label_zh: z.string(),
  /** Chosen when the seller has not picked columns yet. */
  default_on: z.boolean(),
});
export type ExportColumn = z.infer<typeof ExportColumn>;

const columnKeys = z
  .array(text().trim().min(1).max(40))
  .min(1, 'validation.choose_one_or_more')
  .max(EXPORT_MAX_COLUMNS)
  .refine((keys) => new Set(keys).size === keys.length, 'A column is listed twice');

/** A seller's saved export: its columns in order and the row mode. */
export const ExportTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(z.string()),
  one_row_per: z.enum(EXPORT_ROW_MODES),
  updated_at: z.number().int(),
});
export type ExportTemplate = z.infer<typeof ExportTemplate>;

export const CommonExport = z.object({
  columns: z.array(ExportColumn),
  templates: z.array(ExportTemplate),
});
export type CommonExport = z.infer<typeof CommonExport>;

/** Without `id` a new template; with it, that template is replaced. Names are unique per seller. */
export const SaveExportTemplateInput = z.object({
  id: id.optional(),
  name: text().trim().min(1).max(60),
  columns: columnKeys,
  one_row_per: z.enum(EXPORT_ROW_MODES).default('order'),
});
export type SaveExportTemplateInput = z.input<typeof SaveExportTemplateInput>;
export const DeleteExportTemplateInput = z.object({ id });
export type DeleteExportTemplateInput = z.infer<typeof DeleteExportTemplateInput>;

/**
 * Export the orders of the desk filter (paging fields are ignored), or, with `ids`, exactly
 * those orders (still within the filter). Answers a job id; the job's result is an
 * `OrderExportResult`.
 */
export const OrderExportInput = z.object({
  filter: OrderListQuery.optional().default({
    orderBy_field: 'purchase_date',
    orderBy_type: 'desc',
    page: 1,
    limit: 20,
  }),
  ids: z.array(id).min(1).max(EXPORT_MAX_IDS).optional(),
  columns: columnKeys,
  one_row_per: z.enum(EXPORT_ROW_MODES).default('order'),
  /** Language of the header row and of the cells' texts; the asker's language when absent. */
  lang: z.enum(LANGUAGES).optional(),
});
export type OrderExportInput = z.input<typeof OrderExportInput>;

export const JobStarted = z.object({ job_id: z.string() });
export type JobStarted = z.infer<typeof JobStarted>;

/** `result` of a finished export job: `url` downloads the file with the owner's session only. */
export const OrderExportResult = z.object({
  url: z.string(),
  file_name: z.string(),
  orders: z.number().int(),
  rows: z.number().int(),
  bytes: z.number().int(),
});
export type OrderExportResult = z.infer<typeof OrderExportResult>;

export const ExportDownloadQuery = z.object({ job: z.uuid() });

/**
 * The import file's columns, in the template's order. One row per item; the rows of one order
 * share its number (and must agree on every order-level column). `store` is the store's id or
 * alias; `purchase_date` is `YYYY-MM-DD HH:mm[:ss]` (UTC) or a spreadsheet date; amounts are
 * decimals in the currency.
 */
export const IMPORT_COLUMNS = [
  'store',
  'order_number',
  'purchase_date',
  'currency',
  'buyer_name',
  'buyer_phone',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postcode',
  'country',
  'fulfillment_channel',
  'sku',
  'title',
  'quantity',
  'line_total',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** A row the import left out, with its 1-based row number in the file (the header is row 1). */
export const ImportRowProblem = z.object({
  row: z.number().int(),
  order_number: z.string(),
  reason: z.string(),
});
export type ImportRowProblem = z.infer<typeof ImportRowProblem>;

/** `result` of a finished import job. `errors` is capped; `error_count` is exact. */
export const OrderImportResult = z.object({
  rows: z.number().int(),
  imported_orders: z.number().int(),
  imported_rows: z.number().int(),
  duplicate_orders: z.number().int(),
  duplicate_rows: z.number().int(),
  rejected_orders: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(ImportRowProblem),
});
export type OrderImportResult = z.infer<typeof OrderImportResult>;
export const IMPORT_MAX_REPORTED_ERRORS = 5_000;

/** Memo import: one result per data row (order number, memo). */
export const RemarkImportResult = z.object({
  updated: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      row: z.number().int(),
      order_number: z.string(),
      ok: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
});
export type RemarkImportResult = z.infer<typeof RemarkImportResult>;
export const REMARK_IMPORT_MAX_ROWS = 5_000;
