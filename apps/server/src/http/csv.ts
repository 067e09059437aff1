import type { FastifyReply } from 'fastify';

type Cell = string | number | null;

/** Text a spreadsheet would run as a formula gets a leading quote; plain negative numbers stay. */
function cellText(value: Cell): string {
  if (value === null) return '';
  const text = String(value);
  const safe = /^[=+@\t\r]/.test(text) || /^-(?![\d.])/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 CSV with a UTF-8 byte-order mark, so Excel reads Chinese text correctly. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cellText).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Answers a CSV file download. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
