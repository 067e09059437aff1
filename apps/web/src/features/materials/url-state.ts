import { MaterialListQuery } from '@app/shared';

export const PAGE_SIZES = [20, 40, 60, 100] as const;

/**
 * The URL holds the folder, search and page, so a tab or a shared link reopens the same view.
 * A hand-edited bad value is dropped on its own rather than the whole query.
 */
export function readQuery(params: URLSearchParams): MaterialListQuery {
  const raw: Record<string, string> = {};
  for (const key of ['dir_id', 'keyword', 'page', 'size'] as const) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const first = MaterialListQuery.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  return MaterialListQuery.safeParse(raw).data ?? MaterialListQuery.parse({});
}

export function writeQuery(query: MaterialListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.dir_id !== undefined) params.set('dir_id', String(query.dir_id));
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.size !== 20) params.set('size', String(query.size));
  return params;
}

/** `1.5 MB`, `320 KB`: storage sizes in binary units, as the quota counts them. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
