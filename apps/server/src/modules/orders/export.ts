import { once, type EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  FBA_ORDER_FILTER,
  OrderExportInput,
  type SaveExportTemplateInput,
  type CommonExport,
  type DeleteExportTemplateInput,
  type ExportTemplate,
  type JobStarted,
  type OrderExportResult,
  LANGUAGES,
  type Language,
} from '@app/shared';
import { z } from 'zod';
import { systemCtx, type Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { afterCursor, keyText, type Cursor } from '../../db/paging.ts';
import { orderExportTemplates, orders, stores } from '../../db/schema.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { privateObjectKey, type ObjectStorage } from '../../integrations/object-storage.ts';
import { finishedJobFile } from '../job-files/index.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { findOwned, ownedBy, requireUser, sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import { visibleStores } from '../markets/service.ts';
import { renderText } from '../../i18n/render-text.ts';
import { exportCatalogue, headerOf, rowsOf, unknownColumns } from './export-columns.ts';
import { filtersOf, SORT_KEYS } from './list.ts';
import { itemsOf } from './rows.ts';

export const ORDERS_EXPORT = 'orders.export';
/**
 * Orders read per query: the job holds this page and the next (and their items). 250 rather
 * than 1,000 took the bench's peak RSS (100,000 orders on PGlite) from 534 to 449 MB, at the same
 * CPU: the garbage of big pages let V8's heap grow.
 */
export const EXPORT_PAGE = 250;

type TemplateRow = typeof orderExportTemplates.$inferSelect;
const toTemplate = (r: TemplateRow): ExportTemplate => ({
  id: r.id,
  name: r.name,
  columns: r.columns,
  one_row_per: r.oneRowPer,
  updated_at: unixSeconds(r.updatedAt),
});

export async function commonExport(ctx: Ctx): Promise<CommonExport> {
  const rows = await ctx.db
    .select()
    .from(orderExportTemplates)
    .where(ownedBy(ctx, orderExportTemplates.sellerId))
    .orderBy(asc(orderExportTemplates.name));
  return { columns: exportCatalogue(), templates: rows.map(toTemplate) };
}

function checkColumns(columns: string[]): void {
  const fields = unknownColumns(columns);
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

export async function saveExportTemplate(
  ctx: Ctx,
  input: z.output<typeof SaveExportTemplateInput>,
): Promise<ExportTemplate> {
  checkColumns(input.columns);
  const sellerId = sellerIdOf(ctx);
  const [same] = await ctx.db
    .select({ id: orderExportTemplates.id })
    .from(orderExportTemplates)
    .where(
      and(ownedBy(ctx, orderExportTemplates.sellerId), eq(orderExportTemplates.name, input.name)),
    );
  if (same && same.id !== input.id) {
    throw new ConflictError('orders.template_name_taken', {}, { reason: 'duplicate_name' });
  }
  const values = { name: input.name, columns: input.columns, oneRowPer: input.one_row_per };
  if (input.id !== undefined) {
    await findOwned(ctx, orderExportTemplates, input.id, 'orders.template_not_found');
    const [row] = await ctx.db
      .update(orderExportTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(orderExportTemplates.id, input.id))
      .returning();
    return toTemplate(row!);
  }
  const [row] = await ctx.db
    .insert(orderExportTemplates)
    .values({ sellerId, ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ConflictError('orders.template_name_taken', {}, { reason: 'duplicate_name' });
  return toTemplate(row);
}

export async function deleteExportTemplate(
  ctx: Ctx,
  input: DeleteExportTemplateInput,
): Promise<null> {
  await findOwned(ctx, orderExportTemplates, input.id, 'orders.template_not_found');
  await ctx.db.delete(orderExportTemplates).where(eq(orderExportTemplates.id, input.id));
  return null;
}

/** What the job needs to act as the user who asked: the same visibility, the same filter. */
const ExportPayload = z.object({
  userId: z.number().int(),
  isBoss: z.boolean(),
  /** The asker's language: the job writes its texts in it (absent in jobs queued before). */
  lang: z.enum(LANGUAGES).optional(),
  key: z.string(),
  input: OrderExportInput,
});
type ExportPayload = z.input<typeof ExportPayload>;

/** Queues the export; `fba` fixes Amazon's AFN orders (the FBA list's export). */
export async function startOrderExport(
  ctx: Ctx,
  runner: JobRunner,
  input: z.output<typeof OrderExportInput>,
  opts: { fba?: boolean } = {},
): Promise<JobStarted> {
  checkColumns(input.columns);
  const actor = requireUser(ctx);
  const fixed = opts.fba ? { ...input, filter: { ...input.filter, ...FBA_ORDER_FILTER } } : input;
  const payload: ExportPayload = {
    userId: actor.userId,
    isBoss: actor.isBoss,
    lang: ctx.lang,
    key: privateObjectKey(actor.sellerId, 'xlsx'),
    // The file's language: the one chosen in the dialog, else the asker's.
    input: { ...fixed, lang: fixed.lang ?? ctx.lang },
  };
  const jobId = await runner.enqueue({ kind: ORDERS_EXPORT, sellerId: actor.sellerId, payload });
  return { job_id: jobId };
}

/** A context for a job acting for the user who queued it (tenancy and store visibility alike). */
export function jobCtx(
  db: Executor,
  job: JobContext,
  who: { userId: number; isBoss: boolean; lang?: Language },
): Ctx {
  return systemCtx(db, job.log, {
    sellerId: job.sellerId!,
    forUser: { userId: who.userId, isBoss: who.isBoss },
    lang: who.lang,
  });
}

const downloadUrl = (jobId: string) => `/api/cw-order/export-download?job=${jobId}`;

/** What exceljs's sheet stream writes to: the zip's stream, a readable-stream 2 Writable. */
interface ZipEntryStream extends EventEmitter {
  _writableState: { needDrain: boolean };
}

/**
 * Waits until the zip has taken the sheet's XML so far. exceljs's streaming writer hands each
 * 64 KB of XML to the zip without heeding what `write` answers, so while the database reads
 * outpaced compression the uncompressed XML piled up in the zip's write buffer: about 90 MB of
 * array buffers over a 100,000-order export. The zip's stream is readable-stream 2, which has
 * no `writableNeedDrain`; its state's `needDrain` is what `write` answered.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  // exceljs's StreamBuf lists the streams it writes to as `pipes` (none before the zip reads it).
  const { pipes } = (sheet as unknown as { stream: { pipes?: ZipEntryStream[] } }).stream;
  const zip = pipes?.[0];
  if (zip?._writableState.needDrain) await once(zip, 'drain');
}

/**
 * Streams the orders of the filter into an xlsx, keyset page by keyset page in the list's sort,
 * so memory stays flat however many orders there are; then stores the file privately.
 */
export async function runOrderExport(
  deps: { db: Executor; storage: ObjectStorage },
  job: JobContext,
): Promise<OrderExportResult> {
  const payload = ExportPayload.parse(job.payload);
  const { input } = payload;
  const ctx = jobCtx(deps.db, job, payload);
  const q = input.filter;
  const where = and(
    filtersOf(ctx, q),
    q.status === undefined ? undefined : eq(orders.status, q.status),
    input.ids ? inArray(orders.id, input.ids) : undefined,
  )!;
  const [aliases, [counted]] = await Promise.all([
    ctx.db.select({ id: stores.id, alias: stores.alias }).from(stores).where(visibleStores(ctx)),
    ctx.db.$count(orders, where).then((n) => [n]),
  ]);
  const aliasOf = new Map(aliases.map((s) => [s.id, s.alias]));
  const total = counted ?? 0;
  await job.progress(0, total);

  const file = path.join(os.tmpdir(), `order-export-${randomUUID()}.xlsx`);
  try {
    const out = createWriteStream(file);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const lang = input.lang ?? ctx.lang;
    const sheet = workbook.addWorksheet(renderText(lang, 'export.orders_sheet'));
    sheet.addRow(headerOf(input.columns, lang)).commit();

    const key = SORT_KEYS[q.orderBy_field];
    const by = q.orderBy_type === 'asc' ? asc : desc;
    type Page = Array<{ row: typeof orders.$inferSelect; key: string }>;
    const fetchPage = async (cursor: Cursor | null) => {
      const page: Page = await ctx.db
        .select({ row: orders, key: keyText(key) })
        .from(orders)
        .where(cursor ? and(where, afterCursor(key, orders.id, cursor)) : where)
        .orderBy(by(key.column), by(orders.id))
        .limit(EXPORT_PAGE);
      const items = await itemsOf(
        ctx.db,
        page.map((p) => p.row.id),
      );
      return { page, items };
    };
    const cursorAfter = (page: Page): Cursor => {
      const last = page.at(-1)!;
      return { sort: q.orderBy_field, order: q.orderBy_type, key: last.key, id: last.row.id };
    };
    let done = 0;
    let rows = 0;
    let current = await fetchPage(null);
    while (current.page.length > 0) {
      // The next page is read while this one is written: the database and the workbook overlap.
      const next = current.page.length < EXPORT_PAGE ? null : fetchPage(cursorAfter(current.page));
      for (const { row } of current.page) {
        const source = { order: row, storeAlias: aliasOf.get(row.storeId) ?? '' };
        for (const values of rowsOf(
          input.columns,
          source,
          current.items.get(row.id) ?? [],
          input.one_row_per,
          lang,
        )) {
          sheet.addRow(values).commit();
          rows += 1;
        }
      }
      done += current.page.length;
      await zipCaughtUp(sheet);
      await job.progress(done, Math.max(total, done));
      if (!next) break;
      current = await next;
    }
    sheet.commit();
    const closed = once(out, 'close');
    await workbook.commit();
    await closed;
    const bytes = await fs.readFile(file);
    await deps.storage.put(
      payload.key,
      bytes,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
    return {
      url: downloadUrl(job.jobId),
      file_name: `orders-${stamp}.xlsx`,
      orders: done,
      rows,
      bytes: bytes.length,
    };
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** The file of a finished export of the actor's seller; anyone else's job id is a 404. */
export async function exportFile(
  ctx: Ctx,
  storage: ObjectStorage,
  jobId: string,
): Promise<{ name: string; body: NodeJS.ReadableStream; size: number; type: string }> {
  const { object, result: done } = await finishedJobFile(ctx, storage, jobId, {
    name: ORDERS_EXPORT,
    payload: ExportPayload,
    notFound: 'orders.export_not_found',
    notReady: 'orders.export_not_ready',
  });
  const result = done as Partial<OrderExportResult> | null;
  return {
    name: result?.file_name ?? 'orders.xlsx',
    body: object.body,
    size: object.size,
    type: object.contentType,
  };
}
