import { UPC_IMPORT_MAX_ROWS } from '@app/shared';
import { ValidationError } from '../../errors.ts';
import { readTable, tableFileOf } from '../../files/table.ts';

/** One non-empty line of an import: its 1-based line number and the code cell as text. */
export interface CodeRow {
  row: number;
  code: string;
}

const HEADER_NAMES = new Set(['upc', 'ean', 'code', 'upc/ean', 'ean/upc', 'gtin', 'barcode']);

/** A UPC-A typed into a number cell loses its leading zero; numbers never read with an exponent. */
function codeOfNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(value);
  return digits.length === 11 ? `0${digits}` : digits;
}

/**
 * The code column of a csv or xlsx file (the one table reader, so an xlsx is bounded and
 * streamed): the column headed upc/ean/code (any case) when the first row has such a header,
 * otherwise the first column; a first row whose cell has letters is a header and skipped.
 * Blank rows are skipped.
 */
export async function readCodeRows(bytes: Buffer, filename: string): Promise<CodeRow[]> {
  const rows: CodeRow[] = [];
  let column = 0;
  // Blank lines count towards the file's rows, not towards the codes: allow a few per code.
  for await (const line of readTable(
    tableFileOf(bytes, filename),
    UPC_IMPORT_MAX_ROWS * 2,
    codeOfNumber,
  )) {
    if (line.row === 1) {
      const first = line.cells.map((c) => c.trim().toLowerCase());
      const named = first.findIndex((c) => HEADER_NAMES.has(c));
      if (named >= 0) column = named;
      if (named >= 0 || /[a-z]/i.test(first[0] ?? '')) continue;
    }
    const code = (line.cells[column] ?? '').trim();
    if (code === '') continue;
    if (rows.length === UPC_IMPORT_MAX_ROWS) {
      throw new ValidationError({
        file: { key: 'upc.too_many_codes', params: { max: UPC_IMPORT_MAX_ROWS } },
      });
    }
    rows.push({ row: line.row, code });
  }
  return rows;
}
