import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { ValidationError } from '../errors.ts';
import { assertZipWithinBounds, SPREADSHEET_BOUNDS } from './zip-bounds.ts';

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const isXlsx = (bytes: Buffer): boolean => bytes.subarray(0, 4).equals(XLSX_MAGIC);

/** One line of a table file: its 1-based row number in the file and its cells as text. */
export interface TableRow {
  row: number;
  cells: string[];
}

/** Excel's day 0 (1899-12-30), for date cells read without styles (they arrive as day numbers). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
export const excelSerialToDate = (serial: number): Date =>
  new Date(EXCEL_EPOCH_MS + Math.round(serial * 86_400_000));

/** How a number cell reads as text; a caller may restore what Excel's number type lost. */
export type NumberText = (value: number) => string;

function cellText(value: unknown, numberText: NumberText): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') {
    const v = value as {
      richText?: Array<{ text: string }>;
      text?: unknown;
      result?: unknown;
      error?: string;
    };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result, numberText);
    if (v.text !== undefined) return cellText(v.text, numberText);
    if (v.error) return '';
  }
  return String(value);
}

/**
 * A table file that can be read from its start more than once: an xlsx is read twice (its zip
 * bounds, then its rows), so neither read needs the whole file in memory.
 */
export interface TableFile {
  name: string;
  size: number;
  open(): Readable | Promise<Readable>;
}

/** A file already in memory (small uploads answered at once) as a table file. */
export const tableFileOf = (bytes: Buffer, name: string): TableFile => ({
  name,
  size: bytes.length,
  open: () => Readable.from([bytes]),
});

/** The file's first bytes (the first chunk its stream gives), to tell csv from xlsx. */
async function headOf(file: TableFile): Promise<Buffer> {
  const stream = await file.open();
  try {
    for await (const chunk of stream) return Buffer.from(chunk as Buffer);
    return Buffer.alloc(0);
  } finally {
    stream.destroy();
  }
}

/**
 * The rows of a csv (UTF-8, BOM allowed; comma, semicolon or tab) or of the first worksheet of
 * an xlsx, one at a time as the file streams in, so neither the file nor its cells are ever
 * whole in memory. Told apart by content (an xlsx is a zip), not by name. An xlsx must stay
 * within the spreadsheet zip bounds before any of it is parsed.
 */
export async function* readTable(
  file: TableFile,
  maxRows: number,
  numberText: NumberText = String,
): AsyncGenerator<TableRow> {
  const head = await headOf(file);
  if (isXlsx(head)) {
    await assertZipWithinBounds(await file.open(), file.size, SPREADSHEET_BOUNDS);
    yield* readXlsx(await file.open(), maxRows, numberText);
    return;
  }
  if (/\.xlsx?$/i.test(file.name) && head.length > 0) {
    throw new ValidationError({ file: 'orders.file_not_xlsx' });
  }
  yield* readCsv(await file.open(), delimiterOf(head), maxRows);
}

function tooMany(maxRows: number): never {
  throw new ValidationError({
    file: { key: 'orders.file_too_many_rows', params: { max: maxRows } },
  });
}

/** The first line's tab, else semicolon, else comma. */
function delimiterOf(head: Buffer): string {
  const text = head.subarray(0, 4096).toString('utf8');
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  return firstLine.includes('\t') ? '\t' : firstLine.includes(';') ? ';' : ',';
}

async function* readCsv(
  stream: Readable,
  delimiter: string,
  maxRows: number,
): AsyncGenerator<TableRow> {
  const parser = stream.pipe(
    parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, info: true }),
  );
  try {
    for await (const record of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (record.info.lines > maxRows + 1) tooMany(maxRows);
      yield { row: record.info.lines, cells: record.record };
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError({ file: 'orders.file_not_csv' });
  } finally {
    stream.destroy();
    parser.destroy();
  }
}

async function* readXlsx(
  stream: Readable,
  maxRows: number,
  numberText: NumberText,
): AsyncGenerator<TableRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let first = true;
  try {
    for await (const sheet of reader) {
      if (!first) continue;
      first = false;
      for await (const row of sheet) {
        if (row.number > maxRows + 1) tooMany(maxRows);
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i], numberText));
        yield { row: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError({ file: 'orders.file_not_xlsx' });
  } finally {
    stream.destroy();
  }
}

/** Header text as matched against column keys and labels: lower case, no spaces, `_` or `*`. */
export const headerKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\s_*\-()（）]/g, '')
    .trim();
