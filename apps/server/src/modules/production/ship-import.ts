import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  LOGISTICS_CHANNELS,
  trackingNumberFits,
  type ShipImportBadRows,
  type ShipImportRefusedRow,
  type ShipImportReport,
  type ShipPackageInput,
} from '@app/shared';
import { systemCtx, type Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { purchaseOrders } from '../../db/schema.ts';
import { AppError, reasonText } from '../../errors.ts';
import { readTable, tableFileOf } from '../../files/table.ts';
import { renderMessage, type Message } from '../../i18n/messages.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderItemSnapshot } from '../finance/index.ts';
import { shipPackage } from './ship.ts';

export const SHIP_IMPORT = 'production.ship-import';
/** Rows one file may hold: a day's parcels of a large factory. */
const MAX_ROWS = 5_000;

/** A package to ship, with the PO number and file rows it came from for the result. */
const Package = z.object({
  number: z.string(),
  rows: z.array(z.number().int()),
  input: z.custom<ShipPackageInput>(),
});
type Package = z.infer<typeof Package>;

const Payload = z.object({
  lang: z.enum(['zh-CN', 'en']),
  packages: z.array(Package),
});

/**
 * Reads a batch-ship file (xlsx or csv; row 1 the header, then PO number, carrier code or
 * name, tracking number, optional SKU and quantity), checks each row and groups the good ones
 * into packages: rows of one order, carrier and tracking number are one package, and a row
 * without SKU ships everything the order has left.
 */
async function parseRows(
  ctx: Ctx,
  bytes: Buffer,
  filename: string,
): Promise<{ bad: ShipImportRefusedRow[]; packages: Package[] }> {
  const rows: Array<{ row: number; cells: string[] }> = [];
  for await (const line of readTable(tableFileOf(bytes, filename), MAX_ROWS + 1)) {
    if (line.row > 1 && line.cells.some((c) => c.trim() !== '')) rows.push(line);
  }
  const numbers = [...new Set(rows.map((r) => (r.cells[0] ?? '').trim()).filter(Boolean))];
  const found = await ordersByNumber(ctx.db, numbers);
  const bad: ShipImportRefusedRow[] = [];
  const packages = new Map<string, Package>();
  for (const { row, cells } of rows) {
    const [number = '', carrier = '', tracking = '', sku = '', qty = ''] = cells.map((c) =>
      c.trim(),
    );
    const refuse = (message: Message) =>
      bad.push({ row, number, reason: renderMessage(ctx.lang, message) });
    const order = found.get(number);
    if (!order) {
      refuse({ key: 'production.import_no_order', params: { number } });
      continue;
    }
    if (!carrier || tracking.length < 4 || tracking.length > 40) {
      refuse({ key: 'production.import_carrier_tracking' });
      continue;
    }
    const channel = LOGISTICS_CHANNELS.find((c) => c.code === carrier.toUpperCase());
    if (channel && !trackingNumberFits(channel, tracking)) {
      refuse({
        key: 'orders.bad_tracking_number',
        params: { carrier: channel.carrier, example: channel.tracking_example },
      });
      continue;
    }
    const line = sku
      ? order.items.findIndex((i) => i.sku_code.toLowerCase() === sku.toLowerCase())
      : -1;
    const quantity = qty ? Number(qty) : NaN;
    if (sku && (line < 0 || !Number.isInteger(quantity) || quantity <= 0)) {
      refuse({ key: 'production.import_sku_quantity', params: { sku } });
      continue;
    }
    const id = `${order.id}\n${carrier.toUpperCase()}\n${tracking.toUpperCase()}`;
    const pkg = packages.get(id) ?? {
      number,
      rows: [],
      input: {
        id: order.id,
        ...(channel ? { carrier_code: channel.code } : { carrier_name: carrier }),
        tracking_no: tracking,
      },
    };
    pkg.rows.push(row);
    if (line >= 0) pkg.input.items = [...(pkg.input.items ?? []), { item: line, quantity }];
    packages.set(id, pkg);
  }
  return { bad, packages: [...packages.values()] };
}

async function ordersByNumber(db: Executor, numbers: string[]) {
  if (numbers.length === 0) return new Map<string, { id: number; items: OrderItemSnapshot[] }>();
  const rows = await db
    .select({ id: purchaseOrders.id, number: purchaseOrders.number, items: purchaseOrders.items })
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.number, numbers));
  return new Map(rows.map((r) => [r.number, { id: r.id, items: r.items as OrderItemSnapshot[] }]));
}

/**
 * Checks the file at once and queues the good rows' packages as a job (its progress is the
 * packages shipped). Bad rows are a 422 naming each row, with `data.rows` and, when some rows
 * were good, `data.job_id` of the job shipping them: good rows are kept.
 */
export async function startShipImport(
  ctx: Ctx,
  jobs: JobRunner,
  upload: { bytes: Buffer; filename: string },
): Promise<{ job_id: string }> {
  const { bad, packages } = await parseRows(ctx, upload.bytes, upload.filename);
  const jobId =
    packages.length === 0
      ? null
      : await jobs.enqueue({
          kind: SHIP_IMPORT,
          sellerId: null,
          payload: { lang: ctx.lang, packages } satisfies z.infer<typeof Payload>,
          total: packages.length,
        });
  if (bad.length > 0) {
    const rows = bad.map((b) => b.row).join(', ');
    throw new AppError(
      422,
      'production.import_bad_rows',
      { rows },
      { rows: bad, job_id: jobId } satisfies ShipImportBadRows,
      { file: { key: 'production.import_bad_rows', params: { rows } } },
    );
  }
  return { job_id: jobId! };
}

/** The job: ships each package as the operator's ship would, one transaction each. */
export async function runShipImport(
  deps: { db: Executor; log: FastifyBaseLogger },
  job: JobContext,
): Promise<ShipImportReport> {
  const { lang, packages } = Payload.parse(job.payload);
  const ctx = systemCtx(deps.db, deps.log, { lang });
  const failed: ShipImportReport['failed'] = [];
  let done = 0;
  await job.progress(0, packages.length);
  for (const { number, rows, input } of packages) {
    try {
      await shipPackage(ctx, input);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({
        id: input.id,
        number,
        rows,
        tracking_no: input.tracking_no,
        reason: reasonText(error, lang),
      });
    }
    done += 1;
    await job.progress(done, packages.length);
  }
  return { shipped: packages.length - failed.length, failed };
}
