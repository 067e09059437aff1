import {
  EXPORT_MAX_IDS,
  OrderListQuery,
  type ExportColumn,
  type ImportRowProblem,
  type OrderListFilter,
} from '@app/shared';
import { parseIds, readQueryWith } from '../../shared/url-query.ts';

/** The desk's filter keys the export reads from the URL (paging does not limit an export). */
export const EXPORT_FILTER_KEYS = Object.keys(OrderListQuery.shape).filter(
  (k) => !['page', 'limit', 'cursor'].includes(k),
) as Array<keyof OrderListFilter>;

const SORT_DEFAULTS = { orderBy_field: 'purchase_date', orderBy_type: 'desc' } as const;

export interface ExportQuery {
  filter: OrderListFilter;
  /** Exactly these orders (the desk's selection), or null for every order of the filter. */
  ids: number[] | null;
}

/** `?tab=export&market_id=3&status=10&ids=1,2,3` → the filter and the ids (bad values dropped). */
export function readExportQuery(params: URLSearchParams): ExportQuery {
  const filter = readQueryWith(OrderListQuery, EXPORT_FILTER_KEYS, params);
  const ids = parseIds(params.get('ids')).slice(0, EXPORT_MAX_IDS);
  return { filter, ids: ids.length > 0 ? ids : null };
}

/** The filter's set fields, each as one thing to say in words (sort defaults left out). */
export function filterParts(filter: OrderListFilter): Array<{ field: string; value: string }> {
  const parts: Array<{ field: string; value: string }> = [];
  for (const key of EXPORT_FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === null || value === '') continue;
    if (key in SORT_DEFAULTS && SORT_DEFAULTS[key as keyof typeof SORT_DEFAULTS] === value)
      continue;
    parts.push({ field: key, value: String(value) });
  }
  return parts;
}

export interface PickedColumn {
  key: string;
  on: boolean;
}

/** Every column of the catalogue in its order, the defaults switched on. */
export const defaultColumns = (catalogue: readonly ExportColumn[]): PickedColumn[] =>
  catalogue.map((c) => ({ key: c.key, on: c.default_on }));

/** A template's columns first, in its order and on; the rest after them, off. */
export function columnsFromTemplate(
  catalogue: readonly ExportColumn[],
  keys: readonly string[],
): PickedColumn[] {
  const known = new Set(catalogue.map((c) => c.key));
  const chosen = keys.filter((k) => known.has(k));
  return [
    ...chosen.map((key) => ({ key, on: true })),
    ...catalogue.filter((c) => !chosen.includes(c.key)).map((c) => ({ key: c.key, on: false })),
  ];
}

/** The list with the entry at `index` moved by `delta` places (clamped to the ends). */
export function moveColumn<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = Math.min(list.length - 1, Math.max(0, index + delta));
  if (target === index || index < 0 || index >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved!);
  return next;
}

export const chosenKeys = (columns: readonly PickedColumn[]) =>
  columns.filter((c) => c.on).map((c) => c.key);

/** A cell a spreadsheet would run as a formula gets a leading quote; quotes are doubled. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The bad rows of an import as CSV (with a BOM, so spreadsheet programs read UTF-8). */
export function problemsCsv(
  problems: readonly ImportRowProblem[],
  header: readonly [string, string, string],
): string {
  const lines = [header.map(csvCell).join(',')];
  for (const p of problems) lines.push([p.row, p.order_number, p.reason].map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export interface RecentExport {
  job_id: string;
  at: number;
  orders: number;
  rows: number;
  url: string;
  file_name: string;
}

const RECENT_KEY = 'order-transfer.recent-exports';
const RECENT_MAX = 10;

/** This browser session's finished exports, newest first. */
export function readRecentExports(storage: Storage = sessionStorage): RecentExport[] {
  try {
    const parsed = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as RecentExport[]) : [];
  } catch {
    return [];
  }
}

export function rememberExport(
  entry: RecentExport,
  storage: Storage = sessionStorage,
): RecentExport[] {
  const next = [
    entry,
    ...readRecentExports(storage).filter((e) => e.job_id !== entry.job_id),
  ].slice(0, RECENT_MAX);
  storage.setItem(RECENT_KEY, JSON.stringify(next));
  return next;
}
