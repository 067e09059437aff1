import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { UPC_IMPORT_MAX_ROWS } from '@app/shared';
import { ValidationError, type FieldMessage } from '../../errors.ts';

/** One non-empty line of an import: its 1-based line number and the code cell as text. */
export interface CodeRow {
  row: number;
  code: string;
}

const HEADER_NAMES = new Set(['upc', 'ean', 'code', 'upc/ean', 'ean/upc', 'gtin', 'barcode']);

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The code column of a csv or xlsx file: the column headed upc/ean/code (any case) when the
 * first row has such a header, otherwise the first column; a first row whose cell has letters
 * is a header and skipped. Blank rows are skipped. Told apart by content (an xlsx is a zip),
 * not by name.
 */
export async function readCodeRows(bytes: Buffer, filename: string): Promise<CodeRow[]> {
  const table = bytes.subarray(0, 4).equals(XLSX_MAGIC)
    ? await readXlsx(bytes)
    : /\.xlsx?$/i.test(filename) && bytes.length > 0
      ? fail('upc.file_not_xlsx')
      : readCsv(bytes);
  return pickColumn(table);
}

function fail(message: FieldMessage): never {
  throw new ValidationError({ file: message });
}

function readCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = firstLine.includes('\t') ? '\t' : firstLine.includes(';') ? ';' : ',';
  try {
    return parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: UPC_IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch {
    return fail('upc.file_not_csv');
  }
}

/** The first worksheet; numeric cells are written without exponent or grouping. */
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return fail('upc.file_not_xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    if (rowNumber > UPC_IMPORT_MAX_ROWS + 2) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return String(value);
    const digits = String(value);
    // A UPC-A typed into a number cell loses its leading zero.
    return digits.length === 11 ? `0${digits}` : digits;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
  }
  return String(value);
}

function pickColumn(table: string[][]): CodeRow[] {
  const first = (table[0] ?? []).map((c) => c.trim().toLowerCase());
  let column = first.findIndex((c) => HEADER_NAMES.has(c));
  const hasHeader = column >= 0 || /[a-z]/i.test(first[0] ?? '');
  if (column < 0) column = 0;
  const rows: CodeRow[] = [];
  for (let i = hasHeader ? 1 : 0; i < table.length; i++) {
    const code = (table[i]?.[column] ?? '').trim();
    if (code === '') continue;
    rows.push({ row: i + 1, code });
  }
  if (rows.length > UPC_IMPORT_MAX_ROWS) {
    fail({ key: 'upc.too_many_codes', params: { max: UPC_IMPORT_MAX_ROWS } });
  }
  return rows;
}
