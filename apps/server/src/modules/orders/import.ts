import { createHash } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  fromMinor,
  IMPORT_COLUMNS,
  IMPORT_MAX_REPORTED_ERRORS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportRowProblem,
  type JobStarted,
  LANGUAGES,
  minorDigits,
  type OrderImportResult,
  REMARK_IMPORT_MAX_ROWS,
  type RemarkImportResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { orders, stores, type StoredOrderAddress } from '../../db/schema.ts';
import { AppError, ValidationError, messageOf } from '../../errors.ts';
import { privateObjectKey, type ObjectStorage } from '../../integrations/object-storage.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { ownedBy, requireUser, sellerIdOf } from '../../tenancy.ts';
import { visibleStores } from '../markets/service.ts';
import { saveMemo } from './actions.ts';
import { EXPORT_COLUMNS } from './export-columns.ts';
import { jobCtx } from './export.ts';
import { renderText } from '../../i18n/render-text.ts';
import {
  excelSerialToDate,
  headerKey,
  isXlsx,
  readTable,
  tableFileOf,
  type TableFile,
  type TableRow,
} from '../../files/table.ts';
import { visibleOrders } from './list.ts';
import { addNewOrderFigures } from '../statistics/index.ts';

export const ORDERS_IMPORT = 'orders.import';
/**
 * Rows written per transaction (whole orders, so a batch may run over by one order). On PGlite
 * every other request waits for the one connection while a transaction holds it, so a batch
 * stays short (issue 16: a 200k-row import froze every other request for 12 s).
 */
export const IMPORT_BATCH_ROWS = 250;
/** Rows read between two yields to the event loop, so other requests are answered meanwhile. */
const READ_SLICE = 1000;

const REQUIRED: ImportColumn[] = [
  'store',
  'order_number',
  'purchase_date',
  'currency',
  'buyer_name',
  'address_line1',
  'city',
  'country',
  'sku',
  'quantity',
  'line_total',
];

/** Template header labels; a file may head its columns with the key or either label. */
export const IMPORT_LABELS: Record<ImportColumn, { en: string; zh: string }> = {
  store: { en: 'Store (id or alias)', zh: '店铺 (ID 或别名)' },
  order_number: { en: 'Order number', zh: '订单号' },
  purchase_date: { en: 'Purchase date (UTC)', zh: '下单时间 (UTC)' },
  currency: { en: 'Currency', zh: '币种' },
  buyer_name: { en: 'Buyer name', zh: '买家姓名' },
  buyer_phone: { en: 'Phone', zh: '电话' },
  address_line1: { en: 'Address line 1', zh: '地址 1' },
  address_line2: { en: 'Address line 2', zh: '地址 2' },
  city: { en: 'City', zh: '城市' },
  state: { en: 'State', zh: '州/省' },
  postcode: { en: 'Postcode', zh: '邮编' },
  country: { en: 'Country', zh: '国家' },
  fulfillment_channel: { en: 'Fulfillment channel', zh: '配送方式' },
  sku: { en: 'SKU', zh: 'SKU' },
  title: { en: 'Title', zh: '商品名称' },
  quantity: { en: 'Quantity', zh: '数量' },
  line_total: { en: 'Line total', zh: '商品金额' },
};

const HEADER_ALIASES: Map<string, ImportColumn> = (() => {
  const map = new Map<string, ImportColumn>();
  for (const key of IMPORT_COLUMNS) {
    map.set(headerKey(key), key);
    map.set(headerKey(IMPORT_LABELS[key].en), key);
    map.set(headerKey(IMPORT_LABELS[key].zh), key);
    const exported = EXPORT_COLUMNS.find((c) => c.key === key);
    if (exported) {
      map.set(headerKey(exported.label_en), key);
      map.set(headerKey(exported.label_zh), key);
    }
  }
  return map;
})();

// ---------------------------------------------------------------------------------------------
// Template

/** The import template: the header row, one example order of two items, and a notes sheet. */
export async function importTemplate(lang: 'en' | 'zh-CN'): Promise<Buffer> {
  const zh = lang === 'zh-CN';
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(zh ? '订单' : 'Orders');
  sheet.columns = IMPORT_COLUMNS.map((key) => ({
    header: `${zh ? IMPORT_LABELS[key].zh : IMPORT_LABELS[key].en}${REQUIRED.includes(key) ? ' *' : ''}`,
    key,
    width: 18,
  }));
  const example = {
    store: 'My Amazon US',
    order_number: '112-0000000-0000001',
    purchase_date: '2026-01-31 14:05:00',
    currency: 'USD',
    buyer_name: 'Alex Kim',
    buyer_phone: '555-0100',
    address_line1: '1 Oak St',
    address_line2: '',
    city: 'Springfield',
    state: 'CA',
    postcode: '90001',
    country: 'US',
    fulfillment_channel: 'MFN',
  };
  sheet.addRow({
    ...example,
    sku: 'TEE-BLK-M',
    title: 'T-shirt black M',
    quantity: 2,
    line_total: '39.98',
  });
  sheet.addRow({
    ...example,
    sku: 'MUG-WHT',
    title: 'Mug white',
    quantity: 1,
    line_total: '12.50',
  });
  sheet.getRow(1).font = { bold: true };
  const notes = workbook.addWorksheet(zh ? '说明' : 'Notes');
  const lines = zh
    ? [
        '每行一个商品；同一订单的多行使用相同的订单号，订单信息（店铺、时间、币种、买家、地址、配送方式）必须一致。',
        '带 * 的列必填。店铺填写店铺 ID 或别名。下单时间为 UTC，格式 YYYY-MM-DD HH:mm[:ss]。',
        '金额为该币种的小数（如 19.99），订单金额为各行商品金额之和。国家为两位字母代码（US、DE…）。',
        '配送方式为 MFN（自发货，默认）或 AFN（平台配送）。同一店铺已存在的订单号不会重复导入。',
        '任一行有错误的订单整单不导入；其余订单正常导入。',
      ]
    : [
        'One row per item; the rows of one order share its order number and must agree on the order details (store, date, currency, buyer, address, channel).',
        'Columns marked * are required. Store: the store id or alias. Purchase date in UTC as YYYY-MM-DD HH:mm[:ss].',
        'Amounts are decimals of the currency (e.g. 19.99); the order total is the sum of its line totals. Country: two-letter code (US, DE...).',
        'Fulfillment channel: MFN (you ship, the default) or AFN (the marketplace ships). An order number already in the store is not imported again.',
        'An order with any bad row is left out entirely; the other orders are imported.',
      ];
  for (const line of lines) notes.addRow([line]);
  notes.getColumn(1).width = 140;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------
// Upload

const ImportPayload = z.object({
  userId: z.number().int(),
  isBoss: z.boolean(),
  /** The asker's language: the result's messages are written in it. */
  lang: z.enum(LANGUAGES).optional(),
  key: z.string(),
  filename: z.string(),
});

/** Keeps the uploaded file privately and queues its import; progress at /api/jobs/:id. */
export async function startOrderImport(
  ctx: Ctx,
  deps: { jobs: JobRunner; storage: ObjectStorage },
  upload: { bytes: Buffer; filename: string },
): Promise<JobStarted> {
  const actor = requireUser(ctx);
  if (upload.bytes.length === 0) throw new ValidationError({ file: 'orders.file_empty' });
  const xlsx = isXlsx(upload.bytes);
  if (!xlsx && /\.xlsx?$/i.test(upload.filename)) {
    throw new ValidationError({ file: 'orders.file_not_xlsx' });
  }
  const key = privateObjectKey(actor.sellerId, xlsx ? 'xlsx' : 'csv');
  await deps.storage.put(
    key,
    upload.bytes,
    xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
  );
  const payload: z.infer<typeof ImportPayload> = {
    userId: actor.userId,
    isBoss: actor.isBoss,
    lang: ctx.lang,
    key,
    filename: upload.filename.slice(0, 200),
  };
  const jobId = await deps.jobs.enqueue({ kind: ORDERS_IMPORT, sellerId: actor.sellerId, payload });
  return { job_id: jobId };
}

// ---------------------------------------------------------------------------------------------
// Row checks

interface StoreRef {
  id: number;
  marketplace: string;
}

interface GoodRow {
  row: number;
  storeId: number;
  number: string;
  /** The order-level values as one string: rows of one order must agree on it. */
  header: string;
  order: {
    purchasedAt: Date;
    currency: string;
    channel: 'AFN' | 'MFN';
    address: StoredOrderAddress;
  };
  sku: string;
  title: string;
  quantity: number;
  lineMinor: bigint;
}

/** A refusal is a catalogue key (`import.*`) and its parameters, written in the asker's language. */
type Reason = { key: string; params?: Record<string, unknown> };
type Checked = { ok: true; value: GoodRow } | { ok: false; reason: Reason };

const DATE_PATTERN =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const EARLIEST = Date.UTC(2000, 0, 1);

/** A date as text (UTC unless it names an offset), an ISO timestamp, or an Excel day number. */
export function parseImportDate(text: string, now = Date.now()): Date | null {
  const t = text.trim();
  if (/^\d{5}(\.\d+)?$/.test(t)) {
    const date = excelSerialToDate(Number(t));
    return date.getTime() >= EARLIEST ? date : null;
  }
  const m = DATE_PATTERN.exec(t);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
  const utc = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== +y! ||
    check.getUTCMonth() !== +mo! - 1 ||
    check.getUTCDate() !== +d! ||
    +h > 23 ||
    +mi > 59 ||
    +s > 59
  ) {
    return null;
  }
  let ms = utc;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  if (ms < EARLIEST || ms > now + 86_400_000) return null;
  return new Date(ms);
}

/** An amount as minor units of the currency, or null when it is not a plain decimal with at most the currency's places. */
export function parseAmount(text: string, currency: string): bigint | null {
  const t = text.trim().replace(/,/g, '');
  const m = /^(\d{1,13})(?:\.(\d+))?$/.exec(t);
  if (!m) return null;
  const digits = minorDigits(currency);
  let fraction = m[2] ?? '';
  // Spreadsheet numbers may carry float noise (19.990000000000002); round those to the unit.
  if (fraction.length > digits) {
    if (!/^\d+\.\d+$/.test(t) || fraction.length < 10) return null;
    const rounded = Number(t).toFixed(digits);
    return parseAmount(rounded, currency);
  }
  fraction = fraction.padEnd(digits, '0');
  return BigInt(m[1]! + fraction);
}

/** `now` is fixed per import: both reads of the file must judge a row alike. */
function checkRow(
  get: (c: ImportColumn) => string,
  storesByRef: Map<string, StoreRef>,
  now: number,
): Checked {
  const fail = (key: string, params?: Record<string, unknown>): Checked => ({
    ok: false,
    reason: { key, params },
  });
  for (const column of REQUIRED) {
    if (!get(column)) return fail('missing_value', { column });
  }
  const store = storesByRef.get(get('store').toLowerCase());
  if (!store) return fail('unknown_store', { value: get('store') });
  const number = get('order_number');
  if (number.length > 100) return fail('too_long', { column: 'order_number', max: 100 });
  const purchasedAt = parseImportDate(get('purchase_date'), now);
  if (!purchasedAt) return fail('bad_date', { value: get('purchase_date') });
  const currency = get('currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return fail('bad_currency', { value: get('currency') });
  const country = get('country');
  if (!/^[A-Za-z]{2}$/.test(country)) return fail('bad_country', { value: country });
  const channelText = (get('fulfillment_channel') || 'MFN').toUpperCase();
  if (channelText !== 'AFN' && channelText !== 'MFN') {
    return fail('bad_channel', { value: get('fulfillment_channel') });
  }
  const quantityText = get('quantity');
  if (!/^\d{1,4}$/.test(quantityText) || Number(quantityText) < 1) {
    return fail('bad_quantity', { value: quantityText });
  }
  const lineMinor = parseAmount(get('line_total'), currency);
  if (lineMinor === null) return fail('bad_line_total', { value: get('line_total') });
  const limits: Array<[ImportColumn, number]> = [
    ['buyer_name', 100],
    ['buyer_phone', 40],
    ['address_line1', 200],
    ['address_line2', 200],
    ['city', 100],
    ['state', 100],
    ['postcode', 20],
    ['sku', 100],
    ['title', 500],
  ];
  for (const [column, max] of limits) {
    if (get(column).length > max) return fail('too_long', { column, max });
  }
  const address: StoredOrderAddress = {
    name: get('buyer_name'),
    phone: get('buyer_phone'),
    line1: get('address_line1'),
    line2: get('address_line2'),
    city: get('city'),
    state: get('state'),
    postal_code: get('postcode'),
    country_code: country.toUpperCase(),
  };
  const channel = channelText as 'AFN' | 'MFN';
  return {
    ok: true,
    value: {
      row: 0,
      storeId: store.id,
      number,
      header: JSON.stringify([purchasedAt.getTime(), currency, channel, Object.values(address)]),
      order: { purchasedAt, currency, channel, address },
      sku: get('sku'),
      title: get('title'),
      quantity: Number(quantityText),
      lineMinor,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The job

/** An order ready to write: every row of it, all good. */
interface Group {
  storeId: number;
  number: string;
  marketplace: string;
  rows: GoodRow[];
}

/** What the first read keeps of an order: enough to judge it, none of its rows. */
interface OrderCheck {
  /** A hash of the order-level values of its first good row: its other rows must agree. */
  header: string;
  firstRow: number;
  /** Its good rows; the second read knows the order is whole when it has seen that many. */
  rows: number;
  bad: boolean;
}

/** One import's view of the file: its columns, stores, and the clock its dates are judged by. */
interface Reading {
  positions: Map<ImportColumn, number>;
  refs: Map<string, StoreRef>;
  now: number;
}

/** Matches the header row to the import columns; unknown headers are ignored. */
function columnsOf(header: string[]): Map<ImportColumn, number> {
  const positions = new Map<ImportColumn, number>();
  header.forEach((text, i) => {
    const key = HEADER_ALIASES.get(headerKey(text));
    if (key && !positions.has(key)) positions.set(key, i);
  });
  return positions;
}

async function storeRefs(ctx: Ctx): Promise<Map<string, StoreRef>> {
  const rows = await ctx.db
    .select({ id: stores.id, alias: stores.alias, marketplace: stores.marketplace })
    .from(stores)
    .where(visibleStores(ctx));
  const map = new Map<string, StoreRef>();
  // Aliases first, so a store whose alias is another store's id cannot shadow that id.
  for (const s of rows) map.set(s.alias.trim().toLowerCase(), s);
  for (const s of rows) map.set(String(s.id), s);
  return map;
}

/** A line's cells by column, and the order it belongs to (its store and number). */
function lineOf(line: TableRow, { positions, refs }: Reading) {
  const get = (c: ImportColumn) => {
    const i = positions.get(c);
    return i === undefined ? '' : (line.cells[i] ?? '').trim();
  };
  const number = get('order_number');
  const store = get('store').toLowerCase();
  const storeId = refs.get(store)?.id;
  return { get, number, storeId, key: `${storeId ?? `?${store}`}\u0000${number}` };
}

/**
 * The rows after the file's header row, blank ones left out, yielding to other work now and
 * then. The file streams from storage; nothing of it is kept.
 */
async function* bodyOf(file: TableFile): AsyncGenerator<TableRow> {
  let read = 0;
  for await (const line of readTable(file, IMPORT_MAX_ROWS)) {
    read += 1;
    if (read % READ_SLICE === 0) await yieldToOthers();
    if (read === 1 || line.cells.every((c) => !c.trim())) continue;
    yield line;
  }
}

/**
 * Reads the file twice, each time as a stream. The first read checks every row and keeps only
 * a summary of each order, so an order with any bad row, wherever its rows are, is known
 * before anything is written. The second read collects the rows of the good orders and writes
 * them, whole orders at a time, about `IMPORT_BATCH_ROWS` rows per transaction (orders, items,
 * a log entry each), yielding between transactions; orders already in their store are left out.
 */
export async function runOrderImport(
  deps: { db: Executor; storage: ObjectStorage },
  job: JobContext,
): Promise<OrderImportResult> {
  const payload = ImportPayload.parse(job.payload);
  const ctx = jobCtx(deps.db, job, payload);
  const opened = async () => {
    const object = await deps.storage.get(payload.key);
    if (!object) throw new AppError(404, 'orders.upload_gone');
    return object;
  };
  const first = await opened();
  first.body.destroy();
  const file: TableFile = {
    name: payload.filename,
    size: first.size,
    open: async () => (await opened()).body,
  };

  const result: OrderImportResult = {
    rows: 0,
    imported_orders: 0,
    imported_rows: 0,
    duplicate_orders: 0,
    duplicate_rows: 0,
    rejected_orders: 0,
    error_count: 0,
    errors: [],
  };
  const text = (key: string, params?: Record<string, unknown>) =>
    renderText(ctx.lang, `import.${key}`, params);
  const problem = (p: ImportRowProblem) => {
    result.error_count += 1;
    if (result.errors.length < IMPORT_MAX_REPORTED_ERRORS) result.errors.push(p);
  };

  try {
    const positions = await headerOf(file, problem, text);
    if (!positions) return result;
    const reading: Reading = { positions, refs: await storeRefs(ctx), now: Date.now() };
    await job.progress(0, 0, { key: 'jobs.progress.reading' });
    const checks = new Map<string, OrderCheck>();
    for await (const line of bodyOf(file)) {
      result.rows += 1;
      if (result.rows % 10_000 === 0)
        await job.progress(0, 0, {
          key: 'jobs.progress.reading_rows',
          params: { rows: result.rows },
        });
      checkLine(line, reading, checks, problem, text);
    }
    let total = 0;
    for (const check of checks.values()) {
      if (check.bad) result.rejected_orders += 1;
      else total += check.rows;
    }
    await writeGoodOrders(ctx, job, payload.userId, { file, reading, checks, total }, result);
  } catch (error) {
    if (error instanceof ValidationError) {
      const file = error.fields?.file;
      throw file ? new AppError(422, messageOf(file).key, messageOf(file).params) : error;
    }
    throw error;
  } finally {
    await deps.storage.delete(payload.key);
  }
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

/** The header row's columns, or null (with the problem reported) when it lacks required ones. */
async function headerOf(
  file: TableFile,
  problem: (p: ImportRowProblem) => void,
  text: (key: string, params?: Record<string, unknown>) => string,
): Promise<Map<ImportColumn, number> | null> {
  for await (const line of readTable(file, IMPORT_MAX_ROWS)) {
    const positions = columnsOf(line.cells);
    const missing = REQUIRED.filter((c) => !positions.has(c));
    if (missing.length === 0) return positions;
    problem({
      row: line.row,
      order_number: '',
      reason: text('missing_columns', { columns: missing.join(', ') }),
    });
    return null;
  }
  problem({ row: 1, order_number: '', reason: text('no_header') });
  return null;
}

const headerHash = (row: GoodRow) => createHash('sha1').update(row.header).digest('base64');

function checkLine(
  line: TableRow,
  reading: Reading,
  checks: Map<string, OrderCheck>,
  problem: (p: ImportRowProblem) => void,
  text: (key: string, params?: Record<string, unknown>) => string,
): void {
  const { get, number, key } = lineOf(line, reading);
  const checked = checkRow(get, reading.refs, reading.now);
  let check = checks.get(key);
  if (!check && number) {
    check = { header: '', firstRow: 0, rows: 0, bad: false };
    checks.set(key, check);
  }
  if (!checked.ok) {
    problem({
      row: line.row,
      order_number: number,
      reason: text(checked.reason.key, checked.reason.params),
    });
    if (check) check.bad = true;
    return;
  }
  const header = headerHash(checked.value);
  if (check!.firstRow === 0) {
    check!.header = header;
    check!.firstRow = line.row;
  } else if (check!.header !== header) {
    problem({
      row: line.row,
      order_number: number,
      reason: text('details_differ', { row: check!.firstRow }),
    });
    check!.bad = true;
    return;
  }
  check!.rows += 1;
}

/**
 * The second read: the rows of good orders are gathered until each order is whole, and whole
 * orders are written in batches. Only the orders not yet whole and the batch in hand are in
 * memory; an order's rows are usually together in the file, so that is little.
 */
async function writeGoodOrders(
  ctx: Ctx,
  job: JobContext,
  userId: number,
  read: { file: TableFile; reading: Reading; checks: Map<string, OrderCheck>; total: number },
  result: OrderImportResult,
): Promise<void> {
  const { reading, checks, total } = read;
  let done = 0;
  let batch: Group[] = [];
  let batchRows = 0;
  const flush = async () => {
    const { imported, duplicates } = await writeBatch(ctx, job.jobId, userId, batch);
    for (const g of duplicates) {
      result.duplicate_orders += 1;
      result.duplicate_rows += g.rows.length;
    }
    result.imported_orders += imported.length;
    result.imported_rows += imported.reduce((sum, g) => sum + g.rows.length, 0);
    done += batchRows;
    batch = [];
    batchRows = 0;
    await job.progress(done, total, { key: 'jobs.progress.importing' });
    await yieldToOthers();
  };
  await job.progress(0, total, { key: 'jobs.progress.importing' });
  const gathering = new Map<string, Group>();
  for await (const line of bodyOf(read.file)) {
    const { get, number, storeId, key } = lineOf(line, reading);
    const check = checks.get(key);
    if (!check || check.bad) continue;
    const checked = checkRow(get, reading.refs, reading.now);
    if (!checked.ok) continue;
    let group = gathering.get(key);
    if (!group) {
      group = {
        storeId: storeId!,
        number,
        marketplace: reading.refs.get(String(storeId))!.marketplace,
        rows: [],
      };
      gathering.set(key, group);
    }
    group.rows.push({ ...checked.value, row: line.row });
    if (group.rows.length < check.rows) continue;
    gathering.delete(key);
    checks.delete(key);
    batch.push(group);
    batchRows += group.rows.length;
    if (batchRows >= IMPORT_BATCH_ROWS) await flush();
  }
  if (batch.length > 0) await flush();
}

/** One transaction: orders already in their store are left alone; the others go in whole. */
async function writeBatch(
  ctx: Ctx,
  jobId: string,
  userId: number,
  batch: Group[],
): Promise<{ imported: Group[]; duplicates: Group[] }> {
  const sellerId = sellerIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ storeId: orders.storeId, number: orders.number })
      .from(orders)
      .where(
        and(
          ownedBy(ctx, orders.sellerId),
          inArray(
            orders.number,
            batch.map((g) => g.number),
          ),
        ),
      );
    const taken = new Set(existing.map((e) => `${e.storeId}\u0000${e.number}`));
    const fresh = batch.filter((g) => !taken.has(`${g.storeId}\u0000${g.number}`));
    const duplicates = batch.filter((g) => taken.has(`${g.storeId}\u0000${g.number}`));
    if (fresh.length === 0) return { imported: [], duplicates };

    const orderRecords = fresh.map((g, k) => {
      const first = g.rows[0]!;
      const totalMinor = g.rows.reduce((sum, r) => sum + r.lineMinor, 0n);
      const skus = [...new Set(g.rows.map((r) => r.sku.toLowerCase()))].join(' ');
      return {
        k,
        store_id: g.storeId,
        marketplace: g.marketplace,
        number: g.number,
        purchased_at: first.order.purchasedAt.toISOString(),
        currency: first.order.currency,
        total_minor: totalMinor.toString(),
        total: fromMinor(Number(totalMinor), first.order.currency),
        channel: first.order.channel,
        address: first.order.address,
        zone: first.order.address.country_code,
        item_count: g.rows.length,
        quantity: g.rows.reduce((sum, r) => sum + r.quantity, 0),
        sku_text: skus,
      };
    });
    const inserted = await tx.execute<{
      id: string | number;
      store_id: string | number;
      number: string;
    }>(sql`
      insert into orders (seller_id, store_id, marketplace, remote_id, number, order_status, status,
        remote_status, purchased_at, remote_updated_at, currency, total_minor, total,
        fulfillment_channel, address, zone, order_from, item_count, quantity, sku_text)
      select ${sellerId}, x.store_id, x.marketplace, x.number, x.number, 'unshipped', 10, '',
        x.purchased_at, x.purchased_at, x.currency, x.total_minor, x.total, x.channel, x.address,
        x.zone, 'import', x.item_count, x.quantity, x.sku_text
      from jsonb_to_recordset(${JSON.stringify(orderRecords)}::jsonb) as x(k int, store_id bigint,
        marketplace text, number text, purchased_at timestamptz, currency text, total_minor bigint,
        total text, channel text, address jsonb, zone text, item_count int, quantity int,
        sku_text text)
      order by x.k
      on conflict (store_id, remote_id) do nothing
      returning id, store_id, number`);
    const idOf = new Map(
      inserted.rows.map((r) => [`${Number(r.store_id)}\u0000${r.number}`, Number(r.id)]),
    );
    const imported = fresh.filter((g) => idOf.has(`${g.storeId}\u0000${g.number}`));
    // Another import of the same orders committed between the check and the insert.
    const raced = fresh.filter((g) => !idOf.has(`${g.storeId}\u0000${g.number}`));
    const itemRecords = imported.flatMap((g) => {
      const orderId = idOf.get(`${g.storeId}\u0000${g.number}`)!;
      return g.rows.map((r) => ({
        order_id: orderId,
        sku: r.sku,
        title: r.title,
        quantity: r.quantity,
        line_total_minor: r.lineMinor.toString(),
        line_total: fromMinor(Number(r.lineMinor), r.order.currency),
      }));
    });
    if (itemRecords.length > 0) {
      await tx.execute(sql`
        insert into order_items (order_id, sku, title, quantity, line_total_minor, line_total)
        select x.order_id, x.sku, x.title, x.quantity, x.line_total_minor, x.line_total
        from jsonb_to_recordset(${JSON.stringify(itemRecords)}::jsonb) as x(order_id bigint,
          sku text, title text, quantity int, line_total_minor bigint, line_total text)`);
      const logRecords = imported.map((g) => ({
        order_id: idOf.get(`${g.storeId}\u0000${g.number}`)!,
        rows: g.rows.map((r) => r.row),
      }));
      await tx.execute(sql`
        insert into order_logs (order_id, user_id, action, detail)
        select x.order_id, ${userId}, 'import', jsonb_build_object('job', ${jobId}::text, 'rows', x.rows)
        from jsonb_to_recordset(${JSON.stringify(logRecords)}::jsonb) as x(order_id bigint, rows jsonb)`);
    }
    await addNewOrderFigures(tx, [...idOf.values()]);
    return { imported, duplicates: [...duplicates, ...raced] };
  });
}

// ---------------------------------------------------------------------------------------------
// Memo import

const MEMO_ALIASES: Record<string, 'order_number' | 'memo' | 'store'> = {
  [headerKey('order_number')]: 'order_number',
  [headerKey('Order number')]: 'order_number',
  [headerKey('订单号')]: 'order_number',
  [headerKey('memo')]: 'memo',
  [headerKey('remark')]: 'memo',
  [headerKey('备注')]: 'memo',
  [headerKey('store')]: 'store',
  [headerKey('Store (id or alias)')]: 'store',
  [headerKey('店铺')]: 'store',
};

/**
 * A file of order numbers and memos (optionally a store column when one number is in two
 * stores); each memo is written as save-order-memo writes it (transition check, log entry).
 */
export async function importRemarks(
  ctx: Ctx,
  upload: { bytes: Buffer; filename: string },
): Promise<RemarkImportResult> {
  if (upload.bytes.length === 0) throw new ValidationError({ file: 'orders.file_empty' });
  const lines: Array<{ row: number; number: string; memo: string; store: string }> = [];
  let cols: Partial<Record<'order_number' | 'memo' | 'store', number>> | null = null;
  const file = tableFileOf(upload.bytes, upload.filename);
  for await (const line of readTable(file, REMARK_IMPORT_MAX_ROWS)) {
    if (!cols) {
      cols = {};
      line.cells.forEach((text, i) => {
        const key = MEMO_ALIASES[headerKey(text)];
        if (key && cols![key] === undefined) cols![key] = i;
      });
      if (cols.order_number === undefined || cols.memo === undefined) {
        throw new ValidationError({
          file: 'orders.memo_columns_required',
        });
      }
      continue;
    }
    if (line.cells.every((c) => !c.trim())) continue;
    const cell = (i: number | undefined) => (i === undefined ? '' : (line.cells[i] ?? '').trim());
    lines.push({
      row: line.row,
      number: cell(cols.order_number),
      memo: cell(cols.memo),
      store: cell(cols.store).toLowerCase(),
    });
  }
  if (!cols) throw new ValidationError({ file: 'orders.file_empty' });

  const numbers = [...new Set(lines.map((l) => l.number).filter(Boolean))];
  const found = new Map<string, Array<{ id: number; storeId: number; alias: string }>>();
  for (let i = 0; i < numbers.length; i += 1000) {
    const rows = await ctx.db
      .select({
        id: orders.id,
        number: orders.number,
        storeId: orders.storeId,
        alias: stores.alias,
      })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(and(visibleOrders(ctx), inArray(orders.number, numbers.slice(i, i + 1000))));
    for (const r of rows) {
      const list = found.get(r.number) ?? [];
      list.push({ id: r.id, storeId: r.storeId, alias: r.alias.toLowerCase() });
      found.set(r.number, list);
    }
  }

  const result: RemarkImportResult = { updated: 0, failed: 0, results: [] };
  const text = (key: string, params?: Record<string, unknown>) =>
    renderText(ctx.lang, `import.${key}`, params);
  for (const line of lines) {
    const fail = (reason: string) => {
      result.failed += 1;
      result.results.push({ row: line.row, order_number: line.number, ok: false, reason });
    };
    if (!line.number) {
      fail(text('missing_value', { column: 'order_number' }));
      continue;
    }
    if (line.memo.length > 1000) {
      fail(text('too_long', { column: 'memo', max: 1000 }));
      continue;
    }
    let matches = found.get(line.number) ?? [];
    if (line.store) {
      matches = matches.filter((m) => m.alias === line.store || String(m.storeId) === line.store);
    }
    if (matches.length === 0) {
      fail(text('order_not_found'));
      continue;
    }
    if (matches.length > 1) {
      fail(text('several_stores'));
      continue;
    }
    try {
      await saveMemo(ctx, { id: matches[0]!.id, memo: line.memo });
      result.updated += 1;
      result.results.push({ row: line.row, order_number: line.number, ok: true, reason: null });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) fail(error.message);
      else throw error;
    }
  }
  return result;
}
