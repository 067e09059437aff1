import type { UpdateLogisticsResult, UpdateLogisticsRow } from '@app/shared';

/** One line of CSV (quotes with "" escapes) or of tab-separated text pasted from a sheet. */
export function splitLine(line: string): string[] {
  const delimiter = line.includes('\t') ? '\t' : ',';
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

const HEADER = /order|订单/i;

/**
 * Pasted text or a CSV file → rows of (order number, channel, tracking number). Blank lines
 * are dropped; a first line that names its columns (e.g. "Order number,…") is a header.
 */
export function parseLogisticsRows(text: string): UpdateLogisticsRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (lines.length > 0 && HEADER.test(splitLine(lines[0]!)[0] ?? '')) lines.shift();
  return lines.map((line) => {
    const [seller_order_id = '', channel = '', shipped_number = ''] = splitLine(line);
    return { seller_order_id, channel, shipped_number };
  });
}

/** A cell that a spreadsheet would run as a formula is quoted with a leading apostrophe. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows that failed, with their row number and reason, as CSV with a BOM for Excel. */
export function failedRowsCsv(
  rows: UpdateLogisticsRow[],
  result: UpdateLogisticsResult,
  header: [string, string, string, string, string],
): string {
  const lines = [header.map(csvCell).join(',')];
  for (const r of result.results) {
    if (r.ok) continue;
    const row = rows[r.row - 1];
    lines.push(
      [
        String(r.row),
        row?.seller_order_id ?? '',
        row?.channel ?? '',
        row?.shipped_number ?? '',
        r.reason ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
